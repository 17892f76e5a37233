"""Zweierbinokel (two-player Binokel, seed 001, RULES §7) as a deal state machine.

Two players, 40 cards (48 with ``sevens``). Each gets 12 cards in threes; the next card is
turned up beneath the stock, fixes trump and is the stock's last card. While the stock lasts
there is no duty to follow; the winner of a trick draws first, then the other, and the winner
may meld one combination before leading. Melded cards lie face up in front of their owner and
stay playable. When the stock is empty the melded cards go back to the hand and Farbzwang,
Stichzwang and Trumpfzwang apply (RULES §4). Both players score melds + trick points.

Actions (strings, as stored in a record; ``docs/zweier.md`` has the details):

- ``play C``: play a card from the hand or from one's own melds on the table;
- ``meld C C ...``: meld one combination of the meld table (cards in canonical order), only
  while the stock lasts, after winning a trick and before leading;
- ``exchange``: with ``sevens``, exchange a trump seven (Dix) from the hand for the
  turned-up card, at the same moment as a meld.

The record's ``deck`` is the dealing order: the 24 dealt cards (3 to the non-dealer, 3 to the
dealer, four times), then the turned-up card, then the stock from its top.

>>> state = ZweierState.new(ZweierRules(), dealer=0, seed=3)
>>> state.to_move, state.phase, state.stock_size, len(state.legal_actions()) > 0
(1, 'free', 16, True)
>>> import random
>>> rng = random.Random(1)
>>> while not state.is_over:
...     state.apply(state.random_action(rng))
>>> sum(state.result.trick_points)
250
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from ...core.cards import (
    ASS,
    BINOKEL_RANKS,
    BLATT,
    KOENIG,
    OBER,
    SCHELLEN,
    SEVEN,
    SUIT_LETTERS,
    SUIT_MASKS,
    SUITS,
    UNTER,
    ZEHN,
    Card,
    CardSet,
    Suit,
    bit,
    card,
    card_token,
    cards_of,
    count,
    deck,
    distinct,
    format_cards,
    parse_card,
    presence,
    size,
    sort_key,
)
from ...core.errors import IllegalAction
from ...core.outcome import Outcome, Termination
from ...core.rules import round_to_ten
from ...core.state import ANY_PHASE, OVER, Handler, State
from ...core.trick import NONE, PLAY_ACTIONS, Trick, beats, legal_mask, play_actions, trick_bonus
from ..binokel.melds import FOUR_VALUES, Meld
from .rules import ZweierRules

__all__ = [
    "FREE",
    "OVER",
    "STRICT",
    "IllegalAction",
    "MeldKind",
    "ZweierResult",
    "ZweierRules",
    "ZweierState",
    "ZweierView",
    "full_deck",
    "meld_kinds",
    "random_deal",
]

FREE, STRICT = "free", "strict"
DEALT = 24            # 12 cards each
TURNED_UP = DEALT     # deck position of the turned-up card
# Meld classes (RULES §3): a physical card serves once per class, again in another class.
SUIT_CLASS, RANK_CLASS, BINOKEL_CLASS = 0, 1, 2
CLASS_NAMES = ("suit", "rank", "Binokel")
SU, BO = card(SCHELLEN, UNTER), card(BLATT, OBER)
_RANK_KEYS = {UNTER: "unter", OBER: "ober", KOENIG: "koenig", ASS: "ass", ZEHN: "zehn"}

_DECKS = {False: tuple(deck(BINOKEL_RANKS)), True: tuple(deck((*BINOKEL_RANKS, SEVEN)))}


def full_deck(rules: ZweierRules, players: int = 2) -> list[Card]:
    """Both copies of every card: A, 10, K, O, U (and 7 with ``sevens``) of each suit."""
    return list(_DECKS[rules.sevens])


# ----------------------------------------------------------------------- the meld table
class MeldKind(NamedTuple):
    """One entry of the meld table for a given trump suit.

    ``level`` orders the melds of one class and kind (pair 1 < family 2 < double family 3;
    four 1 < eight 2; Binokel 1 < Doppelbinokel 2): with ``upgrade_melds`` a meld may reuse
    cards that served in a lower meld of its class.
    """

    name: str                          # a key of binokel.games.binokel.melds.MELD_NAMES
    cls: int                           # SUIT_CLASS, RANK_CLASS or BINOKEL_CLASS
    level: int
    cards: tuple[Card, ...]            # canonical order (suit, high to low)
    need: tuple[tuple[Card, int], ...]  # distinct card -> copies needed
    points: int
    suit: Suit | None
    action: str                        # "meld C C ..."

    def meld(self) -> Meld:
        return Meld(self.name, self.cards, self.points, self.suit)


def _kind(name: str, cls: int, level: int, cards: list[Card], points: int,
          suit: Suit | None) -> MeldKind:
    cs = tuple(sorted(cards, key=sort_key))
    need: dict[Card, int] = {}
    for c in cs:
        need[c] = need.get(c, 0) + 1
    return MeldKind(name, cls, level, cs, tuple(need.items()), points, suit,
                    "meld " + format_cards(cs))


@lru_cache(maxsize=256)
def _meld_table(trump: Suit, eight: Any, dfam: int, dtfam: int,
                four_tens: int) -> tuple[tuple[MeldKind, ...], dict[CardSet, MeldKind]]:
    kinds: list[MeldKind] = []
    for s in SUITS:
        t = s == trump
        fam = [card(s, r) for r in BINOKEL_RANKS]
        kinds.append(_kind("pair", SUIT_CLASS, 1, [card(s, KOENIG), card(s, OBER)],
                           40 if t else 20, s))
        kinds.append(_kind("family", SUIT_CLASS, 2, fam, 150 if t else 100, s))
        kinds.append(_kind("double_family", SUIT_CLASS, 3, fam * 2, dtfam if t else dfam, s))
    for r in (ASS, ZEHN, KOENIG, OBER, UNTER):
        value = FOUR_VALUES.get(r, four_tens)
        if not value:
            continue
        four = [card(s, r) for s in SUITS]
        kinds.append(_kind(f"four_{_RANK_KEYS[r]}", RANK_CLASS, 1, four, value, None))
        kinds.append(_kind(f"eight_{_RANK_KEYS[r]}", RANK_CLASS, 2, four * 2,
                           2 * value if eight == "double" else int(eight), None))
    kinds.append(_kind("binokel", BINOKEL_CLASS, 1, [SU, BO], 40, None))
    kinds.append(_kind("doppelbinokel", BINOKEL_CLASS, 2, [SU, SU, BO, BO], 300, None))
    by_set = {sum(bit(c) for c in k.cards): k for k in kinds}
    return tuple(kinds), by_set


def meld_kinds(trump: Suit, rules: ZweierRules) -> tuple[MeldKind, ...]:
    """Every meld of the meld table under ``rules`` with ``trump``.

    >>> [k.action for k in meld_kinds(0, ZweierRules())][:2]
    ['meld EK EO', 'meld EA E10 EK EO EU']
    """
    return _meld_table(trump, rules.eight_of_a_rank, rules.double_family,
                       rules.double_trump_family, rules.four_tens)[0]


def _lvl(code: int, cls: int) -> int:
    """A table copy's usage code holds, per class, the level of the meld it served in."""
    return (code >> (2 * cls)) & 3


def _spent(code: int) -> int:
    return (code & 3) + ((code >> 2) & 3) + ((code >> 4) & 3)


# ----------------------------------------------------------------------- result, view
@dataclass(frozen=True)
class ZweierResult(Outcome):
    """The outcome of one deal: each player's melds and trick points, and the scores."""

    trump: int
    melds: tuple[tuple[Meld, ...], ...]
    meld_points: tuple[int, ...]
    trick_points: tuple[int, ...]        # card points of won tricks + the bonus
    counted_trick_points: tuple[int, ...]  # after rounding (rounding = all)
    tricks_won: tuple[int, ...]
    bonus: int                           # the last- (or first-) trick bonus
    bonus_to: int                        # who got it
    bonus_trick: str = "last"            # which trick carried it (option bonus_trick)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores), "trump": SUIT_LETTERS[self.trump],
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "meld_points": list(self.meld_points), "trick_points": list(self.trick_points),
            "counted_trick_points": list(self.counted_trick_points),
            "tricks_won": list(self.tricks_won), "bonus": self.bonus, "bonus_to": self.bonus_to,
            "bonus_trick": self.bonus_trick, "declarer": None, "contract": self.contract,
            "made": None,
        }

    def explain(self, lang: str = "de") -> list[str]:
        """The score in human lines: each player's melds, trick points, bonus and total.

        >>> r = ZweierResult(0, ((Meld("pair", (4, 3), 40, 0),), ()), (40, 0),
        ...                  (150, 100), (150, 100), (11, 9), 10, 0, scores=(190, 100))
        >>> r.explain("en")[0]
        'Seat 0: melds Pair Acorns 40 = 40; trick points 150 (last trick +10); score 190'
        """
        de = lang == "de"
        seat, melds_w, none_w, tricks_w, score_w = (
            ("Platz", "Meldungen", "keine", "Stichpunkte", "Wertung") if de else
            ("Seat", "melds", "none", "trick points", "score"))
        out = []
        for p, score in enumerate(self.scores):
            ms = ", ".join(f"{m.label(lang)} {m.points}" for m in self.melds[p])
            ms = f"{ms} = {self.meld_points[p]}" if ms else none_w
            tp = f"{self.trick_points[p]}"
            if self.bonus and self.bonus_to == p:
                which = {("last", True): "letzter Stich", ("last", False): "last trick",
                         ("first", True): "erster Stich", ("first", False): "first trick"
                         }[self.bonus_trick, de]
                tp += f" ({which} +{self.bonus})"
            if self.counted_trick_points[p] != self.trick_points[p]:
                tp += f" → {self.counted_trick_points[p]}"
            out.append(f"{seat} {p}: {melds_w} {ms}; {tricks_w} {tp}; {score_w} {score}")
        return out


@dataclass(frozen=True)
class ZweierView:
    """What one player (or, with ``player`` -1, a spectator) may know.

    Never the opponent's hand or the stock's order: only what lies face up (tables, the
    turned-up card, tricks) and the cards shown in play (``shown``).
    """

    player: int
    players: int
    rules: ZweierRules
    dealer: int
    phase: str
    to_move: int
    hand: tuple[Card, ...]                  # own hidden hand, without own table cards
    table: tuple[tuple[Card, ...], ...]     # each player's face-up melded cards
    hand_sizes: tuple[int, ...]             # cards in each hand (table cards not counted)
    stock_size: int                         # face-down stock cards + the turned-up card
    trump: int
    trump_card: Card | None                 # while it lies under the stock
    history: tuple[tuple[int, str], ...]    # every action (draws are no actions)
    shown: tuple[tuple[int, str, Card], ...]  # (seat, why, card) of cards shown as drawn
    tricks: tuple[Trick, ...]
    trick: tuple[Card, ...]
    trick_leader: int
    melds: tuple[tuple[Meld, ...], ...]
    meld_points: tuple[int, ...]
    trick_points: tuple[int, ...]
    legal_actions: tuple[str, ...]
    result: ZweierResult | None
    game: str = "zweier"

    def to_json(self) -> dict[str, Any]:
        def toks(cs: tuple[Card, ...]) -> list[str]:
            return [card_token(c) for c in cs]

        return {
            "game": self.game, "player": self.player, "players": self.players,
            "rules": self.rules.to_dict(), "dealer": self.dealer, "phase": self.phase,
            "to_move": self.to_move, "hand": toks(self.hand),
            "table": [toks(t) for t in self.table], "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size, "trump": SUIT_LETTERS[self.trump],
            "trump_card": card_token(self.trump_card) if self.trump_card is not None else None,
            "history": [[s, a] for s, a in self.history],
            "shown": [[s, why, card_token(c)] for s, why, c in self.shown],
            "tricks": [t.to_json() for t in self.tricks], "trick": toks(self.trick),
            "trick_leader": self.trick_leader,
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "meld_points": list(self.meld_points), "trick_points": list(self.trick_points),
            "legal_actions": list(self.legal_actions),
            "result": self.result.to_json() if self.result else None,
        }


# ----------------------------------------------------------------------- the deal
class ZweierState(State):
    """One deal of Zweierbinokel. ``apply`` mutates (fast, for search); ``child`` copies."""

    __slots__ = (
        "dealer",
        "deck",
        "dix_count",
        "hands",
        "history",
        "meld_points",
        "melded",
        "melds",
        "phase",
        "players",
        "result",
        "rules",
        "shown",
        "stock_next",
        "tables",
        "to_move",
        "trick",
        "trick_leader",
        "trick_points",
        "tricks",
        "tricks_won",
        "trump",
        "turned_up",
        "usage",
        "won_lead",
    )

    game_name = "zweier"
    rules: ZweierRules
    players: int
    dealer: int
    deck: tuple[Card, ...]
    trump: int
    turned_up: Card                  # the face-up card under the stock; -1 once taken
    stock_next: int                  # deck position of the next face-down card to draw
    hands: list[CardSet]             # hidden hand cards
    tables: list[CardSet]            # face-up melded cards (free phase only)
    usage: list[dict[Card, tuple[int, ...]]]  # per table copy: meld levels per class
    history: list[tuple[int, str]]
    shown: list[tuple[int, str, Card]]
    phase: str
    to_move: int
    trick: list[Card]
    trick_leader: int
    won_lead: bool                   # the leader has just won a trick and may meld
    melded: bool                     # ... and has melded this turn
    dix_count: int                   # trump sevens declared (turned up or exchanged)
    tricks: list[Trick]
    trick_points: list[int]
    tricks_won: list[int]
    melds: list[list[Meld]]
    meld_points: list[int]
    result: ZweierResult | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: ZweierRules | None = None, dealer: int = 0, seed: int | None = None,
            deck_order: list[Card] | None = None, players: int = 2,
            rng: random.Random | None = None) -> ZweierState:
        """A fresh deal from ``deck_order`` (dealing order, see the module doc) or a shuffle."""
        rules = rules or ZweierRules()
        check = deck_order is not None
        if deck_order is None:
            deck_order = full_deck(rules)
            (rng or random.Random(seed)).shuffle(deck_order)
        s = cls()
        s._setup(rules, dealer, list(deck_order), players, check)
        return s

    def _setup(self, rules: ZweierRules, dealer: int, deck_order: list[Card], players: int,
               check: bool) -> None:
        if players != 2:
            raise IllegalAction(f"Zweierbinokel is for 2 players, not {players}")
        if dealer not in (0, 1):
            raise IllegalAction(f"dealer must be a seat 0..1, not {dealer}")
        if check and sorted(deck_order) != sorted(_DECKS[rules.sevens]):
            n = len(_DECKS[rules.sevens])
            raise IllegalAction(f"the deck must hold each of the {n // 2} cards of this game "
                                f"exactly twice ({len(deck_order)} given)")
        self.rules, self.players, self.dealer = rules, 2, dealer
        self.deck = tuple(deck_order)
        hands = [0, 0]
        for i in range(8):  # packets of three, the non-dealer first
            seat = 1 - dealer if i % 2 == 0 else dealer
            for c in deck_order[3 * i:3 * i + 3]:
                hands[seat] += bit(c)
        self.hands = hands
        self.tables = [0, 0]
        self.usage = [{}, {}]
        self.turned_up = deck_order[TURNED_UP]
        self.trump = self.turned_up >> 3
        self.stock_next = TURNED_UP + 1
        self.history = []
        self.shown = []
        self.phase = FREE
        self.trick = []
        self.trick_leader = self.to_move = 1 - dealer
        self.won_lead = self.melded = False
        self.tricks = []
        self.trick_points = [0, 0]
        self.tricks_won = [0, 0]
        self.melds = [[], []]
        self.meld_points = [0, 0]
        self.result = None
        self.dix_count = 0
        if rules.sevens and self.turned_up & 7 == SEVEN:
            # A turned-up Dix counts for the dealer (Bezique's custom; option dix).
            self.dix_count = 1
            if rules.dix:
                self._score(dealer, Meld("dix", (self.turned_up,), 10))

    def clone(self) -> ZweierState:
        """An independent copy: the lists and the usage dicts are copied, the rules, the deck,
        the tricks and the melds (immutable) are shared."""
        o = ZweierState()
        o.rules, o.players, o.dealer, o.deck = self.rules, self.players, self.dealer, self.deck
        o.trump, o.turned_up, o.stock_next = self.trump, self.turned_up, self.stock_next
        o.phase, o.to_move, o.result = self.phase, self.to_move, self.result
        o.trick_leader, o.won_lead, o.melded = self.trick_leader, self.won_lead, self.melded
        o.dix_count = self.dix_count
        o.hands = list(self.hands)
        o.tables = list(self.tables)
        o.usage = [dict(self.usage[0]), dict(self.usage[1])]
        o.history = list(self.history)
        o.shown = list(self.shown)
        o.trick = list(self.trick)
        o.tricks = list(self.tricks)
        o.trick_points = list(self.trick_points)
        o.tricks_won = list(self.tricks_won)
        o.melds = [list(self.melds[0]), list(self.melds[1])]
        o.meld_points = list(self.meld_points)
        return o

    # ------------------------------------------------------------------ queries
    def points_taken(self) -> tuple[int, ...]:
        """Each seat's trick points so far, the last- (or first-) trick bonus included."""
        return (self.trick_points[0], self.trick_points[1])

    def points_total(self) -> int:
        """The deck's card points (240 under either ``card_points``) plus the trick bonus."""
        pts = self.rules.points
        return sum(pts[c & 7] for c in self.deck) + self.rules.last_trick_bonus

    @property
    def facedown_left(self) -> int:
        """Face-down cards still in the stock."""
        return len(self.deck) - self.stock_next

    @property
    def stock_size(self) -> int:
        """Cards still in the stock, the turned-up card included."""
        return self.facedown_left + (1 if self.turned_up >= 0 else 0)

    def stock_cards(self) -> CardSet:
        """The stock's cards as a set (hidden information: for tests and analysis)."""
        s = sum(bit(c) for c in self.deck[self.stock_next:])
        return s + (bit(self.turned_up) if self.turned_up >= 0 else 0)

    def playable(self, seat: int) -> CardSet:
        """Everything ``seat`` can play from: hand and own table cards."""
        return self.hands[seat] + self.tables[seat]

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play now."""
        seat = self.to_move
        if self.phase == FREE:
            return self.hands[seat] + self.tables[seat]
        if self.phase == OVER:
            return 0
        if not self.trick:
            return self.hands[seat]
        hand, led, trump = self.hands[seat], self.trick[0], self.trump
        suit = led >> 3
        if suit != trump and not self.rules.must_beat:
            # Seed 001 names only Farbzwang and the duty to trump for a plain suit.
            return (hand & SUIT_MASKS[suit]) or (hand & SUIT_MASKS[trump]) or hand
        return legal_mask(hand, suit, led, led if suit == trump else NONE, trump)

    @property
    def may_meld(self) -> bool:
        """Whether the player to move may meld now (or exchange the Dix)."""
        return self.won_lead and self.phase == FREE and not self.trick

    def meld_options(self) -> list[MeldKind]:
        """The melds the player to move may announce now."""
        if not self.may_meld or self.melded:
            return []
        seat = self.to_move
        every = self.hands[seat] + self.tables[seat]
        have = presence(every)
        out = []
        for k in meld_kinds(self.trump, self.rules):
            if any(have >> (2 * c) & 1 == 0 for c, _ in k.need):
                continue
            if self._meld_problem(seat, k) is None:
                out.append(k)
        return out

    def can_exchange(self) -> bool:
        """Whether the player to move may exchange a trump seven for the turned-up card."""
        return self._exchange_problem() is None

    def legal_actions(self) -> list[str]:
        if self.phase == OVER:
            return []
        out = play_actions(self.legal_cards())
        if self.may_meld:
            if self.can_exchange():
                out.append("exchange")
            out.extend(k.action for k in self.meld_options())
        return out

    def expected_verbs(self) -> str:
        # Cards are played in every phase; the kernel's default lists only the HANDLERS.
        return "play CARD, meld CARDS or exchange" if self.phase == FREE else "play CARD"

    # ------------------------------------------------------------------ actions
    def _do_play(self, c: Card) -> str:
        if not (self.legal_cards() >> (c << 1)) & 3:
            raise IllegalAction(self._why_not(c))
        self._play(c)
        return PLAY_ACTIONS[c]

    def _why_not(self, c: Card) -> str:
        tok, seat = card_token(c), self.to_move
        if not count(self.playable(seat), c):
            where = "hand or table" if self.phase == FREE else "hand"
            return f"play {tok}: seat {seat} holds no {tok} ({where})"
        led = self.trick[0] >> 3
        legal = format_cards(sorted(distinct(self.legal_cards()), key=sort_key))
        if self.hands[seat] & SUIT_MASKS[led]:
            if c >> 3 != led:
                why = f"must follow suit {SUIT_LETTERS[led]} (Farbzwang)"
            else:
                why = ("must beat the led trump" if led == self.trump else
                       "must beat the led card (Stichzwang)")
        else:
            why = "must play a trump (Trumpfzwang)"
        return f"play {tok}: {why}; legal: {legal}"

    def _play(self, c: Card) -> None:
        seat = self.to_move
        b = bit(c)
        if self.tables[seat] & (3 * b):
            self._take_from_table(seat, c)
        else:
            self.hands[seat] -= b
        self.won_lead = self.melded = False
        self.trick.append(c)
        if len(self.trick) == 1:
            self.to_move = 1 - seat
        else:
            self._close_trick()

    def _take_from_table(self, seat: int, c: Card) -> None:
        # Playing a table copy reveals nothing new and keeps the hidden, unused hand copy, so
        # a card that is both in hand and on the table leaves the table; of two table copies
        # the one that served in more melds goes.
        codes = list(self.usage[seat][c])
        codes.remove(max(codes, key=lambda u: (_spent(u), u)))
        if codes:
            self.usage[seat][c] = tuple(codes)
        else:
            del self.usage[seat][c]
        self.tables[seat] -= bit(c)

    def _close_trick(self) -> None:
        a, b = self.trick
        leader = self.trick_leader
        w = 1 - leader if beats(b, a, self.trump) else leader
        pts = self.rules.points
        points = pts[a & 7] + pts[b & 7]
        self.tricks.append(Trick(leader, (a, b), w, points))
        self.trick_points[w] += points
        self.tricks_won[w] += 1
        self.trick = []
        self.trick_leader = self.to_move = w
        r = self.rules
        # The free phase never ends a deal (its trick is followed by drawing), even when the
        # winner's cards all lie on his table.
        last = self.phase == STRICT and not self.hands[w]
        self.trick_points[w] += trick_bonus(r.last_trick_bonus, r.bonus_trick, len(self.tricks),
                                            last)
        if self.phase == FREE:
            self._draw(w)
            self._draw(1 - w)
            if self.stock_size:
                self.won_lead = True
            else:
                self._stock_empty()
        elif last:
            self._finish()

    def _draw(self, seat: int) -> None:
        if self.facedown_left:
            c = self.deck[self.stock_next]
            self.stock_next += 1
            if not self.facedown_left and self.rules.show_last_card:
                # Seed 001: the last card taken from the face-down stock is shown.
                self.shown.append((seat, "last card", c))
        else:
            c = self.turned_up
            self.turned_up = -1
            self.shown.append((seat, "turned-up card", c))
        self.hands[seat] += bit(c)

    def _stock_empty(self) -> None:
        # The melds go back to the hand: from now on RULES §4.
        for p in (0, 1):
            self.hands[p] += self.tables[p]
            self.tables[p] = 0
            self.usage[p] = {}
        self.phase = STRICT

    def _finish(self) -> None:
        self.phase = OVER
        self.to_move = -1
        self.result = score_deal(self)

    # meld ----------------------------------------------------------------------
    def _turn_problem(self, verb: str) -> str | None:
        if self.phase != FREE:
            return f"{verb}: only while the stock lasts (the stock is empty)"
        if self.trick:
            return f"{verb}: only the player on lead may {verb}, before leading"
        if not self.won_lead:
            return f"{verb}: only after winning a trick, before leading the next one"
        return None

    def _meld(self, arg: str) -> str:
        problem = self._turn_problem("meld")
        if problem is not None:
            raise IllegalAction(problem)
        if self.melded:
            raise IllegalAction("meld: only one meld per turn; now play a card")
        try:
            cards = [parse_card(t) for t in arg.replace(",", " ").split()]
        except ValueError as e:
            raise IllegalAction(f"meld: {e}") from None
        if not cards:
            raise IllegalAction("meld: name the cards, e.g. meld EK EO")
        key = 0
        for c in cards:
            if count(key, c) == 2:
                raise IllegalAction(f"meld: {card_token(c)} more than twice")
            key += bit(c)
        kind = _meld_table(self.trump, self.rules.eight_of_a_rank, self.rules.double_family,
                           self.rules.double_trump_family, self.rules.four_tens)[1].get(key)
        text = format_cards(sorted(cards, key=sort_key))
        if kind is None:
            raise IllegalAction(f"meld {text}: not a meld of the meld table (pair, family, "
                                "double family, four or eight of a rank, Binokel, "
                                "Doppelbinokel)")
        seat = self.to_move
        problem = self._meld_problem(seat, kind)
        if problem is not None:
            raise IllegalAction(f"meld {text}: {problem}")
        self._lay_down(seat, kind)
        self.melded = True
        self._score(seat, kind.meld())
        return kind.action

    def _eligible(self, seat: int, c: Card, kind: MeldKind) -> list[int]:
        """Indices of the table copies of ``c`` that may still serve in ``kind``."""
        codes = self.usage[seat].get(c, ())
        if self.rules.upgrade_melds:
            return [i for i, u in enumerate(codes) if _lvl(u, kind.cls) < kind.level]
        return [i for i, u in enumerate(codes) if not _lvl(u, kind.cls)]

    def _meld_problem(self, seat: int, kind: MeldKind) -> str | None:
        """Why ``seat`` cannot meld ``kind`` now (None: he can)."""
        from_hand = False
        for c, n in kind.need:
            h = count(self.hands[seat], c)
            if h:
                from_hand = True
            if h + len(self._eligible(seat, c, kind)) >= n:
                continue
            have = h + count(self.tables[seat], c)
            if have < n:
                return f"seat {seat} does not hold {card_token(c)}" + (
                    " twice" if n == 2 and have else "")
            return (f"{card_token(c)} already serves in a {CLASS_NAMES[kind.cls]} meld "
                    "(a card serves once per class)")
        if not from_hand:
            return "a new meld must take at least one card from the hand"
        return None

    def _lay_down(self, seat: int, kind: MeldKind) -> None:
        """Put the meld's cards on the table: table copies first (they are shown already),
        then hand copies; at least one from the hand."""
        plan: list[tuple[Card, list[int], int]] = []  # card, table copies used, hand copies
        for c, n in kind.need:
            codes = self.usage[seat].get(c, ())
            # Prefer the copy that has served most (upgrade first), keeping fresher ones.
            order = sorted(self._eligible(seat, c, kind),
                           key=lambda i: (-_lvl(codes[i], kind.cls), -_spent(codes[i])))
            use = order[:n]
            plan.append((c, use, n - len(use)))
        if not any(h for _, _, h in plan):
            # Everything could come from the table: the new card is the first of the meld's
            # cards held in hand.
            i = next(i for i, (c, _, _) in enumerate(plan) if count(self.hands[seat], c))
            c, use, _ = plan[i]
            plan[i] = (c, use[:-1], 1)
        code = kind.level << (2 * kind.cls)
        mask = ~(3 << (2 * kind.cls))
        for c, use, h in plan:
            new = list(self.usage[seat].get(c, ()))
            for i in use:
                new[i] = (new[i] & mask) | code
            new.extend([code] * h)
            self.usage[seat][c] = tuple(new)
            self.hands[seat] -= h * bit(c)
            self.tables[seat] += h * bit(c)

    def _score(self, seat: int, meld: Meld) -> None:
        self.melds[seat].append(meld)
        self.meld_points[seat] += meld.points

    # exchange (Dix) -------------------------------------------------------------
    def _exchange_problem(self) -> str | None:
        r = self.rules
        if not r.sevens:
            return "exchange: only when playing with sevens (option sevens)"
        if not r.dix_exchange:
            return "exchange: not played under these rules (dix_exchange = no)"
        problem = self._turn_problem("exchange")
        if problem is not None:
            return problem
        seven = card(self.trump, SEVEN)
        seat = self.to_move
        if not count(self.hands[seat], seven):
            return f"exchange: seat {seat} holds no trump seven ({card_token(seven)}) in hand"
        if self.turned_up == seven and not (r.dix and self.dix_count < 2):
            return f"exchange: the turned-up card is already {card_token(seven)}"
        return None

    def _exchange(self, arg: str) -> str:
        if arg:
            raise IllegalAction("exchange takes no argument (the trump seven is implied)")
        problem = self._exchange_problem()
        if problem is not None:
            raise IllegalAction(problem)
        seat, seven = self.to_move, card(self.trump, SEVEN)
        taken = self.turned_up
        self.hands[seat] += bit(taken) - bit(seven)
        self.turned_up = seven
        self.dix_count += 1
        if taken != seven:
            self.shown.append((seat, "exchange", taken))
        if self.rules.dix:
            self._score(seat, Meld("dix", (seven,), 10))
        return "exchange"

    HANDLERS: ClassVar[Mapping[tuple[str, str], Handler]] = {
        # Every phase, so that a meld after the stock is refused with the reason.
        (ANY_PHASE, "meld"): _meld,
        (ANY_PHASE, "exchange"): _exchange,
    }

    # ------------------------------------------------------------------ views
    def view(self, player: int) -> ZweierView:
        """What ``player`` may know: his hand, both tables and the public play."""
        if player not in (0, 1):
            raise ValueError(f"no seat {player}")
        return self._view(player)

    def public_view(self) -> ZweierView:
        """What a spectator may know (no hand at all)."""
        return self._view(-1)

    def _view(self, player: int) -> ZweierView:
        legal = tuple(self.legal_actions()) if player == self.to_move and player >= 0 else ()
        return ZweierView(
            player=player, players=2, rules=self.rules, dealer=self.dealer, phase=self.phase,
            to_move=self.to_move,
            hand=tuple(cards_of(self.hands[player])) if player >= 0 else (),
            table=(tuple(cards_of(self.tables[0])), tuple(cards_of(self.tables[1]))),
            hand_sizes=(size(self.hands[0]), size(self.hands[1])),
            stock_size=self.stock_size, trump=self.trump,
            trump_card=self.turned_up if self.turned_up >= 0 else None,
            history=tuple(self.history), shown=tuple(self.shown), tricks=tuple(self.tricks),
            trick=tuple(self.trick), trick_leader=self.trick_leader,
            melds=(tuple(self.melds[0]), tuple(self.melds[1])),
            meld_points=(self.meld_points[0], self.meld_points[1]),
            trick_points=(self.trick_points[0], self.trick_points[1]),
            legal_actions=legal, result=self.result,
        )

    def __repr__(self) -> str:
        return (f"<ZweierState phase={self.phase} trump={SUIT_LETTERS[self.trump]} "
                f"stock={self.stock_size} to_move={self.to_move} actions={len(self.history)}>")


# ----------------------------------------------------------------------- scoring
def score_deal(state: ZweierState) -> ZweierResult:
    """Each player scores his melds plus his trick points (rounded with ``rounding = all``)."""
    r = state.rules
    tp = tuple(state.trick_points)
    counted = tuple(round_to_ten(x) for x in tp) if r.rounding == "all" else tp
    scores = tuple(state.meld_points[p] + counted[p] for p in (0, 1))
    bonus_to = (state.tricks[-1] if r.bonus_trick == "last" else state.tricks[0]).winner
    return ZweierResult(state.trump, (tuple(state.melds[0]), tuple(state.melds[1])),
                        tuple(state.meld_points), tp, counted, tuple(state.tricks_won),
                        r.last_trick_bonus, bonus_to, r.bonus_trick, scores=scores,
                        termination=Termination.PLAYED)


def random_deal(rules: ZweierRules, dealer: int, rng: random.Random) -> ZweierState:
    """A complete deal of uniformly random legal actions."""
    state = ZweierState.new(rules, dealer, rng=rng)
    while not state.is_over:
        state.apply(state.random_action(rng))
    return state


# ----------------------------------------------------------------------- registration
