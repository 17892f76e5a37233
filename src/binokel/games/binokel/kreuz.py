"""Kreuzbinokel: four players, the partners opposite (seats 0+2 against 1+3), RULES §7.

The deal runs on the Binokel engine (:class:`binokel.games.binokel.state.DealState` with
``game="kreuzbinokel"``): what differs is data, not code paths. The seating gives each seat a
party, and bidding, Durch/Untendurch, ``meld_needs_trick``, rounding and scoring are decided per
party. 40 cards: 9 each and 4 in the Dapp (dealt 3-2-3-2-3); with ``sevens`` 48 cards, 11 each
(4-2-4-2-3).

>>> from binokel.games.binokel.rules import Rules
>>> state = new_deal(Rules(), dealer=3, seed=1)
>>> [len(state.view(s).hand) for s in range(4)], state.view(0).parties
([9, 9, 9, 9], ((0, 2), (1, 3)))
>>> state.apply("bid 150"); state.apply("pass")   # seat 1 passes: his partner, seat 3, goes on
>>> state.to_move
3
"""

from __future__ import annotations

import random

from ...core.cards import Card
from .deal import KREUZBINOKEL
from .rules import Rules
from .state import DealState


def new_deal(rules: Rules, dealer: int = 0, seed: int | None = None,
             deck_order: list[Card] | None = None, players: int = 4,
             rng: random.Random | None = None) -> DealState:
    """A Kreuzbinokel deal (``players`` must be 4)."""
    return DealState.new(rules, dealer, seed=seed, deck_order=deck_order, players=players,
                         rng=rng, game=KREUZBINOKEL)
