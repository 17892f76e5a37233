"""Binokel's play as a :class:`~binokel.search.Position` for the search core: 3-player
Binokel (also at a table of four with the dealer sitting out) and Kreuzbinokel.

The declarer's party maximises the card points it still takes (with the last-trick bonus),
or plays for Durch / Untendurch. A first-trick bonus (``bonus_trick = first``) is no part of
the value: it is decided before the play.

>>> from binokel.games.binokel.state import DealState
>>> from binokel.games.binokel.rules import Rules
>>> s = DealState.new(Rules(), dealer=2, seed=3)
>>> for a in ["bid 150", "pass", "pass"]:
...     s.apply(a)
>>> s.apply(s.legal_actions()[0]); s.apply("trump H")
>>> for _ in range(29):
...     s.apply(s.legal_actions()[0])
>>> p = position(s)
>>> p.tricks_left, p.to_move == s.to_move, len(p.trick)
(3, True, 2)
"""

from __future__ import annotations

from ...core.cards import CardSet
from ...core.state import AnyState
from ...search import CardOrder
from ...search import Follow
from ...search import FollowRule
from ...search import Goal
from ...search import Position
from .deal import DURCH
from .deal import PLAY
from .deal import UNTENDURCH
from .rules import Rules
from .state import DealState


def goal_of(contract: str | None) -> Goal:
    """What the declarer's party plays for under ``contract``."""
    return {DURCH: Goal.DURCH, UNTENDURCH: Goal.UNTENDURCH}.get(contract or "", Goal.POINTS)


def card_points(rules: Rules) -> tuple[int, ...]:
    """The card points of each of the 32 card slots under ``rules``."""
    return tuple(rules.points[c & 7] if c & 7 < 7 else 0 for c in range(32))


def follow_of(rules: Rules) -> Follow:
    """Binokel's duties (RULES §4) with the rules' options."""
    return Follow(FollowRule.BINOKEL, must_beat=True, must_overtrump=rules.must_overtrump,
                  must_trump_lower=rules.must_trump_lower,
                  partner_exemption=rules.partner_exemption)


def position_of(rules: Rules, hands: tuple[CardSet, ...], order: tuple[int, ...],
                party: tuple[int, ...], declarer: int, contract: str | None, trump: int,
                leader: int, trick: tuple[int, ...]) -> Position:
    """The position from its parts (a sampled world needs no whole deal state)."""
    ours = party[declarer]
    return Position(
        hands=hands, order=order, maximiser=tuple(p == ours for p in party),
        partners=party, leader=leader, trick=trick, cards=CardOrder.suits(trump=trump),
        points=card_points(rules),
        last_trick_bonus=rules.last_trick_bonus if rules.bonus_trick == "last" else 0,
        follow=follow_of(rules), goal=goal_of(contract))


def position(state: DealState) -> Position:
    """The play-phase position of ``state`` for the search (see the module's docstring)."""
    if state.phase != PLAY:
        raise ValueError(f"the search needs a position in the play phase, not {state.phase}")
    if state.declarer is None:
        raise ValueError("the deal has no declarer")
    return position_of(state.rules, tuple(state.hands), state.order, state.party,
                       state.declarer, state.contract, state.trump, state.trick_leader,
                       tuple(state.trick))


def search_position(state: AnyState) -> Position | None:
    """The spec's ``position`` hook: the position of ``state`` for the player to move's side
    in the play, else None (the search models no other phase)."""
    if isinstance(state, DealState) and state.phase == PLAY:
        return position(state)
    return None


__all__ = ["card_points", "follow_of", "goal_of", "position", "position_of", "search_position"]
