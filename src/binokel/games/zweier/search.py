"""Zweierbinokel after the stock as a :class:`~binokel.search.Position` for the search core.

Once the stock is empty (phase ``strict``) nothing is hidden any more from a player who
counts (every card he has not seen is in the other hand) and no card is drawn or melded:
the rest of the deal is a two-hand trick game under RULES §4 with the option ``must_beat``.
``seat`` maximises the card points he still takes (the last-trick bonus included); a
first-trick bonus is no part of the value (the first trick lies long before the stock ends).

>>> from binokel.games.zweier.state import ZweierState
>>> import random
>>> s = ZweierState.new(dealer=0, seed=3)
>>> rng = random.Random(1)
>>> while s.phase != "strict":
...     s.apply(s.random_action(rng))
>>> p = position(s, 0)
>>> p.tricks_left, p.maximiser
(12, (True, False))
"""

from __future__ import annotations

from ...core.cards import CardSet
from ...core.state import AnyState
from ...search import CardOrder
from ...search import Follow
from ...search import FollowRule
from ...search import Goal
from ...search import Position
from .deal import STRICT
from .rules import ZweierRules
from .state import ZweierState


def position_of(rules: ZweierRules, hands: tuple[CardSet, CardSet], seat: int, trump: int,
                leader: int, trick: tuple[int, ...]) -> Position:
    """The position from its parts, ``seat`` maximising."""
    return Position(
        hands=hands, order=(0, 1), maximiser=(seat == 0, seat == 1), leader=leader,
        trick=trick, cards=CardOrder.suits(trump),
        points=tuple(rules.points[c & 7] if c & 7 < 7 else 0 for c in range(32)),
        last_trick_bonus=rules.last_trick_bonus if rules.bonus_trick == "last" else 0,
        follow=Follow(FollowRule.BINOKEL, must_beat=rules.must_beat), goal=Goal.POINTS)


def position(state: ZweierState, seat: int | None = None) -> Position:
    """The position of ``state`` after the stock, for ``seat`` (default: the player to
    move)."""
    if state.phase != STRICT:
        raise ValueError(f"the search needs the play after the stock, not {state.phase}")
    return position_of(state.rules, (state.hands[0], state.hands[1]),
                       state.to_move if seat is None else seat, state.trump,
                       state.trick_leader, tuple(state.trick))


def search_position(state: AnyState) -> Position | None:
    """The spec's ``position`` hook: the position of ``state`` for the player to move's side
    in the play after the stock, else None (the search models no other phase)."""
    if isinstance(state, ZweierState) and state.phase == STRICT:
        return position(state)
    return None


__all__ = ["position", "position_of", "search_position"]
