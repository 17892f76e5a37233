"""A club tournament with real cards: the organiser's model, without storage.

A :class:`Tournament` has a date, a place, a game with its rules (preset and options), a number
of rounds, deals per round and the table sizes; players with start numbers who may arrive late
or withdraw. Starting a round seats the players present with :func:`seating.seat_round` (as
few repeat meetings as possible; the round reports how many remain and the bound no seating
can beat). Each table's result is entered as round totals per seat or as the table's score
:class:`~binokel.tournament.pad.Pad`. The ranking per round and overall orders the players by
points with the tie rule the club chose (:data:`TIE_RULES`):

- ``shared``: equal points share the place (1, 2, 2, 4);
- ``best_round``: the better best single round first, then shared;
- ``table_wins``: more rounds won at one's table first, then shared;
- ``start_number``: the lower start number first (no shared places).

The model serialises to one plain JSON document (:meth:`Tournament.to_json`, version field;
:meth:`Tournament.from_json` checks untrusted input and raises :class:`ClubError`, a
``ValueError``). :meth:`Tournament.public_json` is what everybody may see: it leaves out the
organiser's note and the seating seed (the web part guards the organiser's actions with his
secret link; the model has no secret).

>>> t = Tournament.new("Herbstturnier", "2026-11-21", "Krone", "binokel", rounds=2,
...                    deals_per_round=15, preset="aks")
>>> for name in ["Anna", "Ben", "Cem", "Dora", "Eva", "Fritz"]:
...     _ = t.add_player(name)
>>> r = t.start_round()
>>> [len(table) for table in r.tables], r.repeats
([3, 3], 0)
>>> t.enter_totals(1, 1, [420, 300, -150]); t.enter_totals(1, 2, [0, 510, 90])
>>> [(line.place, line.name, line.total) for line in t.ranking()][:2]
[(1, 'Dora', 510), (2, 'Fritz', 420)]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from ..core.errors import RulesError
from ..core.rules import RuleSet
from ..registry import find_game
from .checks import DataError
from .checks import obj
from .checks import text
from .checks import whole
from .pad import Pad
from .pad import PadError
from .seating import BotSeat
from .seating import SeatingError
from .seating import TableSizes
from .seating import seat_round

CLUB_VERSION = 1
MAX_PLAYERS = 500
MAX_ROUNDS = 30
MAX_DEALS_PER_ROUND = 100
MAX_NAME = 60
MAX_TEXT = 200            # title, place
MAX_NOTE = 2000
MAX_SCORE = 1_000_000     # a round total of one seat
TIE_RULES = ("shared", "best_round", "table_wins", "start_number")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_PAD_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class ClubError(DataError):
    """A tournament action or document that cannot be; the message says why."""


@dataclass
class Player:
    """A registered player: start number, name, the first round he plays (a late arrival
    joins later) and the last round he played when he withdrew."""

    number: int
    name: str
    joined: int = 1
    withdrawn_after: int | None = None

    def plays_in(self, round_no: int) -> bool:
        return self.joined <= round_no and (
            self.withdrawn_after is None or round_no <= self.withdrawn_after)


@dataclass
class TableResult:
    """A table's result for one round: the total of each seat (bots included), and the
    table's score pad when the scores came from one."""

    scores: tuple[int, ...]
    pad: Pad | None = None


@dataclass
class Round:
    """A round: its tables (start numbers in seat order, None for a bot), the repeat
    meetings the seating left and the bound no seating could beat, the results entered and
    the score pads linked to its tables (by the pad's id where the pads are stored: the
    table enters its deals there, and the organiser takes its totals as the result)."""

    number: int
    tables: list[list[int | None]]
    repeats: int
    lower_bound: int
    results: dict[int, TableResult] = field(default_factory=dict)
    pads: dict[int, str] = field(default_factory=dict)   # table -> its linked score pad's id

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.tables)

    def seat_of(self, number: int) -> tuple[int, int] | None:
        """(table, seat), both from 1, of the player with start number ``number``."""
        for t, seats in enumerate(self.tables, 1):
            if number in seats:
                return t, seats.index(number) + 1
        return None


@dataclass(frozen=True)
class RankLine:
    """One line of a ranking."""

    place: int
    number: int
    name: str
    total: int
    rounds: tuple[int | None, ...]   # per round the player's total (None: did not play)
    table_wins: int
    withdrawn: bool


@dataclass
class Tournament:
    """A club tournament: the organiser's whole model (see the module's docstring)."""

    title: str
    date: str
    place: str
    game: str
    rules: RuleSet
    rounds: int
    deals_per_round: int
    table_sizes: TableSizes
    tie_rule: str = "shared"
    seed: int = 0
    note: str = ""
    players: list[Player] = field(default_factory=list)
    played: list[Round] = field(default_factory=list)

    def heading(self, date: str | None = None, dash: str = " – ") -> str:
        """The title with where and when ("Vereinsabend – Krone, 2026-11-27"), leaving out
        what is not set: no place gives "Vereinsabend – 2026-11-27", never a dangling dash
        or comma; ``date``: the date as the reader writes it (default: as stored); ``dash``:
        between the title and the rest (" - " where a font lacks the en dash).

        >>> t = Tournament.new("Vereinsabend", "2026-11-27", "", "binokel", rounds=1,
        ...                    deals_per_round=1)
        >>> from dataclasses import replace
        >>> t.heading(), replace(t, place="Krone").heading("27.11.2026")
        ('Vereinsabend – 2026-11-27', 'Vereinsabend – Krone, 27.11.2026')
        """
        when = self.date if date is None else date
        where = ", ".join(x for x in (self.place, when) if x)
        return dash.join(x for x in (self.title, where) if x)

    @classmethod
    def new(cls, title: str, date: str, place: str, game: str, *, rounds: int,
            deals_per_round: int, preset: str | None = None,
            options: Mapping[str, Any] | None = None, table_sizes: Sequence[int] = (),
            preferred_size: int | None = None, tie_rule: str = "shared", seed: int = 0,
            note: str = "") -> Tournament:
        """A new tournament; ``table_sizes`` default to the game's usual tables (Binokel 3
        or 4, Doppelkopf 4 or 5, ...)."""
        try:
            spec = find_game(_text(game, "game", 40))
        except ValueError as e:
            raise ClubError(str(e)) from None
        data: dict[str, Any] = {"options": dict(options or {})}
        if preset is not None:
            data["preset"] = _text(preset, "preset", 40)
        try:
            rules = spec.make_rules(data)
        except (RulesError, TypeError) as e:
            raise ClubError(f"rules: {e}") from e
        sizes = tuple(table_sizes) or spec.players
        if not sizes or any(not isinstance(s, int) or s not in spec.players for s in sizes):
            raise ClubError(f"table sizes: {game} is played by "
                            f"{', '.join(map(str, spec.players))}")
        if preferred_size is None:
            preferred_size = spec.default_players if spec.default_players in sizes else sizes[0]
        _int(preferred_size, "preferred table size", 2, 8)
        try:
            layout = TableSizes.of(*sizes, preferred=preferred_size)
        except SeatingError as e:
            raise ClubError(f"table sizes: {e}") from None
        if tie_rule not in TIE_RULES:
            raise ClubError(f"tie rule: one of {', '.join(TIE_RULES)}")
        if not _DATE.fullmatch(date):
            raise ClubError("date: YYYY-MM-DD")
        return cls(_text(title, "title", MAX_TEXT), date, _text(place, "place", MAX_TEXT),
                   spec.name, rules, _int(rounds, "rounds", 1, MAX_ROUNDS),
                   _int(deals_per_round, "deals per round", 1, MAX_DEALS_PER_ROUND), layout,
                   tie_rule, _int(seed, "seed", 0, 2**63 - 1), _text(note, "note", MAX_NOTE))

    # ------------------------------------------------------------------ players
    @property
    def current_round(self) -> int:
        """The number of the round started last (0 before the first)."""
        return len(self.played)

    def player(self, number: int) -> Player:
        for p in self.players:
            if p.number == number:
                return p
        raise ClubError(f"no player with start number {number}")

    def add_player(self, name: str, number: int | None = None) -> int:
        """Register ``name`` (start number: the next free one unless given); after the
        first round has started he is a late arrival and plays from the next round."""
        name = _text(name, "name", MAX_NAME).strip()
        if not name:
            raise ClubError("name: empty")
        if len(self.players) >= MAX_PLAYERS:
            raise ClubError(f"at most {MAX_PLAYERS} players")
        if any(p.name == name for p in self.players):
            raise ClubError(f"{name!r} is registered already")
        used = {p.number for p in self.players}
        if number is None:
            number = max(used, default=0) + 1
        _int(number, "start number", 1, 9999)
        if number in used:
            raise ClubError(f"start number {number} is taken")
        self.players.append(Player(number, name, joined=self.current_round + 1))
        return number

    def withdraw(self, number: int) -> None:
        """The player leaves: he keeps his points and is seated no more (from the next
        round on, or from the current one if it has no result at his table yet)."""
        p = self.player(number)
        if p.withdrawn_after is not None:
            raise ClubError(f"{p.name} has withdrawn already")
        last = self.current_round
        if self.played and not self.played[-1].complete:
            where = self.played[-1].seat_of(number)
            if where is not None and where[0] not in self.played[-1].results:
                raise ClubError(f"{p.name} sits at table {where[0]} of the running round: "
                                "enter that table's result first")
        p.withdrawn_after = last

    # ------------------------------------------------------------------ rounds
    def start_round(self, *, fill_with_bots: bool = False, budget: int | None = None
                    ) -> Round:
        """Seat the next round (every result of the previous round must be in)."""
        if self.current_round >= self.rounds:
            raise ClubError(f"all {self.rounds} rounds have been started")
        if self.played and not self.played[-1].complete:
            raise ClubError(f"round {self.current_round} still misses results")
        number = self.current_round + 1
        present = [p.number for p in self.players if p.plays_in(number)]
        history = [r.tables for r in self.played]
        # Plan every remaining round with the players present now and keep this one, so that
        # it leaves no dead end (9 players, 4 rounds: drawn round by round, the fourth
        # repeats; planned, none does). Arrivals and withdrawals only change later plans.
        left = self.rounds - number
        try:
            seating = seat_round(present, history, self.table_sizes, seed=self.seed + number,
                                 budget=budget, fill_with_bots=fill_with_bots,
                                 lookahead=left)
        except SeatingError as e:
            raise ClubError(f"round {number}: {e}") from None
        tables: list[list[int | None]] = [
            [None if isinstance(s, BotSeat) else int(s) for s in t.seats]
            for t in seating.tables]
        r = Round(number, tables, seating.repeats, seating.lower_bound)
        self.played.append(r)
        return r

    def table_seats(self, round_no: int, table: int) -> list[int | None]:
        """The start numbers at ``table`` of round ``round_no`` in seat order (None: a bot)."""
        return list(self._table(round_no, table))

    def link_pad(self, round_no: int, table: int, pad_id: str) -> None:
        """Link the score pad ``pad_id`` (its id where pads are stored) to a table of a
        round: where the table enters its deals. A new link replaces an old one."""
        self._table(round_no, table)
        if not _PAD_ID.fullmatch(pad_id):
            raise ClubError("pad: an id of 1 to 32 letters, digits, '-' or '_'")
        self.played[round_no - 1].pads[table] = pad_id

    def check_pad(self, round_no: int, table: int, pad: Pad) -> None:
        """Whether ``pad`` can be the result of a table: the tournament's game and rules,
        one player per seat, at most the round's deals (:class:`ClubError` if not)."""
        seats = self._table(round_no, table)
        if pad.game != self.game or pad.rules != self.rules:
            raise ClubError(f"table {table}: the pad must be of {self.game} under the "
                            "tournament's rules")
        if len(pad.players) != len(seats):
            raise ClubError(f"table {table}: the pad needs {len(seats)} players")
        if len(pad.deals) > self.deals_per_round:
            raise ClubError(f"table {table}: {len(pad.deals)} deals, the round has "
                            f"{self.deals_per_round}")

    def _table(self, round_no: int, table: int) -> list[int | None]:
        if not 1 <= round_no <= self.current_round:
            raise ClubError(f"no round {round_no} (started: {self.current_round})")
        tables = self.played[round_no - 1].tables
        if not 1 <= table <= len(tables):
            raise ClubError(f"round {round_no} has tables 1..{len(tables)}")
        return tables[table - 1]

    def enter_totals(self, round_no: int, table: int, scores: Sequence[int]) -> None:
        """Enter (or correct) a table's round totals, one per seat in seat order."""
        seats = self._table(round_no, table)
        if len(scores) != len(seats):
            raise ClubError(f"table {table}: {len(seats)} scores, one per seat")
        vals = tuple(_int(v, "score", -MAX_SCORE, MAX_SCORE) for v in scores)
        self.played[round_no - 1].results[table] = TableResult(vals)

    def enter_pad(self, round_no: int, table: int, pad: Pad) -> None:
        """Enter (or correct) a table's result as its score pad: same game and rules, one
        player per seat, at most the round's deals; the pad's totals count."""
        self.check_pad(round_no, table, pad)
        scores = tuple(a + b for a, b in zip(pad.totals(), pad.separate_totals(),
                                             strict=True))
        self.played[round_no - 1].results[table] = TableResult(scores, pad)

    # ------------------------------------------------------------------ rankings
    def round_scores(self, round_no: int) -> dict[int, int]:
        """Start number -> total in round ``round_no`` (players at tables with a result)."""
        r = self.played[round_no - 1]
        out: dict[int, int] = {}
        for t, res in r.results.items():
            for who, v in zip(r.tables[t - 1], res.scores, strict=True):
                if who is not None:
                    out[who] = v
        return out

    def table_winners(self, round_no: int) -> set[int]:
        """The start numbers with the best total at their table (all of them on a tie)."""
        r = self.played[round_no - 1]
        out: set[int] = set()
        for t, res in r.results.items():
            humans = [(v, who) for who, v in zip(r.tables[t - 1], res.scores, strict=True)
                      if who is not None]
            best = max(v for v, _ in humans)
            out |= {who for v, who in humans if v == best}
        return out

    def ranking(self, up_to: int | None = None, only: int | None = None) -> list[RankLine]:
        """The ranking after round ``up_to`` (default: every round started), or of round
        ``only`` alone, ordered by points and the tie rule."""
        last = self.current_round if up_to is None else up_to
        if not 0 <= last <= self.current_round:
            raise ClubError(f"no round {last}")
        numbers = range(1, last + 1) if only is None else [only]
        if only is not None and not 1 <= only <= self.current_round:
            raise ClubError(f"no round {only}")
        per_round = {n: self.round_scores(n) for n in numbers}
        wins = {n: self.table_winners(n) for n in numbers}
        rows = []
        for p in self.players:
            if only is not None and p.number not in per_round[only]:
                continue
            if only is None and p.joined > max(last, 1):
                continue
            scores = tuple(per_round[n].get(p.number) for n in numbers)
            total = sum(v for v in scores if v is not None)
            won = sum(p.number in wins[n] for n in numbers)
            rows.append((p, scores, total, won))

        def key(row: tuple[Player, tuple[int | None, ...], int, int]) -> tuple[int, ...]:
            p, scores, total, won = row
            if self.tie_rule == "best_round":
                return (-total, -max((v for v in scores if v is not None), default=0))
            if self.tie_rule == "table_wins":
                return (-total, -won)
            if self.tie_rule == "start_number":
                return (-total, p.number)
            return (-total,)

        rows.sort(key=lambda row: (key(row), row[0].number))
        out: list[RankLine] = []
        for i, row in enumerate(rows):
            p, scores, total, won = row
            place = i + 1
            if out and key(rows[i - 1]) == key(row):
                place = out[-1].place
            out.append(RankLine(place, p.number, p.name, total, scores, won,
                                p.withdrawn_after is not None))
        return out

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """The whole tournament as one JSON document (the organiser's)."""
        out = self.public_json()
        out["seed"] = self.seed
        out["note"] = self.note
        return out

    def public_json(self) -> dict[str, Any]:
        """What everyone may see: everything but the organiser's note and the seed."""
        return {
            "version": CLUB_VERSION, "title": self.title, "date": self.date,
            "place": self.place, "game": self.game, "rules": self.rules.to_dict(),
            "rounds": self.rounds, "deals_per_round": self.deals_per_round,
            "table_sizes": sorted(self.table_sizes.allowed),
            "preferred_size": self.table_sizes.preferred, "tie_rule": self.tie_rule,
            "players": [{"number": p.number, "name": p.name, "joined": p.joined,
                         "withdrawn_after": p.withdrawn_after} for p in self.players],
            "played": [{"number": r.number, "tables": r.tables, "repeats": r.repeats,
                        "lower_bound": r.lower_bound,
                        "results": [{"table": t, "scores": list(res.scores),
                                     "pad": res.pad.to_json() if res.pad else None}
                                    for t, res in sorted(r.results.items())],
                        "pads": [{"table": t, "pad": pad_id}
                                 for t, pad_id in sorted(r.pads.items())]}
                       for r in self.played],
        }

    @classmethod
    def from_json(cls, data: Any) -> Tournament:
        """A tournament from an untrusted JSON document: every field checked."""
        d = _obj(data, "tournament")
        if d.get("version") != CLUB_VERSION:
            raise ClubError(f"version: expected {CLUB_VERSION}, got {d.get('version')!r:.20}")
        rules = _obj(d.get("rules", {}), "rules")
        options = _obj(rules.get("options", {}), "rules.options")
        sizes = d.get("table_sizes", [])
        if not isinstance(sizes, list) or len(sizes) > 8:
            raise ClubError("table_sizes: a list of sizes")
        t = cls.new(_text(d.get("title"), "title", MAX_TEXT), _text(d.get("date"), "date", 10),
                    _text(d.get("place"), "place", MAX_TEXT), _text(d.get("game"), "game", 40),
                    rounds=_int(d.get("rounds"), "rounds", 1, MAX_ROUNDS),
                    deals_per_round=_int(d.get("deals_per_round"), "deals_per_round", 1,
                                         MAX_DEALS_PER_ROUND),
                    preset=rules.get("preset"), options=options, table_sizes=sizes,
                    preferred_size=d.get("preferred_size"),
                    tie_rule=d.get("tie_rule", "shared"), seed=d.get("seed", 0),
                    note=d.get("note", ""))
        players = d.get("players", [])
        if not isinstance(players, list) or len(players) > MAX_PLAYERS:
            raise ClubError(f"players: a list of at most {MAX_PLAYERS}")
        played = d.get("played", [])
        if not isinstance(played, list) or len(played) > t.rounds:
            raise ClubError(f"played: a list of at most {t.rounds} rounds")
        for x in players:
            t._read_player(x)
        numbers = {p.number for p in t.players}
        for i, x in enumerate(played, 1):
            t._read_round(i, _obj(x, "round"), numbers)
        return t

    def _read_player(self, data: Any) -> None:
        """Add the player of a JSON document (see :meth:`from_json`)."""
        p = _obj(data, "player")
        self.add_player(_text(p.get("name"), "player.name", MAX_NAME),
                        _int(p.get("number"), "player.number", 1, 9999))
        self.players[-1].joined = _int(p.get("joined", 1), "player.joined", 1, MAX_ROUNDS + 1)
        w = p.get("withdrawn_after")
        if w is not None:
            self.players[-1].withdrawn_after = _int(w, "player.withdrawn_after", 0, MAX_ROUNDS)

    def _read_round(self, i: int, r: dict[str, Any], numbers: set[int]) -> None:
        """Add played round ``i`` of a JSON document: its seating (each table's start
        numbers, None for an empty seat; ``numbers`` the players'), its results (a pad or
        the totals per table) and the pads linked to its tables."""
        rows = _seating(i, r.get("tables"), numbers)
        self.played.append(Round(i, rows, _int(r.get("repeats", 0), "repeats", 0, 10**6),
                                 _int(r.get("lower_bound", 0), "lower_bound", 0, 10**6)))
        results = r.get("results", [])
        if not isinstance(results, list) or len(results) > len(rows):
            raise ClubError(f"round {i}: results")
        for res in results:
            rd = _obj(res, "result")
            table_no = _int(rd.get("table"), "result.table", 1, len(rows))
            if rd.get("pad") is not None:
                try:
                    pad = Pad.from_json(rd["pad"])
                except PadError as e:
                    raise ClubError(f"round {i}, table {table_no}: {e}") from None
                self.enter_pad(i, table_no, pad)
            else:
                scores = rd.get("scores")
                if not isinstance(scores, list):
                    raise ClubError(f"round {i}, table {table_no}: scores")
                self.enter_totals(i, table_no, scores)
        links = r.get("pads", [])
        if not isinstance(links, list) or len(links) > len(rows):
            raise ClubError(f"round {i}: pads")
        for link in links:
            ld = _obj(link, "pad link")
            self.link_pad(i, _int(ld.get("table"), "pad link.table", 1, len(rows)),
                          _text(ld.get("pad"), "pad link.pad", 32))


def _seating(i: int, tables: Any, numbers: set[int]) -> list[list[int | None]]:
    """Round ``i``'s tables from a JSON document: lists of 2 to 8 start numbers of
    ``numbers`` (None: an empty seat), nobody seated twice."""
    if not isinstance(tables, list) or len(tables) > MAX_PLAYERS:
        raise ClubError(f"round {i}: tables")
    seen: set[int] = set()
    rows: list[list[int | None]] = []
    for table in tables:
        if not isinstance(table, list) or not 2 <= len(table) <= 8:
            raise ClubError(f"round {i}: a table is a list of 2 to 8 seats")
        row = [None if s is None else _int(s, "seat", 1, 9999) for s in table]
        for s in row:
            if s is not None and (s not in numbers or s in seen):
                raise ClubError(f"round {i}: start number {s} unknown or seated twice")
            if s is not None:
                seen.add(s)
        rows.append(row)
    return rows


def _obj(data: Any, where: str) -> dict[str, Any]:
    return obj(data, where, ClubError)


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    return whole(v, where, lo, hi, ClubError)


def _text(v: Any, where: str, limit: int) -> str:
    return text(v, where, limit, ClubError)
