"""Positions from today's Binokel engine (:class:`binokel.game.DealState`): 3-player
Binokel (also at a table of four with the dealer sitting out) and Kreuzbinokel.

This is the only module of :mod:`binokel.search` that imports the engine, so that the search
can move with the engine's modules.

>>> from binokel.game import DealState
>>> from binokel.rules import Rules
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

from ..game import DURCH, PLAY, PLAY_ACTIONS, UNTENDURCH, DealState
from .position import CardOrder, Follow, FollowRule, Goal, Position


def position(state: DealState) -> Position:
    """The play-phase position of ``state`` for the search: the declarer's party maximises
    the card points it still takes (with the last-trick bonus), or plays for Durch /
    Untendurch. A first-trick bonus (``bonus_trick = first``) is no part of the value, as
    in :mod:`binokel.solver`."""
    if state.phase != PLAY:
        raise ValueError(f"the search needs a position in the play phase, not {state.phase}")
    if state.declarer is None:
        raise ValueError("the deal has no declarer")
    r = state.rules
    ours = state.party[state.declarer]
    goal = {DURCH: Goal.DURCH, UNTENDURCH: Goal.UNTENDURCH}.get(state.contract or "",
                                                                 Goal.POINTS)
    return Position(
        hands=tuple(state.hands),
        order=state.order,
        maximiser=tuple(p == ours for p in state.party),
        partners=state.party,
        leader=state.trick_leader,
        trick=tuple(state.trick),
        cards=CardOrder.suits(trump=state.trump),
        points=tuple(r.points[c & 7] if c & 7 < 7 else 0 for c in range(32)),
        last_trick_bonus=r.last_trick_bonus if r.bonus_trick == "last" else 0,
        follow=Follow(FollowRule.BINOKEL, must_beat=True, must_overtrump=r.must_overtrump,
                      must_trump_lower=r.must_trump_lower,
                      partner_exemption=r.partner_exemption),
        goal=goal,
    )


def action(card: int) -> str:
    """The engine's action for playing ``card`` (``play EA``)."""
    return PLAY_ACTIONS[card]
