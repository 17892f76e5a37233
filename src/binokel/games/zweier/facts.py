"""The facts of a finished deal of Zweierbinokel: everything its scoring reads.

Each player's melds and trick points (the trick bonus included), the tricks won, and who won
the first and the last trick (which of them carried the bonus is the rules' ``bonus_trick``).
The engine's state states them at the end of a deal (:func:`facts_of`); the score pad
gathers them from what players say (:mod:`.pad`). Both score them with
:func:`.scoring.score`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..family.melds import Meld

if TYPE_CHECKING:
    from .state import ZweierState


@dataclass(frozen=True)
class ZweierFacts:
    """What decides the score of one finished deal: per player ``meld_points`` and
    ``trick_points`` (card points of won tricks and the bonus), ``tricks_won``; for the
    result only ``melds`` (as shown), ``trump`` (-1: not known, as on a score pad) and who
    won the ``first_trick`` and the ``last_trick`` (after an accepted claim: who took the
    rest); ``claimed``: the rest was claimed or conceded, not played."""

    meld_points: tuple[int, int]
    trick_points: tuple[int, int]
    tricks_won: tuple[int, int] = (0, 0)
    melds: tuple[tuple[Meld, ...], tuple[Meld, ...]] = ((), ())
    trump: int = -1
    first_trick: int = 0
    last_trick: int = 0
    claimed: bool = False


def facts_of(state: ZweierState) -> ZweierFacts:
    """The facts of the finished deal ``state``."""
    return ZweierFacts(
        meld_points=(state.meld_points[0], state.meld_points[1]),
        trick_points=(state.trick_points[0], state.trick_points[1]),
        tricks_won=(state.tricks_won[0], state.tricks_won[1]),
        melds=(tuple(state.melds[0]), tuple(state.melds[1])), trump=state.trump,
        first_trick=state.tricks[0].winner,
        last_trick=state.rest_to if state.rest_to >= 0 else state.tricks[-1].winner,
        claimed=state.rest_to >= 0)


__all__ = ["ZweierFacts", "facts_of"]
