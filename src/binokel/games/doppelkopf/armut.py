"""Armut (option ``armut``): the exchange of cards between the poor player and the partner
who takes them.

A player with at most three trumps (normal order) may declare Armut (see
:mod:`.reservations`; it ranks lowest). He passes three cards face down, all of his trumps
among them (``give C C C``); the others are asked in turn from his left (``accept`` /
``decline``); the first to accept gives back as many cards, any (``return C C C``), and the
two play as Re. If nobody accepts, the deal is thrown in (our decision; DKV: a new deal).
Who may see the cards passed is in :mod:`.view`.

FreeDoko's variants (options): ``armut_fuchs_uncounted``, the Füchse (Karo-Asse) do not
count as trumps for being poor, so a poor hand may hold up to five trumps, all passed;
``armut_pass`` ``trumps``, only the trumps are passed (none to five cards), ``fuchs_extra``,
the Füchse go on top of the three cards; ``armut_fuchs_open``, the Füchse passed are shown
to everybody (:func:`pass_count`, :func:`is_poor`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from ...core.cards import SA
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import card_token
from ...core.cards import cards_of
from ...core.cards import cardset
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import format_cards
from ...core.cards import parse_cards
from ...core.cards import size
from ...core.cards import sort_key as display_order
from ...core.errors import IllegalAction
from .deal import ARMUT_OFFER
from .deal import ARMUT_RETURN
from .deal import THROWN_IN
from .order import normal_trumps
from .reservations import is_poor
from .reservations import start_play
from .rules import DokoRules

if TYPE_CHECKING:
    from .state import DokoState


def _sub_multisets(hand: CardSet, k: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct k-card sub-multiset of ``hand``, cards sorted for display."""
    seen: set[tuple[Card, ...]] = set()
    for combo in combinations(cards_of(hand), k):
        if combo not in seen:
            seen.add(combo)
            yield combo


def pass_count(rules: DokoRules, hand: CardSet) -> int:
    """How many cards a poor ``hand`` passes (and gets back): three with all its trumps
    (all of them when the uncounted Füchse make more), only its trumps (``armut_pass``
    ``trumps``), or three and the Füchse on top (``fuchs_extra``).

    >>> from binokel.core.cards import parse_cards
    >>> h = cardset(parse_cards("SA SA S10 SK EA EA E10 E10 BA BA HA HA"))
    >>> [pass_count(DokoRules(armut_pass=m), h) for m in ("three", "trumps", "fuchs_extra")]
    [4, 4, 5]
    """
    trumps = size(normal_trumps(hand))
    if rules.armut_pass == "trumps":
        return trumps
    if rules.armut_pass == "fuchs_extra":
        return max(3 + count(hand, SA), trumps)
    return max(3, trumps)


def give_options(state: DokoState) -> list[str]:
    """The poor player's ways to pass his cards: all his trumps and any others."""
    hand = state.hands[state.to_move]
    trumps = normal_trumps(hand)
    n = pass_count(state.rules, hand)
    return [_said("give", sorted(cards_of(trumps) + list(combo), key=display_order))
            for combo in _sub_multisets(hand - trumps, n - size(trumps))]


def _said(verb: str, cards: list[Card] | tuple[Card, ...]) -> str:
    return f"{verb} {format_cards(cards)}" if cards else verb


def return_options(state: DokoState) -> list[str]:
    """The partner's ways to give the cards back (any, as many as he took)."""
    return [_said("return", combo)
            for combo in _sub_multisets(state.hands[state.to_move], size(state.armut_cards))]


def random_return(state: DokoState, rng: random.Random) -> str:
    """A uniformly random ``return``, drawn without listing the hundreds of choices."""
    pick = rng.sample(cards_of(state.hands[state.to_move]), size(state.armut_cards))
    return _said("return", sorted(pick, key=display_order))


def _parse_three(state: DokoState, verb: str, arg: str, hand: CardSet, n: int) -> CardSet:
    """The ``n`` cards named by ``arg`` as a card set; all of them must be in ``hand``."""
    try:
        d = cardset(parse_cards(arg)) if arg else 0
    except ValueError as e:
        raise IllegalAction(f"{verb}: {e}") from None
    if size(d) != n:
        raise IllegalAction(f"{verb}: exactly {n} card{'s' if n != 1 else ''}, not {size(d)}")
    for c in distinct(d):
        if count(d, c) > count(hand, c):
            raise IllegalAction(f"{verb}: seat {state.to_move} does not hold "
                                f"{card_token(c)}" + (" twice" if count(hand, c) else ""))
    return d


def give(state: DokoState, arg: str) -> str:
    """The poor player passes three cards, all of his trumps among them."""
    seat = state.to_move
    hand = state.hands[seat]
    d = _parse_three(state, "give", arg, hand, pass_count(state.rules, hand))
    trumps = normal_trumps(hand)
    if any(count(d, c) != count(trumps, c) for c in distinct(trumps)):
        raise IllegalAction("give: the Armut passes all of its trumps")
    state.hands[seat] = hand - d
    state.armut_cards = d
    state.phase = ARMUT_OFFER
    _offer_next(state, seat)
    return _said("give", cards_of(d))


def _offer_next(state: DokoState, after: int) -> None:
    nxt = state.next_seat[after]
    if nxt == state.armut_offer[0]:
        # Nobody takes the Armut: the deal is thrown in (our decision; DKV: redeal).
        state.contract = THROWN_IN
        state.finish()
        return
    state.armut_offer.append(nxt)
    state.to_move = nxt


def _no_argument(verb: str, arg: str) -> None:
    if arg:
        raise IllegalAction(f"{verb} {arg!r}: say just 'accept' or 'decline'")


def accept(state: DokoState, arg: str) -> str:
    """Take the Armut: the three cards join the hand, three go back."""
    _no_argument("accept", arg)
    seat = state.to_move
    state.partner = seat
    state.hands[seat] += state.armut_cards
    state.phase = ARMUT_RETURN
    return "accept"


def decline(state: DokoState, arg: str) -> str:
    """Leave the Armut to the next player."""
    _no_argument("decline", arg)
    _offer_next(state, state.to_move)
    return "decline"


def give_back(state: DokoState, arg: str) -> str:
    """The partner gives as many cards back as he took, any; play begins, the two are
    Re."""
    seat = state.to_move
    d = _parse_three(state, "return", arg, state.hands[seat], size(state.armut_cards))
    poor = state.armut_offer[0]
    state.hands[seat] -= d
    state.hands[poor] += d
    state.armut_cards = d  # now: what went back (masked for the others)
    state.re_seats = frozenset((poor, seat))
    start_play(state)
    return _said("return", cards_of(d))


__all__ = ["accept", "decline", "give", "give_back", "give_options", "is_poor", "pass_count",
           "random_return", "return_options"]
