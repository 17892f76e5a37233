"""Scoring a finished deal of Binokel or Kreuzbinokel (RULES §5, §10): the result and why.

Scoring reads only the facts of a deal (:class:`~.facts.BinokelFacts`): the engine's state
states them at the end of a deal, the score pad gathers them from the players, and both
call :func:`score`. Everything is decided per party: a seat alone in three-player Binokel,
the two partners in Kreuzbinokel. Which game was played (normal, abgehen, Durch,
Untendurch, thrown in) decides how, one function each; every scoring option
(``lost_factor``, ``rounding``, ``abgehen_bonus``, ...) is read here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from ...core.cards import SUIT_LETTERS
from ...core.outcome import Outcome
from ...core.outcome import Termination
from ..family.melds import NO_TRUMP
from ..family.melds import MeldResult
from .deal import ABGEHEN
from .deal import DURCH
from .deal import THROWN_IN
from .deal import UNTENDURCH
from .facts import BinokelFacts
from .facts import facts_of
from .facts import party_seats
from .facts import set_points
from .rules import Rules

if TYPE_CHECKING:
    from .state import DealState


@dataclass(frozen=True)
class DealResult(Outcome):
    """The outcome of one deal and why."""

    trump: int
    melds: tuple[MeldResult, ...]
    meld_points: tuple[int, ...]      # melds as counted (0 where voided)
    trick_points: tuple[int, ...]     # card points taken incl. discard and the bonus
    tricks_won: tuple[int, ...]
    declarer_total: int | None = None
    notes: tuple[str, ...] = ()
    parties: tuple[tuple[int, ...], ...] = ()  # who scores together (Kreuzbinokel: teams)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores), "declarer": self.declarer, "bid": self.bid,
            "contract": self.contract,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "melds": [m.total for m in self.melds],
            "meld_points": list(self.meld_points),
            "meld_details": [[x.to_json() for x in m.melds] for m in self.melds],
            "trick_points": list(self.trick_points), "tricks_won": list(self.tricks_won),
            "made": self.made, "declarer_total": self.declarer_total, "notes": list(self.notes),
            "parties": [list(p) for p in self.parties],
        }


@dataclass(frozen=True)
class Sides:
    """The parties of a deal as its scoring sees them: each party's seats, the declarer's
    party and the others."""

    parties: list[int]
    members: dict[int, list[int]]
    ours: int
    others: list[int]

    @classmethod
    def of(cls, f: BinokelFacts, declarer: int) -> Sides:
        parties = sorted({p for p in f.party if p >= 0})
        members = {p: [s for s in range(f.players) if f.party[s] == p] for p in parties}
        ours = f.party[declarer]
        return cls(parties, members, ours, [p for p in parties if p != ours])

    def total(self, party: int, per_seat: tuple[int, ...] | list[int]) -> int:
        """``per_seat`` summed over the seats of ``party``."""
        return sum(per_seat[s] for s in self.members[party])


@dataclass
class _Score:
    """What one contract's scoring decides: the score per party and the melds as counted."""

    party: dict[int, int]
    meld_points: list[int]
    made: bool
    notes: list[str]
    declarer_total: int | None = None


def score(f: BinokelFacts, rules: Rules) -> DealResult:
    """Score the deal of the facts ``f`` per RULES §5 with every option of ``rules``.

    Everything is decided per party: a seat alone in 3-player Binokel, the two partners in
    Kreuzbinokel (their melds and trick points add up, and each partner's line on the sheet
    shows the team's score). A dealer who sits out scores 0.
    """
    if f.contract == THROWN_IN or f.declarer is None or f.bid is None:
        return _thrown_in(f)
    sides = Sides.of(f, f.declarer)
    contract = _CONTRACTS.get(f.contract, score_normal)
    s = contract(f, rules, sides, f.bid)
    scores = tuple(s.party[f.party[x]] if f.party[x] >= 0 else 0 for x in range(f.players))
    if f.contract == ABGEHEN:
        termination = Termination.CONCEDED
    else:
        termination = Termination.DECIDED if f.decided_early else Termination.PLAYED
    return DealResult(f.trump, f.melds, tuple(s.meld_points), f.trick_points, f.tricks_won,
                      s.declarer_total, tuple(s.notes), parties=f.parties, scores=scores,
                      termination=termination, contract=f.contract, declarer=f.declarer,
                      bid=f.bid, made=s.made)


def score_deal(state: DealState) -> DealResult:
    """Score the finished deal ``state``: its facts under its rules."""
    return score(facts_of(state), state.rules)


def _thrown_in(f: BinokelFacts) -> DealResult:
    """All passed: nobody scores."""
    return DealResult(NO_TRUMP, f.melds, (0,) * f.players, f.trick_points, f.tricks_won,
                      notes=("all passed: thrown in",), parties=f.parties,
                      scores=(0,) * f.players, contract=THROWN_IN,
                      termination=Termination.THROWN_IN)


def abgehen_bonus(rules: Rules, bid: int, in_play: int) -> int:
    """What each other party gets when the declarer goes out (option ``abgehen_bonus``)."""
    if rules.abgehen_bonus == "half_bid":
        return _half_bid(bid)
    if rules.abgehen_bonus == "per_player":
        return 10 * in_play
    return int(rules.abgehen_bonus)


def score_abgehen(f: BinokelFacts, rules: Rules, sides: Sides, bid: int) -> _Score:
    """Abgehen: the declarer's party loses the bid and its melds; the others get the bonus
    (and their melds with ``abgehen_others_meld``)."""
    bonus = abgehen_bonus(rules, bid, len(f.in_play))
    meld_pts = [m.total for m in f.melds]
    out = {sides.ours: -bid}
    for s in sides.members[sides.ours]:
        meld_pts[s] = 0
    for p in sides.others:
        if not rules.abgehen_others_meld:
            for s in sides.members[p]:
                meld_pts[s] = 0
        out[p] = sides.total(p, meld_pts) + bonus
    note = f"abgehen: declarer -{bid}, others +{bonus}" + (
        " plus melds" if rules.abgehen_others_meld else "")
    return _Score(out, meld_pts, False, [note])


def durch_made(f: BinokelFacts, sides: Sides) -> bool:
    """Whether a Durch (every trick) or an Untendurch (no trick) was made: the deal stops at
    the first trick that decides it, so "no trick lost" is the test."""
    if f.contract == UNTENDURCH:
        return sides.total(sides.ours, f.tricks_won) == 0
    return all(sides.total(p, f.tricks_won) == 0 for p in sides.others)


def score_durch(f: BinokelFacts, rules: Rules, sides: Sides, bid: int) -> _Score:
    """Durch and Untendurch: a fixed value won or lost (``durch_win``, ``durch_open``,
    ``durch_loss``); no melds count."""
    made = durch_made(f, sides)
    win_value = rules.durch_open if f.open_durch else rules.durch_win
    out = dict.fromkeys(sides.others, 0)
    out[sides.ours] = win_value if made else -rules.durch_loss
    return _Score(out, [0] * f.players, made, [f"{f.contract} {'won' if made else 'lost'}"])


def took_trick(f: BinokelFacts, rules: Rules, sides: Sides, party: int) -> bool:
    """Whether ``party`` took a trick that keeps its melds: any trick, or with
    ``meld_needs_points`` tricks holding card points (the pushed cards are no trick)."""
    if sides.total(party, f.tricks_won) == 0:
        return False
    if not rules.meld_needs_points:
        return True
    won = sides.total(party, f.trick_points)
    if f.declarer is not None and f.party[f.declarer] == party:
        won -= f.discard_points
    return won > 0


def void_melds_without_trick(f: BinokelFacts, rules: Rules, sides: Sides,
                             meld_pts: list[int], notes: list[str]) -> None:
    """``meld_needs_trick``: a party that took no trick (with ``meld_needs_points``: no
    trick worth a point) loses its melds."""
    if not rules.meld_needs_trick:
        return
    for p in sides.parties:
        if not took_trick(f, rules, sides, p):
            for s in sides.members[p]:
                if meld_pts[s]:
                    why = "no trick" if sides.total(p, f.tricks_won) == 0 else \
                        "no trick worth a point"
                    notes.append(f"seat {s} took {why}: meld {meld_pts[s]} void")
                    meld_pts[s] = 0


def open_game_made(f: BinokelFacts, rules: Rules, sides: Sides) -> bool:
    """Whether the deal is an open game that counts: the declarer laid his hand down before
    his first card, ``open_game`` is allowed and his party took every trick."""
    return (f.laid_down and rules.open_game > 0
            and all(sides.total(p, f.tricks_won) == 0 for p in sides.others))


def score_open_game(f: BinokelFacts, rules: Rules, sides: Sides, bid: int) -> _Score:
    """An open game (seed 003: "Aufgelegte Spiele werden mit 1000 Punkten gutgeschrieben"):
    the declarer's party is credited ``open_game``, or its melds and trick points if they
    are more (a player lays his hand down to gain, never to lose); the others score as in
    a normal game in which they took no trick (their melds, void under
    ``meld_needs_trick``)."""
    notes: list[str] = []
    meld_pts = [m.total for m in f.melds]
    void_melds_without_trick(f, rules, sides, meld_pts, notes)
    played = sides.total(sides.ours, meld_pts) + sides.total(sides.ours, f.trick_points)
    value = max(rules.open_game, played)
    if value > played:
        for s in sides.members[sides.ours]:
            meld_pts[s] = 0
    out = {sides.ours: value}
    for p in sides.others:
        out[p] = sides.total(p, meld_pts)
    notes.append(f"open game: declarer +{value}")
    return _Score(out, meld_pts, True, notes, value)


def score_normal(f: BinokelFacts, rules: Rules, sides: Sides, bid: int) -> _Score:
    """A normal game: the declarer's party makes its bid with melds and trick points (as
    ``bid_check`` counts them) and scores them, or loses the bid (``lost_factor``, double
    when unreachable with ``overbid_unreachable``); the others score their melds and trick
    points (rounded by ``rounding``), plus half the bid with ``lost_bonus_others``."""
    if open_game_made(f, rules, sides):
        return score_open_game(f, rules, sides, bid)
    notes: list[str] = []
    meld_pts = [m.total for m in f.melds]
    void_melds_without_trick(f, rules, sides, meld_pts, notes)
    p_melds = {p: sides.total(p, meld_pts) for p in sides.parties}
    p_tricks = {p: sides.total(p, f.trick_points) for p in sides.parties}
    rounded = {p: rules.round_points(x) for p, x in p_tricks.items()}
    ours = sides.ours
    total = p_melds[ours] + (rounded[ours] if rules.bid_check == "rounded" else p_tricks[ours])
    made = total >= bid
    out: dict[int, int] = {}
    if made:
        out[ours] = p_melds[ours] + (rounded[ours] if rules.rounding == "all"
                                     else p_tricks[ours])
    else:
        factor = rules.lost_factor
        best_melds_total = sum(f.melds[s].total for s in sides.members[ours])
        if rules.overbid_unreachable and best_melds_total + _max_trick_points(rules) < bid:
            factor = 2
            notes.append("bid unreachable even with every trick: lost double")
        out[ours] = -bid * factor
        notes.append(f"declarer made {total} of {bid}: lost, -{bid * factor}")
    for p in sides.others:
        trick = rounded[p] if rules.rounding in ("others", "all") else p_tricks[p]
        out[p] = p_melds[p] + trick
        if not made and rules.lost_bonus_others:
            out[p] += _half_bid(bid)
    return _Score(out, meld_pts, made, notes, total)


_CONTRACTS: dict[str, Callable[[BinokelFacts, Rules, Sides, int], _Score]] = {
    ABGEHEN: score_abgehen, DURCH: score_durch, UNTENDURCH: score_durch}


def _max_trick_points(r: Rules) -> int:
    per_deck = 2 * 4 * sum(r.points)
    return per_deck + r.last_trick_bonus


def _half_bid(bid: int) -> int:
    return (bid // 2 + 9) // 10 * 10


__all__ = ["BinokelFacts", "DealResult", "Sides", "abgehen_bonus", "durch_made", "facts_of",
           "open_game_made", "party_seats", "score", "score_abgehen", "score_deal",
           "score_durch", "score_normal", "score_open_game", "set_points", "took_trick",
           "void_melds_without_trick"]
