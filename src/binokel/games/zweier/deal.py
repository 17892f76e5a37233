"""The deal and the stock of Zweierbinokel (seed 001, RULES §7): the deck, dealing in threes,
the turned-up trump card under the stock, drawing after each trick while the stock lasts, and
what happens when it runs out.

The record's ``deck`` is the dealing order: the 24 dealt cards (3 to the non-dealer, 3 to the
dealer, four times), then the turned-up card, then the face-down stock from its top.

>>> from binokel.core.cards import cards_of, format_cards, size
>>> order = full_deck(ZweierRules())    # the unshuffled deck: EA EA E10 E10 EK EK ...
>>> hands = deal_hands(order, dealer=0)   # packets of three, the non-dealer (seat 1) first
>>> format_cards(cards_of(hands[1])), size(hands[0])
('EA EA E10 EO EO EU B10 B10 BK BU BU HA', 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.cards import BINOKEL_RANKS
from ...core.cards import SEVEN
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import deck
from ...core.errors import IllegalAction
from .rules import ZweierRules

if TYPE_CHECKING:
    from .state import ZweierState

# The phases of a deal: free play while the stock lasts, the strict duties after it, then
# the kernel's "over".
FREE, STRICT = "free", "strict"
DEALT = 24            # 12 cards each
TURNED_UP = DEALT     # deck position of the turned-up card

_DECKS = {False: tuple(deck(BINOKEL_RANKS)), True: tuple(deck((*BINOKEL_RANKS, SEVEN)))}
_SORTED_DECKS = {k: sorted(v) for k, v in _DECKS.items()}


def full_deck(rules: ZweierRules, players: int = 2) -> list[Card]:
    """Both copies of every card: A, 10, K, O, U (and 7 with ``sevens``) of each suit."""
    return list(_DECKS[rules.sevens])


def check_deal(rules: ZweierRules, dealer: int, players: int,
               deck_order: Sequence[Card] | None) -> None:
    """Raise :class:`IllegalAction` unless two players, a seat as dealer and (when given) a
    dealing order holding the game's deck."""
    if players != 2:
        raise IllegalAction(f"Zweierbinokel is for 2 players, not {players}")
    if dealer not in (0, 1):
        raise IllegalAction(f"dealer must be a seat 0..1, not {dealer}")
    expected = _SORTED_DECKS[rules.sevens]
    if deck_order is not None and sorted(deck_order) != expected:
        raise IllegalAction(f"the deck must hold each of the {len(expected) // 2} cards of "
                            f"this game exactly twice ({len(deck_order)} given)")


def deal_hands(deck_order: Sequence[Card], dealer: int) -> list[CardSet]:
    """Both hands: packets of three from the top of ``deck_order``, the non-dealer first."""
    hands = [0, 0]
    for i in range(8):
        seat = 1 - dealer if i % 2 == 0 else dealer
        for c in deck_order[3 * i:3 * i + 3]:
            hands[seat] += bit(c)
    return hands


def draw(state: ZweierState, seat: int) -> None:
    """``seat`` takes the top card of the stock; the last face-down card is shown (option
    ``show_last_card``), the turned-up card is public anyway."""
    if state.facedown_left:
        c = state.deck[state.stock_next]
        state.stock_next += 1
        if not state.facedown_left and state.rules.show_last_card:
            # Seed 001: the last card taken from the face-down stock is shown.
            state.shown.append((seat, "last card", c))
    else:
        c = state.turned_up
        state.turned_up = -1
        state.shown.append((seat, "turned-up card", c))
    state.hands[seat] += bit(c)


def stock_empty(state: ZweierState) -> None:
    """The stock is used up: the melds go back to the hands, and from now on RULES §4's
    duties apply (phase ``strict``)."""
    for p in (0, 1):
        state.hands[p] += state.tables[p]
        state.tables[p] = 0
        state.usage[p] = {}
    state.phase = STRICT


__all__ = ["DEALT", "FREE", "STRICT", "TURNED_UP", "check_deal", "deal_hands", "draw",
           "full_deck", "stock_empty"]
