"""Stichel's deck and deal: 16 cards (A 10 K O of each suit, one copy), dealt one by one
from the dealer's left; what is left over lies aside.

>>> from binokel.core.cards import size
>>> hands, aside = deal_hands(list(DECK), 2, 0)
>>> [size(h) for h in hands], size(aside)
([6, 6], 4)
"""

from __future__ import annotations

import random

from binokel.core.cards import ASS
from binokel.core.cards import KOENIG
from binokel.core.cards import OBER
from binokel.core.cards import SUITS
from binokel.core.cards import ZEHN
from binokel.core.cards import Card
from binokel.core.cards import CardSet
from binokel.core.cards import bit
from binokel.core.cards import card
from binokel.core.errors import IllegalAction

TRUMP, PLAY = "trump", "play"
RANKS = (ASS, ZEHN, KOENIG, OBER)
DECK: tuple[Card, ...] = tuple(card(s, r) for s in SUITS for r in RANKS)
HAND = {2: 6, 3: 5, 4: 4}
PLAYER_COUNTS = tuple(HAND)
POINTS = {ASS: 11, ZEHN: 10, KOENIG: 4, OBER: 3}


def full_deck(rules: object = None, players: int = 3) -> list[Card]:
    """The 16 cards, whatever the rules."""
    return list(DECK)


def check_deal(players: int, dealer: int, deck_order: list[Card] | None) -> None:
    """Raise :class:`IllegalAction` unless the table and the deck make a deal."""
    if players not in HAND:
        raise IllegalAction(f"Stichel is for 2 to 4 players, not {players}")
    if not 0 <= dealer < players:
        raise IllegalAction(f"dealer must be a seat 0..{players - 1}, not {dealer}")
    if deck_order is not None and sorted(deck_order) != sorted(DECK):
        raise IllegalAction(f"the deck must hold A 10 K O of every suit once "
                            f"({len(deck_order)} cards given)")


def shuffled_deck(seed: int | None, rng: random.Random | None) -> list[Card]:
    order = list(DECK)
    (rng or random.Random(seed)).shuffle(order)
    return order


def deal_hands(deck_order: list[Card], players: int, dealer: int
               ) -> tuple[list[CardSet], CardSet]:
    """Each seat's hand and the cards left aside."""
    hands = [0] * players
    n = HAND[players] * players
    for i, c in enumerate(deck_order[:n]):
        hands[(dealer + 1 + i) % players] += bit(c)
    return hands, sum(bit(c) for c in deck_order[n:])


def card_points(s: CardSet) -> int:
    return sum(POINTS[c & 7] for c in DECK if s >> (c << 1) & 1)


__all__ = ["DECK", "HAND", "PLAY", "PLAYER_COUNTS", "POINTS", "RANKS", "TRUMP", "card_points",
           "check_deal", "deal_hands", "full_deck", "shuffled_deck"]
