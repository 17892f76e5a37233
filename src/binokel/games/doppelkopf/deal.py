"""The deal of Doppelkopf: the deck, who plays (with five the dealer sits out), how the cards
are dealt, and the names of the phases, contracts and parties every module of the game uses.

>>> seating(dealer=2, players=5)
((3, 4, 0, 1), (1, 3, -1, 4, 0))
>>> len(full_deck(DokoRules())), len(full_deck(DokoRules(nines=False)))
(48, 40)
"""

from __future__ import annotations

from ...core.cards import ASS
from ...core.cards import KOENIG
from ...core.cards import NINE
from ...core.cards import OBER
from ...core.cards import SUITS
from ...core.cards import UNTER
from ...core.cards import ZEHN
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import card
from ...core.errors import IllegalAction
from ...core.state import OVER
from .rules import DokoRules

# Phases, in the order a deal may pass through them; the last is the kernel's OVER.
VORBEHALT, DECLARE, ARMUT_GIVE, ARMUT_OFFER, ARMUT_RETURN, PLAY = (
    "vorbehalt", "declare", "armut_give", "armut_offer", "armut_return", "play")
# Contracts: the game actually played (a stille Hochzeit looks normal to the others).
NORMAL, HOCHZEIT, STILLE_HOCHZEIT, ARMUT, THROWN_IN = (
    "normal", "hochzeit", "stille hochzeit", "armut", "thrown in")
# Every solo kind; which ones a table plays is ``reservations.solos_of(rules)``. The kinds
# added later (König-Buben, König-Damen, Köhler) come last, so that numberings of the others
# (the research adapters' action ids) stay as they were.
SOLO_KINDS = ("damen", "buben", "koenige", "damenbuben", "fleischlos", "E", "B", "H", "S",
              "koenigebuben", "koenigedamen", "koehler")
SOLOS = tuple(f"solo {k}" for k in SOLO_KINDS)
FIRST_SOLOS = SOLOS[:9]   # the solos of the first vocabulary
# The solos whose trumps are picture cards alone: no trump suit, no Schweinchen, the Dulle a
# plain Herz card.
PICTURE_SOLOS = ("damen", "buben", "koenige", "damenbuben", "koenigebuben", "koenigedamen",
                 "koehler")
# The parties: Re (the Kreuz-Damen, the soloist, the Hochzeit or Armut pair) and Kontra.
RE, KONTRA = "re", "kontra"

_RANKS = (ASS, ZEHN, KOENIG, OBER, UNTER)


def full_deck(rules: DokoRules, players: int = 4) -> list[Card]:
    """Both copies of every card: A, 10, K, O, U (and 9 with ``nines``) of each suit (a new
    list each time: callers shuffle it)."""
    return list(_DECKS[rules.nines])


_DECKS = {nines: tuple(card(s, r) for s in SUITS for r in _RANKS + ((NINE,) if nines else ())
                       for _ in range(2)) for nines in (False, True)}
# The heuristic and the strong player's samplers ask for the deck at every card.


def check_deck(rules: DokoRules, deck_order: list[Card], players: int) -> None:
    """A given dealing order must hold every card of the game exactly twice."""
    expected = full_deck(rules, players)
    if sorted(deck_order) != sorted(expected):
        raise IllegalAction(f"the deck must hold each of the {len(expected) // 2} cards of "
                            f"this game exactly twice ({len(deck_order)} given)")


def seating(dealer: int, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The four seats in play from Vorhand (with five the dealer sits out) and, per seat, the
    next seat in play (-1 for the seat sitting out)."""
    if players not in (4, 5):
        raise IllegalAction("Doppelkopf is for 4 players (5: the dealer sits out)")
    if not 0 <= dealer < players:
        raise IllegalAction(f"dealer must be a seat 0..{players - 1}, not {dealer}")
    active = tuple((dealer + 1 + i) % players for i in range(4))
    nxt = [-1] * players
    for i, s in enumerate(active):
        nxt[s] = active[(i + 1) % 4]
    return active, tuple(nxt)


def deal_hands(rules: DokoRules, active: tuple[int, ...], deck_order: list[Card],
               players: int) -> list[CardSet]:
    """Each seat's hand: the seed deals four times three cards each from Vorhand; without
    nines (10 cards each) we deal 3-4-3."""
    hands = [0] * players
    pos = 0
    for n in (3, 3, 3, 3) if rules.nines else (3, 4, 3):
        for seat in active:
            for c in deck_order[pos:pos + n]:
                hands[seat] += bit(c)
            pos += n
    return hands


__all__ = ["ARMUT", "ARMUT_GIVE", "ARMUT_OFFER", "ARMUT_RETURN", "DECLARE", "FIRST_SOLOS",
           "HOCHZEIT", "KONTRA", "NORMAL", "OVER", "PICTURE_SOLOS", "PLAY", "RE", "SOLOS",
           "SOLO_KINDS", "STILLE_HOCHZEIT",
           "THROWN_IN", "VORBEHALT", "check_deck", "deal_hands", "full_deck", "seating"]
