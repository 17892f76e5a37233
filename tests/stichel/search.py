"""Stichel's play as a position of the search core: the player to move against everyone
else, for the points he still takes (the "paranoid" reduction, as Luxusfamilie's).

>>> s = StichelState.new(dealer=0, seed=1, players=2)
>>> s.apply("trump E")
>>> p = search_position(s)
>>> p.tricks_left, p.maximiser[s.to_move], search_position(StichelState.new(seed=1))
(6, True, None)
"""

from __future__ import annotations

from binokel.core.state import AnyState
from binokel.search import CardOrder
from binokel.search import Follow
from binokel.search import FollowRule
from binokel.search import Goal
from binokel.search import Position

from .deal import PLAY
from .deal import POINTS
from .deal import RANKS
from .state import StichelState

CARD_POINTS: tuple[int, ...] = tuple(POINTS.get(c & 7, 0) for c in range(32))


def position(state: StichelState) -> Position:
    """The play-phase position of ``state`` for the player to move."""
    seat = state.to_move
    return Position(hands=tuple(state.hands), order=tuple(range(state.players)),
                    maximiser=tuple(s == seat for s in range(state.players)),
                    leader=state.trick_leader, trick=tuple(state.trick),
                    cards=CardOrder.suits(state.trump, RANKS), points=CARD_POINTS,
                    last_trick_bonus=state.rules.last_trick,
                    follow=Follow(FollowRule.FOLLOW_GROUP), goal=Goal.POINTS)


def search_position(state: AnyState) -> Position | None:
    """The spec's ``position`` hook: the play, else None."""
    if isinstance(state, StichelState) and state.phase == PLAY:
        return position(state)
    return None


__all__ = ["position", "search_position"]
