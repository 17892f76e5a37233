"""Cards, suits, ranks and compact card sets.

A card is a small ``int``: ``suit * 8 + rank_slot``. Inside a suit the rank slots grow with
trick-taking strength (7 < 9 < U < O < K < 10 < A), so comparing two cards of one suit is
comparing two ints.

A *card set* (a hand, a trick pile, the Dapp) is also an ``int``: two bits per card hold how
many of the two physical copies are in the set (0, 1 or 2). Adding a card is ``s + bit(c)``,
removing it is ``s - bit(c)``; a suit is a 16-bit slice. This keeps legal-move generation
and trick resolution free of allocations.

>>> parse_card("EA") == EA, parse_card("HZ") == H10, parse_card("GB") == BU
(True, True, True)
>>> hand = cardset([EA, EA, H10, SU])
>>> count(hand, EA), size(hand), format_cards(cards_of(hand))
(2, 4, 'EA EA H10 SU')
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator

Card = int
Suit = int
Rank = int
CardSet = int

# Suits in the order of the notation: Eichel, Blatt, Herz, Schellen.
EICHEL, BLATT, HERZ, SCHELLEN = 0, 1, 2, 3
SUITS: tuple[Suit, ...] = (EICHEL, BLATT, HERZ, SCHELLEN)
SUIT_LETTERS = "EBHS"

# Rank slots, weakest first.
SEVEN, NINE, UNTER, OBER, KOENIG, ZEHN, ASS = 0, 1, 2, 3, 4, 5, 6
RANKS_HIGH_TO_LOW: tuple[Rank, ...] = (ASS, ZEHN, KOENIG, OBER, UNTER, NINE, SEVEN)
RANK_TOKENS = {SEVEN: "7", NINE: "9", UNTER: "U", OBER: "O", KOENIG: "K", ZEHN: "10", ASS: "A"}
_RANK_ALIASES = {"7": SEVEN, "9": NINE, "U": UNTER, "B": UNTER, "O": OBER, "D": OBER,
                 "K": KOENIG, "10": ZEHN, "Z": ZEHN, "A": ASS}
_SUIT_ALIASES = {"E": EICHEL, "B": BLATT, "G": BLATT, "H": HERZ, "S": SCHELLEN}


def card(suit: Suit, rank: Rank) -> Card:
    """The card of ``suit`` and ``rank``."""
    return suit * 8 + rank


def suit_of(c: Card) -> Suit:
    return c >> 3


def rank_of(c: Card) -> Rank:
    return c & 7


def bit(c: Card) -> CardSet:
    """The card set holding one copy of ``c``."""
    return 1 << (c << 1)


ALL_CARDS: tuple[Card, ...] = tuple(card(s, r) for s in SUITS for r in RANKS_HIGH_TO_LOW)
# One constant per card, as in python-chess (chess.E4): binokel.core.cards.EA, H10, SU, ...
EA = 6; E10 = 5; EK = 4; EO = 3; EU = 2; E9 = 1; E7 = 0  # noqa: E702
BA = 14; B10 = 13; BK = 12; BO = 11; BU = 10; B9 = 9; B7 = 8  # noqa: E702
HA = 22; H10 = 21; HK = 20; HO = 19; HU = 18; H9 = 17; H7 = 16  # noqa: E702
SA = 30; S10 = 29; SK = 28; SO = 27; SU = 26; S9 = 25; S7 = 24  # noqa: E702

LOW_BITS: CardSet = sum(1 << (2 * c) for c in range(32))  # the "one copy" bit of every slot
SUIT_MASKS: tuple[CardSet, ...] = tuple(0xFFFF << (16 * s) for s in SUITS)
# ABOVE[c]: every slot of c's suit that ranks above c (both copy bits).
ABOVE: tuple[CardSet, ...] = tuple(
    SUIT_MASKS[c >> 3] & ~((1 << (2 * c + 2)) - 1) for c in range(32)
)


def deck(ranks: Iterable[Rank]) -> list[Card]:
    """Both copies of every card of the given ranks, suit by suit, high to low."""
    rs = [r for r in RANKS_HIGH_TO_LOW if r in set(ranks)]
    return [card(s, r) for s in SUITS for r in rs for _ in range(2)]


BINOKEL_RANKS = (ASS, ZEHN, KOENIG, OBER, UNTER)

# Card points (Augen) by rank slot 7, 9, U, O, K, 10, A: classic (seed 000, and Doppelkopf's
# and Luxusfamilie's counting) and tournament (seed 003). Option ``card_points``.
CARD_POINTS: dict[str, tuple[int, ...]] = {
    "classic": (0, 0, 2, 3, 4, 10, 11),
    "tournament": (0, 0, 0, 0, 10, 10, 10),
}


def cardset(cards: Iterable[Card]) -> CardSet:
    """Build a card set; more than two copies of a card is an error."""
    s = 0
    for c in cards:
        if count(s, c) == 2:
            raise ValueError(f"more than two copies of {card_token(c)}")
        s += bit(c)
    return s


def count(s: CardSet, c: Card) -> int:
    """How many copies of ``c`` are in ``s``."""
    return (s >> (c << 1)) & 3


def presence(s: CardSet) -> CardSet:
    """The low bit of every slot that holds at least one copy."""
    return (s | (s >> 1)) & LOW_BITS


def size(s: CardSet) -> int:
    """Number of physical cards in ``s``."""
    return (s & LOW_BITS).bit_count() + 2 * (s & (LOW_BITS << 1)).bit_count()


def distinct(s: CardSet) -> Iterator[Card]:
    """The distinct cards of ``s``, weakest first within a suit."""
    m = presence(s)
    while m:
        low = m & -m
        yield (low.bit_length() - 1) >> 1
        m ^= low


def cards_of(s: CardSet) -> list[Card]:
    """Every physical card of ``s``, sorted for display (by suit, high to low)."""
    out: list[Card] = []
    for c in sorted(distinct(s), key=sort_key):
        out.extend([c] * count(s, c))
    return out


def sort_key(c: Card) -> tuple[int, int]:
    return (c >> 3, -(c & 7))


def highest(s: CardSet) -> Card:
    """The strongest card of a non-empty set that lies within one suit."""
    return (s.bit_length() - 1) >> 1


def card_token(c: Card) -> str:
    """The canonical token, e.g. ``EA``, ``H10``."""
    return SUIT_LETTERS[c >> 3] + RANK_TOKENS[c & 7]


def parse_card(token: str) -> Card:
    """Parse a card token; accepts ``Z`` for 10, ``D`` for O, ``B`` for U and ``G`` for Blatt.

    >>> card_token(parse_card("bd"))
    'BO'
    """
    t = token.strip().upper()
    if len(t) < 2 or t[0] not in _SUIT_ALIASES or t[1:] not in _RANK_ALIASES:
        raise ValueError(f"not a card: {token!r} (expected e.g. EA, H10, SU, BO)")
    return card(_SUIT_ALIASES[t[0]], _RANK_ALIASES[t[1:]])


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(p) for p in parts]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(card_token(c) for c in cards)


# The two decks the family is played with: German-suited faces (Eichel, Blatt, Herz, Schellen;
# Ober, Unter) for the Binokel games, French-suited faces (Kreuz, Pik, Herz, Karo; Dame, Bube)
# for Doppelkopf. The engine's tokens are the same for both (E/B/H/S, O/U); only the names
# and the corner indices differ. These tables agree with the web client's SVG faces
# (``web/static/cardfaces.js``: ``cardName``, ``cardIndex``).
DECKS = ("german", "french")
SUIT_NAMES = {
    "de": ("Eichel", "Blatt", "Herz", "Schellen"),
    "en": ("Acorns", "Leaves", "Hearts", "Bells"),
    "fr-de": ("Kreuz", "Pik", "Herz", "Karo"),
    "fr-en": ("Clubs", "Spades", "Hearts", "Diamonds"),
}
SUIT_SYMBOLS = ("♣", "♠", "♥", "♦")
RANK_NAMES = {
    "de": {ASS: "As", ZEHN: "Zehn", KOENIG: "König", OBER: "Ober", UNTER: "Unter",
           NINE: "Neun", SEVEN: "Sieben"},
    "en": {ASS: "Ace", ZEHN: "Ten", KOENIG: "King", OBER: "Ober", UNTER: "Unter",
           NINE: "Nine", SEVEN: "Seven"},
    "fr-de": {ASS: "As", ZEHN: "Zehn", KOENIG: "König", OBER: "Dame", UNTER: "Bube",
              NINE: "Neun", SEVEN: "Sieben"},
    "fr-en": {ASS: "Ace", ZEHN: "Ten", KOENIG: "King", OBER: "Queen", UNTER: "Jack",
              NINE: "Nine", SEVEN: "Seven"},
}
# The corner index of each rank: German faces O/U in both languages, French faces D/B (de)
# or Q/J (en).
RANK_SHORT = {
    "de": {ASS: "A", ZEHN: "10", KOENIG: "K", OBER: "O", UNTER: "U", NINE: "9", SEVEN: "7"},
    "en": {ASS: "A", ZEHN: "10", KOENIG: "K", OBER: "O", UNTER: "U", NINE: "9", SEVEN: "7"},
    "fr-de": {ASS: "A", ZEHN: "10", KOENIG: "K", OBER: "D", UNTER: "B", NINE: "9", SEVEN: "7"},
    "fr-en": {ASS: "A", ZEHN: "10", KOENIG: "K", OBER: "Q", UNTER: "J", NINE: "9", SEVEN: "7"},
}
CARD_STYLES = ("token", "words", "symbol", "french")


def _names_key(lang: str, deck: str) -> str:
    """The key of the name tables for ``lang`` and ``deck``."""
    if deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r} (german, french)")
    lang = "en" if lang == "en" else "de"
    return lang if deck == "german" else f"fr-{lang}"


def card_name(c: Card, style: str = "token", lang: str = "de", deck: str = "german") -> str:
    """A card for display, named as the faces of ``deck`` ("german" or "french") show it.

    ``style``: ``token`` (``EA``, the engine's notation, the same for both decks), ``words``
    (``Eichel-As`` / ``Ace of Acorns``; French deck: ``Kreuz-As`` / ``Ace of Clubs``),
    ``symbol`` (the suit sign and the corner index: ``♣A``, ``♣O``; French deck ``♣D`` /
    ``♣Q``), ``french`` (the words of the French deck whatever ``deck`` says).

    >>> card_name(EA, "words"), card_name(EA, "words", "en"), card_name(H10, "symbol")
    ('Eichel-As', 'Ace of Acorns', '♥10')
    >>> card_name(SO, "french", "en"), card_name(BU, "french")
    ('Queen of Diamonds', 'Pik-Bube')
    >>> card_name(EO, "words", "en", "french"), card_name(EO, "symbol", "en", "french")
    ('Queen of Clubs', '♣Q')
    >>> card_name(EO, "symbol", "en"), card_name(SU, "words", "en")
    ('♣O', 'Unter of Bells')
    """
    s, r = c >> 3, c & 7
    if style == "token":
        return card_token(c)
    if style == "french":
        style, deck = "words", "french"
    key = _names_key(lang, deck)
    if style == "symbol":
        return SUIT_SYMBOLS[s] + RANK_SHORT[key][r]
    if style == "words":
        if key.endswith("en"):
            return f"{RANK_NAMES[key][r]} of {SUIT_NAMES[key][s]}"
        return f"{SUIT_NAMES[key][s]}-{RANK_NAMES[key][r]}"
    raise ValueError(f"unknown card style {style!r} (token, words, symbol, french)")


def suit_name(s: Suit, lang: str = "de", deck: str = "german") -> str:
    """The suit's name on the faces of ``deck``.

    >>> suit_name(EICHEL, "en"), suit_name(EICHEL, "en", "french"), suit_name(SCHELLEN, "de",
    ...                                                                         "french")
    ('Acorns', 'Clubs', 'Karo')
    """
    return SUIT_NAMES[_names_key(lang, deck)][s]


def rank_name(r: Rank, lang: str = "de", deck: str = "german") -> str:
    """The rank's name on the faces of ``deck``: ``Ober`` / ``Dame`` / ``Queen`` ..."""
    return RANK_NAMES[_names_key(lang, deck)][r]


def parse_suit(token: str) -> Suit:
    t = token.strip().upper()
    if t in _SUIT_ALIASES:
        return _SUIT_ALIASES[t]
    for names in SUIT_NAMES.values():
        for i, n in enumerate(names):
            if n.upper() == t:
                return i
    raise ValueError(f"not a suit: {token!r} (expected E, B, H or S)")
