"""Luxusfamilie's melds (Meldebilder): Binokel's three classes plus the Luxusfamilie.

Everyone melds at once, automatically and as well as possible, as soon as the cards are
dealt. The suit class is the game's own (pair, family, Luxusfamilie = a family with its seven,
and their doubles); the rank and the Binokel class are Binokel's
(:mod:`binokel.games.family.melds`). Inside a class a physical card serves once, across
classes again. With the option ``trump_melds`` the suit melds in trump count up once trump is
named (:data:`TRUMP_UP`).

>>> from binokel.core.cards import cardset, parse_cards
>>> from binokel.games.luxusfamilie.rules import LuxusRules
>>> m = luxus_melds(cardset(parse_cards("EA E10 EK EO EU E7 HK HO SU BO")), -1, LuxusRules())
>>> [(x.name, x.points) for x in m.melds], m.total
([('luxusfamilie', 150), ('pair', 20), ('binokel', 40)], 210)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...core.cards import KOENIG
from ...core.cards import OBER
from ...core.cards import SEVEN
from ...core.cards import SUITS
from ...core.cards import CardSet
from ...core.cards import card
from ..family.melds import FAMILY_RANKS
from ..family.melds import Meld
from ..family.melds import MeldResult
from ..family.melds import binokel_melds
from ..family.melds import rank_melds
from .rules import LuxusRules

PAIR, FAMILY = 20, 100  # at plain values, as in Binokel
# What a suit meld in trump gains with ``trump_melds``: +20 per pair, +50 per family (as
# Binokel's 40 and 150), twice that for the doubled melds.
TRUMP_UP: Mapping[str, int] = {"pair": 20, "family": 50, "luxusfamilie": 50,
                               "double_family": 100, "double_luxusfamilie": 100}
_PLAIN: Mapping[str, int] = dict.fromkeys(TRUMP_UP, 0)


def luxus_melds(hand: CardSet, trump: int, rules: LuxusRules) -> MeldResult:
    """The best melding of ``hand``; ``trump`` -1 for plain values (how the seed melds,
    before trump exists), or the trump suit to count trump melds up (``trump_melds``).

    >>> from binokel.core.cards import cardset, parse_cards
    >>> luxus_melds(cardset(parse_cards("EA E10 EK EO EU E7 HK HO")), 0, LuxusRules()).total
    220
    """
    return _melds(hand, trump, _meld_key(rules))


def plain_points(m: Meld, trump: int) -> int:
    """``m``'s points at plain values, as shown at the deal, when suit melds in ``trump``
    have been counted up (``trump`` -1: nothing was).

    >>> plain_points(Meld("pair", (), 40, 2), 2), plain_points(Meld("pair", (), 20, 1), 2)
    (20, 20)
    """
    if trump >= 0 and m.suit == trump:
        return m.points - TRUMP_UP.get(m.name, 0)
    return m.points


def _meld_key(rules: LuxusRules) -> tuple[Any, ...]:
    return (rules.luxusfamilie, rules.double_family, rules.double_luxusfamilie,
            rules.eight_of_a_rank, rules.four_tens)


@lru_cache(maxsize=4096)
def _suit_melds(chunk: int, s: int, trump_suit: bool, lux: int, dfam: int, dlux: int
                ) -> tuple[Meld, ...]:
    """Suit-class melds of one suit (``chunk``: the suit's 16-bit slice of the hand)."""
    n = [(chunk >> (2 * r)) & 3 for r in FAMILY_RANKS]
    sevens = chunk & 3
    fam = min(n)
    fam_cards = tuple(card(s, r) for r in FAMILY_RANKS)
    lux_cards = (*fam_cards, card(s, SEVEN))
    up = TRUMP_UP if trump_suit else _PLAIN
    n_lux = min(fam, sevens) if lux else 0
    singles = [Meld("luxusfamilie", lux_cards, lux + up["luxusfamilie"], s)
               for _ in range(n_lux)]
    singles += [Meld("family", fam_cards, FAMILY + up["family"], s) for _ in range(fam - n_lux)]
    pairs = min(n[2], n[3]) - fam
    singles += [Meld("pair", (card(s, KOENIG), card(s, OBER)), PAIR + up["pair"], s)
                for _ in range(pairs)]
    best = tuple(singles)
    if fam == 2:
        # The whole suit twice: the doubled meld counts when it is worth at least the parts.
        doubles = [Meld("double_family", fam_cards * 2, dfam + up["double_family"], s)]
        if n_lux == 2 and dlux:
            doubles.insert(0, Meld("double_luxusfamilie", lux_cards * 2,
                                   dlux + up["double_luxusfamilie"], s))
        top = max(doubles, key=lambda m: m.points)
        if top.points >= sum(m.points for m in singles):
            best = (top,)
    return best


@lru_cache(maxsize=1 << 16)
def _melds(hand: CardSet, trump: int, key: tuple[Any, ...]) -> MeldResult:
    lux, dfam, dlux, eight, four_tens = key
    melds: list[Meld] = []
    for s in SUITS:
        melds.extend(_suit_melds((hand >> (16 * s)) & 0xFFFF, s, s == trump, lux, dfam, dlux))
    # The rank and Binokel classes are Binokel's own (RULES §3).
    melds.extend(rank_melds(hand, eight, four_tens).values())
    melds.extend(binokel_melds(hand))
    return MeldResult(tuple(melds), sum(m.points for m in melds))


__all__ = ["FAMILY", "PAIR", "TRUMP_UP", "luxus_melds", "plain_points"]
