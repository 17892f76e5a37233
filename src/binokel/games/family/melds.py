"""Meldebilder (melds) of the Binokel family: the meld tables, and finding the best melding
of a Binokel hand (Zweierbinokel and Luxusfamilie build their own finders from the parts).

Melds fall into three classes: suit (Paar, Familie, doppelte Familie), rank (4 Unter ... all 8
Asse, optional four tens) and Binokel. Inside a class a physical card serves once; across
classes it may serve again (the Blatt-Ober of a Blatt family still makes a Binokel).

>>> from binokel.core.cards import parse_cards, cardset, EICHEL
>>> from binokel.games.binokel.rules import Rules
>>> hand = cardset(parse_cards("EA E10 EK EO EU EK EO"))
>>> m = best_melds(hand, EICHEL, Rules())
>>> [(x.name, x.points) for x in m.melds], m.total
([('family', 150), ('pair', 40)], 190)
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ...core.cards import ASS
from ...core.cards import BLATT
from ...core.cards import KOENIG
from ...core.cards import OBER
from ...core.cards import SCHELLEN
from ...core.cards import SEVEN
from ...core.cards import SUITS
from ...core.cards import UNTER
from ...core.cards import ZEHN
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import Suit
from ...core.cards import card
from ...core.cards import card_token
from ...core.cards import count
from .rules import MeldRules

NO_TRUMP = -1

MELD_NAMES = {
    "pair": ("Paar", "Pair"),
    "family": ("Familie", "Family"),
    "double_family": ("Doppelte Familie", "Double family"),
    "four_unter": ("4 Unter", "Four Unters"),
    "four_ober": ("4 Ober", "Four Obers"),
    "four_koenig": ("4 Könige", "Four Kings"),
    "four_ass": ("4 Asse", "Four Aces"),
    "four_zehn": ("4 Zehner", "Four Tens"),
    "eight_unter": ("8 Unter", "Eight Unters"),
    "eight_ober": ("8 Ober", "Eight Obers"),
    "eight_koenig": ("8 Könige", "Eight Kings"),
    "eight_ass": ("8 Asse", "Eight Aces"),
    "eight_zehn": ("8 Zehner", "Eight Tens"),
    "binokel": ("Binokel", "Binokel"),
    "doppelbinokel": ("Doppelbinokel", "Double Binokel"),
    "rundgang": ("Rundgang", "Round trip"),
    "dix": ("Dix", "Dix"),
    # Luxusfamilie (seed 004): a family with its seven
    "luxusfamilie": ("Luxusfamilie", "Luxusfamilie"),
    "double_luxusfamilie": ("Doppelte Luxusfamilie", "Double Luxusfamilie"),
}
_RANK_KEYS = {UNTER: "unter", OBER: "ober", KOENIG: "koenig", ASS: "ass", ZEHN: "zehn"}
FOUR_VALUES = {UNTER: 40, OBER: 60, KOENIG: 80, ASS: 100}
FAMILY_RANKS = (ASS, ZEHN, KOENIG, OBER, UNTER)
SU = card(SCHELLEN, UNTER)
BO = card(BLATT, OBER)


class Meld(NamedTuple):
    """One meld: ``name`` is a key of ``MELD_NAMES``; ``suit`` is set for suit melds."""

    name: str
    cards: tuple[Card, ...]
    points: int
    suit: Suit | None = None

    def label(self, lang: str = "de") -> str:
        from ...core.cards import suit_name
        text = MELD_NAMES[self.name][0 if lang == "de" else 1]
        return f"{text} {suit_name(self.suit, lang)}" if self.suit is not None else text

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "label": {"de": self.label("de"), "en": self.label("en")},
                "cards": [card_token(c) for c in self.cards], "points": self.points,
                "suit": "EBHS"[self.suit] if self.suit is not None else None}


class MeldResult(NamedTuple):
    """A player's melds and their total."""

    melds: tuple[Meld, ...]
    total: int

    def cards(self) -> CardSet:
        """Every card shown for these melds (a card shown for two melds counts once)."""
        shown: dict[Card, int] = {}
        for m in self.melds:
            per: dict[Card, int] = {}
            for c in m.cards:
                per[c] = per.get(c, 0) + 1
            for c, n in per.items():
                shown[c] = max(shown.get(c, 0), n)
        s = 0
        for c, n in shown.items():
            s += n << (c << 1)
        return s


NO_MELDS = MeldResult((), 0)


# What of the rules decides a melding: eight_of_a_rank, double_family, double_trump_family,
# rundgang, four_tens, dix.
MeldKey = tuple[int | str, int, int, int | str, int, bool]


def _meld_key(rules: MeldRules) -> MeldKey:
    return (rules.eight_of_a_rank, rules.double_family, rules.double_trump_family,
            rules.rundgang, rules.four_tens, rules.dix)


def best_melds(hand: CardSet, trump: Suit, rules: MeldRules) -> MeldResult:
    """The best melding of ``hand`` with ``trump`` (``NO_TRUMP`` for none)."""
    return _best(hand, trump, _meld_key(rules))


_RANK_LOW = {r: sum(1 << (2 * card(s, r)) for s in SUITS) for r in (UNTER, OBER, KOENIG, ASS,
                                                                      ZEHN)}
_FOUR_CARDS = {r: tuple(card(s, r) for s in SUITS) for r in _RANK_LOW}
_BINOKEL = Meld("binokel", (SU, BO), 40)
_DOPPELBINOKEL = Meld("doppelbinokel", (SU, SU, BO, BO), 300)
_RUNDGANG_CARDS = tuple(c for s in SUITS for c in (card(s, KOENIG), card(s, OBER)))


@lru_cache(maxsize=4096)
def _suit_melds(chunk: int, s: Suit, trump_suit: bool, dfam: int, dtfam: int
                ) -> tuple[tuple[Meld, ...], Meld | None]:
    """Suit-class melds of one suit (``chunk``: the suit's 16-bit slice of the hand).

    Returns the melds and the plain pair that a Rundgang may take from this suit.
    """
    n = [(chunk >> (2 * r)) & 3 for r in FAMILY_RANKS]
    fam_cards = tuple(card(s, r) for r in FAMILY_RANKS)
    fam_val = 150 if trump_suit else 100
    pair_val = 40 if trump_suit else 20
    k, o = n[2], n[3]
    fam = 1 if min(n) >= 1 else 0
    opt: list[Meld] = []
    if fam:
        opt.append(Meld("family", fam_cards, fam_val, s))
    for _ in range(min(k - fam, o - fam)):
        opt.append(Meld("pair", (card(s, KOENIG), card(s, OBER)), pair_val, s))
    best = tuple(opt)
    if min(n) == 2:
        double = Meld("double_family", fam_cards * 2, dtfam if trump_suit else dfam, s)
        if double.points > sum(m.points for m in opt):
            best = (double,)
    plain = next((m for m in best if m.name == "pair"), None)
    return best, plain


@lru_cache(maxsize=1 << 16)
def _best(hand: CardSet, trump: Suit, key: MeldKey) -> MeldResult:
    eight, dfam, dtfam, rundgang, four_tens, dix = key
    melds: list[Meld] = []
    pair_suits: list[Meld] = []  # one plain pair per suit, for the Rundgang
    for s in SUITS:
        ms, plain = _suit_melds((hand >> (16 * s)) & 0xFFFF, s, s == trump, int(dfam),
                                int(dtfam))
        melds.extend(ms)
        if plain is not None:
            pair_suits.append(plain)
    fours = rank_melds(hand, eight, int(four_tens))
    melds.extend(fours.values())
    melds.extend(binokel_melds(hand))
    if dix and trump >= 0:
        for _ in range(count(hand, card(trump, SEVEN))):
            melds.append(Meld("dix", (card(trump, SEVEN),), 10))
    # The Rundgang groups one pair of each suit with the four kings and four obers.
    # With 350 (aks) a Rundgang also counts when a suit's pair sits inside a family: the
    # family stays and the Rundgang replaces the plain pairs and the fours.
    has_rundgang = KOENIG in fours and OBER in fours and (
        len(pair_suits) == 4 or rundgang not in ("parts", "none"))
    if has_rundgang and rundgang != "none":
        parts = [*pair_suits, fours[KOENIG], fours[OBER]]
        value = sum(p.points for p in parts) if rundgang == "parts" else int(rundgang)
        for p in parts:
            melds.remove(p)
        melds.append(Meld("rundgang", _RUNDGANG_CARDS, value))
    return MeldResult(tuple(melds), sum(m.points for m in melds))


def rank_melds(hand: CardSet, eight: int | str = 1000, four_tens: int = 0) -> dict[int, Meld]:
    """The rank class: four (one of each suit) or all eight Unter, Ober, Könige, Asse and,
    with ``four_tens`` > 0, Zehner; keyed by rank. ``eight``: 1000, or ``"double"`` (twice
    the four).

    >>> from binokel.core.cards import cardset, parse_cards
    >>> [m.name for m in rank_melds(cardset(parse_cards("EU BU HU SU EA BA HA SA EA")))
    ...  .values()]
    ['four_unter', 'four_ass']
    """
    present = (hand | (hand >> 1))
    out: dict[int, Meld] = {}
    for r, low in _RANK_LOW.items():
        if present & low != low:
            continue
        value = FOUR_VALUES.get(r, four_tens)
        if value == 0:
            continue
        cards4 = _FOUR_CARDS[r]
        if hand & (low << 1) == low << 1:
            points = 2 * value if eight == "double" else int(eight)
            out[r] = Meld(f"eight_{_RANK_KEYS[r]}", cards4 * 2, points)
        else:
            out[r] = Meld(f"four_{_RANK_KEYS[r]}", cards4, value)
    return out


def binokel_melds(hand: CardSet) -> tuple[Meld, ...]:
    """The Binokel class: Schellen-Unter + Blatt-Ober 40, both twice (Doppelbinokel) 300."""
    su, bo = count(hand, SU), count(hand, BO)
    if su == 2 and bo == 2:
        return (_DOPPELBINOKEL,)
    if su and bo:
        return (_BINOKEL,)
    return ()
