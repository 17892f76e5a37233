"""Scoring a finished deal of Binokel or Kreuzbinokel (RULES §5, §10): the result and why.

Everything is decided per party: a seat alone in three-player Binokel, the two partners in
Kreuzbinokel. Which game was played (normal, abgehen, Durch, Untendurch, thrown in) decides
how; every scoring option (``lost_factor``, ``rounding``, ``abgehen_bonus``, ...) is read here
and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from ...core.cards import SUIT_LETTERS
from ...core.cards import CardSet
from ...core.cards import count
from ...core.cards import distinct
from ...core.outcome import Outcome
from ...core.outcome import Termination
from .deal import ABGEHEN
from .deal import DURCH
from .deal import THROWN_IN
from .deal import UNTENDURCH
from .melds import NO_MELDS
from .melds import NO_TRUMP
from .melds import MeldResult
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


def set_points(rules: Rules, s: CardSet) -> int:
    """The card points of the cards of ``s``."""
    pts = rules.points
    return sum(pts[c & 7] * count(s, c) for c in distinct(s))


def score_deal(state: DealState) -> DealResult:
    """Score a finished deal per RULES §5 with every option.

    Everything is decided per party: a seat alone in 3-player Binokel, the two partners in
    Kreuzbinokel (their melds and trick points add up, and each partner's line on the sheet
    shows the team's score). A dealer who sits out scores 0.
    """
    r, n = state.rules, state.players
    decl, bid, contract = state.declarer, state.bid, state.contract or THROWN_IN
    melds = tuple(state.melds) if state.melds is not None else (NO_MELDS,) * n
    # The pushed cards count as the declarer's trick points (they are no trick, though).
    tp_list = list(state.trick_points)
    if decl is not None and state.discard:
        tp_list[decl] += set_points(state.rules, state.discard)
    tp = tuple(tp_list)
    tw = tuple(state.tricks_won)
    notes: list[str] = []
    if contract == THROWN_IN or decl is None or bid is None:
        return DealResult(NO_TRUMP, melds, (0,) * n, tp, tw, notes=("all passed: thrown in",),
                          parties=state.parties, scores=(0,) * n,
                          contract=THROWN_IN, termination=Termination.THROWN_IN)
    party = state.party
    parties = sorted({p for p in party if p >= 0})
    members = {p: [s for s in range(n) if party[s] == p] for p in parties}
    ours = party[decl]
    others = [p for p in parties if p != ours]
    meld_pts = [m.total for m in melds]
    p_score = dict.fromkeys(parties, 0)
    made: bool | None
    total: int | None = None
    if contract == ABGEHEN:
        if r.abgehen_bonus == "half_bid":
            bonus = _half_bid(bid)
        elif r.abgehen_bonus == "per_player":
            bonus = 10 * state.n_active
        else:
            bonus = int(r.abgehen_bonus)
        p_score[ours] = -bid
        for s in members[ours]:
            meld_pts[s] = 0
        for p in others:
            if not r.abgehen_others_meld:
                for s in members[p]:
                    meld_pts[s] = 0
            p_score[p] = sum(meld_pts[s] for s in members[p]) + bonus
        notes.append(f"abgehen: declarer -{bid}, others +{bonus}"
                     + (" plus melds" if r.abgehen_others_meld else ""))
        made = False
    elif contract in (DURCH, UNTENDURCH):
        # The deal stops at the first trick that decides it, so "no trick lost" is the test.
        ours_won = sum(tw[s] for s in members[ours])
        made = ours_won == 0 if contract == UNTENDURCH else all(
            tw[s] == 0 for p in others for s in members[p])
        win_value = r.durch_open if state.open_durch else r.durch_win
        p_score[ours] = win_value if made else -r.durch_loss
        meld_pts = [0] * n
        notes.append(f"{contract} {'won' if made else 'lost'}")
    else:
        if r.meld_needs_trick:
            for p in parties:
                if sum(tw[s] for s in members[p]) == 0:
                    for s in members[p]:
                        if meld_pts[s]:
                            notes.append(f"seat {s} took no trick: meld {meld_pts[s]} void")
                            meld_pts[s] = 0
        p_melds = {p: sum(meld_pts[s] for s in members[p]) for p in parties}
        p_tricks = {p: sum(tp[s] for s in members[p]) for p in parties}
        rounded = {p: r.round_points(x) for p, x in p_tricks.items()}
        decl_tp = rounded[ours] if r.bid_check == "rounded" else p_tricks[ours]
        total = p_melds[ours] + decl_tp
        made = total >= bid
        if made:
            p_score[ours] = p_melds[ours] + (
                rounded[ours] if r.rounding == "all" else p_tricks[ours])
        else:
            factor = r.lost_factor
            best_melds_total = sum(melds[s].total for s in members[ours])
            if r.overbid_unreachable and best_melds_total + _max_trick_points(r) < bid:
                factor = 2
                notes.append("bid unreachable even with every trick: lost double")
            p_score[ours] = -bid * factor
            notes.append(f"declarer made {total} of {bid}: lost, -{bid * factor}")
        for p in others:
            trick = rounded[p] if r.rounding in ("others", "all") else p_tricks[p]
            p_score[p] = p_melds[p] + trick
            if not made and r.lost_bonus_others:
                p_score[p] += _half_bid(bid)
    scores = tuple(p_score[party[s]] if party[s] >= 0 else 0 for s in range(n))
    if contract == ABGEHEN:
        termination = Termination.CONCEDED
    else:
        termination = Termination.PLAYED
        for s in state.order:
            if state.hands[s]:
                termination = Termination.DECIDED  # Durch or Untendurch, decided early
                break
    return DealResult(state.trump, melds, tuple(meld_pts), tp, tw, total, tuple(notes),
                      parties=state.parties, scores=scores, termination=termination,
                      contract=contract, declarer=decl, bid=bid, made=made)


def party_seats(party: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The parties as tuples of seats, ordered by their lowest seat (sitting-out seats left
    out)."""
    groups: dict[int, list[int]] = {}
    for s, p in enumerate(party):
        if p >= 0:
            groups.setdefault(p, []).append(s)
    return tuple(tuple(g) for g in sorted(groups.values()))


def _max_trick_points(r: Rules) -> int:
    per_deck = 2 * 4 * sum(r.points)
    return per_deck + r.last_trick_bonus


def _half_bid(bid: int) -> int:
    return (bid // 2 + 9) // 10 * 10
