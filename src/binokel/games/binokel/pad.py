"""The score pad of Binokel and Kreuzbinokel (:class:`~binokel.core.pad.PadAdapter`): a deal
as players enter it, its checks, its form, and its facts scored by :func:`.scoring.score`.

An entry (:class:`BinokelEntry`) says who declared (``declarer``; None: all passed) which
game (``contract``: ``normal``, ``open game`` — laid down before the first card and every
trick taken, with ``open_game`` —, ``abgehen``, ``durch``, ``durch open`` — a Durch with the
hand shown —, ``untendurch``, ``thrown_in``) at which ``bid``; per seat the ``melds`` as
shown and the ``points`` (trick points incl. the last-trick bonus; the declarer's incl. the
pushed cards); ``made`` for Durch and Untendurch; ``tricks`` per seat where it matters (a
player who took only pointless tricks; by default a player took a trick when he has points;
with ``meld_needs_points`` such tricks keep no meld, so they are not asked: the declarer's
points then count as his tricks' though they hold the pushed cards).

>>> pad = BinokelPad("binokel")
>>> entry = pad.parse({"dealer": 0, "declarer": 1, "bid": 300, "melds": [40, 200, 0],
...                    "points": [60, 150, 40]}, 3)
>>> pad.score(Rules(), 3, entry)[1].scores
(100, 350, 40)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import cast

from ...core.outcome import Outcome
from ...core.pad import MAX_NUMBER
from ...core.pad import CheckField
from ...core.pad import Choice
from ...core.pad import ChoiceField
from ...core.pad import Field
from ...core.pad import Note
from ...core.pad import NumberField
from ...core.pad import PadBook
from ...core.pad import PadForm
from ...core.pad import PerSeatField
from ...core.pad import PlainPad
from ...core.pad import SeatField
from ...core.pad import When
from ...core.pad import check_multiples
from ...core.pad import entry_json
from ...core.pad import only_fields
from ...core.pad import pad_words
from ...core.pad import per_seat
from ...core.pad import read_bool
from ...core.pad import read_dealer
from ...core.pad import read_ints
from ...core.pad import read_opt_int
from ...core.pad import read_text
from ...core.pad import refuse
from ...core.pad import tricks_from
from ...core.pad import words_of
from ...core.rules import RuleSet
from ..family.melds import FOUR_VALUES
from ..family.melds import MeldResult
from .deal import ABGEHEN
from .deal import DURCH
from .deal import NORMAL
from .deal import THROWN_IN
from .deal import UNTENDURCH
from .deal import deal_plan
from .deal import full_deck
from .deal import seating
from .facts import BinokelFacts
from .rules import Rules
from .scoring import score
from .texts import TEXTS

# Binokel's contracts as players say them; "durch open" is a Durch with the hand shown, an
# "open game" a trump game laid down before the first card that took every trick.
DURCH_OPEN = "durch open"
OPEN_GAME = "open game"
CONTRACTS = (NORMAL, OPEN_GAME, ABGEHEN, DURCH, DURCH_OPEN, UNTENDURCH, THROWN_IN)
DURCHS = (DURCH, DURCH_OPEN, UNTENDURCH)
MAX_MELD = 5000          # one hand's melds (eight of a rank 1000 + families + ...)
ASKED = ("dealer", "declarer", "bid", "contract", "melds", "points", "tricks", "made")
_WORDS = TEXTS.sections["pad"]
_ERRORS = TEXTS.sections["pad_errors"]
_CONTRACT_WORDS = TEXTS.sections["pad_contracts"]


@dataclass(frozen=True)
class BinokelEntry:
    """What the players say about one deal (see the module's text)."""

    dealer: int
    contract: str = NORMAL
    declarer: int | None = None
    bid: int | None = None
    melds: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    tricks: tuple[int, ...] | None = None
    made: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return entry_json(self, {"dealer": self.dealer, "contract": self.contract},
                          ("declarer", "bid", "made"), ("tricks",))


def allowed_contracts(rules: Rules) -> tuple[str, ...]:
    """The contracts a deal may have under ``rules``, in the order a form offers them:
    Durch (open with ``durch_open``) and Untendurch by their options; all passed (thrown
    in) only with ``all_pass = redeal`` when Vorhand need not open (``vorhand_must_open``
    off: otherwise somebody always bids).

    >>> allowed_contracts(Rules())
    ('normal', 'abgehen', 'durch', 'untendurch')
    """
    out = [NORMAL, *([OPEN_GAME] if rules.open_game else []), ABGEHEN]
    if rules.durch:
        out += [DURCH] + ([DURCH_OPEN] if rules.durch_open else [])
    if rules.untendurch:
        out.append(UNTENDURCH)
    if rules.all_pass == "redeal" and not rules.vorhand_must_open:
        out.append(THROWN_IN)
    return tuple(out)


@functools.lru_cache(maxsize=64)
def meld_totals(rules: Rules) -> frozenset[int]:
    """Every meld total one hand could show under ``rules``: the sums of one choice in each
    class (each suit's pairs or families with one suit trump, each rank's four or eight, the
    Binokel, the Rundgang's surplus, the Dix). Cards that two classes would need twice and
    the hand's size are not looked at, so the set holds every real total and a few more: a
    total outside it is surely a mistake (30 or 50 without Dix, ...).

    >>> t = meld_totals(Rules())
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


def points_total(rules: Rules) -> int:
    """The trick points a deal hands out: the cards' points and the last-trick bonus."""
    return sum(rules.points[c & 7] for c in full_deck(rules)) + rules.last_trick_bonus


def hand_size(rules: Rules, in_play: int) -> int:
    """The cards (and tricks) of each hand with ``in_play`` seats playing."""
    return deal_plan(rules, in_play).count(0)


class BinokelPad(PlainPad[BinokelEntry]):
    """The score pad of Binokel (``game`` "binokel": three, or four with the dealer sitting
    out) or Kreuzbinokel ("kreuzbinokel": four in teams)."""

    def __init__(self, game: str) -> None:
        self.game = game

    # ------------------------------------------------------------------ reading
    def parse(self, data: Mapping[str, Any], players: int) -> BinokelEntry:
        only_fields(data, ASKED, self.game)
        tricks, made = data.get("tricks"), data.get("made")
        return BinokelEntry(
            dealer=read_dealer(data, players),
            declarer=read_opt_int(data.get("declarer"), "declarer", 0, 8),
            bid=read_opt_int(data.get("bid"), "bid", 0, MAX_NUMBER),
            contract=read_text(data.get("contract", NORMAL), "contract", 20),
            melds=read_ints(data.get("melds", []), "melds", 0, MAX_NUMBER),
            points=read_ints(data.get("points", []), "points", 0, MAX_NUMBER),
            tricks=None if tricks is None else read_ints(tricks, "tricks", 0, 48),
            made=None if made is None else read_bool(made, "made"))

    # ------------------------------------------------------------------ scoring
    def score(self, rules: RuleSet, players: int,
              entry: BinokelEntry) -> tuple[BinokelEntry, Outcome]:
        r = cast(Rules, rules)
        return entry, score(self.facts(r, players, entry), r)

    def facts(self, rules: Rules, players: int, e: BinokelEntry) -> BinokelFacts:
        """The facts of the deal ``e`` says, checked against ``rules``."""
        order, party = seating(self.game, players, e.dealer)
        self.check_contract(rules, e.contract)
        if e.contract == THROWN_IN:
            return BinokelFacts(party=party, contract=THROWN_IN)
        declarer, bid = self.check_declarer(rules, order, party, e)
        melds = per_seat(e.melds, "melds", players) if e.melds else [0] * players
        points = per_seat(e.points, "points", players) if e.points else [0] * players
        check_melds(rules, melds)
        for s in range(players):
            if party[s] < 0 and (melds[s] or points[s]):
                raise refuse("melds" if melds[s] else "points",
                             f"seat {s} deals and sits out: no melds, no points",
                             _said("sits_out", seat=s + 1))
        others = [s for s in order if party[s] != party[declarer]]
        if e.contract == OPEN_GAME:
            # Every trick and every card point to the declarer's party (booked to him).
            if any(points):
                raise refuse("points", "an open game took every trick: no points to enter",
                             _said("open_game_points"))
            points[declarer] = points_total(rules)
            tricks = [0] * players
            tricks[declarer] = hand_size(rules, len(order))
            return BinokelFacts(
                party=party, contract=NORMAL, declarer=declarer, bid=bid,
                melds=tuple(MeldResult((), m) for m in melds), trick_points=tuple(points),
                tricks_won=tuple(tricks), laid_down=True)
        tricks = self.tricks(rules, len(order), e, points, others)
        return BinokelFacts(
            party=party, contract=DURCH if e.contract == DURCH_OPEN else e.contract,
            declarer=declarer, bid=bid, melds=tuple(MeldResult((), m) for m in melds),
            trick_points=tuple(points), tricks_won=tuple(tricks),
            open_durch=e.contract == DURCH_OPEN)

    def check_contract(self, rules: Rules, contract: str) -> None:
        """A contract the rules allow; else why not."""
        allowed = allowed_contracts(rules)
        if contract in allowed:
            return
        if contract in (DURCH, DURCH_OPEN) and not rules.durch:
            raise refuse("contract", "Durch is not allowed under these rules (durch off)",
                         _said("durch_off"))
        if contract == DURCH_OPEN:
            raise refuse("contract", "an open Durch is not allowed under these rules "
                         "(durch_open 0)", _said("durch_open_off"))
        if contract == UNTENDURCH:
            raise refuse("contract", "Untendurch is not allowed under these rules "
                         "(untendurch off)", _said("untendurch_off"))
        if contract == THROWN_IN:
            raise refuse("contract", "all passed cannot be under these rules: " + (
                "Vorhand must open the bidding (vorhand_must_open)"
                if rules.all_pass == "redeal" else
                "Vorhand then plays at the lowest bid (all_pass = vorhand_plays)"),
                _said("thrown_in_off"))
        raise refuse("contract", f"one of {', '.join(allowed)}, not {contract!r}")

    def check_declarer(self, rules: Rules, order: tuple[int, ...], party: tuple[int, ...],
                       e: BinokelEntry) -> tuple[int, int]:
        """The declarer, a seat in play, and his bid, in range and on the step."""
        if e.declarer is None or e.declarer >= len(party) or party[e.declarer] < 0:
            raise refuse("declarer", f"a seat in play ({', '.join(map(str, order))})",
                         _said("declarer_seat"))
        if e.bid is None:
            raise refuse("bid", "needed", _said("bid_needed"))
        if not rules.min_bid <= e.bid <= rules.highest_bid or e.bid % rules.bid_step:
            raise refuse("bid", f"{e.bid} — bids go from {rules.min_bid} to "
                         f"{rules.highest_bid} in steps of {rules.bid_step}",
                         _said("bid_range", n=e.bid, min=rules.min_bid,
                               max=rules.highest_bid, step=rules.bid_step))
        return e.declarer, e.bid

    def tricks(self, rules: Rules, in_play: int, e: BinokelEntry, points: list[int],
               others: list[int]) -> list[int]:
        """The tricks won per seat as the contract tells them."""
        assert e.declarer is not None
        if e.contract == NORMAL:
            check_points(points, points_total(rules))
            if e.made is not None:
                raise refuse("made", "only for Durch and Untendurch (a normal game is "
                             "decided by melds and trick points)", _said("made_only_durch"))
            return tricks_from(e.tricks, points, hand_size(rules, in_play), e.declarer)
        if e.contract == ABGEHEN:
            if any(points):
                raise refuse("points", "abgehen: no trick is played, so no trick points",
                             _said("abgehen_points"))
            return [0] * len(points)
        if e.made is None:
            raise refuse("made", f"{e.contract}: say whether it was made",
                         _said("made_missing"))
        # The play stops at the first trick that decides it: one trick tells the story.
        tricks = [0] * len(points)
        declarer_took_it = e.made != (e.contract == UNTENDURCH)
        tricks[e.declarer if declarer_took_it else others[0]] = 1
        return tricks

    # ------------------------------------------------------------------ the form
    def form(self, rules: RuleSet, names: Sequence[str], book: PadBook) -> PadForm:
        r = cast(Rules, rules)
        n = len(names)
        seats = [seating(self.game, n, d) for d in range(n)]
        contracts = allowed_contracts(r)
        played: When = ({"contract": tuple(c for c in contracts if c != THROWN_IN)},)
        normal: When = ({"contract": (NORMAL,)},)
        melded: When = ({"contract": (NORMAL, OPEN_GAME)},)
        in_play = len(seats[0][0])
        fields: list[Field] = [
            ChoiceField("contract", _w("contract"), default=NORMAL, choices=tuple(
                Choice(c, words_of(_CONTRACT_WORDS, c)) for c in contracts)),
            SeatField("declarer", _w("declarer"), when=played),
            NumberField("bid", _w("bid"), when=played, low=r.min_bid, high=r.highest_bid,
                        step=r.bid_step, hint=words_of(_WORDS, "bid_range", min=r.min_bid,
                                                       max=r.highest_bid, step=r.bid_step)),
            CheckField("made", _w("made_durch"), when=({"contract": DURCHS},), labels=((
                ({"contract": (UNTENDURCH,)},), _w("made_untendurch")),)),
            PerSeatField("melds", _w("melds"), when=melded, step=10, high=MAX_MELD)]
        if r.abgehen_others_meld:
            fields.append(PerSeatField("others_melds", _w("melds"), key="melds",
                                       when=({"contract": (ABGEHEN,)},), step=10,
                                       high=MAX_MELD, others_of="declarer"))
        fields.append(PerSeatField("points", _w("points"), when=normal,
                                   total=points_total(r)))
        if r.meld_needs_trick and not r.meld_needs_points:
            hand = hand_size(r, in_play)
            fields.append(PerSeatField("tricks", _w("tricks"), when=normal, high=hand,
                                       total=hand, optional=True,
                                       hint=words_of(_WORDS, "tricks_hint", n=hand)))
        abgehen = "abgehen_hint" if r.abgehen_others_meld else "abgehen_no_melds"
        return PadForm(
            fields=tuple(fields), in_play=tuple(tuple(sorted(o)) for o, _ in seats),
            parties=tuple(p for _, p in seats),
            notes=(Note(_w(abgehen), ({"contract": (ABGEHEN,)},)),))

    def describe(self, entry: BinokelEntry, outcome: Outcome, rules: RuleSet,
                 names: Sequence[str]) -> dict[str, str]:
        """The contract and its declarer, made or lost."""
        word = words_of(_CONTRACT_WORDS, entry.contract)
        if outcome.declarer is None:
            return word
        made = {"de": "", "en": ""} if outcome.made is None else words_of(
            _WORDS, "made_yes" if outcome.made else "made_no")
        who = names[outcome.declarer]
        return {lang: f"{w}: {who} {made[lang]}".rstrip() for lang, w in word.items()}


def _w(key: str) -> dict[str, str]:
    return words_of(_WORDS, key)


def _said(key: str, **values: Any) -> dict[str, str]:
    """A pad error of the ``[pad_errors]`` texts in every language."""
    return words_of(_ERRORS, key, **values)


def check_melds(rules: Rules, melds: Sequence[int]) -> None:
    """Melds some hand could show under ``rules`` (:func:`meld_totals`)."""
    check_multiples(melds, "melds", 10, MAX_MELD)
    possible = meld_totals(rules)
    for s, m in enumerate(melds):
        if m not in possible:
            raise refuse("melds", f"seat {s}: melds of {m} — no hand holds that under "
                         "these rules", _said("melds_impossible", seat=s + 1, n=m))


def check_points(points: Sequence[int], total: int) -> None:
    if sum(points) != total:
        raise refuse("points", f"trick points add up to {sum(points)}, not {total} (the "
                     "cards' points and the last-trick bonus)",
                     pad_words("points_sum", n=sum(points), total=total))


__all__ = ["CONTRACTS", "DURCH_OPEN", "OPEN_GAME", "BinokelEntry", "BinokelPad",
           "allowed_contracts", "meld_totals", "points_total"]
