"""Doppelkopf's play as a :class:`~binokel.search.Position` for the search core: two parties,
the Re party maximising the card points (Augen) it still takes.

The card order and the trick rules come from the game's own modules: which cards are trump
and how they rank from :mod:`.order` (the :class:`~.order.Order` of the contract being
played), which later copy beats an earlier one from :meth:`.order.Order.beats` under the
rules' options. :func:`card_order` checks that the search's order decides every pair of
cards as :meth:`~.order.Order.beats` does, so that a rule the search cannot express is an
error here rather than a wrong value.

The parties must be known: in a Hochzeit before its Klärungsstich the partner is not yet
fixed (the search does not model a party that changes during the play), so the strong player
plays those tricks by its heuristic, and the analysis takes the parties as they turned out.

>>> from binokel.games.doppelkopf.state import DokoState
>>> s = DokoState.new(dealer=0, seed=4)
>>> for _ in range(4):
...     s.apply("gesund")
>>> p = position(s)
>>> p.tricks_left, p.to_move == s.to_move, sum(p.maximiser)
(12, True, 2)
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from ...core.cards import CARD_POINTS
from ...core.cards import H10
from ...core.cards import CardSet
from ...core.state import AnyState
from ...search import CardOrder
from ...search import Follow
from ...search import FollowRule
from ...search import Goal
from ...search import Position
from .deal import PLAY
from .order import DOKO_CARDS
from .order import TRUMP
from .order import Order
from .rules import DokoRules
from .state import DokoState

POINTS: tuple[int, ...] = tuple(CARD_POINTS["classic"][c & 7] if c & 7 < 7 else 0
                                for c in range(32))
"""The Augen of each card slot (240 in the deck)."""


@lru_cache(maxsize=64)
def _card_order(order: Order, dulle_second: bool) -> CardOrder:
    group = tuple(order.group[c] if c in DOKO_CARDS else -1 for c in range(32))
    second = frozenset(c for c in DOKO_CARDS
                       if order.beats(c, c, order.group[c], dulle_second))
    out = CardOrder(group, order.power, TRUMP, second)
    for led in range(5):
        for best in DOKO_CARDS:
            if order.group[best] not in (led, TRUMP):
                continue  # the best card of a trick is of the led group or a trump
            for c in DOKO_CARDS:
                if order.beats(c, best, led, dulle_second) != out.beats(c, best):
                    raise ValueError(f"the search cannot express this card order "
                                     f"({order.kind}): cards {c} and {best}")
    return out


def card_order(order: Order, rules: DokoRules) -> CardOrder:
    """The search's card order for the game's ``order`` under ``rules`` (a Schweinchen
    order, its highest trump not the Dulle, keeps the first Dulle on top with
    ``dulle_first_with_schweine``). A Schweinchen not yet declared (``schweinchen_when``)
    is searched as the Fuchs it is until then."""
    schweine = bool(order.trumps) and order.trumps[0] != H10 and H10 in order.trumps
    return _card_order(order, rules.dulle_second_wins
                       and not (schweine and rules.dulle_first_with_schweine))


FOLLOW = Follow(FollowRule.FOLLOW_GROUP)
"""Bedienpflicht: follow the led group (the trumps are one group) if possible, else any."""


def position_of(order: Order, rules: DokoRules, hands: tuple[CardSet, ...],
                active: tuple[int, ...], re_seats: Collection[int], leader: int,
                trick: tuple[int, ...]) -> Position:
    """The position from its parts (a sampled world needs no whole deal state)."""
    return Position(hands=hands, order=active,
                    maximiser=tuple(s in re_seats for s in range(len(hands))),
                    leader=leader, trick=trick, cards=card_order(order, rules), points=POINTS,
                    follow=FOLLOW, goal=Goal.POINTS)


def position(state: DokoState, re_seats: Collection[int] | None = None) -> Position:
    """The play-phase position of ``state``; the Re party is ``re_seats`` (default: the
    deal's, which an unclarified Hochzeit does not know yet)."""
    if state.phase != PLAY:
        raise ValueError(f"the search needs a position in the play phase, not {state.phase}")
    return position_of(state.order, state.rules, tuple(state.hands), state.active,
                       state.re_seats if re_seats is None else re_seats, state.trick_leader,
                       tuple(state.trick))


def search_position(state: AnyState) -> Position | None:
    """The spec's ``position`` hook: the position of ``state`` for the player to move's side
    in the play, else None (the search models no other phase)."""
    if isinstance(state, DokoState) and state.phase == PLAY:
        return position(state)
    return None


__all__ = ["FOLLOW", "POINTS", "card_order", "position", "position_of", "search_position"]
