"""Luxusfamilie (seed 004, RULES §7) as a deal state machine on the Binokel card core.

Three to eight players, 48 cards with sevens (A 10 K O U 7 twice in each suit), all cards
dealt evenly; with five and seven players three resp. six cards are set aside face down.
No bidding: everyone's best melds are shown at once (before trump exists, so at plain
values), the best meld total names trump (ties: more sevens, then more Unter, Ober, Könige,
Zehner, Asse, then the seat earlier in playing order) and leads the first trick. Follow
suit; void, trump (unless trump was led); else anything. No duty to beat or to over-trump.
Power points (Machtpunkte) A 11, 10 10, K 4, O 3, U 2, 7 0 are converted to trick points
(Stichpunkte); a player scores melds + trick points. The view shows each player's known
voids (the seed's "Farbkarten"); the engine itself forbids the revoke.

Actions (``docs/luxusfamilie.md``): ``trump T`` (T in E B H S; only the trump maker, once)
and ``play C``.

>>> state = LuxusState.new(LuxusRules(), dealer=0, seed=3, players=4)
>>> state.phase, state.to_move == state.trump_maker, state.legal_actions()
('trump', True, ['trump E', 'trump B', 'trump H', 'trump S'])
>>> state.apply("trump H")
>>> state.phase, state.to_move == state.trump_maker, len(state.view(1).hand)
('play', True, 12)
>>> rng = random.Random(1)
>>> while not state.is_over:
...     state.apply(state.random_action(rng))
>>> sum(state.result.power_points)
240
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from ...core.cards import (
    ASS,
    KOENIG,
    LOW_BITS,
    OBER,
    SEVEN,
    SUIT_LETTERS,
    SUIT_MASKS,
    SUITS,
    UNTER,
    ZEHN,
    Card,
    CardSet,
    bit,
    card,
    card_token,
    cards_of,
    count,
    deck,
    distinct,
    parse_card,
    size,
    suit_name,
)
from ...core.errors import IllegalAction
from ...core.outcome import Outcome
from ..binokel.melds import Meld, MeldResult, binokel_melds, rank_melds
from .rules import LuxusRules, convert

__all__ = [
    "PACKETS",
    "TIE_NAMES",
    "IllegalAction",
    "LuxusResult",
    "LuxusRules",
    "LuxusState",
    "LuxusView",
    "Trick",
    "choose_trump_maker",
    "deal_seats",
    "full_deck",
    "legal_mask",
    "luxus_melds",
    "random_deal",
    "score_deal",
    "trump_claim",
]

TRUMP, PLAY, OVER = "trump", "play", "over"
RANKS = (ASS, ZEHN, KOENIG, OBER, UNTER, SEVEN)
POWER = (0, 0, 2, 3, 4, 10, 11, 0)  # Machtpunkte by rank slot: 7, 9, U, O, K, 10, A
PLAYER_COUNTS = (3, 4, 5, 6, 7, 8)
# Packets dealt to each player in turn from the dealer's left; what is left is set aside.
# Hands: 3 -> 16, 4 -> 12, 5 -> 9 (+3), 6 -> 8, 7 -> 6 (+6), 8 -> 6.
PACKETS: dict[int, tuple[int, ...]] = {
    3: (4, 4, 4, 4), 4: (3, 3, 3, 3), 5: (3, 3, 3), 6: (4, 4), 7: (3, 3), 8: (3, 3)}
# The tie-break after equal melds: sevens, then the next rank up each time (seed 004).
TIE_RANKS = (SEVEN, UNTER, OBER, KOENIG, ZEHN, ASS)
TIE_NAMES = ("melds", "sevens", "unter", "ober", "koenig", "zehn", "ass", "order")

PLAY_ACTIONS = tuple(f"play {card_token(c)}" if c & 7 != 7 else "" for c in range(32))
_PLAY_LOOKUP = {a: c for c, a in enumerate(PLAY_ACTIONS) if a and (c & 7) != 1}
TRUMP_ACTIONS = tuple(f"trump {s}" for s in SUIT_LETTERS)
_DECK = tuple(deck(RANKS))
_SORTED_DECK = sorted(_DECK)
_DECK_SET = sum(bit(c) for c in _DECK)
_RANK_LOW = {r: sum(1 << (2 * card(s, r)) for s in SUITS) for r in RANKS}



def full_deck(rules: LuxusRules | None = None, players: int = 4) -> list[Card]:
    """Both copies of A, 10, K, O, U, 7 of every suit: 48 cards, whatever the rules."""
    return list(_DECK)


def hand_size(players: int) -> int:
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
    out.extend([-1] * (len(_DECK) - len(out)))
    return tuple(out)


# ----------------------------------------------------------------------- melds
def _rank_count(hand: CardSet, r: int) -> int:
    low = _RANK_LOW[r]
    return (hand & low).bit_count() + 2 * (hand & (low << 1)).bit_count()


def _meld_key(rules: LuxusRules) -> tuple[Any, ...]:
    return (rules.luxusfamilie, rules.double_family, rules.double_luxusfamilie,
            rules.eight_of_a_rank, rules.four_tens)


def luxus_melds(hand: CardSet, trump: int, rules: LuxusRules) -> MeldResult:
    """The best melding of ``hand``; ``trump`` -1 for plain values (how the seed melds,
    before trump exists), or the trump suit to count trump melds up (``trump_melds``).

    Inside a class (suit, rank, Binokel) a physical card serves once; across classes again.

    >>> from binokel.core.cards import cardset, parse_cards
    >>> r = LuxusRules()
    >>> m = luxus_melds(cardset(parse_cards("EA E10 EK EO EU E7 HK HO SU BO")), -1, r)
    >>> [(x.name, x.points) for x in m.melds], m.total
    ([('luxusfamilie', 150), ('pair', 20), ('binokel', 40)], 210)
    >>> luxus_melds(cardset(parse_cards("EA E10 EK EO EU E7 HK HO")), 0, r).total
    220
    """
    return _melds(hand, trump, _meld_key(rules))


@lru_cache(maxsize=4096)
def _suit_melds(chunk: int, s: int, trump_suit: bool, lux: int, dfam: int, dlux: int
                ) -> tuple[Meld, ...]:
    """Suit-class melds of one suit (``chunk``: the suit's 16-bit slice of the hand)."""
    n = [(chunk >> (2 * r)) & 3 for r in (ASS, ZEHN, KOENIG, OBER, UNTER)]
    sevens = chunk & 3
    fam = min(n)
    fam_cards = tuple(card(s, r) for r in (ASS, ZEHN, KOENIG, OBER, UNTER))
    lux_cards = (*fam_cards, card(s, SEVEN))
    # Trump melds (option trump_melds): +50 per family, +20 per pair, as Binokel's 150 / 40.
    fam_up, pair_val = (50, 40) if trump_suit else (0, 20)
    n_lux = min(fam, sevens) if lux else 0
    singles = [Meld("luxusfamilie", lux_cards, lux + fam_up, s) for _ in range(n_lux)]
    singles += [Meld("family", fam_cards, 100 + fam_up, s) for _ in range(fam - n_lux)]
    pairs = min(n[2], n[3]) - fam
    singles += [Meld("pair", (card(s, KOENIG), card(s, OBER)), pair_val, s)
                for _ in range(pairs)]
    best = tuple(singles)
    if fam == 2:
        # The whole suit twice: the doubled meld counts when it is worth at least the parts.
        doubles = [Meld("double_family", fam_cards * 2, dfam + 2 * fam_up, s)]
        if n_lux == 2 and dlux:
            doubles.insert(0, Meld("double_luxusfamilie", lux_cards * 2, dlux + 2 * fam_up, s))
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


def trump_claim(meld_total: int, hand: CardSet) -> tuple[int, ...]:
    """What decides who names trump, compared left to right: the meld total, then the
    number of sevens, Unter, Ober, Könige, Zehner, Asse (seed 004's tie-break).

    >>> from binokel.core.cards import cardset, parse_cards
    >>> trump_claim(40, cardset(parse_cards("E7 H7 SU EA")))
    (40, 2, 1, 0, 0, 0, 1)
    """
    return (meld_total, *(_rank_count(hand, r) for r in TIE_RANKS))


def choose_trump_maker(claims: list[tuple[int, ...]], order: list[int]) -> tuple[int, str]:
    """The trump maker among the seats in ``order`` (playing order from the dealer's left)
    and the criterion that decided (a name of ``TIE_NAMES``).

    >>> choose_trump_maker([(40, 1, 0, 0, 0, 0, 0), (40, 1, 2, 0, 0, 0, 0)], [0, 1])
    (1, 'unter')
    """
    best = max(order, key=lambda s: (claims[s], -order.index(s)))
    rivals = [s for s in order if s != best]
    if not rivals:
        return best, TIE_NAMES[0]
    # The first criterion on which the winner beats every rival still level with him.
    level = rivals
    for i, name in enumerate(TIE_NAMES[:-1]):
        level = [s for s in level if claims[s][i] == claims[best][i]]
        if not level:
            return best, name
    return best, TIE_NAMES[-1]


# ----------------------------------------------------------------------- trick rules
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


class Trick(NamedTuple):
    """A completed trick: who led, the cards in playing order, who won, its power points
    (the last trick's include the bonus and, with ``leftover = last_trick``, the set-aside
    cards)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [card_token(c) for c in self.cards],
                "winner": self.winner, "points": self.points}


def _set_power(s: CardSet) -> int:
    return sum(POWER[c & 7] * count(s, c) for c in distinct(s))


def _voids_text(mask: int) -> str:
    return "".join(SUIT_LETTERS[s] for s in SUITS if mask >> s & 1)


# ----------------------------------------------------------------------- result, view
_TEXT = {
    "de": {"seat": "Platz", "trump": "Trumpf", "named_by": "bestimmt von", "melds":
           "Meldepunkte", "power": "Machtpunkte", "tricks": "Stichpunkte", "score": "Wertung",
           "none": "keine Meldung", "void": "verfallen (kein Stich)", "aside": "Übrige Karten",
           "nobody": "für niemanden", "last": "für den letzten Stich",
           "melds_reason": "beste Meldung", "tie": "Gleichstand bei den Meldungen; entschieden",
           "sevens": "mehr Siebener", "unter": "mehr Unter", "ober": "mehr Ober",
           "koenig": "mehr Könige", "zehn": "mehr Zehner", "ass": "mehr Asse",
           "order": "früher in der Spielreihenfolge", "won": "Stiche"},
    "en": {"seat": "Seat", "trump": "Trump", "named_by": "named by", "melds": "meld points",
           "power": "power points", "tricks": "trick points", "score": "score",
           "none": "no melds", "void": "void (no trick)", "aside": "Set aside",
           "nobody": "counted for nobody", "last": "counted for the last trick",
           "melds_reason": "best melds", "tie": "melds tied; decided by",
           "sevens": "more sevens", "unter": "more Unters", "ober": "more Obers",
           "koenig": "more Kings", "zehn": "more Tens", "ass": "more Aces",
           "order": "earlier in playing order", "won": "tricks"},
}


@dataclass(frozen=True)
class LuxusResult(Outcome):
    """The outcome of one deal: per-seat scores and what made them."""

    melds: tuple[MeldResult, ...]        # as shown (with trump values if trump_melds)
    meld_points: tuple[int, ...]         # as counted (0 where meld_needs_trick voids them)
    power_points: tuple[int, ...]        # Machtpunkte from won tricks (bonus included)
    trick_points: tuple[int, ...]        # Stichpunkte: power points converted
    tricks_won: tuple[int, ...]
    trump: int                           # named by the trump maker (``declarer``)
    trump_reason: str                    # which criterion made him trump maker
    leftover: tuple[Card, ...]           # the set-aside cards, turned up after the deal
    leftover_rule: str = "nobody"

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores), "declarer": self.declarer,
            "contract": self.contract, "made": self.made, "bid": self.bid,
            "trump": SUIT_LETTERS[self.trump], "trump_reason": self.trump_reason,
            "melds": [m.total for m in self.melds], "meld_points": list(self.meld_points),
            "meld_details": [[x.to_json() for x in m.melds] for m in self.melds],
            "power_points": list(self.power_points), "trick_points": list(self.trick_points),
            "tricks_won": list(self.tricks_won),
            "leftover": [card_token(c) for c in self.leftover],
        }

    def explain(self, lang: str = "de") -> list[str]:
        """The result in words, one line per player.

        >>> s = random_deal(LuxusRules(), 0, random.Random(2), players=3)
        >>> s.result.explain("en")[0].startswith("Trump: ")
        True
        """
        lang = "en" if lang == "en" else "de"
        t = _TEXT[lang]
        reason = t["melds_reason"] if self.trump_reason == "melds" else \
            f"{t['tie']}: {t[self.trump_reason]}"
        lines = [f"{t['trump']}: {suit_name(self.trump, lang)}, {t['named_by']} "
                 f"{t['seat']} {self.declarer} ({reason})"]
        for seat, mr in enumerate(self.melds):
            shown = ", ".join(f"{m.label(lang)} {m.points}" for m in mr.melds) or t["none"]
            meld = f"{shown} = {mr.total}" if mr.melds else shown
            if mr.total and self.meld_points[seat] == 0:
                meld += f", {t['void']}"
            lines.append(f"  {t['seat']} {seat}: {meld}; {self.tricks_won[seat]} {t['won']}, "
                         f"{self.power_points[seat]} {t['power']} -> "
                         f"{self.trick_points[seat]} {t['tricks']}; {t['score']} "
                         f"{self.meld_points[seat]} + {self.trick_points[seat]} = "
                         f"{self.scores[seat]}")
        if self.leftover:
            rule = t["last"] if self.leftover_rule == "last_trick" else t["nobody"]
            lines.append(f"  {t['aside']}: {' '.join(card_token(c) for c in self.leftover)} "
                         f"({_set_power(sum(bit(c) for c in self.leftover))} {t['power']}, "
                         f"{rule})")
        return lines


@dataclass(frozen=True)
class LuxusView:
    """What one player may know: his hand, the shown melds, the public play. Never another
    player's hand or the set-aside cards (those only in ``result``, after the deal)."""

    player: int
    players: int
    rules: LuxusRules
    dealer: int
    phase: str
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    leftover_count: int                   # how many cards lie aside, face down
    history: tuple[tuple[int, str], ...]
    melds: tuple[MeldResult, ...]         # everyone's melds, shown after the deal
    trump: int                            # -1 until named
    trump_maker: int
    trump_reason: str
    tricks: tuple[Trick, ...]
    trick_leader: int
    trick: tuple[Card, ...]
    voids: tuple[str, ...]                # per seat: suit letters he is known to lack
    power_points: tuple[int, ...]         # per seat, from won tricks
    legal_actions: tuple[str, ...]
    result: LuxusResult | None
    game: str = "luxusfamilie"

    def to_json(self) -> dict[str, Any]:
        def toks(cs: tuple[Card, ...]) -> list[str]:
            return [card_token(c) for c in cs]

        return {
            "game": self.game, "player": self.player, "players": self.players,
            "rules": self.rules.to_dict(), "dealer": self.dealer, "phase": self.phase,
            "to_move": self.to_move, "hand": toks(self.hand),
            "hand_sizes": list(self.hand_sizes), "leftover_count": self.leftover_count,
            "history": [[s, a] for s, a in self.history],
            "melds": [[m.to_json() for m in mr.melds] for mr in self.melds],
            "meld_totals": [m.total for m in self.melds],
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "trump_maker": self.trump_maker, "trump_reason": self.trump_reason,
            "tricks": [t.to_json() for t in self.tricks], "trick_leader": self.trick_leader,
            "trick": toks(self.trick), "voids": list(self.voids),
            "power_points": list(self.power_points),
            "legal_actions": list(self.legal_actions),
            "result": self.result.to_json() if self.result else None,
        }


# ----------------------------------------------------------------------- the deal
class LuxusState:
    """One deal of Luxusfamilie. ``apply`` mutates (fast, for search); ``child`` copies."""

    __slots__ = (
        "dealer",
        "deck",
        "hands",
        "history",
        "initial_hands",
        "led",
        "leftover",
        "meld_claims",
        "melds",
        "phase",
        "plain_melds",
        "players",
        "power_points",
        "result",
        "rules",
        "to_move",
        "trick",
        "trick_leader",
        "tricks",
        "tricks_won",
        "trump",
        "trump_maker",
        "trump_reason",
        "voids",
        "win_card",
        "win_seat",
    )

    game_name = "luxusfamilie"
    rules: LuxusRules
    players: int
    dealer: int
    deck: tuple[Card, ...]
    hands: list[CardSet]
    initial_hands: tuple[CardSet, ...]
    leftover: CardSet
    history: list[tuple[int, str]]
    phase: str
    to_move: int
    plain_melds: tuple[MeldResult, ...]
    melds: tuple[MeldResult, ...]
    meld_claims: tuple[tuple[int, ...], ...]
    trump_maker: int
    trump_reason: str
    trump: int
    trick: list[Card]
    trick_leader: int
    led: int
    win_card: int
    win_seat: int
    tricks: list[Trick]
    power_points: list[int]
    tricks_won: list[int]
    voids: list[int]
    result: LuxusResult | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: LuxusRules | None = None, dealer: int = 0, seed: int | None = None,
            deck_order: list[Card] | None = None, players: int = 4,
            rng: random.Random | None = None) -> LuxusState:
        """A fresh deal from ``deck_order`` (dealing order, top card first) or a shuffle."""
        rules = rules or LuxusRules()
        check = deck_order is not None
        if deck_order is None:
            deck_order = list(_DECK)
            (rng or random.Random(seed)).shuffle(deck_order)
        s = cls()
        s._setup(rules, dealer, list(deck_order), players, check)
        return s

    def _setup(self, rules: LuxusRules, dealer: int, deck_order: list[Card], players: int,
               check: bool) -> None:
        if players not in PACKETS:
            raise IllegalAction(f"Luxusfamilie is for 3 to 8 players, not {players}")
        if not 0 <= dealer < players:
            raise IllegalAction(f"dealer must be a seat 0..{players - 1}, not {dealer}")
        if check and sorted(deck_order) != _SORTED_DECK:
            raise IllegalAction("the deck must hold each of the 24 cards A 10 K O U 7 of "
                                f"every suit exactly twice ({len(deck_order)} given)")
        self.rules, self.players, self.dealer = rules, players, dealer
        self.deck = tuple(deck_order)
        hands = [0] * players
        leftover = 0
        for c, seat in zip(deck_order, deal_seats(players, dealer), strict=True):
            if seat < 0:
                leftover += bit(c)
            else:
                hands[seat] += bit(c)
        self.hands = hands
        self.initial_hands = tuple(hands)
        self.leftover = leftover
        self.history = []
        # Melds are laid out and written down before anyone knows trump: plain values.
        self.plain_melds = tuple(luxus_melds(h, -1, rules) for h in hands)
        self.melds = self.plain_melds
        self.meld_claims = tuple(trump_claim(m.total, h)
                                 for m, h in zip(self.plain_melds, hands, strict=True))
        order = [(dealer + 1 + i) % players for i in range(players)]
        self.trump_maker, self.trump_reason = choose_trump_maker(list(self.meld_claims), order)
        self.trump = -1
        self.phase = TRUMP
        self.to_move = self.trump_maker
        self.trick = []
        self.trick_leader = self.led = self.win_card = self.win_seat = -1
        self.tricks = []
        self.power_points = [0] * players
        self.tricks_won = [0] * players
        self.voids = [0] * players
        self.result = None

    def clone(self) -> LuxusState:
        o = LuxusState()
        for name in LuxusState.__slots__:
            setattr(o, name, getattr(self, name))
        o.hands = list(self.hands)
        o.history = list(self.history)
        o.trick = list(self.trick)
        o.tricks = list(self.tricks)
        o.power_points = list(self.power_points)
        o.tricks_won = list(self.tricks_won)
        o.voids = list(self.voids)
        return o

    def child(self, action: str) -> LuxusState:
        c = self.clone()
        c.apply(action)
        return c

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def vorhand(self) -> int:
        """The seat on the dealer's left: first to get cards, first in playing order."""
        return (self.dealer + 1) % self.players

    @property
    def hand_size(self) -> int:
        return hand_size(self.players)

    def _trumped(self) -> bool:
        # A trump in the trick always wins it so far: the trick holds a trump iff its best
        # card is one.
        return self.win_card >= 0 and self.win_card >> 3 == self.trump

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play (play phase)."""
        return legal_mask(self.hands[self.to_move], self.led, self.trump, self._trumped(),
                          self.rules.trump_duty)

    def legal_actions(self) -> list[str]:
        if self.phase == PLAY:
            return [PLAY_ACTIONS[c] for c in distinct(self.legal_cards())]
        if self.phase == TRUMP:
            return list(TRUMP_ACTIONS)
        return []

    def random_action(self, rng: random.Random) -> str:
        """A uniformly random legal action, without listing them all."""
        if self.phase == PLAY:
            m = self.legal_cards()
            p = (m | (m >> 1)) & LOW_BITS
            for _ in range(int(rng.random() * p.bit_count())):
                p &= p - 1
            return PLAY_ACTIONS[((p & -p).bit_length() - 1) >> 1]
        if self.phase == TRUMP:
            return TRUMP_ACTIONS[int(rng.random() * 4)]
        raise IllegalAction("the deal is over")

    # ------------------------------------------------------------------ apply
    def apply(self, action: str) -> None:
        """Apply ``action`` for the player to move; raises :class:`IllegalAction` (the state
        is unchanged then)."""
        if self.phase == PLAY:
            c = _PLAY_LOOKUP.get(action)
            if c is None:
                c = self._parse_play(action)
            self._play_checked(c)
        elif self.phase == TRUMP:
            self._trump(action)
        else:
            raise IllegalAction(f"{action!r}: the deal is over")

    def _parse_play(self, action: str) -> Card:
        verb, _, arg = action.strip().partition(" ")
        if verb.lower() != "play":
            raise IllegalAction(f"{action!r} is not possible now: seat {self.to_move} plays a "
                                "card ('play C', e.g. play EA)")
        try:
            c = parse_card(arg)
        except ValueError as e:
            raise IllegalAction(f"play: {e}") from None
        if c & 7 not in RANKS:
            raise IllegalAction(f"play {card_token(c)}: no such card in Luxusfamilie "
                                "(A 10 K O U 7)")
        return c

    def _trump(self, action: str) -> None:
        verb, _, arg = action.strip().partition(" ")
        if verb.lower() != "trump":
            raise IllegalAction(f"{action!r} is not possible now: seat {self.to_move} (the "
                                "trump maker) names trump with 'trump E|B|H|S'")
        arg = arg.strip().upper()
        if arg not in ("E", "B", "H", "S"):
            raise IllegalAction(f"trump: not a suit: {arg!r} (expected E, B, H or S)")
        t = SUIT_LETTERS.index(arg)
        self.trump = t
        if self.rules.trump_melds:
            self.melds = tuple(luxus_melds(h, t, self.rules) for h in self.initial_hands)
        self.history.append((self.to_move, TRUMP_ACTIONS[t]))
        self.phase = PLAY
        self.trick_leader = self.to_move = self.trump_maker

    def _play_checked(self, c: Card) -> None:
        seat = self.to_move
        hand = self.hands[seat]
        if not count(hand, c):
            raise IllegalAction(f"play {card_token(c)}: seat {seat} does not hold "
                                f"{card_token(c)}")
        if not count(self.legal_cards(), c):
            raise IllegalAction(self._why_not(c))
        self._play(c)

    def _why_not(self, c: Card) -> str:
        legal = " ".join(dict.fromkeys(card_token(x) for x in cards_of(self.legal_cards())))
        led = SUIT_LETTERS[self.led]
        if self.hands[self.to_move] & SUIT_MASKS[self.led]:
            return f"play {card_token(c)}: must follow {led} (Farbzwang); legal: {legal}"
        return (f"play {card_token(c)}: void in {led}, must play a trump "
                f"{SUIT_LETTERS[self.trump]} (Trumpfzwang); legal: {legal}")

    def _play(self, c: Card) -> None:
        seat = self.to_move
        self.hands[seat] -= 1 << (c << 1)
        self.history.append((seat, PLAY_ACTIONS[c]))
        trick = self.trick
        s = c >> 3
        if not trick:
            self.led = s
            self.win_card, self.win_seat = c, seat
        else:
            led, trump = self.led, self.trump
            if s != led:
                # The seed's Farbkarten: not following shows a void, not trumping when one
                # must shows a trump void too.
                v = self.voids[seat] | (1 << led)
                if s != trump and led != trump:
                    duty = self.rules.trump_duty
                    if duty == "always" or (duty == "untrumped" and not self._trumped()):
                        v |= 1 << trump
                self.voids[seat] = v
            win = self.win_card
            if (s == win >> 3 and c > win) or (s == trump and win >> 3 != trump):
                self.win_card, self.win_seat = c, seat
        trick.append(c)
        if len(trick) < self.players:
            self.to_move = seat + 1 if seat + 1 < self.players else 0
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        w = self.win_seat
        pts = sum(POWER[c & 7] for c in self.trick)
        last = self.hands[w] == 0
        if last:
            pts += self.rules.last_trick_bonus
            if self.rules.leftover == "last_trick":
                pts += _set_power(self.leftover)
        self.tricks.append(Trick(self.trick_leader, tuple(self.trick), w, pts))
        self.power_points[w] += pts
        self.tricks_won[w] += 1
        self.trick = []
        self.led = self.win_card = self.win_seat = -1
        self.trick_leader = self.to_move = w
        if last:
            self.phase = OVER
            self.to_move = -1
            self.result = score_deal(self)

    # ------------------------------------------------------------------ views
    def view(self, player: int) -> LuxusView:
        """What ``player`` may know: his hand, the shown melds, the public play."""
        if not 0 <= player < self.players:
            raise ValueError(f"no seat {player}")
        return self._view(player)

    def public_view(self) -> LuxusView:
        """What a spectator may know (no hand at all)."""
        return self._view(-1)

    def _view(self, player: int) -> LuxusView:
        legal = tuple(self.legal_actions()) if player >= 0 and player == self.to_move else ()
        return LuxusView(
            player=player, players=self.players, rules=self.rules, dealer=self.dealer,
            phase=self.phase, to_move=self.to_move,
            hand=tuple(cards_of(self.hands[player])) if player >= 0 else (),
            hand_sizes=tuple(size(h) for h in self.hands),
            leftover_count=size(self.leftover), history=tuple(self.history),
            melds=self.melds, trump=self.trump, trump_maker=self.trump_maker,
            trump_reason=self.trump_reason, tricks=tuple(self.tricks),
            trick_leader=self.trick_leader, trick=tuple(self.trick),
            voids=tuple(_voids_text(v) for v in self.voids),
            power_points=tuple(self.power_points), legal_actions=legal, result=self.result,
        )

    def __repr__(self) -> str:
        return (f"<LuxusState players={self.players} phase={self.phase} "
                f"to_move={self.to_move} actions={len(self.history)}>")


# ----------------------------------------------------------------------- scoring
def score_deal(state: LuxusState) -> LuxusResult:
    """Score a finished deal: each player's melds plus his converted power points."""
    r = state.rules
    n = state.players
    meld_points = tuple(0 if r.meld_needs_trick and state.tricks_won[s] == 0
                        else state.melds[s].total for s in range(n))
    trick_points = tuple(convert(p, r.conversion) for p in state.power_points)
    scores = tuple(m + t for m, t in zip(meld_points, trick_points, strict=True))
    return LuxusResult(
        scores=scores, melds=state.melds, meld_points=meld_points,
        power_points=tuple(state.power_points), trick_points=trick_points,
        tricks_won=tuple(state.tricks_won), declarer=state.trump_maker, trump=state.trump,
        trump_reason=state.trump_reason, leftover=tuple(cards_of(state.leftover)),
        leftover_rule=r.leftover)


def random_deal(rules: LuxusRules, dealer: int, rng: random.Random,
                players: int = 4) -> LuxusState:
    """A complete deal of uniformly random legal actions."""
    state = LuxusState.new(rules, dealer, rng=rng, players=players)
    while state.phase != OVER:
        state.apply(state.random_action(rng))
    return state
