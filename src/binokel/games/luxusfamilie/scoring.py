"""Scoring a deal of Luxusfamilie: power points, their conversion, melds, the result.

Power points (Machtpunkte) are the classic card points, A 11, 10 10, K 4, O 3, U 2, 7 0: 240
in the deck, plus the option ``last_trick_bonus`` on the last trick; the set-aside cards (five
and seven players) count for nobody or, with ``leftover = last_trick``, for the winner of the
last trick. They are converted to trick points (Stichpunkte, option ``conversion``); a player
scores his melds (lost without a trick with ``meld_needs_trick``) plus his trick points.
Nobody loses points. Scoring reads only the facts of a deal (:class:`~.facts.LuxusFacts`):
the engine's state states them at the end of a deal, the score pad gathers them from the
players, and both call :func:`score`.

>>> convert(57, "tens"), convert(55, "tens"), convert(54, "tens"), convert(59, "floor")
(60, 60, 50, 50)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from ...core.cards import CARD_POINTS
from ...core.cards import SUIT_LETTERS
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import card_token
from ...core.cards import count
from ...core.cards import distinct
from ...core.outcome import Outcome
from ...core.outcome import Termination
from ...core.rules import RulesError
from ...core.rules import round_to_ten
from ..family.melds import MeldResult
from .facts import LuxusFacts
from .facts import facts_of
from .rules import LuxusRules

if TYPE_CHECKING:
    from .state import LuxusState

# Machtpunkte by rank slot 7, 9, U, O, K, 10, A.
POWER: tuple[int, ...] = CARD_POINTS["classic"]


def set_power(s: CardSet) -> int:
    """The power points of the cards of ``s``."""
    return sum(POWER[c & 7] * count(s, c) for c in distinct(s))


def convert(power: int, conversion: str) -> int:
    """Trick points (Stichpunkte) for ``power`` power points (Machtpunkte): to the nearest
    ten, 5 up (``tens``), unchanged (``identity``) or down to tens (``floor``)."""
    if conversion == "tens":
        return round_to_ten(power)
    if conversion == "identity":
        return power
    if conversion == "floor":
        return power // 10 * 10
    raise RulesError(f"option 'conversion': {conversion!r} is not allowed")


@dataclass(frozen=True)
class LuxusResult(Outcome):
    """The outcome of one deal: per-seat scores and what made them. Every deal is played to
    its last trick; ``declarer`` is the trump maker, who plays for himself like everyone."""

    melds: tuple[MeldResult, ...]        # as shown (with trump values if trump_melds)
    meld_points: tuple[int, ...]         # as counted (0 where meld_needs_trick voids them)
    power_points: tuple[int, ...]        # Machtpunkte from won tricks (bonus included)
    trick_points: tuple[int, ...]        # Stichpunkte: power points converted
    tricks_won: tuple[int, ...]
    trump: int                           # named by the trump maker (``declarer``)
    trump_reason: str                    # which criterion made him trump maker
    leftover: tuple[Card, ...]           # the set-aside cards, turned up after the deal
    leftover_rule: str = "nobody"

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores), "declarer": self.declarer,
            "contract": self.contract, "made": self.made, "bid": self.bid,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "trump_reason": self.trump_reason,
            "melds": [m.total for m in self.melds], "meld_points": list(self.meld_points),
            "meld_details": [[x.to_json() for x in m.melds] for m in self.melds],
            "power_points": list(self.power_points), "trick_points": list(self.trick_points),
            "tricks_won": list(self.tricks_won),
            "leftover": [card_token(c) for c in self.leftover],
        }


def points_total(state: LuxusState) -> int:
    """The power points a deal played to its last trick hands out: the cards in play, the
    last-trick bonus, and the set-aside cards where they count for the last trick."""
    r = state.rules
    total = sum(POWER[c & 7] for c in state.deck) + r.last_trick_bonus
    return total if r.leftover == "last_trick" else total - set_power(state.leftover)


def score(f: LuxusFacts, rules: LuxusRules) -> LuxusResult:
    """Each player scores his melds (void without a trick with ``meld_needs_trick``) plus
    his converted power points."""
    meld_points = tuple(0 if rules.meld_needs_trick and won == 0 else m.total
                        for m, won in zip(f.melds, f.tricks_won, strict=True))
    trick_points = tuple(convert(p, rules.conversion) for p in f.power_points)
    scores = tuple(m + t for m, t in zip(meld_points, trick_points, strict=True))
    return LuxusResult(
        scores=scores, termination=Termination.DECIDED if f.claimed else Termination.PLAYED,
        declarer=f.trump_maker,
        melds=f.melds, meld_points=meld_points, power_points=f.power_points,
        trick_points=trick_points, tricks_won=f.tricks_won, trump=f.trump,
        trump_reason=f.trump_reason, leftover=f.leftover, leftover_rule=rules.leftover)


def score_deal(state: LuxusState) -> LuxusResult:
    """Score the finished deal ``state``: its facts under its rules."""
    return score(facts_of(state), state.rules)


__all__ = ["POWER", "LuxusFacts", "LuxusResult", "convert", "facts_of", "points_total", "score",
           "score_deal", "set_power"]
