"""Trick rules shared by every Binokel game: Farbzwang, Stichzwang, Trumpfzwang.

All functions work on card sets (see :mod:`binokel.cards`) and plain ints, so that they cost a
handful of integer operations.
"""

from __future__ import annotations

from .cards import ABOVE, SUIT_MASKS, Card, CardSet

NONE = -1


def legal_mask(hand: CardSet, led: int, best_led: Card, best_trump: Card, trump: int,
               must_overtrump: bool = True, must_trump_lower: bool = True) -> CardSet:
    """The cards of ``hand`` that may be played to the current trick.

    ``led`` is the led suit (``NONE`` when leading), ``best_led`` the best card of the led suit
    in the trick, ``best_trump`` the best trump in it (``NONE`` if none), ``trump`` the trump
    suit (``NONE`` in Durch/Untendurch).
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASKS[led]
    if follow:
        if best_trump >= 0 and led != trump:
            return follow  # a trump already lies on the trick: no duty to beat
        higher = follow & ABOVE[best_led]
        return higher or follow
    if trump >= 0:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            if best_trump < 0:
                return trumps
            higher = trumps & ABOVE[best_trump]
            if higher:
                return higher if must_overtrump else trumps
            return trumps if must_trump_lower else hand
    return hand


def beats(c: Card, best: Card, trump: int) -> bool:
    """Whether ``c`` beats the trick's current best card (equal cards: the first wins)."""
    cs, bs = c >> 3, best >> 3
    if cs == bs:
        return c > best
    return cs == trump
