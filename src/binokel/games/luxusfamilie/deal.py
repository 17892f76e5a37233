"""The deal of Luxusfamilie: the 48-card deck, the packets per player count, who gets which
card, and the phases a deal goes through.

Three to eight players share 48 cards with sevens (A 10 K O U 7 twice in each suit), dealt
in packets from the dealer's left; with five and seven players three resp. six cards are left
over and set aside face down (``docs/luxusfamilie.md`` gives the packet table, which is
ours).

>>> from binokel.core.cards import size
>>> hands, aside = deal_hands(full_deck(), 5, 4)
>>> [size(h) for h in hands], size(aside)
([9, 9, 9, 9, 9], 3)
"""

from __future__ import annotations

import random

from ...core.cards import ASS
from ...core.cards import KOENIG
from ...core.cards import OBER
from ...core.cards import SEVEN
from ...core.cards import UNTER
from ...core.cards import ZEHN
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import deck
from ...core.errors import IllegalAction
from .rules import LuxusRules

# The phases: the trump maker names trump, then every card is played; the deal is then
# ``binokel.core.state.OVER``.
TRUMP, PLAY = "trump", "play"

RANKS = (ASS, ZEHN, KOENIG, OBER, UNTER, SEVEN)
PLAYER_COUNTS = (3, 4, 5, 6, 7, 8)
# Packets dealt to each player in turn from the dealer's left; what is left is set aside.
# Hands: 3 -> 16, 4 -> 12, 5 -> 9 (+3), 6 -> 8, 7 -> 6 (+6), 8 -> 6.
PACKETS: dict[int, tuple[int, ...]] = {
    3: (4, 4, 4, 4), 4: (3, 3, 3, 3), 5: (3, 3, 3), 6: (4, 4), 7: (3, 3), 8: (3, 3)}

DECK: tuple[Card, ...] = tuple(deck(RANKS))
_SORTED_DECK = sorted(DECK)
DECK_SET: CardSet = sum(bit(c) for c in DECK)


def full_deck(rules: LuxusRules | None = None, players: int = 4) -> list[Card]:
    """Both copies of A, 10, K, O, U, 7 of every suit: 48 cards, whatever the rules."""
    return list(DECK)


def hand_size(players: int) -> int:
    """The cards each player gets."""
    return sum(PACKETS[players])


def deal_seats(players: int, dealer: int) -> tuple[int, ...]:
    """For each position of the dealing order, the seat that gets the card (-1: set aside).

    >>> deal_seats(5, 4)[:7], deal_seats(5, 4)[-4:]
    ((0, 0, 0, 1, 1, 1, 2), (4, -1, -1, -1))
    """
    if players not in PACKETS:
        raise IllegalAction(f"Luxusfamilie is for 3 to 8 players, not {players}")
    out: list[int] = []
    for n in PACKETS[players]:
        for i in range(players):
            out.extend([(dealer + 1 + i) % players] * n)
    out.extend([-1] * (len(DECK) - len(out)))
    return tuple(out)


def shuffled_deck(seed: int | None, rng: random.Random | None) -> list[Card]:
    """The deck in a random dealing order: shuffled by ``rng``, else by a new generator
    seeded with ``seed``."""
    order = list(DECK)
    (rng or random.Random(seed)).shuffle(order)
    return order


def check_deal(players: int, dealer: int, deck_order: list[Card] | None) -> None:
    """Raise :class:`IllegalAction` unless ``players`` may play, ``dealer`` is one of them
    and ``deck_order`` (if given) holds the 48 cards."""
    if players not in PACKETS:
        raise IllegalAction(f"Luxusfamilie is for 3 to 8 players, not {players}")
    if not 0 <= dealer < players:
        raise IllegalAction(f"dealer must be a seat 0..{players - 1}, not {dealer}")
    if deck_order is not None and sorted(deck_order) != _SORTED_DECK:
        raise IllegalAction("the deck must hold each of the 24 cards A 10 K O U 7 of "
                            f"every suit exactly twice ({len(deck_order)} given)")


def deal_hands(deck_order: list[Card], players: int, dealer: int
               ) -> tuple[list[CardSet], CardSet]:
    """Each seat's hand and the set-aside cards, dealing ``deck_order`` top card first."""
    hands = [0] * players
    aside = 0
    for c, seat in zip(deck_order, deal_seats(players, dealer), strict=True):
        if seat < 0:
            aside += bit(c)
        else:
            hands[seat] += bit(c)
    return hands, aside


__all__ = ["DECK", "DECK_SET", "PACKETS", "PLAY", "PLAYER_COUNTS", "RANKS", "TRUMP",
           "check_deal", "deal_hands", "deal_seats", "full_deck", "hand_size",
           "shuffled_deck"]
