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

import functools
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import cast

from ..core.cards import size
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
from ..games.doppelkopf.reservations import solos_of
from ..games.doppelkopf.rules import DokoRules
from ..games.doppelkopf.scoring import score_deal as doko_score
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
DOKO_SPECIALS = ("Doppelkopf", "Fuchs gefangen", "Karlchen")
PARTIES = (doko_deal.RE, doko_deal.KONTRA)


class PadError(DataError):
    """An entry or a pad document that cannot be: the message says what and where."""


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

    Doppelkopf: ``contract`` (one of :data:`DOKO_CONTRACTS`), ``re`` (the Re seats: the
    soloist alone), ``re_augen``, ``re_tricks``, ``announced`` (levels of Re and Kontra: -1
    none, 0 Re/Kontra, 1-4 keine 90 / 60 / 30 / schwarz), ``specials`` ((what, party) of
    :data:`DOKO_SPECIALS`), ``partner_found`` (a Hochzeit that found its partner),
    ``pflicht`` (a solo that was a Pflichtsolo, option ``pflichtsolo``: the same dealer deals
    again and the deal does not count towards ``deals_per_series``).
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
        return out

    @classmethod
    def from_json(cls, data: Any) -> DealEntry:
        """An entry from untrusted JSON: types and sizes checked (the game's checks follow
        in :func:`score_entry`)."""
        d = _obj(data, "deal")
        known = {"dealer", "declarer", "bid", "contract", "made", "tricks", "melds", "points",
                 "re", "re_augen", "re_tricks", "announced", "specials", "partner_found",
                 "pflicht"}
        if unknown := set(d) - known:
            raise PadError(f"deal: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
        specials = d.get("specials", [])
        if not isinstance(specials, list) or len(specials) > MAX_SPECIALS:
            raise PadError(f"deal.specials: a list of at most {MAX_SPECIALS} [what, party]")
        pairs: list[tuple[str, str]] = []
        for x in specials:
            if not (isinstance(x, list) and len(x) == 2 and all(isinstance(y, str) for y in x)):
                raise PadError("deal.specials: each is [what, party]")
            pairs.append((_text(x[0], "deal.specials", 20), _text(x[1], "deal.specials", 10)))
        announced = _ints(d.get("announced", [-1, -1]), "deal.announced", -1, SCHWARZ)
        if len(announced) != 2:
            raise PadError("deal.announced: [Re level, Kontra level]")
        tricks = d.get("tricks")
        made = d.get("made")
        if made is not None and not isinstance(made, bool):
            raise PadError("deal.made: true, false or absent")
        partner, pflicht = d.get("partner_found", True), d.get("pflicht", False)
        if not isinstance(partner, bool) or not isinstance(pflicht, bool):
            raise PadError("deal.partner_found, deal.pflicht: true or false")
        return cls(
            dealer=_int(d.get("dealer"), "deal.dealer", 0, 8),
            declarer=_opt_int(d.get("declarer"), "deal.declarer", 0, 8),
            bid=_opt_int(d.get("bid"), "deal.bid", 0, MAX_POINTS),
            contract=_text(d.get("contract", NORMAL), "deal.contract", 20),
            melds=_ints(d.get("melds", []), "deal.melds", 0, MAX_POINTS),
            points=_ints(d.get("points", []), "deal.points", 0, MAX_POINTS),
            tricks=None if tricks is None else _ints(tricks, "deal.tricks", 0, 48),
            made=made, re=_ints(d.get("re", []), "deal.re", 0, 8),
            re_augen=_int(d.get("re_augen", 0), "deal.re_augen", 0, 240),
            re_tricks=_int(d.get("re_tricks", 0), "deal.re_tricks", 0, 12),
            announced=(announced[0], announced[1]), specials=tuple(pairs),
            partner_found=partner, pflicht=pflicht)


@dataclass
class Pad:
    """One table's score pad: the game, its rules, the players and the deals entered."""

    game: str
    rules: RuleSet
    players: tuple[str, ...]
    first_dealer: int = 0
    deals: list[DealEntry] = field(default_factory=list)
    _outcomes: list[Outcome] = field(default_factory=list, repr=False)

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
        except (RulesError, TypeError) as e:
            raise PadError(f"rules: {e}") from None
        if not 0 <= first_dealer < len(names):
            raise PadError(f"first_dealer: a seat 0..{len(names) - 1}")
        return cls(game, rules, names, first_dealer)

    # ------------------------------------------------------------------ entering
    def add(self, entry: DealEntry) -> None:
        """Score ``entry`` and append it; a deal that cannot be raises :class:`PadError`."""
        if len(self.deals) >= MAX_DEALS:
            raise PadError(f"a pad holds at most {MAX_DEALS} deals")
        outcome = score_entry(self.game, self.rules, len(self.players), entry)
        self.deals.append(entry)
        self._outcomes.append(outcome)

    def correct(self, index: int, entry: DealEntry) -> None:
        """Replace deal ``index`` (0-based) by ``entry``; the sheet is recomputed."""
        if not 0 <= index < len(self.deals):
            raise PadError(f"no deal {index + 1} (the pad has {len(self.deals)})")
        outcome = score_entry(self.game, self.rules, len(self.players), entry)
        self.deals[index] = entry
        self._outcomes[index] = outcome

    def remove_last(self) -> None:
        """Take back the last deal."""
        if not self.deals:
            raise PadError("the pad has no deal")
        self.deals.pop()
        self._outcomes.pop()

    # ------------------------------------------------------------------ reading
    def outcomes(self) -> tuple[Outcome, ...]:
        """Each deal's result as the game's scoring gives it."""
        return tuple(self._outcomes)

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
        return last.dealer if last.pflicht else (last.dealer + 1) % len(self.players)

    def winner(self) -> int | None:
        """The round's winner as the rules end a series (target or number of deals); None
        while the round goes on. Decided after each deal, like a played series: the first
        deal that ends the round decides it."""
        end = self.rules.series_end()
        n = len(self.players)
        counted = 0   # deals towards deals_per_series: Pflichtsoli come on top
        for line, res, entry in zip(self.sheet(), self._outcomes, self.deals, strict=True):
            counted += not entry.pflicht
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
                raise PadError(f"deal {i + 1}: {e}") from None
        return pad


# ---------------------------------------------------------------------- the entry form
def entry_form(pad: Pad) -> dict[str, Any]:
    """What an entry form asks for a deal of this pad, driven by its game and rules (plain
    JSON for the web page): ``kind`` (``binokel`` for Binokel and Kreuzbinokel,
    ``doppelkopf``, ``zweier``, ``luxusfamilie``), ``in_play`` (per dealer the seats that
    play; with four at a Binokel table or five at Doppelkopf the dealer sits out) and per kind:

    - binokel: ``contracts`` the rules allow (of :data:`BINOKEL_CONTRACTS`), ``bid``
      (min, max, step), ``parties`` (per dealer each seat's party, -1 out), ``points_total``
      (the trick points of a deal, bonus included), ``hand`` (tricks a deal has), ``tricks``
      (ask tricks per player: the option ``meld_needs_trick``);
    - doppelkopf: ``contracts`` (of :data:`DOKO_CONTRACTS`: the solos the rules allow, Armut
      with ``armut``, thrown in where a deal can be), ``hand`` (tricks a deal has),
      ``specials`` (of :data:`DOKO_SPECIALS`; Karlchen unless off), ``pflichtsolo``;
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
        contracts = [NORMAL, ABGEHEN]
        if b.durch:
            contracts += [DURCH] + ([DURCH_OPEN] if b.durch_open else [])
        if b.untendurch:
            contracts.append(UNTENDURCH)
        if b.all_pass == "redeal":
            contracts.append(THROWN_IN)
        shell = DealState.new(b, 0, seed=0, players=n, game=game)
        seats = [binokel_seating(game, n, d) for d in range(n)]
        out.update(contracts=contracts, bid={"min": b.min_bid, "max": b.max_bid,
                                             "step": b.bid_step},
                   in_play=[sorted(order) for order, _ in seats],
                   parties=[list(party) for _, party in seats],
                   points_total=sum(b.points[c & 7] for c in shell.deck) + b.last_trick_bonus,
                   hand=size(shell.hands[seats[0][0][0]]), tricks=b.meld_needs_trick)
    elif game == "doppelkopf":
        d = cast(DokoRules, pad.rules)
        contracts = [doko_deal.NORMAL, doko_deal.HOCHZEIT, doko_deal.STILLE_HOCHZEIT]
        if d.armut:
            contracts.append(doko_deal.ARMUT)
        contracts += solos_of(d)
        if d.armut or d.throw_nines or d.throw_kings or d.throw_nines_kings:
            contracts.append(doko_deal.THROWN_IN)
        doko = DokoState.new(d, 0, seed=0, players=n)
        out.update(contracts=contracts,
                   in_play=[sorted(doko_seating(k, n)[0]) for k in range(n)],
                   hand=size(doko.hands[doko.active[0]]),
                   specials=[s for s in DOKO_SPECIALS if s != "Karlchen" or d.karlchen != "off"],
                   pflichtsolo=d.pflichtsolo)
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
    """Check ``entry`` against the rules and score it with the game's own ``score_deal``."""
    if not 0 <= entry.dealer < players:
        raise PadError(f"dealer: a seat 0..{players - 1}")
    if game in ("binokel", "kreuzbinokel"):
        return _score_binokel(game, cast(BinokelRules, rules), players, entry)
    if game == "zweier":
        return _score_zweier(cast(ZweierRules, rules), players, entry)
    if game == "luxusfamilie":
        return _score_luxus(cast(LuxusRules, rules), players, entry)
    if game == "doppelkopf":
        return _score_doko(cast(DokoRules, rules), players, entry)
    raise PadError(f"the score pad does not know {game!r}")


def _per_seat(values: tuple[int, ...], name: str, players: int) -> list[int]:
    if len(values) != players:
        raise PadError(f"{name}: one number per player ({players}), got {len(values)}")
    return list(values)


def _tricks(entry: DealEntry, points: list[int], players: int, total: int,
            pusher: int | None = None) -> list[int]:
    """Tricks won per seat: as entered, else one for a player with points, none without.
    ``pusher`` (Binokel's declarer) may have points without a trick: the pushed cards."""
    if entry.tricks is None:
        return [1 if p else 0 for p in points]
    tricks = _per_seat(entry.tricks, "tricks", players)
    if sum(tricks) != total:
        raise PadError(f"tricks: {sum(tricks)} entered, the deal has {total}")
    for s, (t, p) in enumerate(zip(tricks, points, strict=True)):
        if p and not t and s != pusher:
            raise PadError(f"seat {s}: {p} trick points but no trick")
    return tricks


def _check_melds(melds: list[int], step: int = 10) -> None:
    for s, m in enumerate(melds):
        if m % step or m > MAX_MELD:
            raise PadError(f"seat {s}: melds of {m} — no hand holds that (melds are "
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
        raise PadError(f"trick points add up to {sum(points)}, not {total} (the cards' points "
                       "and the last-trick bonus)")


def _score_binokel(game: str, rules: BinokelRules, players: int, e: DealEntry) -> Outcome:
    order, party = binokel_seating(game, players, e.dealer)
    contract = e.contract
    if contract not in BINOKEL_CONTRACTS:
        raise PadError(f"contract: one of {', '.join(BINOKEL_CONTRACTS)}, not {contract!r}")
    if contract == DURCH_OPEN and not rules.durch_open:
        raise PadError("an open Durch is not allowed under these rules")
    if contract in (DURCH, DURCH_OPEN) and not rules.durch:
        raise PadError("Durch is not allowed under these rules")
    if contract == UNTENDURCH and not rules.untendurch:
        raise PadError("Untendurch is not allowed under these rules")
    shell = DealState.new(rules, e.dealer, seed=0, players=players, game=game)
    hand = size(shell.hands[order[0]])
    state = DealState.at_play(rules, e.dealer, [0] * players, order[0], None, NORMAL, -1,
                              order[0], players=players, game=game)
    if contract == THROWN_IN:
        state.declarer = state.bid = None
        state.contract = THROWN_IN
        return binokel_score(state)
    if e.declarer is None or e.declarer >= players or party[e.declarer] < 0:
        raise PadError(f"declarer: a seat in play ({', '.join(map(str, order))})")
    if e.bid is None:
        raise PadError("bid: needed")
    if not rules.min_bid <= e.bid <= rules.max_bid or e.bid % rules.bid_step:
        raise PadError(f"bid {e.bid}: bids go from {rules.min_bid} to {rules.max_bid} in "
                       f"steps of {rules.bid_step}")
    melds = _per_seat(e.melds, "melds", players) if e.melds else [0] * players
    points = _per_seat(e.points, "points", players) if e.points else [0] * players
    _check_melds(melds)
    possible = meld_totals(rules)
    for s, m in enumerate(melds):
        if m not in possible:
            raise PadError(f"seat {s}: melds of {m} — no hand holds that under these rules")
    for s in range(players):
        if party[s] < 0 and (melds[s] or points[s]):
            raise PadError(f"seat {s} deals and sits out: no melds, no points")
    others = [s for s in order if party[s] != party[e.declarer]]
    if contract == NORMAL:
        deck_points = sum(rules.points[c & 7] for c in shell.deck)
        _check_points(points, deck_points + rules.last_trick_bonus)
        tricks = _tricks(e, points, players, hand, e.declarer)
        if e.made is not None:
            raise PadError("made: only for Durch and Untendurch (a normal game is decided "
                           "by melds and trick points)")
    elif contract == ABGEHEN:
        if any(points):
            raise PadError("abgehen: no trick is played, so no trick points")
        tricks = [0] * players
    else:
        if e.made is None:
            raise PadError(f"{contract}: say whether it was made")
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
            raise PadError(f"power points add up to {sum(points)}, more than the {full} "
                           "the cards hold")
    else:
        _check_points(points, full)
    hand = size(state.hands[0])
    state.melds = tuple(MeldResult((), m) for m in melds)
    state.power_points = points
    state.tricks_won = _tricks(e, points, players, hand)
    if e.declarer is not None:
        if not 0 <= e.declarer < players:
            raise PadError(f"declarer: a seat 0..{players - 1}")
        state.trump_maker = e.declarer
    return luxus_score(state)


def _score_doko(rules: DokoRules, players: int, e: DealEntry) -> Outcome:
    state = DokoState.new(rules, e.dealer, seed=0, players=players)
    active = state.active
    n_tricks = size(state.hands[active[0]])
    contract = e.contract
    if contract not in DOKO_CONTRACTS:
        raise PadError(f"contract: one of {', '.join(DOKO_CONTRACTS)}, not {contract!r}")
    state.contract = contract
    if contract == doko_deal.THROWN_IN:
        return doko_score(state)
    re = tuple(sorted(set(e.re)))
    if len(re) != len(e.re) or any(s not in active for s in re):
        raise PadError(f"re: seats in play ({', '.join(map(str, active))}), each once")
    alone = contract.startswith("solo") or contract == doko_deal.STILLE_HOCHZEIT or (
        contract == doko_deal.HOCHZEIT and not e.partner_found)
    if len(re) != (1 if alone else 2):
        raise PadError(f"re: {'the soloist alone' if alone else 'two seats'} in a {contract}")
    if not 0 <= e.re_tricks <= n_tricks:
        raise PadError(f"re_tricks: 0..{n_tricks}")
    if (e.re_tricks == 0 and e.re_augen) or (e.re_tricks == n_tricks and e.re_augen != 240):
        raise PadError(f"Re took {e.re_tricks} tricks and {e.re_augen} Augen: that cannot be")
    if not -1 <= e.announced[0] <= SCHWARZ or not -1 <= e.announced[1] <= SCHWARZ:
        raise PadError("announced: levels -1 (none) to 4 (schwarz)")
    fox = {p: 0 for p in PARTIES}
    for what, party in e.specials:
        if what not in DOKO_SPECIALS or party not in PARTIES:
            raise PadError(f"special point {what!r} for {party!r}: what is one of "
                           f"{', '.join(DOKO_SPECIALS)}, party re or kontra")
        if what == "Fuchs gefangen":
            fox[party] += 1
    if alone and contract != doko_deal.HOCHZEIT and e.specials:
        raise PadError("a solo scores no special points")
    if sum(fox.values()) > 2 or sum(1 for w, _ in e.specials if w == "Karlchen") > 1:
        raise PadError("at most two foxes and one Karlchen are caught in a deal")
    for party, won in ((doko_deal.RE, e.re_tricks), (doko_deal.KONTRA, n_tricks - e.re_tricks)):
        if sum(1 for w, p in e.specials if p == party and w != "Fuchs gefangen") > won:
            raise PadError(f"{party} has more Doppelkopf and Karlchen than tricks")
    kontra = tuple(s for s in active if s not in re)
    state.re_seats = frozenset(re)
    state.announced = [e.announced[0], e.announced[1]]
    points = [0] * players
    tricks = [0] * players
    points[re[0]], tricks[re[0]] = e.re_augen, e.re_tricks
    points[kontra[0]], tricks[kontra[0]] = 240 - e.re_augen, n_tricks - e.re_tricks
    state.trick_points, state.tricks_won = points, tricks
    if contract == doko_deal.HOCHZEIT:
        state.hochzeit = re[0]
        state.clarified_in = 1
        state.partner = re[1] if e.partner_found else None
    elif contract.startswith("solo"):
        state.soloist = re[0]
    if e.pflicht:
        if not (contract.startswith("solo") and rules.pflichtsolo):
            raise PadError("pflicht: only a solo under the option pflichtsolo")
        state.pflicht = True
    return doko_score(state, specials=e.specials)


# ---------------------------------------------------------------------- JSON helpers
def _obj(data: Any, where: str) -> dict[str, Any]:
    return obj(data, where, PadError)


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    return whole(v, where, lo, hi, PadError)


def _opt_int(v: Any, where: str, lo: int, hi: int) -> int | None:
    return None if v is None else _int(v, where, lo, hi)


def _ints(v: Any, where: str, lo: int, hi: int) -> tuple[int, ...]:
    if not isinstance(v, list) or len(v) > 8:
        raise PadError(f"{where}: a list of at most 8 numbers expected")
    return tuple(_int(x, where, lo, hi) for x in v)


def _text(v: Any, where: str, limit: int) -> str:
    return text(v, where, limit, PadError)
