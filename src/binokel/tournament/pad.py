"""The score pad: deals played with real cards, entered in the words players use, scored by
the engine's own scoring code under the table's house rules.

A :class:`Pad` holds the game, its rules (a ``RuleSet`` from :mod:`binokel.registry`), the
players and one :class:`DealEntry` per deal. An entry carries only the facts players know
after a deal (who declared what at which bid, each player's melds and trick points; in
Doppelkopf the Re party, the announcements, the Augen of Re and the special points); the
scores come from the game's ``score_deal``, fed with a bare deal of the game that holds
exactly those facts (:func:`score_entry`). Checks reject what cannot be (trick points that
do not add up, a bid below the minimum or off the step, melds no hand can hold, ...) with a
:class:`PadError` that says what is wrong.

The pad serialises to plain JSON (:meth:`Pad.to_json`, :meth:`Pad.from_json`) with a version
field; :meth:`Pad.from_json` takes untrusted input: every count, size and string has a
limit and anything wrong is a :class:`PadError` (a ``ValueError``).

>>> pad = Pad.new("binokel", ["Anna", "Ben", "Cem"])
>>> pad.add(DealEntry(dealer=0, declarer=1, bid=300, contract="normal",
...                   melds=(40, 200, 0), points=(60, 150, 40)))
>>> pad.sheet()[-1].scores, pad.totals(), pad.next_dealer()
((100, 350, 40), (100, 350, 40), 1)
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import cast

from ..core.cards import size
from ..core.errors import IllegalAction
from ..core.errors import RulesError
from ..core.outcome import Outcome
from ..core.rules import RuleSet
from ..core.series import SheetLine
from ..core.series import series_winner
from ..core.trick import Trick
from ..games.binokel.deal import ABGEHEN
from ..games.binokel.deal import DURCH
from ..games.binokel.deal import NORMAL
from ..games.binokel.deal import THROWN_IN
from ..games.binokel.deal import UNTENDURCH
from ..games.binokel.deal import seating as binokel_seating
from ..games.binokel.melds import FOUR_VALUES
from ..games.binokel.melds import MeldResult
from ..games.binokel.rules import Rules as BinokelRules
from ..games.binokel.scoring import score_deal as binokel_score
from ..games.binokel.state import DealState
from ..games.doppelkopf import deal as doko_deal
from ..games.doppelkopf.announcements import SCHWARZ
from ..games.doppelkopf.deal import seating as doko_seating
from ..games.doppelkopf.facts import facts_of as doko_facts
from ..games.doppelkopf.reservations import solos_of
from ..games.doppelkopf.rules import DokoRules
from ..games.doppelkopf.scoring import score as doko_facts_score
from ..games.doppelkopf.scoring import score_deal as doko_score
from ..games.doppelkopf.scoring import scored_as_solo
from ..games.doppelkopf.series import BockBook
from ..games.doppelkopf.series import PflichtsoloBook
from ..games.doppelkopf.state import DokoState
from ..games.luxusfamilie.rules import LuxusRules
from ..games.luxusfamilie.scoring import POWER
from ..games.luxusfamilie.scoring import score_deal as luxus_score
from ..games.luxusfamilie.state import LuxusState
from ..games.zweier.rules import ZweierRules
from ..games.zweier.scoring import points_total as zweier_points_total
from ..games.zweier.scoring import score_deal as zweier_score
from ..games.zweier.state import ZweierState
from ..registry import find_game
from .checks import DataError
from .checks import obj
from .checks import text
from .checks import whole

PAD_VERSION = 1
MAX_DEALS = 1000          # deals on one pad
MAX_NAME = 40             # characters of a player's name
MAX_POINTS = 100_000      # any single number a player enters
MAX_MELD = 5000           # one hand's melds (eight of a rank 1000 + families + ...)
MAX_SPECIALS = 40         # Doppelkopf's special points of one deal

# Binokel's contracts as players say them; "durch open" is a Durch with the hand shown.
DURCH_OPEN = "durch open"
BINOKEL_CONTRACTS = (NORMAL, ABGEHEN, DURCH, DURCH_OPEN, UNTENDURCH, THROWN_IN)
DOKO_CONTRACTS = (doko_deal.NORMAL, doko_deal.HOCHZEIT, doko_deal.STILLE_HOCHZEIT,
                  doko_deal.ARMUT, *doko_deal.SOLOS, doko_deal.THROWN_IN)
# Doppelkopf's special points as players report them, each worth 1, in the engine's words
# (scoring.special_points); "gegen die Alten" follows from the winner and is not entered.
# Which of them a table scores: doko_specials(rules).
DOKO_SPECIALS = ("Doppelkopf", "Fuchs gefangen", "Karlchen", "Karlchen gefangen",
                 "Doppel-Karlchen", "Fuchs im letzten Stich")
# The special points of the last trick: they go to the party that won it.
LAST_TRICK = ("Karlchen", "Karlchen gefangen", "Doppel-Karlchen", "Fuchs im letzten Stich")
PARTIES = (doko_deal.RE, doko_deal.KONTRA)
# The option without which a Doppelkopf contract is not played.
_DOKO_OPTION = {"solo koenige": "koenigssolo", "solo damenbuben": "damen_buben_solo",
                "solo fleischlos": "fleischlos", doko_deal.ARMUT: "armut"}
# What an entry says, per kind of game (the dealer always): a fact another game asks is
# refused, so that nothing entered is silently ignored.
_ASKED = {
    "binokel": {"declarer", "bid", "contract", "melds", "points", "tricks", "made"},
    "zweier": {"melds", "points"},
    "luxusfamilie": {"declarer", "melds", "points", "tricks"},
    "doppelkopf": {"contract", "re", "re_augen", "re_tricks", "announced", "specials",
                   "partner_found", "pflicht", "genscher"},
}


class PadError(DataError):
    """An entry or a pad document that cannot be: the message says what and where, and
    ``field`` names the entry's field it is about (``bid``, ``specials``, ...) where there is
    one, so that a form can point at it."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _refuse(field: str, message: str) -> PadError:
    """A :class:`PadError` about ``field``; the message starts with the field's name."""
    return PadError(f"{field}: {message}", field)


@dataclass(frozen=True)
class DealEntry:
    """What the players say about one deal; which fields count depends on the game.

    Binokel, Kreuzbinokel: ``declarer`` (None: all passed), ``bid``, ``contract`` (one of
    :data:`BINOKEL_CONTRACTS`), per seat ``melds`` as shown and ``points`` (trick points
    incl. the last-trick bonus; the declarer's incl. the pushed cards), ``made`` for Durch
    and Untendurch. Zweierbinokel: ``melds`` and ``points``. Luxusfamilie: ``declarer`` (the
    trump maker), ``melds`` (as they count with trump) and ``points`` (power points incl. the
    bonus). ``tricks``: tricks won per seat where it matters (a player who took only
    pointless tricks); by default a player took a trick when he has points.

    Doppelkopf: ``contract`` (one of :data:`DOKO_CONTRACTS`), ``re`` (the Re seats at the end
    of the deal: the soloist alone; after a Genscher its player and the partner he named),
    ``re_augen``, ``re_tricks``, ``announced`` (levels of Re and Kontra at the end: -1 none,
    0 Re/Kontra, 1-4 keine 90 / 60 / 30 / schwarz), ``specials`` ((what, party) of
    :data:`DOKO_SPECIALS`), ``partner_found`` (a Hochzeit that found its partner),
    ``genscher`` ((its player, the partner he named), option ``genscher``), ``pflicht`` (the
    solo was a Pflichtsolo: with the option ``pflichtsolo`` a declared solo of a seat that
    still owes one is, so the pad sets it; the same dealer deals again and the deal does not
    count towards ``deals_per_series``).
    """

    dealer: int
    declarer: int | None = None
    bid: int | None = None
    contract: str = NORMAL
    melds: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    tricks: tuple[int, ...] | None = None
    made: bool | None = None
    re: tuple[int, ...] = ()
    re_augen: int = 0
    re_tricks: int = 0
    announced: tuple[int, int] = (-1, -1)
    specials: tuple[tuple[str, str], ...] = ()
    partner_found: bool = True
    pflicht: bool = False
    genscher: tuple[int, int] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer, "contract": self.contract}
        for name in ("declarer", "bid", "made", "tricks"):
            v = getattr(self, name)
            if v is not None:
                out[name] = list(v) if isinstance(v, tuple) else v
        for name in ("melds", "points", "re"):
            if getattr(self, name):
                out[name] = list(getattr(self, name))
        if self.re:
            out.update(re_augen=self.re_augen, re_tricks=self.re_tricks,
                       announced=list(self.announced),
                       specials=[list(x) for x in self.specials],
                       partner_found=self.partner_found)
        if self.pflicht:
            out["pflicht"] = True
        if self.genscher is not None:
            out["genscher"] = list(self.genscher)
        return out

    @classmethod
    def from_json(cls, data: Any) -> DealEntry:
        """An entry from untrusted JSON: types and sizes checked (the game's checks follow
        in :func:`score_entry`)."""
        d = _obj(data, "deal")
        known = {"dealer", "declarer", "bid", "contract", "made", "tricks", "melds", "points",
                 "re", "re_augen", "re_tricks", "announced", "specials", "partner_found",
                 "pflicht", "genscher"}
        if unknown := set(d) - known:
            raise PadError(f"deal: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
        specials = d.get("specials", [])
        if not isinstance(specials, list) or len(specials) > MAX_SPECIALS:
            raise _refuse("specials", f"a list of at most {MAX_SPECIALS} [what, party]")
        pairs: list[tuple[str, str]] = []
        for x in specials:
            if not (isinstance(x, list) and len(x) == 2 and all(isinstance(y, str) for y in x)):
                raise _refuse("specials", "each is [what, party]")
            pairs.append((_text(x[0], "specials", 30), _text(x[1], "specials", 10)))
        announced = _ints(d.get("announced", [-1, -1]), "announced", -1, SCHWARZ)
        if len(announced) != 2:
            raise _refuse("announced", "[Re level, Kontra level]")
        tricks = d.get("tricks")
        made = d.get("made")
        if made is not None and not isinstance(made, bool):
            raise _refuse("made", "true, false or absent")
        partner, pflicht = d.get("partner_found", True), d.get("pflicht", False)
        if not isinstance(partner, bool):
            raise _refuse("partner_found", "true or false")
        if not isinstance(pflicht, bool):
            raise _refuse("pflicht", "true or false")
        genscher = d.get("genscher")
        if genscher is not None:
            pair = _ints(genscher, "genscher", 0, 8)
            if len(pair) != 2:
                raise _refuse("genscher", "[its player, the partner he named] or absent")
            genscher = (pair[0], pair[1])
        return cls(
            dealer=_int(d.get("dealer"), "dealer", 0, 8),
            declarer=_opt_int(d.get("declarer"), "declarer", 0, 8),
            bid=_opt_int(d.get("bid"), "bid", 0, MAX_POINTS),
            contract=_text(d.get("contract", NORMAL), "contract", 20),
            melds=_ints(d.get("melds", []), "melds", 0, MAX_POINTS),
            points=_ints(d.get("points", []), "points", 0, MAX_POINTS),
            tricks=None if tricks is None else _ints(tricks, "tricks", 0, 48),
            made=made, re=_ints(d.get("re", []), "re", 0, 8),
            re_augen=_int(d.get("re_augen", 0), "re_augen", 0, 240),
            re_tricks=_int(d.get("re_tricks", 0), "re_tricks", 0, 12),
            announced=(announced[0], announced[1]), specials=tuple(pairs),
            partner_found=partner, pflicht=pflicht, genscher=genscher)


_DEFAULTS = {f.name: f.default for f in dataclasses.fields(DealEntry) if f.name != "dealer"}


class SeriesBooks:
    """What a Doppelkopf series keeps from deal to deal, as ``DokoSeries`` keeps it: the
    seats that still owe their Pflichtsolo (``PflichtsoloBook``) and the Bock levels of the
    coming deals (``BockBook``); each deal is scored under :meth:`rules_for`."""

    def __init__(self, rules: DokoRules, players: int) -> None:
        self.pflicht = PflichtsoloBook(rules, players)
        self.bock = BockBook(rules, players)
        self.deals_per_series = rules.deals_per_series
        self.repeat: list[bool] = []   # per deal: a Pflichtsolo, the same dealer deals again

    @property
    def deals_left(self) -> int:
        """The deals still to play towards ``deals_per_series`` (Pflichtsoli on top)."""
        return max(0, self.deals_per_series - self.repeat.count(False))

    def rules_for(self, rules: DokoRules, dealer: int) -> DokoRules:
        """The rules of the deal ``dealer`` deals next (``pflicht_owed``, ``vorgefuehrt``,
        ``bock_level``), as the series'."""
        return self.bock.rules_for(self.pflicht.rules_for(rules, dealer, self.deals_left))

    def book(self, state: DokoState) -> None:
        self.repeat.append(self.pflicht.book(state))
        self.bock.book(state)


@dataclass
class Pad:
    """One table's score pad: the game, its rules, the players and the deals entered.

    Doppelkopf's deals depend on the ones before, as in a played series: the Bock level of
    a deal (``bock_after``) and whether a solo is a Pflichtsolo (``pflichtsolo``: the
    first solo of a seat that still owes one) come from the deals entered before it, so
    that a correction scores every later deal again."""

    game: str
    rules: RuleSet
    players: tuple[str, ...]
    first_dealer: int = 0
    deals: list[DealEntry] = field(default_factory=list)
    _outcomes: list[Outcome] = field(default_factory=list, repr=False)
    _books: SeriesBooks | None = field(default=None, repr=False)
    _bock: list[int] = field(default_factory=list, repr=False)   # each deal's Bock level

    def __post_init__(self) -> None:
        if self._books is None:
            self._books = self._new_books()

    def _new_books(self) -> SeriesBooks | None:
        if self.game != "doppelkopf":
            return None
        return SeriesBooks(cast(DokoRules, self.rules), len(self.players))

    @classmethod
    def new(cls, game: str, players: Sequence[str], preset: str | None = None,
            options: Mapping[str, Any] | None = None, first_dealer: int = 0) -> Pad:
        """A pad for ``game`` with ``players`` (names in seat order) under ``preset`` (the
        game's first by default) changed by ``options``."""
        try:
            spec = find_game(game)
        except ValueError as e:
            raise PadError(str(e)) from None
        names = tuple(_text(p, "players", MAX_NAME) for p in players)
        if len(names) not in spec.players:
            raise PadError(f"{game} is for {' or '.join(map(str, spec.players))} players, "
                           f"not {len(names)}")
        if len(set(names)) != len(names) or not all(n.strip() for n in names):
            raise PadError("players: each needs a name of its own")
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
        return cls(game, rules, names, first_dealer)

    # ------------------------------------------------------------------ entering
    def deal_rules(self) -> RuleSet:
        """The rules the next deal is scored under: the table's, in Doppelkopf with the
        Bock level and the Pflichtsoli still owed after the deals entered."""
        if self._books is None:
            return self.rules
        return self._books.rules_for(cast(DokoRules, self.rules), self.next_dealer())

    def _score(self, books: SeriesBooks | None, entry: DealEntry
               ) -> tuple[DealEntry, Outcome, int]:
        """Score ``entry`` as the next deal after ``books`` and book it there: the entry
        with what the pad works out (Doppelkopf's ``pflicht``), its outcome and its Bock
        level (a thrown-in deal too uses up a Bock deal, as in the series)."""
        n = len(self.players)
        if books is None:
            return entry, score_entry(self.game, self.rules, n, entry), 0
        _check_common(self.game, n, entry)
        rules = books.rules_for(cast(DokoRules, self.rules), entry.dealer)
        entry, state = doko_state(rules, n, entry)
        books.book(state)
        assert state.result is not None
        return entry, state.result, rules.bock_level

    def add(self, entry: DealEntry) -> None:
        """Score ``entry`` and append it; a deal that cannot be raises :class:`PadError`."""
        if len(self.deals) >= MAX_DEALS:
            raise PadError(f"a pad holds at most {MAX_DEALS} deals")
        entry, outcome, bock = self._score(self._books, entry)
        self.deals.append(entry)
        self._outcomes.append(outcome)
        self._bock.append(bock)

    def _rebuild(self, deals: list[DealEntry], changed: int | None) -> None:
        """Score ``deals`` from the first on and keep them; nothing changes when one cannot
        be. What the pad worked out before (``pflicht``) is worked out again, except in the
        deal ``changed``, which is as entered."""
        books = self._new_books()
        entries: list[DealEntry] = []
        outcomes: list[Outcome] = []
        levels: list[int] = []
        for i, d in enumerate(deals):
            if i != changed:
                d = dataclasses.replace(d, pflicht=False)
            try:
                d, outcome, bock = self._score(books, d)
            except PadError as e:
                if i == changed:
                    raise
                raise PadError(f"deal {i + 1} would not fit any more: {e}") from None
            entries.append(d)
            outcomes.append(outcome)
            levels.append(bock)
        self.deals, self._outcomes, self._books, self._bock = entries, outcomes, books, levels

    def correct(self, index: int, entry: DealEntry) -> None:
        """Replace deal ``index`` (0-based) by ``entry``; the sheet is recomputed (in
        Doppelkopf every later deal is scored again: its Bock level, its Pflichtsolo)."""
        if not 0 <= index < len(self.deals):
            raise PadError(f"no deal {index + 1} (the pad has {len(self.deals)})")
        if self._books is None:
            entry, outcome, _ = self._score(None, entry)
            self.deals[index] = entry
            self._outcomes[index] = outcome
            return
        deals = list(self.deals)
        deals[index] = entry
        self._rebuild(deals, index)

    def remove_last(self) -> None:
        """Take back the last deal."""
        if not self.deals:
            raise PadError("the pad has no deal")
        if self._books is not None:
            self._rebuild(self.deals[:-1], None)
            return
        self.deals.pop()
        self._outcomes.pop()
        self._bock.pop()

    # ------------------------------------------------------------------ reading
    def outcomes(self) -> tuple[Outcome, ...]:
        """Each deal's result as the game's scoring gives it."""
        return tuple(self._outcomes)

    def bock_levels(self) -> tuple[int, ...]:
        """Each deal's Bock level (Doppelkopf's ``bock_after`` or ``bock_level``: its scores
        count 2**level times; a thrown-in deal used up a Bock deal and scored 0); 0 in the
        other games."""
        return tuple(self._bock)

    def vorgefuehrt(self) -> int:
        """The seat vorgeführt in the next deal (DDV ``vorfuehren``: it must play its
        Pflichtsolo now), -1 for none."""
        if self._books is None:
            return -1
        return cast(DokoRules, self.deal_rules()).vorgefuehrt

    def pflicht_owed(self) -> tuple[int, ...]:
        """The seats that still owe their Pflichtsolo (Doppelkopf with ``pflichtsolo``)."""
        if self._books is None or not cast(DokoRules, self.rules).pflichtsolo:
            return ()
        return tuple(sorted(self._books.pflicht.owed))

    def sheet(self) -> list[SheetLine]:
        """The running sheet, as a played series keeps it: per deal the scores and the
        totals after it."""
        separate = self.rules.series_end().separate
        totals = [0] * len(self.players)
        out = []
        for i, (entry, res) in enumerate(zip(self.deals, self._outcomes, strict=True)):
            sep = res.contract in separate
            if not sep:
                totals = [t + v for t, v in zip(totals, res.scores, strict=True)]
            out.append(SheetLine(i + 1, entry.dealer, res.scores, tuple(totals), res.declarer,
                                 res.contract, res.bid, res.made, sep))
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
        if not self.deals:
            return self.first_dealer
        last = self.deals[-1]
        return last.dealer if self._repeats()[-1] else (last.dealer + 1) % len(self.players)

    def _repeats(self) -> list[bool]:
        """Per deal: the same dealer deals again (a Pflichtsolo, but not a Vorführung)."""
        if self._books is None:
            return [False] * len(self.deals)
        return self._books.repeat

    def winner(self) -> int | None:
        """The round's winner as the rules end a series (target or number of deals); None
        while the round goes on. Decided after each deal, like a played series: the first
        deal that ends the round decides it."""
        end = self.rules.series_end()
        n = len(self.players)
        counted = 0   # deals towards deals_per_series: Pflichtsoli come on top
        for line, res, repeat in zip(self.sheet(), self._outcomes, self._repeats(),
                                     strict=True):
            counted += not repeat
            order = [(line.dealer + 1 + k) % n for k in range(n)]
            w = series_winner(end, list(line.totals), counted, res, order)
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
        d = _obj(data, "pad")
        if d.get("version") != PAD_VERSION:
            raise PadError(f"pad.version: expected {PAD_VERSION}, got {d.get('version')!r}")
        if unknown := set(d) - {"version", "game", "rules", "players", "first_dealer",
                                "deals"}:
            raise PadError(f"pad: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
        rules = _obj(d.get("rules", {}), "pad.rules")
        options = _obj(rules.get("options", {}), "pad.rules.options")
        if len(options) > 100:
            raise PadError("pad.rules.options: too many")
        preset = rules.get("preset")
        if preset is not None:
            preset = _text(preset, "pad.rules.preset", 40)
        players = d.get("players")
        if not isinstance(players, list) or len(players) > 8:
            raise PadError("pad.players: a list of at most 8 names")
        pad = cls.new(_text(d.get("game"), "pad.game", 40), players, preset, options,
                      _int(d.get("first_dealer", 0), "pad.first_dealer", 0, 8))
        deals = d.get("deals", [])
        if not isinstance(deals, list) or len(deals) > MAX_DEALS:
            raise PadError(f"pad.deals: a list of at most {MAX_DEALS}")
        for i, x in enumerate(deals):
            try:
                pad.add(DealEntry.from_json(x))
            except PadError as e:
                raise PadError(f"deal {i + 1}: {e}", e.field) from None
        return pad


# ---------------------------------------------------------------------- what the rules allow
def allowed_contracts(game: str, rules: RuleSet) -> tuple[str, ...]:
    """The contracts a deal of ``game`` may have under ``rules``, in the order a form offers
    them; the one list both the checks and :func:`entry_form` use.

    Binokel and Kreuzbinokel: Durch (open with ``durch_open``) and Untendurch by their
    options; all passed (thrown in) only with ``all_pass = redeal`` when Vorhand need not
    open (``vorhand_must_open`` off: otherwise somebody always bids). Doppelkopf: the solos
    of ``solos_of``, Armut with ``armut``, thrown in with ``armut`` (nobody takes it) or a
    ``throw_*`` option. Zweierbinokel and Luxusfamilie have no contracts to name.

    >>> allowed_contracts("binokel", BinokelRules())
    ('normal', 'abgehen', 'durch', 'untendurch')
    >>> allowed_contracts("doppelkopf", DokoRules(throw_nines=5))[-2:]
    ('solo S', 'thrown in')
    """
    if game in ("binokel", "kreuzbinokel"):
        b = cast(BinokelRules, rules)
        out = [NORMAL, ABGEHEN]
        if b.durch:
            out += [DURCH] + ([DURCH_OPEN] if b.durch_open else [])
        if b.untendurch:
            out.append(UNTENDURCH)
        if b.all_pass == "redeal" and not b.vorhand_must_open:
            out.append(THROWN_IN)
        return tuple(out)
    if game == "doppelkopf":
        d = cast(DokoRules, rules)
        out = [doko_deal.NORMAL, doko_deal.HOCHZEIT, doko_deal.STILLE_HOCHZEIT]
        if d.armut:
            out.append(doko_deal.ARMUT)
        out += solos_of(d)
        if d.armut or d.throw_nines or d.throw_kings or d.throw_nines_kings:
            out.append(doko_deal.THROWN_IN)
        return tuple(out)
    return (NORMAL,)


def doko_specials(rules: DokoRules) -> dict[str, int]:
    """The special points a Doppelkopf table scores under ``rules``, each with the most one
    deal can have: Doppelkopf (one a trick), Fuchs gefangen (two foxes), Karlchen unless
    ``karlchen`` is off and with it Karlchen gefangen (``karlchen_gefangen``: both Karlchen
    may be caught) and Doppel-Karlchen (``karlchen_double``), Fuchs im letzten Stich
    (``fuchs_last_trick``).

    >>> doko_specials(DokoRules(karlchen="off", fuchs_last_trick=True))
    {'Doppelkopf': 12, 'Fuchs gefangen': 2, 'Fuchs im letzten Stich': 1}
    """
    out = {"Doppelkopf": rules.hand_size, "Fuchs gefangen": 2}
    if rules.karlchen != "off":
        out["Karlchen"] = 1
        if rules.karlchen_gefangen:
            out["Karlchen gefangen"] = 2
        if rules.karlchen_double:
            out["Doppel-Karlchen"] = 1
    if rules.fuchs_last_trick:
        out["Fuchs im letzten Stich"] = 1
    return out


def _special_option(what: str) -> str:
    """The option that makes ``what`` count (for the error of a table without it)."""
    return {"Karlchen": "karlchen", "Karlchen gefangen": "karlchen_gefangen",
            "Doppel-Karlchen": "karlchen_double",
            "Fuchs im letzten Stich": "fuchs_last_trick"}.get(what, "")


def thrown_in_reasons(rules: DokoRules) -> list[tuple[str, int]]:
    """Why a Doppelkopf deal may be thrown in under ``rules``: ``("armut", 0)`` (nobody
    takes the Armut), ``("nines", n)``, ``("kings", n)``, ``("nines_kings", n)`` (a hand
    with at least n of them)."""
    out = [("armut", 0)] if rules.armut else []
    out += [(kind, n) for kind, n in (("nines", rules.throw_nines),
                                      ("kings", rules.throw_kings),
                                      ("nines_kings", rules.throw_nines_kings)) if n]
    return out


# ---------------------------------------------------------------------- the entry form
def entry_form(pad: Pad) -> dict[str, Any]:
    """What an entry form asks for a deal of this pad, driven by its game and rules (plain
    JSON for the web page and the terminal): ``kind`` (``binokel`` for Binokel and
    Kreuzbinokel, ``doppelkopf``, ``zweier``, ``luxusfamilie``), ``in_play`` (per dealer the
    seats that play; with four at a Binokel table or five at Doppelkopf the dealer sits out)
    and per kind:

    - binokel: ``contracts`` the rules allow (:func:`allowed_contracts`), ``bid`` (min, max,
      step), ``parties`` (per dealer each seat's party, -1 out), ``points_total`` (the trick
      points of a deal, bonus included), ``hand`` (tricks a deal has), ``tricks`` (ask
      tricks per player: the option ``meld_needs_trick``), ``abgehen_melds`` (the others'
      melds count when the declarer goes out: ``abgehen_others_meld``);
    - doppelkopf: ``contracts`` (:func:`allowed_contracts`), ``hand`` (tricks a deal has),
      ``specials`` (:func:`doko_specials`: the names) and ``special_max`` (the most of each
      in a deal), ``genscher`` (the option is on) and ``genscher_hochzeit``,
      ``thrown_in`` (why a deal may be thrown in: :func:`thrown_in_reasons`),
      ``pflichtsolo`` and ``owed`` (the seats that still owe their Pflichtsolo: a declared
      solo of one of them is his Pflichtsolo), ``vorgefuehrt`` (the seat vorgeführt in the
      next deal, option ``vorfuehren``: it must play a solo; -1 none), ``bock`` (whether
      Bockrunden are played)
      and ``bock_next`` (the next deal's Bock level);
    - zweier: ``points_total``;
    - luxusfamilie: ``points_total`` and ``points_exact`` (false where set-aside cards count
      for nobody: the sum may fall short), ``hand``, ``tricks`` (``meld_needs_trick``).

    >>> f = entry_form(Pad.new("binokel", ["A", "B", "C", "D"]))
    >>> f["kind"], f["contracts"][:3], f["points_total"], f["in_play"][0]
    ('binokel', ['normal', 'abgehen', 'durch'], 250, [1, 2, 3])
    """
    n = len(pad.players)
    game = pad.game
    out: dict[str, Any] = {"kind": "binokel" if game in ("binokel", "kreuzbinokel") else game}
    if game in ("binokel", "kreuzbinokel"):
        b = cast(BinokelRules, pad.rules)
        shell = DealState.new(b, 0, seed=0, players=n, game=game)
        seats = [binokel_seating(game, n, d) for d in range(n)]
        out.update(contracts=list(allowed_contracts(game, b)),
                   bid={"min": b.min_bid, "max": b.max_bid, "step": b.bid_step},
                   in_play=[sorted(order) for order, _ in seats],
                   parties=[list(party) for _, party in seats],
                   points_total=sum(b.points[c & 7] for c in shell.deck) + b.last_trick_bonus,
                   hand=size(shell.hands[seats[0][0][0]]), tricks=b.meld_needs_trick,
                   abgehen_melds=b.abgehen_others_meld)
    elif game == "doppelkopf":
        d = cast(DokoRules, pad.rules)
        specials = doko_specials(d)
        bock = bool(set(d.bock_after.split(",")) - {""}) or d.bock_level > 0
        out.update(contracts=list(allowed_contracts(game, d)),
                   in_play=[sorted(doko_seating(k, n)[0]) for k in range(n)],
                   hand=d.hand_size, specials=list(specials), special_max=specials,
                   genscher=d.genscher != "off", genscher_hochzeit=d.genscher_hochzeit,
                   thrown_in=[list(x) for x in thrown_in_reasons(d)],
                   pflichtsolo=d.pflichtsolo, owed=list(pad.pflicht_owed()),
                   vorgefuehrt=pad.vorgefuehrt(),
                   bock=bock, bock_next=cast(DokoRules, pad.deal_rules()).bock_level)
    elif game == "zweier":
        z = cast(ZweierRules, pad.rules)
        out.update(in_play=[list(range(n))] * n,
                   points_total=zweier_points_total(ZweierState.new(z, 0, seed=0)))
    elif game == "luxusfamilie":
        lx = cast(LuxusRules, pad.rules)
        luxus = LuxusState.new(lx, 0, seed=0, players=n)
        out.update(in_play=[list(range(n))] * n,
                   points_total=sum(POWER[c & 7] for c in luxus.deck) + lx.last_trick_bonus,
                   points_exact=not (luxus.leftover and lx.leftover != "last_trick"),
                   hand=size(luxus.hands[0]), tricks=lx.meld_needs_trick)
    else:   # pragma: no cover - Pad.new knows only these games
        raise PadError(f"the score pad does not know {game!r}")
    return out


# ---------------------------------------------------------------------- scoring
def score_entry(game: str, rules: RuleSet, players: int, entry: DealEntry) -> Outcome:
    """Check ``entry`` against the rules and score it with the game's own ``score_deal``
    (a Doppelkopf deal as the first of a series: no Bock, every Pflichtsolo owed as the
    rules say; :class:`Pad` scores each deal after the ones before it)."""
    _check_common(game, players, entry)
    if game in ("binokel", "kreuzbinokel"):
        return _score_binokel(game, cast(BinokelRules, rules), players, entry)
    if game == "zweier":
        return _score_zweier(cast(ZweierRules, rules), players, entry)
    if game == "luxusfamilie":
        return _score_luxus(cast(LuxusRules, rules), players, entry)
    if game == "doppelkopf":
        result = doko_state(cast(DokoRules, rules), players, entry)[1].result
        assert result is not None
        return result
    raise PadError(f"the score pad does not know {game!r}")


def _check_common(game: str, players: int, entry: DealEntry) -> None:
    """The dealer is a seat; the entry says nothing another game asks (it would be lost)."""
    if not 0 <= entry.dealer < players:
        raise _refuse("dealer", f"a seat 0..{players - 1}")
    asked = _ASKED["binokel" if game == "kreuzbinokel" else game]
    for name, default in _DEFAULTS.items():
        if name not in asked and getattr(entry, name) != default:
            raise _refuse(name, f"{game} does not ask for it")


def _per_seat(values: tuple[int, ...], name: str, players: int) -> list[int]:
    if len(values) != players:
        raise _refuse(name, f"one number per player ({players}), got {len(values)}")
    return list(values)


def _tricks(entry: DealEntry, points: list[int], players: int, total: int,
            pusher: int | None = None) -> list[int]:
    """Tricks won per seat: as entered, else one for a player with points, none without.
    ``pusher`` (Binokel's declarer) may have points without a trick: the pushed cards."""
    if entry.tricks is None:
        return [1 if p else 0 for p in points]
    tricks = _per_seat(entry.tricks, "tricks", players)
    if sum(tricks) != total:
        raise _refuse("tricks", f"{sum(tricks)} entered, the deal has {total}")
    for s, (t, p) in enumerate(zip(tricks, points, strict=True)):
        if p and not t and s != pusher:
            raise _refuse("tricks", f"seat {s}: {p} trick points but no trick")
    return tricks


def _check_melds(melds: list[int], step: int = 10) -> None:
    for s, m in enumerate(melds):
        if m % step or m > MAX_MELD:
            raise _refuse("melds", f"seat {s}: melds of {m} — no hand holds that (melds are "
                          f"multiples of {step}, at most {MAX_MELD})")


@functools.lru_cache(maxsize=64)
def meld_totals(rules: BinokelRules) -> frozenset[int]:
    """Every meld total one Binokel hand could show under ``rules``: the sums of one choice
    in each class (each suit's pairs or families with one suit trump, each rank's four or
    eight, the Binokel, the Rundgang's surplus, the Dix). Cards that two classes would
    need twice and the hand's size are not looked at, so the set holds every real total
    and a few more: a total outside it is surely a mistake (30 or 50 without Dix, ...).

    >>> t = meld_totals(BinokelRules())
    >>> 0 in t, 20 in t, 30 in t, 50 in t, 190 in t, max(t) > 1000
    (True, True, False, False, True, True)
    """
    def add(totals: frozenset[int], options: Iterable[int]) -> frozenset[int]:
        return frozenset(x + o for x in totals for o in set(options))

    totals = frozenset({0})
    for trump in (True, False, False, False):
        pair, family = (40, 150) if trump else (20, 100)
        double = rules.double_trump_family if trump else rules.double_family
        totals = add(totals, (0, pair, 2 * pair, family, family + pair, double))
    fours = [*FOUR_VALUES.values(), *([rules.four_tens] if rules.four_tens else [])]
    for four in fours:
        eight = 2 * four if rules.eight_of_a_rank == "double" else 1000
        totals = add(totals, (0, four, eight))
    totals = add(totals, (0, 40, 300))                       # Binokel, Doppelbinokel
    if isinstance(rules.rundgang, int):
        # The Rundgang replaces the four kings and obers (140) and up to four plain pairs
        # (one of them perhaps in trump).
        totals = add(totals, (0, *(rules.rundgang - 140 - 20 * k for k in range(7))))
    if rules.dix:
        totals = add(totals, (0, 10, 20))
    return totals


def _check_points(points: list[int], total: int) -> None:
    if sum(points) != total:
        raise _refuse("points", f"trick points add up to {sum(points)}, not {total} (the "
                      "cards' points and the last-trick bonus)")


def _score_binokel(game: str, rules: BinokelRules, players: int, e: DealEntry) -> Outcome:
    order, party = binokel_seating(game, players, e.dealer)
    contract = e.contract
    allowed = allowed_contracts(game, rules)
    if contract not in allowed:
        if contract in (DURCH, DURCH_OPEN) and not rules.durch:
            raise _refuse("contract", "Durch is not allowed under these rules (durch off)")
        if contract == DURCH_OPEN:
            raise _refuse("contract", "an open Durch is not allowed under these rules "
                          "(durch_open 0)")
        if contract == UNTENDURCH:
            raise _refuse("contract", "Untendurch is not allowed under these rules "
                          "(untendurch off)")
        if contract == THROWN_IN:
            raise _refuse("contract", "all passed cannot be under these rules: "
                          + ("Vorhand must open the bidding (vorhand_must_open)"
                             if rules.all_pass == "redeal" else
                             "Vorhand then plays at the lowest bid (all_pass = vorhand_plays)"))
        raise _refuse("contract", f"one of {', '.join(allowed)}, not {contract!r}")
    shell = DealState.new(rules, e.dealer, seed=0, players=players, game=game)
    hand = size(shell.hands[order[0]])
    state = DealState.at_play(rules, e.dealer, [0] * players, order[0], None, NORMAL, -1,
                              order[0], players=players, game=game)
    if contract == THROWN_IN:
        state.declarer = state.bid = None
        state.contract = THROWN_IN
        return binokel_score(state)
    if e.declarer is None or e.declarer >= players or party[e.declarer] < 0:
        raise _refuse("declarer", f"a seat in play ({', '.join(map(str, order))})")
    if e.bid is None:
        raise _refuse("bid", "needed")
    if not rules.min_bid <= e.bid <= rules.max_bid or e.bid % rules.bid_step:
        raise _refuse("bid", f"{e.bid} — bids go from {rules.min_bid} to {rules.max_bid} "
                      f"in steps of {rules.bid_step}")
    melds = _per_seat(e.melds, "melds", players) if e.melds else [0] * players
    points = _per_seat(e.points, "points", players) if e.points else [0] * players
    _check_melds(melds)
    possible = meld_totals(rules)
    for s, m in enumerate(melds):
        if m not in possible:
            raise _refuse("melds", f"seat {s}: melds of {m} — no hand holds that under "
                          "these rules")
    for s in range(players):
        if party[s] < 0 and (melds[s] or points[s]):
            raise _refuse("melds" if melds[s] else "points",
                          f"seat {s} deals and sits out: no melds, no points")
    others = [s for s in order if party[s] != party[e.declarer]]
    if contract == NORMAL:
        deck_points = sum(rules.points[c & 7] for c in shell.deck)
        _check_points(points, deck_points + rules.last_trick_bonus)
        tricks = _tricks(e, points, players, hand, e.declarer)
        if e.made is not None:
            raise _refuse("made", "only for Durch and Untendurch (a normal game is decided "
                          "by melds and trick points)")
    elif contract == ABGEHEN:
        if any(points):
            raise _refuse("points", "abgehen: no trick is played, so no trick points")
        tricks = [0] * players
    else:
        if e.made is None:
            raise _refuse("made", f"{contract}: say whether it was made")
        tricks = [0] * players
        # The play stops at the first trick that decides it: one trick tells the story.
        if contract == UNTENDURCH:
            tricks[e.declarer if not e.made else others[0]] = 1
        else:
            tricks[e.declarer if e.made else others[0]] = 1
    state.declarer, state.bid = e.declarer, e.bid
    state.contract = DURCH if contract == DURCH_OPEN else contract
    state.open_durch = contract == DURCH_OPEN
    state.melds = [MeldResult((), m) for m in melds]
    state.trick_points = points
    state.tricks_won = tricks
    return binokel_score(state)


def _score_zweier(rules: ZweierRules, players: int, e: DealEntry) -> Outcome:
    state = ZweierState.new(rules, e.dealer, seed=0)
    melds = _per_seat(e.melds, "melds", players) if e.melds else [0] * players
    points = _per_seat(e.points, "points", players)
    _check_melds(melds)
    _check_points(points, zweier_points_total(state))
    state.meld_points = melds
    state.trick_points = points
    state.tricks_won = [1 if p else 0 for p in points]
    # Who took the bonus trick is on no pad; it names a line of the result, not a score.
    state.tricks = [Trick(e.dealer, (), e.dealer, 0)]
    return zweier_score(state)


def _score_luxus(rules: LuxusRules, players: int, e: DealEntry) -> Outcome:
    state = LuxusState.new(rules, e.dealer, seed=0, players=players)
    melds = _per_seat(e.melds, "melds", players) if e.melds else [0] * players
    points = _per_seat(e.points, "points", players)
    _check_melds(melds)
    full = sum(POWER[c & 7] for c in state.deck) + rules.last_trick_bonus
    if state.leftover and rules.leftover != "last_trick":
        # Which cards were set aside is chance: only the whole deck bounds the sum.
        if sum(points) > full:
            raise _refuse("points", f"power points add up to {sum(points)}, more than the "
                          f"{full} the cards hold")
    else:
        _check_points(points, full)
    hand = size(state.hands[0])
    state.melds = tuple(MeldResult((), m) for m in melds)
    state.power_points = points
    state.tricks_won = _tricks(e, points, players, hand)
    if e.declarer is not None:
        if not 0 <= e.declarer < players:
            raise _refuse("declarer", f"a seat 0..{players - 1}")
        state.trump_maker = e.declarer
    return luxus_score(state)


def doko_state(rules: DokoRules, players: int, e: DealEntry) -> tuple[DealEntry, DokoState]:
    """The finished bare deal of a Doppelkopf entry: checked against ``rules`` (the deal's
    own, with its Bock level and the Pflichtsoli still owed) and scored by the engine's
    ``score_deal`` with the special points as reported. The entry comes back with
    ``pflicht`` as the rules make it: a declared solo of a seat that owes one."""
    state = DokoState.new(rules, e.dealer, seed=0, players=players)
    # The pad knows no cards: the deal holds only the facts entered.
    state.hands = [0] * players
    state.initial_hands = (0,) * players
    active = state.active
    n_tricks = rules.hand_size
    contract = e.contract
    allowed = allowed_contracts("doppelkopf", rules)
    if contract not in allowed:
        if contract in _DOKO_OPTION:
            raise _refuse("contract", f"{contract} is not played under these rules "
                          f"({_DOKO_OPTION[contract]} off)")
        if contract == doko_deal.THROWN_IN:
            raise _refuse("contract", "a deal is thrown in only with armut (nobody takes "
                          "it) or a throw_nines, throw_kings or throw_nines_kings option")
        raise _refuse("contract", f"one of {', '.join(allowed)}, not {contract!r}")
    state.contract = contract
    solo = contract.startswith("solo")
    if rules.vorgefuehrt >= 0 and not solo:
        raise _refuse("contract", f"seat {rules.vorgefuehrt} is vorgeführt: this deal is a "
                      "solo (DDV Vorführen)")
    if e.pflicht and not rules.pflichtsolo:
        raise _refuse("pflicht", "a Pflichtsolo is played only under the option pflichtsolo")
    if e.pflicht and not solo:
        raise _refuse("pflicht", f"only a declared solo is a Pflichtsolo, not a {contract}")
    if contract == doko_deal.THROWN_IN:
        for name in ("re", "re_augen", "re_tricks", "announced", "specials", "genscher"):
            if getattr(e, name) != _DEFAULTS[name]:
                raise _refuse(name, "a thrown-in deal is not played: no parties, Augen, "
                              "announcements, special points or Genscher")
        state.result = doko_score(state)
        state.phase, state.to_move = doko_deal.OVER, -1
        return e, state
    re = tuple(sorted(set(e.re)))
    if len(re) != len(e.re) or any(s not in active for s in re):
        raise _refuse("re", f"seats in play ({', '.join(map(str, active))}), each once")
    g = e.genscher
    if g is not None:
        _check_genscher(rules, active, e)
        if set(re) != set(g):
            raise _refuse("re", "after a Genscher, Re is its player and the partner he named")
    alone = g is None and (solo or contract == doko_deal.STILLE_HOCHZEIT or (
        contract == doko_deal.HOCHZEIT and not e.partner_found))
    if len(re) != (1 if alone else 2):
        raise _refuse("re", f"{'the soloist alone' if alone else 'two seats'} in a "
                      f"{contract}{' without partner' if alone and not solo else ''}")
    soloist = re[0] if solo else None
    if rules.vorgefuehrt >= 0 and (soloist != rules.vorgefuehrt or g is not None):
        raise _refuse("re", f"seat {rules.vorgefuehrt} is vorgeführt: this deal is his "
                      "solo (DDV Vorführen), and no other game")
    pflicht = soloist is not None and rules.owes_pflichtsolo(soloist)
    if e.pflicht and not pflicht:
        raise _refuse("pflicht", f"seat {soloist} owes no Pflichtsolo (played it already)")
    if not 0 <= e.re_tricks <= n_tricks:
        raise _refuse("re_tricks", f"0..{n_tricks}")
    if not 0 <= e.re_augen <= 240:
        raise _refuse("re_augen", "0..240")
    if (e.re_tricks == 0 and e.re_augen) or (e.re_tricks == n_tricks and e.re_augen != 240):
        raise _refuse("re_augen", f"Re took {e.re_tricks} tricks and {e.re_augen} Augen: "
                      "that cannot be")
    if not all(-1 <= x <= SCHWARZ for x in e.announced):
        raise _refuse("announced", "levels -1 (none) to 4 (schwarz)")
    if alone and e.specials:
        raise _refuse("specials", "a game scored as a solo has no special points")
    tricks = {doko_deal.RE: e.re_tricks, doko_deal.KONTRA: n_tricks - e.re_tricks}
    augen = {doko_deal.RE: e.re_augen, doko_deal.KONTRA: 240 - e.re_augen}
    _check_specials(rules, e.specials, tricks, augen)
    kontra = tuple(s for s in active if s not in re)
    state.re_seats = frozenset(re)
    state.announced = [e.announced[0], e.announced[1]]
    points = [0] * players
    won = [0] * players
    points[re[0]], won[re[0]] = e.re_augen, e.re_tricks
    points[kontra[0]], won[kontra[0]] = 240 - e.re_augen, n_tricks - e.re_tricks
    state.trick_points, state.tricks_won = points, won
    if contract == doko_deal.HOCHZEIT:
        state.hochzeit = re[0]
        state.clarified_in = 1
        state.partner = re[1] if e.partner_found else None
    elif solo or contract == doko_deal.STILLE_HOCHZEIT:
        state.soloist = re[0]
        state.pflicht = pflicht
    if g is not None:
        state.genscher = g
        if contract == doko_deal.STILLE_HOCHZEIT:
            # As the engine does: the Karo-Solo ends, two against two from the Genscher on.
            state.contract = doko_deal.NORMAL
            state.soloist = None
    facts = dataclasses.replace(doko_facts(state), specials=e.specials)
    assert facts.solo == alone == scored_as_solo(facts.contract, facts.partner_found)
    state.result = doko_facts_score(facts, rules)
    state.phase, state.to_move = doko_deal.OVER, -1
    return dataclasses.replace(e, pflicht=pflicht), state


def _check_genscher(rules: DokoRules, active: tuple[int, ...], e: DealEntry) -> None:
    """A Genscher (option ``genscher``) as the engine allows it: its player names another
    seat in play, in a normal game, a stille Hochzeit, or with ``genscher_hochzeit`` a
    Hochzeit that found its partner."""
    assert e.genscher is not None
    if rules.genscher == "off":
        raise _refuse("genscher", "not played under these rules (genscher off)")
    a, b = e.genscher
    if a == b or a not in active or b not in active:
        raise _refuse("genscher", "its player and the partner he named: two seats in play")
    c = e.contract
    if c in (doko_deal.NORMAL, doko_deal.STILLE_HOCHZEIT):
        return
    if c == doko_deal.HOCHZEIT and rules.genscher_hochzeit and e.partner_found:
        return
    where = "a normal game or a stille Hochzeit" if not rules.genscher_hochzeit else \
        "a normal game, a stille Hochzeit or a Hochzeit that found its partner"
    lone = " without partner" if c == doko_deal.HOCHZEIT else ""
    raise _refuse("genscher", f"not in a {c}{lone}: only in {where}")


def _check_specials(rules: DokoRules, specials: Sequence[tuple[str, str]],
                    tricks: Mapping[str, int], augen: Mapping[str, int]) -> None:
    """Special points that the rules score and the deal could have given: each of
    :func:`doko_specials` at most as often as a deal has it, the last trick's to one party
    and as its winning card allows, a Doppelkopf a trick of 40 Augen or more."""
    allowed = doko_specials(rules)
    for what, party in set(specials):
        if party not in PARTIES:
            raise _refuse("specials", f"{what}: for re or kontra, not {party!r}")
        if what not in allowed:
            if what not in DOKO_SPECIALS:
                raise _refuse("specials", f"one of {', '.join(allowed)}, not {what!r}")
            option_ = "karlchen" if rules.karlchen == "off" and "Karlchen" in what \
                else _special_option(what)
            raise _refuse("specials", f"{what} does not count under these rules "
                          f"({option_} off)")
    n = Counter(w for w, _ in specials)
    for what, k in n.items():
        if k > allowed[what]:
            raise _refuse("specials", f"at most {allowed[what]} {what} in a deal, not {k}")
    if len({p for w, p in specials if w in LAST_TRICK}) > 1:
        raise _refuse("specials", f"{', '.join(w for w in LAST_TRICK if w in allowed)} go to "
                      "the party that won the last trick: to one party")
    if n["Doppel-Karlchen"] and not n["Karlchen"]:
        raise _refuse("specials", "Doppel-Karlchen comes with the Karlchen that won the last "
                      "trick")
    if n["Karlchen"] and n["Fuchs im letzten Stich"]:
        raise _refuse("specials", "the last trick was won by one card: the Karlchen or the "
                      "Fuchs, not both")
    if n["Karlchen"] + n["Karlchen gefangen"] > 2:
        raise _refuse("specials", "there are two Karlchen: won and caught at most twice")
    if rules.karlchen_double and n["Karlchen"] and n["Karlchen gefangen"] and \
            not n["Doppel-Karlchen"]:
        raise _refuse("specials", "both Karlchen lay in the last trick: the one that won it "
                      "scores Doppel-Karlchen too")
    if n["Fuchs gefangen"] + n["Fuchs im letzten Stich"] > 2:
        raise _refuse("specials", "there are two foxes: caught and winning the last trick "
                      "at most twice")
    for party in PARTIES:
        mine = [w for w, p in specials if p == party]
        dk = mine.count("Doppelkopf")
        if mine and not tricks[party]:
            raise _refuse("specials", f"{party} took no trick, so no special point")
        if dk > tricks[party] or 40 * dk > augen[party]:
            raise _refuse("specials", f"{party} has {dk} Doppelkopf (a trick of 40 Augen "
                          f"each) with {tricks[party]} tricks and {augen[party]} Augen")


# ---------------------------------------------------------------------- JSON helpers
def _obj(data: Any, where: str) -> dict[str, Any]:
    return obj(data, where, PadError)


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    try:
        return whole(v, where, lo, hi, PadError)
    except PadError as e:
        raise PadError(str(e), where) from None


def _opt_int(v: Any, where: str, lo: int, hi: int) -> int | None:
    return None if v is None else _int(v, where, lo, hi)


def _ints(v: Any, where: str, lo: int, hi: int) -> tuple[int, ...]:
    if not isinstance(v, list) or len(v) > 8:
        raise _refuse(where, "a list of at most 8 numbers expected")
    return tuple(_int(x, where, lo, hi) for x in v)


def _text(v: Any, where: str, limit: int) -> str:
    try:
        return text(v, where, limit, PadError)
    except PadError as e:
        raise PadError(str(e), where) from None
