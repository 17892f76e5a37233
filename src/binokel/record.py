"""Game records, format ``binokel-record/2`` (RULES §9, docs/records.md): one deal as a
replayable JSON file.

A deal is fully determined by its game, rules, dealer, deck order and actions, so this is the
unit of saving, sharing, replaying and testing (what PGN is to chess). A record says which
version of the program wrote it (``software``); records of older formats and versions are
read as today's (:mod:`binokel.record_migrations`), so that they replay to the same scores.

>>> from binokel.games.binokel.rules import Rules
>>> from binokel.games.binokel.state import DealState
>>> state = DealState.new(Rules(), dealer=2, seed=5)
>>> state.apply("bid 150")
>>> rec = Record.from_state(state)
>>> Record.loads(rec.dumps()).replay().history == state.history
True
>>> rec.software == SOFTWARE
True
>>> try:
...     Record.loads('{"format": "binokel-record/2", "game": "binokel", "players": 3, '
...                  '"dealer": 0, "rules": {"preset": "standard"}, "deck": [], "actions": []}')
... except RecordError as e:
...     print(e.where)
field 'deck'
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from .core.cards import card_token
from .core.cards import parse_card
from .core.errors import RulesError
from .core.state import AnyState
from .record_migrations import FORMAT
from .record_migrations import MAX_SOFTWARE_CHARS
from .record_migrations import SOFTWARE
from .record_migrations import readers_for
from .record_migrations import upgrade_format
from .registry import find_game

OPTIONAL_FIELDS = {"software", "names", "event", "date", "result", "comment", "round",
                   "deal_number"}
MAX_RECORD_BYTES = 1 << 20


class RecordError(ValueError):
    """A malformed or illegal record; says which field or action index and why."""

    def __init__(self, where: str, reason: str, index: int | None = None) -> None:
        self.where, self.reason, self.index = where, reason, index
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class Record:
    game: str
    players: int
    rules: dict[str, Any]
    dealer: int
    deck: tuple[str, ...]
    actions: tuple[str, ...]
    extra: dict[str, Any] = field(default_factory=dict)
    # The program and version that wrote the record ("binokel 0.2.0"); None: unknown (a
    # record of format /1, or one put together from a deal stored without it).
    software: str | None = None
    # What reading it took: the older formats and the games' readers of older versions.
    migrated: tuple[str, ...] = ()

    # ------------------------------------------------------------ building
    @classmethod
    def from_state(cls, state: AnyState, game: str | None = None, **extra: Any) -> Record:
        """The record of a finished or unfinished deal."""
        game = game or state.game_name
        return cls(game=game, players=state.players, rules=state.rules.to_dict(),
                   dealer=state.dealer, deck=tuple(card_token(c) for c in state.deck),
                   actions=tuple(a for _, a in state.history), extra=dict(extra),
                   software=SOFTWARE)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT}
        if self.software is not None:
            data["software"] = self.software
        data.update({"game": self.game, "players": self.players, "rules": self.rules,
                     "dealer": self.dealer, "deck": list(self.deck),
                     "actions": list(self.actions)})
        data.update(self.extra)
        return data

    def dumps(self, indent: int | None = None) -> str:
        if indent is None:
            return json.dumps(self.to_json(), ensure_ascii=False)
        # One action per line is what people read; the deck stays on one line.
        data = self.to_json()
        lines = ["{"]
        items = list(data.items())
        for i, (k, v) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            if k == "actions" and v:
                inner = ",\n".join(" " * 4 + json.dumps(a, ensure_ascii=False) for a in v)
                lines.append(f'  "actions": [\n{inner}\n  ]{comma}')
            else:
                lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}{comma}")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(indent=2), encoding="utf-8")

    # ------------------------------------------------------------ parsing
    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError("record", f"larger than {MAX_RECORD_BYTES} bytes")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError("json", f"not valid JSON: {e.msg} at line {e.lineno} "
                              f"column {e.colno}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_bytes()
        except OSError as e:
            raise RecordError("file", f"cannot read {path}: {e.strerror}") from None
        try:
            return cls.loads(text.decode("utf-8"))
        except UnicodeDecodeError:
            raise RecordError("file", f"{path} is not UTF-8 text") from None

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from its JSON object, of any format and version this one reads; a
        record of an older version is read into today's grammar where it needs to be."""
        if not isinstance(data, dict):
            raise RecordError("record", "must be a JSON object")
        try:
            data, migrated = upgrade_format(data)
        except ValueError as e:
            raise RecordError("field 'format'", str(e)) from None
        rec = cls._parse(data, migrated)
        readers = readers_for(find_game(rec.game), rec.software)
        if not readers:
            return rec
        # Written before a change of the game's grammar or rules, or by an unknown version:
        # as it stands if it replays so (to its stored result), else by the game's readers,
        # the latest first, as far back as it takes.
        try:
            rec.validate()
            return rec
        except RecordError as e:
            first = e
        for start in reversed(range(len(readers))):
            older = data
            try:
                for _, read in readers[start:]:
                    older = read(older)
                again = cls._parse({**older, "software": SOFTWARE},
                                   migrated + tuple(until for until, _ in readers[start:]))
                again.validate()
            except (RecordError, ValueError):
                continue
            return again
        raise first

    @classmethod
    def _parse(cls, data: dict[str, Any], migrated: tuple[str, ...]) -> Record:
        known = {"format", "game", "players", "rules", "dealer", "deck", "actions"}
        for k in data:
            if k not in known and k not in OPTIONAL_FIELDS and not str(k).startswith("x-"):
                raise RecordError(f"field {k!r}", "unknown field (custom fields start with x-)")
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError("field 'game'", "missing or not a string")
        try:
            spec = find_game(game)
        except ValueError as e:
            raise RecordError("field 'game'", str(e)) from None
        players = data.get("players", spec.default_players)
        if not isinstance(players, int) or isinstance(players, bool) or \
                players not in spec.players:
            raise RecordError("field 'players'",
                              f"{game} is for {' or '.join(map(str, spec.players))} players, "
                              f"not {players!r}")
        dealer = data.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or \
                not 0 <= dealer < players:
            raise RecordError("field 'dealer'", f"must be a seat 0..{players - 1}, not {dealer!r}")
        rules = data.get("rules", {"preset": "standard"})
        if not isinstance(rules, dict):
            raise RecordError("field 'rules'", "must be an object")
        deck, actions = data.get("deck"), data.get("actions")
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise RecordError("field 'deck'", "must be a list of card tokens")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("field 'actions'", "must be a list of strings")
        software = data.get("software")
        if software is not None and (not isinstance(software, str)
                                     or not 0 < len(software) <= MAX_SOFTWARE_CHARS):
            raise RecordError("field 'software'", "must be a program and its version, "
                              f"at most {MAX_SOFTWARE_CHARS} characters")
        extra = {k: v for k, v in data.items() if k not in known and k != "software"}
        rec = cls(game, players, rules, dealer, tuple(deck), tuple(actions), extra,
                  software, migrated)
        rec.initial_state()  # checks rules and deck now, with the field named
        return rec

    # ------------------------------------------------------------ replay
    def initial_state(self) -> AnyState:
        spec = find_game(self.game)
        try:
            rules = spec.make_rules(self.rules)
        except ValueError as e:
            raise RecordError("field 'rules'", str(e)) from None
        cards = []
        for i, tok in enumerate(self.deck):
            try:
                cards.append(parse_card(tok))
            except ValueError as e:
                raise RecordError(f"field 'deck'[{i}]", str(e)) from None
        try:
            return spec.new_deal(rules, self.dealer, deck_order=cards, players=self.players)
        except RulesError as e:   # rules that do not fit this deal's seats (a Vorführung)
            raise RecordError("field 'rules'", str(e)) from None
        except ValueError as e:
            raise RecordError("field 'deck'", str(e)) from None

    def states(self) -> Iterator[AnyState]:
        """The state before each action and after the last one (each a fresh copy)."""
        state = self.initial_state()
        yield state.clone()
        for i, action in enumerate(self.actions):
            self._apply(state, i, action)
            yield state.clone()

    def replay(self, upto: int | None = None) -> AnyState:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.initial_state()
        for i, action in enumerate(self.actions[:upto]):
            self._apply(state, i, action)
        return state

    @staticmethod
    def _apply(state: AnyState, i: int, action: str) -> None:
        if state.is_over:
            raise RecordError(f"action {i}", f"{action!r} after the end of the deal", i)
        try:
            state.apply(action)
        except ValueError as e:
            raise RecordError(f"action {i} ({action!r})", str(e), i) from None

    def validate(self) -> AnyState:
        """Replay the whole record; returns the final state or raises :class:`RecordError`.

        If the record carries a ``result`` with ``scores``, they must match the replay.
        """
        state = self.replay()
        if "result" not in self.extra:
            return state
        stored = self.extra["result"]
        # A hand-edited result must fail as a RecordError, not as a TypeError in the CLI.
        if not isinstance(stored, dict):
            raise RecordError("field 'result'", "must be an object")
        if "scores" not in stored:
            return state
        scores = stored["scores"]
        if not isinstance(scores, list) or len(scores) != self.players or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in scores):
            raise RecordError("field 'result'",
                              f"scores must be a list of {self.players} numbers")
        if state.result is None:
            raise RecordError("field 'result'", "the record has a result but its actions "
                              f"do not finish the deal ({len(self.actions)} actions)")
        if list(stored["scores"]) != list(state.result.scores):
            raise RecordError("field 'result'", f"scores {stored['scores']} differ from the "
                              f"replay's {list(state.result.scores)}")
        return state
