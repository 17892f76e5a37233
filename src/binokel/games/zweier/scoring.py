"""Scoring a deal of Zweierbinokel: each player writes his melds plus his trick points (the
last- or first-trick bonus included; rounded to tens with ``rounding = all``). There is no
declarer, no bid and no contract: every deal is played to its last trick, or its rest claimed
(option ``claims``).

Scoring reads only the facts of a deal (:class:`~.facts.ZweierFacts`): the engine's state
states them at the end of a deal, the score pad gathers them from the players, and both call
:func:`score`. How a result is worded for people is the presenter's (:mod:`.present`, texts in
:mod:`.texts`); the engine keeps the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from ...core.cards import SUIT_LETTERS
from ...core.outcome import Outcome
from ...core.outcome import Termination
from ...core.rules import round_to_ten
from ..family.melds import Meld
from .facts import ZweierFacts
from .facts import facts_of
from .rules import ZweierRules

if TYPE_CHECKING:
    from .state import ZweierState


@dataclass(frozen=True)
class ZweierResult(Outcome):
    """The outcome of one deal: each player's melds and trick points, and the scores."""

    trump: int
    melds: tuple[tuple[Meld, ...], ...]
    meld_points: tuple[int, ...]
    trick_points: tuple[int, ...]        # card points of won tricks + the bonus
    counted_trick_points: tuple[int, ...]  # after rounding (rounding = all)
    tricks_won: tuple[int, ...]
    bonus: int                           # the last- (or first-) trick bonus
    bonus_to: int                        # who got it
    bonus_trick: str = "last"            # which trick carried it (option bonus_trick)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "meld_points": list(self.meld_points), "trick_points": list(self.trick_points),
            "counted_trick_points": list(self.counted_trick_points),
            "tricks_won": list(self.tricks_won), "bonus": self.bonus, "bonus_to": self.bonus_to,
            "bonus_trick": self.bonus_trick, "declarer": None, "contract": self.contract,
            "made": None,
        }


def score(f: ZweierFacts, rules: ZweierRules) -> ZweierResult:
    """Each player scores his melds plus his trick points (rounded with ``rounding = all``)."""
    tp = f.trick_points
    counted = tuple(round_to_ten(x) for x in tp) if rules.rounding == "all" else tp
    scores = tuple(f.meld_points[p] + counted[p] for p in (0, 1))
    bonus_to = f.last_trick if rules.bonus_trick == "last" else f.first_trick
    return ZweierResult(f.trump, f.melds, f.meld_points, tp, counted, f.tricks_won,
                        rules.last_trick_bonus, bonus_to, rules.bonus_trick, scores=scores,
                        termination=Termination.DECIDED if f.claimed else Termination.PLAYED)


def score_deal(state: ZweierState) -> ZweierResult:
    """Score the finished deal ``state``: its facts under its rules."""
    return score(facts_of(state), state.rules)


def points_total(state: ZweierState) -> int:
    """What a deal hands out in trick points: the deck's card points (240 under either
    ``card_points``) plus the trick bonus."""
    pts = state.rules.points
    return sum(pts[c & 7] for c in state.deck) + state.rules.last_trick_bonus


__all__ = ["ZweierFacts", "ZweierResult", "facts_of", "points_total", "score",
           "score_deal"]
