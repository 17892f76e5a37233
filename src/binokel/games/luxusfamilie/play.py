"""The trick rules of Luxusfamilie: what may be played, and what a card shows.

Follow the led suit (Farbzwang); void, play a trump (Trumpfzwang, option ``trump_duty``)
unless trump was led; void of both, anything. Unlike Binokel there is no duty to beat and no
duty to over-trump. Highest trump wins, else the highest card of the led suit; of two equal
cards the first (:func:`binokel.core.trick.beats`). The seed's *Farbkarten* become the known
voids: not following shows a void in the led suit, not trumping when one must shows a trump
void too (:func:`shown_voids`).
"""

from __future__ import annotations

from ...core.cards import SUIT_LETTERS
from ...core.cards import SUIT_MASKS
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import card_token
from ...core.cards import distinct
from ...core.cards import sort_key


def legal_mask(hand: CardSet, led: int, trump: int, trumped: bool,
               duty: str = "always") -> CardSet:
    """The cards of ``hand`` that may be played: follow ``led`` (-1 when leading); void,
    trump unless trump was led (``duty`` 'untrumped': only while no trump lies in the
    trick, ``trumped``; 'none': never); void of both: anything. No duty to beat.

    >>> from binokel.core.cards import cardset, parse_cards, format_cards, cards_of
    >>> hand = cardset(parse_cards("EA H7 HU S10"))
    >>> format_cards(cards_of(legal_mask(hand, 1, 2, False)))   # Blatt led, Herz trump
    'HU H7'
    >>> format_cards(cards_of(legal_mask(hand, 1, 2, True, "untrumped")))
    'EA HU H7 S10'
    >>> format_cards(cards_of(legal_mask(hand, 2, 2, False)))   # trump led: follow
    'HU H7'
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASKS[led]
    if follow:
        return follow
    if led == trump or duty == "none" or (trumped and duty == "untrumped"):
        return hand
    return (hand & SUIT_MASKS[trump]) or hand


def shown_voids(suit: int, led: int, trump: int, trumped: bool, duty: str) -> int:
    """The suits (a bit per suit) a player shows he lacks by playing a card of ``suit``
    to a trick led in ``led``: none when he follows; the led suit when not, and the trump
    suit too when he had to trump and did not (``trumped``: a trump lay in the trick).

    >>> shown_voids(0, 1, 2, False, "always"), shown_voids(0, 1, 2, True, "untrumped")
    (6, 2)
    """
    if suit == led:
        return 0
    v = 1 << led
    if suit != trump and led != trump and (duty == "always"
                                           or (duty == "untrumped" and not trumped)):
        v |= 1 << trump
    return v


def why_illegal(c: Card, seat: int, hand: CardSet, legal: CardSet, led: int, trump: int
                ) -> str:
    """Why ``seat`` may not play ``c`` from ``hand`` when only ``legal`` may, for the error.

    >>> from binokel.core.cards import cardset, parse_cards, parse_card
    >>> hand = cardset(parse_cards("EA E7 H7 S10"))
    >>> why_illegal(parse_card("S10"), 1, hand, cardset(parse_cards("EA E7")), 0, 2)
    'play S10: must follow E (Farbzwang); legal: EA E7'
    """
    tok = card_token(c)
    if not (hand >> (c << 1)) & 3:
        return f"play {tok}: seat {seat} does not hold {tok}"
    cards = " ".join(card_token(x) for x in sorted(distinct(legal), key=sort_key))
    if hand & SUIT_MASKS[led]:
        return f"play {tok}: must follow {SUIT_LETTERS[led]} (Farbzwang); legal: {cards}"
    return (f"play {tok}: void in {SUIT_LETTERS[led]}, must play a trump "
            f"{SUIT_LETTERS[trump]} (Trumpfzwang); legal: {cards}")


__all__ = ["legal_mask", "shown_voids", "why_illegal"]
