"""Who names trump, and naming it (``trump T``).

The best meld total at plain values names trump (seed 004); ties: more sevens, then more
Unter, Ober, Könige, Zehner, Asse, then (ours) the seat earlier in playing order. Every deal
has a trump maker, also when nobody melds anything. He names trump and leads the first trick;
with ``trump_melds`` the suit melds in trump now count up for everyone.

>>> choose_trump_maker([(40, 1, 0, 0, 0, 0, 0), (40, 1, 2, 0, 0, 0, 0)], [0, 1])
(1, 'unter')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.cards import ASS
from ...core.cards import KOENIG
from ...core.cards import OBER
from ...core.cards import SEVEN
from ...core.cards import SUIT_LETTERS
from ...core.cards import SUITS
from ...core.cards import UNTER
from ...core.cards import ZEHN
from ...core.cards import CardSet
from ...core.cards import card
from ...core.state import parse_suit_arg
from .deal import PLAY
from .melds import luxus_melds

if TYPE_CHECKING:
    from .state import LuxusState

# The tie-break after equal melds: sevens, then the next rank up each time (seed 004).
TIE_RANKS = (SEVEN, UNTER, OBER, KOENIG, ZEHN, ASS)
# The criteria in order, as ``trump_reason`` names the one that decided.
TIE_NAMES = ("melds", "sevens", "unter", "ober", "koenig", "zehn", "ass", "order")
TRUMP_ACTIONS = tuple(f"trump {s}" for s in SUIT_LETTERS)

_RANK_LOW = {r: sum(1 << (2 * card(s, r)) for s in SUITS) for r in TIE_RANKS}


def rank_count(hand: CardSet, r: int) -> int:
    """How many cards of rank ``r`` ``hand`` holds."""
    low = _RANK_LOW[r]
    return (hand & low).bit_count() + 2 * (hand & (low << 1)).bit_count()


def trump_claim(meld_total: int, hand: CardSet) -> tuple[int, ...]:
    """What decides who names trump, compared left to right: the meld total, then the
    number of sevens, Unter, Ober, Könige, Zehner, Asse (seed 004's tie-break).

    >>> from binokel.core.cards import cardset, parse_cards
    >>> trump_claim(40, cardset(parse_cards("E7 H7 SU EA")))
    (40, 2, 1, 0, 0, 0, 1)
    """
    return (meld_total, *(rank_count(hand, r) for r in TIE_RANKS))


def choose_trump_maker(claims: Sequence[tuple[int, ...]], order: Sequence[int]
                       ) -> tuple[int, str]:
    """The trump maker among the seats in ``order`` (playing order from the dealer's left)
    and the criterion that decided (a name of ``TIE_NAMES``)."""
    best = max(order, key=lambda s: (claims[s], -order.index(s)))
    rivals = [s for s in order if s != best]
    if not rivals:
        return best, TIE_NAMES[0]
    # The first criterion on which the winner beats every rival still level with him.
    level = rivals
    for i, name in enumerate(TIE_NAMES[:-1]):
        level = [s for s in level if claims[s][i] == claims[best][i]]
        if not level:
            return best, name
    return best, TIE_NAMES[-1]


def trump_maker(meld_totals: Sequence[int], hands: Sequence[CardSet], dealer: int
                ) -> tuple[int, str]:
    """The trump maker of a deal and why, from the plain meld totals and the hands."""
    players = len(hands)
    order = [(dealer + 1 + i) % players for i in range(players)]
    claims = [trump_claim(m, h) for m, h in zip(meld_totals, hands, strict=True)]
    return choose_trump_maker(claims, order)


def name_trump(state: LuxusState, arg: str) -> str:
    """``trump T``: the trump maker names suit T and leads; trump melds count up."""
    t = parse_suit_arg("trump", arg)
    state.trump = t
    if state.rules.trump_melds:
        state.melds = tuple(luxus_melds(h, t, state.rules) for h in state.initial_hands)
    state.phase = PLAY
    state.trick_leader = state.to_move = state.trump_maker
    return TRUMP_ACTIONS[t]


__all__ = ["TIE_NAMES", "TIE_RANKS", "TRUMP_ACTIONS", "choose_trump_maker", "name_trump",
           "rank_count", "trump_claim", "trump_maker"]
