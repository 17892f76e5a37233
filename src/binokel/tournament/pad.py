"""The score pad: deals played with real cards, entered in the words players use, scored by
the game's own scoring code under the table's house rules.

A :class:`Pad` holds the game, its rules (a ``RuleSet`` from :mod:`binokel.registry`), the
players and one entry per deal. It knows no game: everything about one comes from the
game's pad adapter (``GameSpec.pad``, the contract in :mod:`binokel.core.pad`), which reads
an entry (the facts players know after a deal: who declared what at which bid, each
player's melds and trick points; in Doppelkopf the Re party, the announcements, the Augen of
Re and the special points), checks it against the rules (trick points that do not add up, a
bid below the minimum or off the step, melds no hand can hold, ... are a :class:`PadError`
that says what is wrong), turns it into the facts of a finished deal and scores them with
the game's own ``score(facts, rules)``. It also describes the entry form (:meth:`Pad.form`)
that every front end builds its form from, and keeps what a series carries from deal to
deal (Doppelkopf's Pflichtsoli and Bockrunden: each deal is scored under the rules the
deals before it make).

The pad serialises to plain JSON (:meth:`Pad.to_json`, :meth:`Pad.from_json`) with a version
field; :meth:`Pad.from_json` takes untrusted input: every count, size and string has a
limit and anything wrong is a :class:`PadError` (a ``ValueError``).

>>> pad = Pad.new("binokel", ["Anna", "Ben", "Cem"])
>>> pad.add(pad.read_entry({"dealer": 0, "declarer": 1, "bid": 300, "contract": "normal",
...                         "melds": [40, 200, 0], "points": [60, 150, 40]}))
>>> pad.sheet()[-1].scores, pad.totals(), pad.next_dealer()
((100, 350, 40), (100, 350, 40), 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from ..core.errors import IllegalAction
from ..core.errors import RulesError
from ..core.outcome import Outcome
from ..core.pad import MAX_SEATS
from ..core.pad import PadAdapter
from ..core.pad import PadBook
from ..core.pad import PadEntry
from ..core.pad import PadError
from ..core.pad import PadForm
from ..core.pad import SeatField
from ..core.pad import pad_words
from ..core.pad import read_int
from ..core.pad import read_text
from ..core.rules import RuleSet
from ..core.series import SheetLine
from ..core.series import series_winner
from ..registry import find_game
from .texts import PAGE

PAD_VERSION = 1
MAX_DEALS = 1000          # deals on one pad
MAX_NAME = 40             # characters of a player's name


@dataclass
class _Deal:
    """A deal on the pad: its entry, its outcome, the rules it was scored under and whether
    the same dealer dealt again after it."""

    entry: PadEntry
    outcome: Outcome
    rules: RuleSet
    repeat: bool


@dataclass(eq=False)
class Pad:
    """One table's score pad: the game, its rules, the players and the deals entered.

    A game's deals may depend on the ones before, as in a played series (Doppelkopf's Bock
    level and Pflichtsolo): each is scored under the rules its game's book makes after the
    deals before it, so that a correction scores every later deal again."""

    game: str
    rules: RuleSet
    players: tuple[str, ...]
    first_dealer: int = 0
    adapter: PadAdapter[Any] | None = field(default=None, repr=False)
    _deals: list[_Deal] = field(default_factory=list, repr=False)
    _book: PadBook | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self._adapter: PadAdapter[Any] = self.adapter or adapter_of(self.game)
        self.adapter = self._adapter
        if self._book is None:
            self._book = self._adapter.new_book(self.rules, len(self.players))

    @classmethod
    def new(cls, game: str, players: Sequence[str], preset: str | None = None,
            options: Mapping[str, Any] | None = None, first_dealer: int = 0) -> Pad:
        """A pad for ``game`` with ``players`` (names in seat order) under ``preset`` (the
        game's first by default) changed by ``options``."""
        adapter = adapter_of(game)
        spec = find_game(game)
        names = tuple(read_text(p, "players", MAX_NAME) for p in players)
        if len(names) not in spec.players:
            raise PadError(f"{game} is for {' or '.join(map(str, spec.players))} players, "
                           f"not {len(names)}", "players", pad_words(
                               "players_count", n=len(names),
                               de=" oder ".join(map(str, spec.players)),
                               en=" or ".join(map(str, spec.players))))
        if len(set(names)) != len(names) or not all(n.strip() for n in names):
            raise PadError("players: each needs a name of its own", "players",
                           pad_words("players_unique"))
        data: dict[str, Any] = {"options": dict(options or {})}
        if preset is not None:
            data["preset"] = preset
        try:
            rules = spec.make_rules(data)
            # Rules this table cannot deal by (40 cards to three without a Dapp, ...).
            spec.new_deal(rules, 0, seed=0, players=len(names))
        except (RulesError, IllegalAction, TypeError) as e:
            raise PadError(f"rules: {e}") from e
        if not 0 <= first_dealer < len(names):
            raise PadError(f"first_dealer: a seat 0..{len(names) - 1}")
        return cls(game, rules, names, first_dealer, adapter)

    # ------------------------------------------------------------------ entering
    @property
    def book(self) -> PadBook:
        """What the series carries after the deals entered (the game's own book)."""
        assert self._book is not None
        return self._book

    @property
    def deals(self) -> tuple[PadEntry, ...]:
        """The entries, one per deal (the game's entry type)."""
        return tuple(d.entry for d in self._deals)

    def read_entry(self, data: Any) -> PadEntry:
        """A deal's entry from untrusted JSON (an object): types, sizes and the fields the
        game asks checked; the rules' checks follow when it is added."""
        if not isinstance(data, dict):
            raise PadError("deal: an object expected")
        entry: PadEntry = self._adapter.parse(data, len(self.players))
        return entry

    def deal_rules(self) -> RuleSet:
        """The rules the next deal is scored under: the table's, with what the deals
        entered carry over (Doppelkopf's Bock level and the Pflichtsoli still owed)."""
        return self.book.rules_for(self.rules, self.next_dealer())

    def _score(self, book: PadBook, entry: PadEntry) -> _Deal:
        """Score ``entry`` as the next deal after ``book`` and book it there (a thrown-in
        deal too uses up a Bock deal, as in the series)."""
        if not 0 <= entry.dealer < len(self.players):
            raise PadError(f"dealer: a seat 0..{len(self.players) - 1}", "dealer")
        rules = book.rules_for(self.rules, entry.dealer)
        entry, outcome = self._adapter.score(rules, len(self.players), entry)
        return _Deal(entry, outcome, rules, book.book(outcome, rules))

    def add(self, entry: PadEntry) -> None:
        """Score ``entry`` and append it; a deal that cannot be raises :class:`PadError`."""
        if len(self._deals) >= MAX_DEALS:
            raise PadError(f"a pad holds at most {MAX_DEALS} deals", None,
                           pad_words("too_many_deals", n=MAX_DEALS))
        self._deals.append(self._score(self.book, entry))

    def _rebuild(self, entries: list[PadEntry], changed: int | None) -> None:
        """Score ``entries`` from the first on and keep them; nothing changes when one
        cannot be. What the pad worked out before is worked out again, except in the deal
        ``changed``, which is as entered."""
        book = self._adapter.new_book(self.rules, len(self.players))
        deals: list[_Deal] = []
        for i, entry in enumerate(entries):
            if i != changed:
                entry = self._adapter.as_entered(entry)
            try:
                deals.append(self._score(book, entry))
            except PadError as e:
                if i == changed:
                    raise
                # the field is the later deal's, not the corrected one's: none to mark
                why, head = e.said(), pad_words("deal_fits_no_more", n=i + 1, why="{why}")
                raise PadError(f"deal {i + 1} would not fit any more: {e}", None, {
                    lang: head[lang].replace("{why}", why[lang]) for lang in head}) from None
        self._deals, self._book = deals, book

    def correct(self, index: int, entry: PadEntry) -> None:
        """Replace deal ``index`` (0-based) by ``entry``; the sheet is recomputed (every
        later deal is scored again: in Doppelkopf its Bock level, its Pflichtsolo)."""
        if not 0 <= index < len(self._deals):
            raise PadError(f"no deal {index + 1} (the pad has {len(self._deals)})")
        entries = list(self.deals)
        entries[index] = entry
        self._rebuild(entries, index)

    def remove_last(self) -> None:
        """Take back the last deal."""
        if not self._deals:
            raise PadError("the pad has no deal")
        self._rebuild(list(self.deals[:-1]), None)

    # ------------------------------------------------------------------ reading
    def outcomes(self) -> tuple[Outcome, ...]:
        """Each deal's result as the game's scoring gives it."""
        return tuple(d.outcome for d in self._deals)

    def rules_of(self, index: int) -> RuleSet:
        """The rules deal ``index`` (0-based) was scored under (Doppelkopf: its Bock level
        and the Pflichtsoli then owed)."""
        return self._deals[index].rules

    def descriptions(self) -> list[dict[str, str]]:
        """Each deal in a few words, in every language (the game's own words)."""
        return [self._adapter.describe(d.entry, d.outcome, d.rules, self.players)
                for d in self._deals]

    def form(self) -> PadForm:
        """The entry form of the next deal: who deals, then the game's fields."""
        game = self._adapter.form(self.deal_rules(), self.players, self.book)
        dealer = SeatField("dealer", {lang: PAGE[lang]["dealer"] for lang in PAGE},
                           seats="all", default=self.next_dealer())
        return PadForm((dealer, *game.fields), game.in_play, game.parties, game.notes,
                       game.status)

    def sheet(self) -> list[SheetLine]:
        """The running sheet, as a played series keeps it: per deal the scores and the
        totals after it."""
        separate = self.rules.series_end().separate
        totals = [0] * len(self.players)
        out = []
        for i, d in enumerate(self._deals):
            res = d.outcome
            sep = res.contract in separate
            if not sep:
                totals = [t + v for t, v in zip(totals, res.scores, strict=True)]
            out.append(SheetLine(i + 1, d.entry.dealer, res.scores, tuple(totals),
                                 res.declarer, res.contract, res.bid, res.made, sep))
        return out

    def totals(self) -> tuple[int, ...]:
        """Every player's total (the separate tally left out)."""
        lines = self.sheet()
        return lines[-1].totals if lines else (0,) * len(self.players)

    def separate_totals(self) -> tuple[int, ...]:
        """The separate tally (Binokel's ``durch_separate``): Durch and Untendurch."""
        out = [0] * len(self.players)
        for line in self.sheet():
            if line.separate:
                out = [t + v for t, v in zip(out, line.scores, strict=True)]
        return tuple(out)

    def next_dealer(self) -> int:
        """Who deals next: the seat after the last deal's dealer (the same dealer after a
        Pflichtsolo)."""
        if not self._deals:
            return self.first_dealer
        last = self._deals[-1]
        return last.entry.dealer if last.repeat else (last.entry.dealer + 1) % len(self.players)

    def winner(self) -> int | None:
        """The round's winner as the rules end a series (target or number of deals); None
        while the round goes on. Decided after each deal, like a played series: the first
        deal that ends the round decides it."""
        n = len(self.players)
        end = self.rules.series_end_for(n)
        counted = 0   # deals towards deals_per_series: Pflichtsoli come on top
        for line, d in zip(self.sheet(), self._deals, strict=True):
            counted += not d.repeat
            order = [(line.dealer + 1 + k) % n for k in range(n)]
            w = series_winner(end, list(line.totals), counted, d.outcome, order)
            if w is not None:
                return w
        return None

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        return {"version": PAD_VERSION, "game": self.game, "rules": self.rules.to_dict(),
                "players": list(self.players), "first_dealer": self.first_dealer,
                "deals": [d.to_json() for d in self.deals]}

    @classmethod
    def from_json(cls, data: Any) -> Pad:
        """A pad from untrusted JSON; every deal is checked and scored again."""
        if not isinstance(data, dict):
            raise PadError("pad: an object expected")
        d = data
        if d.get("version") != PAD_VERSION:
            raise PadError(f"pad.version: expected {PAD_VERSION}, got {d.get('version')!r}")
        if unknown := set(d) - {"version", "game", "rules", "players", "first_dealer",
                                "deals"}:
            raise PadError(f"pad: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
        rules = d.get("rules", {})
        options = rules.get("options", {}) if isinstance(rules, dict) else None
        if not isinstance(rules, dict) or not isinstance(options, dict):
            raise PadError("pad.rules: an object with options")
        if len(options) > 100:
            raise PadError("pad.rules.options: too many")
        preset = rules.get("preset")
        if preset is not None:
            preset = read_text(preset, "pad.rules.preset", 40)
        players = d.get("players")
        if not isinstance(players, list) or len(players) > MAX_SEATS:
            raise PadError("pad.players: a list of at most 8 names")
        pad = cls.new(read_text(d.get("game"), "pad.game", 40), players, preset, options,
                      read_int(d.get("first_dealer", 0), "pad.first_dealer", 0, MAX_SEATS))
        deals = d.get("deals", [])
        if not isinstance(deals, list) or len(deals) > MAX_DEALS:
            raise PadError(f"pad.deals: a list of at most {MAX_DEALS}")
        for i, x in enumerate(deals):
            try:
                pad.add(pad.read_entry(x))
            except PadError as e:
                raise PadError(f"deal {i + 1}: {e}", e.field) from None
        return pad


def adapter_of(game: str) -> PadAdapter[Any]:
    """The pad adapter of ``game`` (loaded by its spec)."""
    try:
        spec = find_game(game)
    except ValueError as e:
        raise PadError(str(e)) from None
    if spec.pad is None:
        raise PadError(f"the score pad does not know {game!r}")
    return spec.pad()


def entry_form(pad: Pad) -> dict[str, Any]:
    """The entry form of the pad's next deal as plain JSON (:class:`~binokel.core.pad.PadForm`),
    for the web page and any other front end.

    >>> f = entry_form(Pad.new("binokel", ["A", "B", "C", "D"]))
    >>> [x["name"] for x in f["fields"]][:4], f["in_play"][0]
    (['dealer', 'contract', 'declarer', 'bid'], [1, 2, 3])
    """
    return pad.form().to_json()


__all__ = ["MAX_DEALS", "PAD_VERSION", "Pad", "PadError", "entry_form"]
