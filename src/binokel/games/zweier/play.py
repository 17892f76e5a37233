"""Playing a card in Zweierbinokel: what may be played, why a card is refused, which copy
leaves the table, and the end of a trick.

- While the stock lasts (phase ``free``) any card of the hand or of one's own table may be
  played; after it (phase ``strict``) RULES §4 applies: Farbzwang, Stichzwang (option
  ``must_beat``; a led trump must always be beaten) and Trumpfzwang (:func:`strict_legal`,
  which the bots' search uses too).
- The second card wins if it is a higher card of the led suit or a trump on a plain lead;
  otherwise the first (of equal cards, the first played).
- After a trick in the free phase both draw, the winner first (:mod:`.deal`); the last trick
  (or the first, option ``bonus_trick``) earns ``last_trick_bonus``; the deal ends with the
  last card and is scored (:mod:`.scoring`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import SUIT_LETTERS
from ...core.cards import SUIT_MASKS
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import card_token
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import format_cards
from ...core.cards import sort_key
from ...core.errors import IllegalAction
from ...core.state import OVER
from ...core.trick import NONE
from ...core.trick import PLAY_ACTIONS
from ...core.trick import Trick
from ...core.trick import beats
from ...core.trick import legal_mask
from ...core.trick import trick_bonus
from .deal import FREE
from .deal import STRICT
from .deal import draw
from .deal import stock_empty
from .melds import spent

if TYPE_CHECKING:
    from .state import ZweierState


def strict_legal(hand: CardSet, led: Card, trump: int, must_beat: bool) -> CardSet:
    """The cards of ``hand`` that may follow ``led`` after the stock.

    >>> from binokel.core.cards import HERZ, cardset, format_cards, cards_of, parse_cards
    >>> hand = cardset(parse_cards("EU E10 HU"))
    >>> [format_cards(cards_of(strict_legal(hand, c, HERZ, beat)))
    ...  for c, beat in ((parse_cards("EO")[0], True), (parse_cards("EO")[0], False),
    ...                  (parse_cards("SA")[0], True))]
    ['E10', 'E10 EU', 'HU']
    """
    suit = led >> 3
    if suit != trump and not must_beat:
        # Seed 001 names only Farbzwang and the duty to trump for a plain suit.
        return (hand & SUIT_MASKS[suit]) or (hand & SUIT_MASKS[trump]) or hand
    # With two players a trump in the trick means trump was led: following decides.
    return legal_mask(hand, suit, led, led if suit == trump else NONE, trump)


def legal_cards(state: ZweierState) -> CardSet:
    """The cards the player to move may play now."""
    seat = state.to_move
    if state.phase == FREE:
        return state.hands[seat] + state.tables[seat]
    if state.phase == OVER:
        return 0
    if not state.trick:
        return state.hands[seat]
    return strict_legal(state.hands[seat], state.trick[0], state.trump, state.rules.must_beat)


def refusal(state: ZweierState, c: Card) -> str:
    """Why the player to move may not play ``c``, with the cards he may play."""
    tok, seat = card_token(c), state.to_move
    if not count(state.playable(seat), c):
        where = "hand or table" if state.phase == FREE else "hand"
        return f"play {tok}: seat {seat} holds no {tok} ({where})"
    led = state.trick[0] >> 3
    legal = format_cards(sorted(distinct(legal_cards(state)), key=sort_key))
    if state.hands[seat] & SUIT_MASKS[led]:
        if c >> 3 != led:
            why = f"must follow suit {SUIT_LETTERS[led]} (Farbzwang)"
        else:
            why = ("must beat the led trump" if led == state.trump else
                   "must beat the led card (Stichzwang)")
    else:
        why = "must play a trump (Trumpfzwang)"
    return f"play {tok}: {why}; legal: {legal}"


def play(state: ZweierState, c: Card) -> str:
    """Play ``c`` for the player to move if legal (else raise, changing nothing); return the
    canonical action."""
    if not (legal_cards(state) >> (c << 1)) & 3:
        raise IllegalAction(refusal(state, c))
    seat = state.to_move
    b = bit(c)
    from_table = bool(state.tables[seat] & (3 * b))
    if from_table:
        take_from_table(state, seat, c)
    else:
        state.hands[seat] -= b
    state.won_lead = state.melded = False
    state.win_card = -1
    state.trick.append(c)
    if len(state.trick) == 1:
        state.lead_from_table = from_table
        state.to_move = 1 - seat
    else:
        _close_trick(state, from_table)
    return PLAY_ACTIONS[c]


def take_from_table(state: ZweierState, seat: int, c: Card) -> None:
    # Playing a table copy reveals nothing new and keeps the hidden, unused hand copy, so a
    # card that is both in hand and on the table leaves the table; of two table copies the
    # one that served in more melds goes.
    usage = state.usage[seat]
    codes = list(usage[c])
    codes.remove(max(codes, key=lambda u: (spent(u), u)))
    if codes:
        usage[c] = tuple(codes)
    else:
        del usage[c]
    state.tables[seat] -= bit(c)


def _close_trick(state: ZweierState, second_from_table: bool = False) -> None:
    a, b = state.trick
    leader = state.trick_leader
    w = 1 - leader if beats(b, a, state.trump) else leader
    r = state.rules
    pts = r.points
    points = pts[a & 7] + pts[b & 7]
    state.tricks.append(Trick(leader, (a, b), w, points))
    state.trick_points[w] += points
    state.tricks_won[w] += 1
    state.trick = []
    state.trick_leader = state.to_move = w
    # The free phase never ends a deal (its trick is followed by drawing), even when the
    # winner's cards all lie on his table.
    last = state.phase == STRICT and not state.hands[w]
    state.trick_points[w] += trick_bonus(r.last_trick_bonus, r.bonus_trick, len(state.tricks),
                                         last)
    if state.phase == FREE:
        draw(state, w)
        draw(state, 1 - w)
        if state.stock_size:
            state.won_lead = True
            if r.meld_winning_card and not (
                    state.lead_from_table if w == leader else second_from_table):
                # Seed 001: he may meld with the card that won the trick ("die ausgespielte
                # Ansagekarte"), a card from his hand (a table card was announced before).
                state.win_card = a if w == leader else b
        else:
            stock_empty(state)
    elif last:
        state.finish()


__all__ = ["legal_cards", "play", "refusal", "strict_legal", "take_from_table"]
