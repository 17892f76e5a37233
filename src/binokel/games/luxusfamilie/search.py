"""Luxusfamilie's play as a :class:`~binokel.search.Position` for the search core.

Everyone plays for himself. The search sees one player (``seat``) against all the others,
who are assumed to play against him (the "paranoid" reduction of a game of many sides to
two): his value is the power points he still takes, the last-trick bonus and, with
``leftover = last_trick``, the set-aside cards with it.

>>> from binokel.games.luxusfamilie.state import LuxusState
>>> s = LuxusState.new(dealer=0, seed=3, players=4)
>>> s.apply("trump H")
>>> p = position(s)
>>> p.tricks_left, p.maximiser[s.to_move], sum(p.maximiser)
(12, True, 1)
"""

from __future__ import annotations

from ...core.cards import CardSet
from ...core.state import AnyState
from ...search import CardOrder
from ...search import Follow
from ...search import FollowRule
from ...search import Goal
from ...search import Position
from ...search import TrumpDuty
from .deal import PLAY
from .deal import RANKS
from .rules import LuxusRules
from .scoring import POWER
from .scoring import set_power
from .state import LuxusState

POINTS: tuple[int, ...] = tuple(POWER[c & 7] if c & 7 < 7 else 0 for c in range(32))
"""The power points of each card slot."""


def follow_of(rules: LuxusRules) -> Follow:
    """Farbzwang and Trumpfzwang under the rules' ``trump_duty``; no duty to beat."""
    return Follow(FollowRule.LUXUS, trump_duty=TrumpDuty[rules.trump_duty.upper()])


def position_of(rules: LuxusRules, hands: tuple[CardSet, ...], seat: int, trump: int,
                leader: int, trick: tuple[int, ...], leftover: CardSet) -> Position:
    """The position from its parts, for ``seat`` against the rest (``leftover``: the
    set-aside cards, which count only with ``leftover = last_trick``)."""
    bonus = rules.last_trick_bonus
    if rules.leftover == "last_trick":
        bonus += set_power(leftover)
    return Position(hands=hands, order=tuple(range(len(hands))),
                    maximiser=tuple(s == seat for s in range(len(hands))), leader=leader,
                    trick=trick, cards=CardOrder.suits(trump, RANKS), points=POINTS,
                    last_trick_bonus=bonus, follow=follow_of(rules), goal=Goal.POINTS)


def position(state: LuxusState, seat: int | None = None) -> Position:
    """The play-phase position of ``state`` for ``seat`` (default: the player to move)."""
    if state.phase != PLAY:
        raise ValueError(f"the search needs a position in the play phase, not {state.phase}")
    return position_of(state.rules, tuple(state.hands),
                       state.to_move if seat is None else seat, state.trump,
                       state.trick_leader, tuple(state.trick), state.leftover)


def search_position(state: AnyState) -> Position | None:
    """The spec's ``position`` hook: the position of ``state`` for the player to move's side
    in the play, else None (the search models no other phase)."""
    if isinstance(state, LuxusState) and state.phase == PLAY:
        return position(state)
    return None


__all__ = ["POINTS", "follow_of", "position", "position_of", "search_position"]
