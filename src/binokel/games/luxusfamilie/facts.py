"""The facts of a finished deal of Luxusfamilie: everything its scoring reads.

Each player's melds (as they count with trump), power points (Machtpunkte, the bonus and
counted set-aside cards included) and tricks; for the result the trump, its maker and why,
and the set-aside cards. The engine's state states them at the end of a deal
(:func:`facts_of`); the score pad gathers them from what players say (:mod:`.pad`). Both
score them with :func:`.scoring.score`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.cards import Card
from ...core.cards import cards_of
from ..family.melds import MeldResult

if TYPE_CHECKING:
    from .state import LuxusState


@dataclass(frozen=True)
class LuxusFacts:
    """What decides the score of one finished deal: per player ``melds`` (as shown, with
    trump values if ``trump_melds``), ``power_points`` and ``tricks_won``; for the result
    only ``trump`` (-1: not known, as on a score pad), the ``trump_maker`` (None: not
    known) and the criterion that made him (``trump_reason``), and the ``leftover``
    cards; ``claimed``: the rest was claimed, not played."""

    melds: tuple[MeldResult, ...]
    power_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    trump: int = -1
    trump_maker: int | None = None
    trump_reason: str = ""
    leftover: tuple[Card, ...] = ()
    claimed: bool = False


def facts_of(state: LuxusState) -> LuxusFacts:
    """The facts of the finished deal ``state``."""
    return LuxusFacts(
        melds=tuple(state.melds), power_points=tuple(state.power_points),
        tricks_won=tuple(state.tricks_won), trump=state.trump,
        trump_maker=state.trump_maker, trump_reason=state.trump_reason,
        leftover=tuple(cards_of(state.leftover)), claimed=any(state.hands))


__all__ = ["LuxusFacts", "facts_of"]
