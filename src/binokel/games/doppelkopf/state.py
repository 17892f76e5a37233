"""Doppelkopf (seed 002, RULES §8) as a deal state machine on the Binokel card core.

Four players (five: the dealer sits out), 48 cards with nines, Re (the Kreuz-Dame holders)
against Kontra, Vorbehalte (Hochzeit, Soli, optional Armut), Ansagen and Absagen with the
seed's card-count deadlines, and the seed's scoring (points a-e, special points, soloist x3).
Every action is a string; ``docs/doppelkopf.md`` lists the verbs.

>>> state = DokoState.new(DokoRules(), dealer=3, seed=4)
>>> state.to_move, state.phase, state.legal_actions()
(0, 'vorbehalt', ['gesund', 'vorbehalt'])
>>> for _ in range(4): state.apply("gesund")
>>> state.phase, state.contract, len(state.legal_actions()) > 0
('play', 'normal', True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple

from ...core.cards import (
    ASS,
    BLATT,
    EICHEL,
    HERZ,
    KOENIG,
    NINE,
    OBER,
    SCHELLEN,
    SUIT_LETTERS,
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
    distinct,
    parse_card,
    parse_suit,
    size,
)
from ...core.errors import IllegalAction
from ...core.outcome import Outcome, Termination
from .rules import DokoRules

__all__ = [
    "ABSAGEN",
    "DokoResult",
    "DokoRules",
    "DokoState",
    "DokoView",
    "IllegalAction",
    "Order",
    "card_order",
    "full_deck",
]

# Phases
VORBEHALT, DECLARE, ARMUT_GIVE, ARMUT_OFFER, ARMUT_RETURN, PLAY, OVER = (
    "vorbehalt", "declare", "armut_give", "armut_offer", "armut_return", "play", "over")
# Contracts (the game actually played; see DokoState.public_contract for what others know)
NORMAL, HOCHZEIT, STILLE_HOCHZEIT, ARMUT, THROWN_IN = (
    "normal", "hochzeit", "stille hochzeit", "armut", "thrown in")
SOLO_KINDS = ("damen", "buben", "fleischlos", "E", "B", "H", "S")
SOLOS = tuple(f"solo {k}" for k in SOLO_KINDS)
RE, KONTRA = "re", "kontra"
# Absage levels: 1 = keine 90 ... 4 = schwarz; 0 = the Ansage (Re/Kontra) alone.
ABSAGEN = ("keine 90", "keine 60", "keine 30", "schwarz")
_ABSAGE_LEVEL = {a: i + 1 for i, a in enumerate(ABSAGEN)}
_DENIED = (0, 90, 60, 30, 0)  # level -> the opponents must stay below this (4: no trick)

TRUMP = 4  # the trump "suit" in the group tables
H10, EO, BO, HO, SO = card(HERZ, ZEHN), card(EICHEL, OBER), card(BLATT, OBER), \
    card(HERZ, OBER), card(SCHELLEN, OBER)
EU, BU, HU, SU = (card(s, UNTER) for s in SUITS)
SA, S10, SK, S9 = (card(SCHELLEN, r) for r in (ASS, ZEHN, KOENIG, NINE))
_POINTS = (0, 0, 2, 3, 4, 10, 11, 0)  # by rank slot: 7, 9, U, O, K, 10, A
PLAY_ACTIONS = tuple(f"play {card_token(c)}" if 1 <= c & 7 <= 6 else "" for c in range(32))
_PLAY_LOOKUP = {a: c for c, a in enumerate(PLAY_ACTIONS) if a}
_SUIT_WORDS = {"kreuz": "E", "pik": "B", "karo": "S", "eichel": "E", "blatt": "B",
               "schellen": "S", "herz": "H", "grün": "B", "gruen": "B"}


def full_deck(rules: DokoRules, players: int = 4) -> list[Card]:
    """Both copies of every card: A, 10, K, O, U (and 9 with ``nines``) of each suit."""
    ranks = (ASS, ZEHN, KOENIG, OBER, UNTER) + ((NINE,) if rules.nines else ())
    return [card(s, r) for s in SUITS for r in ranks for _ in range(2)]


def _packets(rules: DokoRules) -> tuple[int, ...]:
    # Seed: four times three cards each. Without nines (10 cards each) we deal 3-4-3.
    return (3, 3, 3, 3) if rules.nines else (3, 4, 3)


# ----------------------------------------------------------------------- card orders
@dataclass(frozen=True)
class Order:
    """How cards rank in one kind of game.

    ``group[c]`` is the card's suit for plain cards and :data:`TRUMP` for trumps; ``power[c]``
    orders the cards of one group (higher wins); ``masks[g]`` is the card set of group ``g``.
    """

    kind: str
    group: tuple[int, ...]
    power: tuple[int, ...]
    masks: tuple[CardSet, ...]
    trumps: tuple[Card, ...]   # high to low

    def is_trump(self, c: Card) -> bool:
        return self.group[c] == TRUMP

    def plain(self, suit: int) -> tuple[Card, ...]:
        """The plain cards of ``suit``, high to low."""
        return tuple(sorted((c for c in range(32) if 1 <= c & 7 <= 6 and self.group[c] == suit
                             and c >> 3 == suit), key=lambda c: -self.power[c]))

    def beats(self, c: Card, best: Card, led: int, dulle_second: bool = False) -> bool:
        """Whether ``c`` played later beats ``best`` in a trick whose led group is ``led``."""
        g, gb = self.group[c], self.group[best]
        if g == TRUMP:
            if gb != TRUMP or self.power[c] > self.power[best]:
                return True
            return dulle_second and c == best == H10
        return g == led and gb == g and self.power[c] > self.power[best]


@lru_cache(maxsize=32)
def card_order(kind: str, schweine: bool = False) -> Order:
    """The card order of a game kind: ``normal`` (also Hochzeit, Armut, Karo-Solo), ``damen``,
    ``buben``, ``fleischlos`` or a Farbsolo suit ``E``/``B``/``H``/``S``.

    >>> [card_token(c) for c in card_order("normal").trumps]
    ['H10', 'EO', 'BO', 'HO', 'SO', 'EU', 'BU', 'HU', 'SU', 'SA', 'S10', 'SK', 'S9']
    >>> [card_token(c) for c in card_order("damen").plain(HERZ)]
    ['HA', 'H10', 'HK', 'HU', 'H9']
    """
    if kind == "normal":
        kind = "S"
    if kind == "damen":
        trumps = [card(s, OBER) for s in SUITS]
    elif kind == "buben":
        trumps = [card(s, UNTER) for s in SUITS]
    elif kind == "fleischlos":
        trumps = []
    else:
        ts = parse_suit(kind)
        trumps = [H10] + [card(s, OBER) for s in SUITS] + [card(s, UNTER) for s in SUITS]
        trumps += [card(ts, r) for r in (ASS, ZEHN, KOENIG, NINE) if card(ts, r) != H10]
        if schweine:
            trumps.remove(card(ts, ASS))
            trumps.insert(0, card(ts, ASS))
    group = [c >> 3 for c in range(32)]
    power = [c & 7 for c in range(32)]  # plain cards: A > 10 > K > O > U > 9 as rank slots
    for i, c in enumerate(trumps):
        group[c] = TRUMP
        power[c] = 100 + len(trumps) - i
    masks = [0] * 5
    for c in range(32):
        if 1 <= c & 7 <= 6:  # the nines and A..U (slot 0 is the seven, 7 is unused)
            masks[group[c]] |= 3 << (2 * c)
    return Order(kind, tuple(group), tuple(power), tuple(masks), tuple(trumps))


def _kind_of(contract: str) -> str:
    return contract[5:] if contract.startswith("solo ") else "normal"


class Trick(NamedTuple):
    """A completed trick: who led, the cards in playing order, who won, its Augen."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [card_token(c) for c in self.cards],
                "winner": self.winner, "points": self.points}


# ----------------------------------------------------------------------- result, view
@dataclass(frozen=True)
class DokoResult(Outcome):
    """The outcome of one deal: per-seat scores and every scoring line that made them."""

    re_seats: tuple[int, ...]
    solo: bool                      # scored as a solo (x3, no special points)
    re_points: int                  # Augen of the Re party
    kontra_points: int
    winner: str | None              # "re", "kontra" or None (nobody reached the goal)
    announced: tuple[int, int]      # levels of Re and Kontra (-1 none, 0 Ansage, 1..4 Absage)
    lines: tuple[tuple[str, str, int], ...]   # (what, party, points)
    value: int                      # net game value for the Re party (before x3)
    notes: tuple[str, ...] = ()
    pflichtsolo: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "contract": self.contract,
                "re_seats": list(self.re_seats), "solo": self.solo,
                "re_points": self.re_points, "kontra_points": self.kontra_points,
                "winner": self.winner,
                "announced": {"re": _level_name(self.announced[0]),
                              "kontra": _level_name(self.announced[1])},
                "lines": [[w, p, n] for w, p, n in self.lines], "value": self.value,
                "notes": list(self.notes), "pflichtsolo": self.pflichtsolo}


def _level_name(level: int) -> str | None:
    return None if level < 0 else ("angesagt" if level == 0 else ABSAGEN[level - 1])


@dataclass(frozen=True)
class DokoView:
    """What one player may know; never another player's cards or an unrevealed party."""

    player: int
    players: int
    rules: DokoRules
    dealer: int
    active: tuple[int, ...]               # the four seats in the deal, from Vorhand
    phase: str
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    history: tuple[tuple[int, str], ...]  # hidden cards (Armut) masked
    vorbehalte: tuple[str | None, ...]    # per seat: "gesund", "vorbehalt" or None
    declarations: tuple[str | None, ...]  # per seat: the declared reservation, once said
    contract: str | None                  # as publicly known (a stille Hochzeit looks normal)
    soloist: int | None
    hochzeit: int | None                  # the Hochzeit player
    partner: int | None                   # Hochzeit / Armut partner once known
    clarified_in: int                     # Hochzeit: the Klärungsstich (0: not yet)
    schweine: int | None                  # seat holding both Schweinchen, if any
    parties: tuple[str | None, ...]       # per seat "re"/"kontra" as far as revealed
    announced: tuple[int, int]            # levels of Re and Kontra
    announcements: tuple[tuple[int, str, str], ...]   # (seat, party, what)
    tricks: tuple[Trick, ...]
    trick_leader: int
    trick: tuple[Card, ...]
    trick_points: tuple[int, ...]
    legal_actions: tuple[str, ...]
    result: DokoResult | None
    game: str = "doppelkopf"

    @property
    def order(self) -> Order:
        """The card order of the game being played (as far as public)."""
        return card_order(_kind_of(self.contract or NORMAL), self.schweine is not None)

    def to_json(self) -> dict[str, Any]:
        def toks(cs: tuple[Card, ...]) -> list[str]:
            return [card_token(c) for c in cs]

        return {
            "game": self.game, "player": self.player, "players": self.players,
            "rules": self.rules.to_dict(), "dealer": self.dealer, "active": list(self.active),
            "phase": self.phase, "to_move": self.to_move, "hand": toks(self.hand),
            "hand_sizes": list(self.hand_sizes), "history": [[s, a] for s, a in self.history],
            "vorbehalte": list(self.vorbehalte), "declarations": list(self.declarations),
            "contract": self.contract, "soloist": self.soloist, "hochzeit": self.hochzeit,
            "partner": self.partner, "clarified_in": self.clarified_in,
            "schweine": self.schweine, "parties": list(self.parties),
            "announced": {"re": _level_name(self.announced[0]),
                          "kontra": _level_name(self.announced[1])},
            "announcements": [[s, p, w] for s, p, w in self.announcements],
            "tricks": [t.to_json() for t in self.tricks], "trick_leader": self.trick_leader,
            "trick": toks(self.trick), "trick_points": list(self.trick_points),
            "legal_actions": list(self.legal_actions),
            "result": self.result.to_json() if self.result else None,
        }


# ----------------------------------------------------------------------- the deal
class DokoState:
    """One deal of Doppelkopf. ``apply`` mutates (fast, for search); ``child`` copies."""

    __slots__ = (
        "active",
        "announced",
        "announcements",
        "armut_cards",
        "armut_offer",
        "clarified_in",
        "contract",
        "dealer",
        "deck",
        "declarations",
        "eo_played",
        "hands",
        "history",
        "hochzeit",
        "initial_hands",
        "led",
        "next_seat",
        "order",
        "partner",
        "pflicht",
        "phase",
        "players",
        "re_seats",
        "result",
        "rules",
        "schweine",
        "soloist",
        "to_move",
        "trick",
        "trick_leader",
        "trick_points",
        "tricks",
        "tricks_won",
        "vorbehalte",
        "win_card",
        "win_seat",
    )

    game_name = "doppelkopf"
    rules: DokoRules
    players: int
    dealer: int
    deck: tuple[Card, ...]
    active: tuple[int, ...]
    next_seat: tuple[int, ...]
    hands: list[CardSet]
    initial_hands: tuple[CardSet, ...]
    history: list[tuple[int, str]]
    phase: str
    to_move: int
    vorbehalte: list[str | None]
    declarations: list[str | None]
    contract: str | None
    soloist: int | None
    pflicht: bool
    hochzeit: int | None
    partner: int | None
    clarified_in: int
    armut_cards: CardSet
    armut_offer: list[int]
    schweine: int | None
    re_seats: frozenset[int]
    announced: list[int]          # [Re level, Kontra level]
    announcements: list[tuple[int, str, str]]
    eo_played: list[int]
    order: Order
    trick: list[Card]
    trick_leader: int
    led: int
    win_card: int
    win_seat: int
    tricks: list[Trick]
    trick_points: list[int]
    tricks_won: list[int]
    result: DokoResult | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: DokoRules | None = None, dealer: int = 0, seed: int | None = None,
            deck_order: list[Card] | None = None, players: int = 4,
            rng: random.Random | None = None) -> DokoState:
        """A fresh deal from ``deck_order`` (dealing order, top card first) or a shuffle."""
        rules = rules or DokoRules()
        check = deck_order is not None
        if deck_order is None:
            deck_order = full_deck(rules, players)
            (rng or random.Random(seed)).shuffle(deck_order)
        s = cls()
        s._setup(rules, dealer, list(deck_order), players, check)
        return s

    def _setup(self, rules: DokoRules, dealer: int, deck_order: list[Card], players: int,
               check: bool) -> None:
        if players not in (4, 5):
            raise IllegalAction("Doppelkopf is for 4 players (5: the dealer sits out)")
        if not 0 <= dealer < players:
            raise IllegalAction(f"dealer must be a seat 0..{players - 1}, not {dealer}")
        if check and sorted(deck_order) != sorted(full_deck(rules, players)):
            n = len(full_deck(rules, players))
            raise IllegalAction(f"the deck must hold each of the {n // 2} cards of this game "
                                f"exactly twice ({len(deck_order)} given)")
        self.rules, self.players, self.dealer = rules, players, dealer
        self.deck = tuple(deck_order)
        seats = [(dealer + 1 + i) % players for i in range(players)]
        self.active = tuple(seats[:4])  # with five, the dealer (last) sits out
        nxt = [-1] * players
        for i, s in enumerate(self.active):
            nxt[s] = self.active[(i + 1) % 4]
        self.next_seat = tuple(nxt)
        hands = [0] * players
        pos = 0
        for n in _packets(rules):
            for seat in self.active:
                for c in deck_order[pos:pos + n]:
                    hands[seat] += bit(c)
                pos += n
        self.hands = hands
        self.initial_hands = tuple(hands)
        self.history = []
        self.phase = VORBEHALT
        self.to_move = self.active[0]
        self.vorbehalte = [None] * players
        self.declarations = [None] * players
        self.contract = None
        self.soloist = self.hochzeit = self.partner = self.schweine = None
        self.pflicht = False
        self.clarified_in = 0
        self.armut_cards = 0
        self.armut_offer = []
        self.re_seats = frozenset()
        self.announced = [-1, -1]
        self.announcements = []
        self.eo_played = []
        self.order = card_order("normal")
        self.trick = []
        self.trick_leader = self.led = self.win_card = self.win_seat = -1
        self.tricks = []
        self.trick_points = [0] * players
        self.tricks_won = [0] * players
        self.result = None

    def clone(self) -> DokoState:
        o = DokoState()
        for name in DokoState.__slots__:
            setattr(o, name, getattr(self, name))
        o.hands = list(self.hands)
        o.history = list(self.history)
        o.vorbehalte = list(self.vorbehalte)
        o.declarations = list(self.declarations)
        o.armut_offer = list(self.armut_offer)
        o.announced = list(self.announced)
        o.announcements = list(self.announcements)
        o.eo_played = list(self.eo_played)
        o.trick = list(self.trick)
        o.tricks = list(self.tricks)
        o.trick_points = list(self.trick_points)
        o.tricks_won = list(self.tricks_won)
        return o

    def child(self, action: str) -> DokoState:
        c = self.clone()
        c.apply(action)
        return c

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def vorhand(self) -> int:
        return self.active[0]

    @property
    def hand_size(self) -> int:
        return self.rules.hand_size

    @property
    def solo_like(self) -> bool:
        """Scored as a solo: a declared solo, a stille Hochzeit, a Hochzeit without partner."""
        c = self.contract or NORMAL
        return (c.startswith("solo") or c == STILLE_HOCHZEIT
                or (c == HOCHZEIT and self.clarified_in > 0 and self.partner is None))

    def party(self, seat: int) -> str:
        """The true party of an active seat (before a Hochzeit is clarified: Kontra)."""
        return RE if seat in self.re_seats else KONTRA

    def public_contract(self) -> str | None:
        return NORMAL if self.contract == STILLE_HOCHZEIT else self.contract

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play (play phase): the led group if he can."""
        hand = self.hands[self.to_move]
        if self.led < 0:
            return hand
        return (hand & self.order.masks[self.led]) or hand

    def legal_actions(self) -> list[str]:
        ph = self.phase
        seat = self.to_move
        if ph == PLAY:
            m = self.legal_cards()
            out = [PLAY_ACTIONS[c] for c in distinct(m)]
            return out + self.announcement_options(seat)
        if ph == VORBEHALT:
            return ["gesund", "vorbehalt"]
        if ph == DECLARE:
            return self._declarations_for(seat)
        if ph == ARMUT_GIVE:
            return self._armut_give_options()
        if ph == ARMUT_OFFER:
            return ["accept", "decline"]
        if ph == ARMUT_RETURN:
            return ["return " + " ".join(card_token(c) for c in combo)
                    for combo in _sub_multisets(self.hands[seat], 3)]
        return []

    def random_action(self, rng: random.Random) -> str:
        if self.phase == ARMUT_RETURN:  # hundreds of choices: draw without listing them
            cards = cards_of(self.hands[self.to_move])
            pick = sorted(rng.sample(cards, 3), key=lambda c: (c >> 3, -(c & 7)))
            return "return " + " ".join(card_token(c) for c in pick)
        actions = self.legal_actions()
        if not actions:
            raise IllegalAction("the deal is over")
        return actions[int(rng.random() * len(actions))]

    # ------------------------------------------------------------------ announcements
    def _shift(self) -> int:
        """Hochzeit: the deadlines move by one card per trick the clarification took."""
        if self.contract == HOCHZEIT:
            return max(0, self.clarified_in - 1)
        return 0

    def announcement_deadline(self, party: str, level: int) -> int:
        """The fewest cards a player of ``party`` must still hold to announce ``level``
        (0: Re/Kontra, 1..4: keine 90 .. schwarz), counting an Erwiderung."""
        n, shift = self.hand_size, self._shift()
        # Seed: Re/Kontra with 11 cards, keine 90 with 10, ... schwarz with 7 (12-card hands).
        need = n - 1 - level - shift
        if level == 0:
            other = self.announced[1 if party == RE else 0]
            if other >= 0:
                # Erwiderung: one card fewer than the opponents' last announcement needed.
                need = min(need, n - 1 - other - shift - 1)
        return need

    def announcement_options(self, seat: int) -> list[str]:
        """The Ansagen/Absagen ``seat`` may make now (only in the play phase, at his turn)."""
        if self.phase != PLAY or seat != self.to_move:
            return []
        if self.contract == HOCHZEIT and self.clarified_in == 0:
            return []  # the Klärungsstich must be over first
        party = self.party(seat)
        mine = self.announced[0 if party == RE else 1]
        held = size(self.hands[seat])
        out: list[str] = []
        if mine < 0:
            if held >= self.announcement_deadline(party, 0):
                out.append(party)
            return out
        for level in range(mine + 1, 5):
            if held >= self.announcement_deadline(party, level):
                out.append(ABSAGEN[level - 1])
        return out

    def _announce(self, seat: int, what: str) -> None:
        if what not in self.announcement_options(seat):
            raise IllegalAction(self._why_not_announce(seat, what))
        party = self.party(seat)
        idx = 0 if party == RE else 1
        self.announced[idx] = 0 if what in (RE, KONTRA) else _ABSAGE_LEVEL[what]
        self.announcements.append((seat, party, what))
        self.history.append((seat, what))

    def _why_not_announce(self, seat: int, what: str) -> str:
        if self.contract == HOCHZEIT and self.clarified_in == 0:
            return f"{what}: no announcements before the Hochzeit's Klärungsstich is over"
        party = self.party(seat)
        mine = self.announced[0 if party == RE else 1]
        held = size(self.hands[seat])
        if what in (RE, KONTRA):
            if what != party:
                return f"{what}: seat {seat} does not belong to the {what} party"
            if mine >= 0:
                return f"{what}: {party} is already announced"
            need = self.announcement_deadline(party, 0)
            return f"{what}: too late, needs at least {need} cards in hand, seat {seat} " \
                   f"holds {held}"
        level = _ABSAGE_LEVEL[what]
        if mine < 0:
            return f"{what}: an Absage needs the party's Ansage ({party}) first"
        if mine >= level:
            return f"{what}: {party} has already announced {ABSAGEN[mine - 1]}"
        need = self.announcement_deadline(party, level)
        return f"{what}: too late, needs at least {need} cards in hand, seat {seat} holds {held}"

    # ------------------------------------------------------------------ apply
    def apply(self, action: str) -> None:
        """Apply ``action`` for the player to move; raises :class:`IllegalAction`."""
        ph = self.phase
        if ph == PLAY:
            c = _PLAY_LOOKUP.get(action)
            if c is not None:
                self._play_checked(c)
                return
            a = " ".join(action.strip().lower().split())
            if a in (RE, KONTRA) or a in _ABSAGE_LEVEL:
                self._announce(self.to_move, a)
                return
            verb, _, arg = action.strip().partition(" ")
            if verb != "play":
                raise IllegalAction(f"{action!r} is not possible now: the play phase expects "
                                    "play CARD, re, kontra, keine 90/60/30 or schwarz")
            try:
                c = parse_card(arg)
            except ValueError as e:
                raise IllegalAction(f"play: {e}") from None
            self._play_checked(c)
            return
        if ph == OVER:
            raise IllegalAction("the deal is over")
        seat = self.to_move
        a = " ".join(action.strip().split())
        if ph == VORBEHALT:
            canonical = self._vorbehalt(seat, a.lower())
        elif ph == DECLARE:
            canonical = self._declare(seat, a)
        elif ph == ARMUT_GIVE:
            canonical = self._armut_give(seat, a)
        elif ph == ARMUT_OFFER:
            canonical = self._armut_answer(seat, a.lower())
        else:
            canonical = self._armut_return(seat, a)
        self.history.append((seat, canonical))

    # vorbehalt ---------------------------------------------------------------
    def _vorbehalt(self, seat: int, a: str) -> str:
        if a not in ("gesund", "vorbehalt"):
            raise IllegalAction(f"{a!r} is not possible now: say 'gesund' or 'vorbehalt'")
        self.vorbehalte[seat] = a
        i = self.active.index(seat)
        if i < 3:
            self.to_move = self.active[i + 1]
            return a
        # Everybody has spoken.
        if all(self.vorbehalte[s] == "gesund" for s in self.active):
            self._start_normal()
        else:
            self.phase = DECLARE
            self._next_declarer(-1)
        return a

    def _max_rank(self, seat: int) -> int:
        return 4 if self.rules.owes_pflichtsolo(seat) else 3

    def _declared_rank(self, seat: int) -> int:
        d = self.declarations[seat]
        if d is None:
            return 0
        if d.startswith("solo"):
            return 4 if self.rules.owes_pflichtsolo(seat) else 3
        return 2 if d == HOCHZEIT else 1

    def _best_declared(self) -> tuple[int, int]:
        best, best_seat = 0, -1
        for s in self.active:
            r = self._declared_rank(s)
            if r > best:
                best, best_seat = r, s
        return best, best_seat

    def _next_declarer(self, after: int) -> None:
        """Ask the next player with a Vorbehalt who could still beat what is declared."""
        best, _ = self._best_declared()
        start = self.active.index(after) + 1 if after >= 0 else 0
        for s in self.active[start:]:
            if self.vorbehalte[s] == "vorbehalt" and self._max_rank(s) > best:
                self.to_move = s
                return
        self._resolve_vorbehalte()

    def _declarations_for(self, seat: int) -> list[str]:
        out = []
        if self.rules.armut and self._trump_count(seat) <= 3:
            out.append(ARMUT)
        if count(self.hands[seat], EO) == 2:
            out.append(HOCHZEIT)
        return out + list(SOLOS)

    def _trump_count(self, seat: int) -> int:
        return size(self.hands[seat] & card_order("normal").masks[TRUMP])

    def _declare(self, seat: int, a: str) -> str:
        canonical = _canonical_declaration(a)
        if canonical is None:
            raise IllegalAction(f"{a!r} is not possible now: declare hochzeit, solo damen, "
                                "solo buben, solo fleischlos, solo E|B|H|S"
                                + (" or armut" if self.rules.armut else ""))
        if canonical not in self._declarations_for(seat):
            if canonical == HOCHZEIT:
                raise IllegalAction("hochzeit: needs both Kreuz-Damen (EO EO)")
            if not self.rules.armut:
                raise IllegalAction("armut: not played under these rules (armut = no)")
            raise IllegalAction(f"armut: needs at most 3 trumps, seat {seat} holds "
                                f"{self._trump_count(seat)}")
        self.declarations[seat] = canonical
        self._next_declarer(seat)
        return canonical

    def _resolve_vorbehalte(self) -> None:
        rank, seat = self._best_declared()
        d = self.declarations[seat]
        assert d is not None
        if rank >= 3:
            self.soloist = seat
            self.pflicht = rank == 4
            self.contract = d
            self.re_seats = frozenset((seat,))
            self._start_play()
        elif rank == 2:
            self.contract = HOCHZEIT
            self.hochzeit = seat
            self.re_seats = frozenset((seat,))
            self._start_play()
        else:
            self.contract = ARMUT
            self.soloist = None
            self.hochzeit = None
            self.armut_offer = [seat]  # [poor player, asked players...]
            self.phase = ARMUT_GIVE
            self.to_move = seat

    def _start_normal(self) -> None:
        holders = [s for s in self.active if count(self.hands[s], EO)]
        if len(holders) == 1:  # both Kreuz-Damen, not announced: a Karo-Solo (seed)
            self.contract = STILLE_HOCHZEIT
            self.soloist = holders[0]
        else:
            self.contract = NORMAL
        self.re_seats = frozenset(holders)
        self._start_play()

    def _start_play(self) -> None:
        assert self.contract is not None
        kind = _kind_of(self.contract)
        schweine = None
        if self.rules.schweinchen and self.contract in (NORMAL, HOCHZEIT, ARMUT):
            schweine = next((s for s in self.active if count(self.hands[s], SA) == 2), None)
        self.schweine = schweine
        self.order = card_order(kind, schweine is not None)
        self.phase = PLAY
        # DKV and the seed's "für ein Normalspiel": Vorhand leads every game, solos too.
        self.trick_leader = self.to_move = self.active[0]

    # armut ----------------------------------------------------------------------
    def _armut_give_options(self) -> list[str]:
        seat = self.to_move
        hand = self.hands[seat]
        trumps = hand & card_order("normal").masks[TRUMP]
        k = 3 - size(trumps)
        out = []
        for combo in _sub_multisets(hand - trumps, k):
            cs = sorted(cards_of(trumps) + list(combo), key=lambda c: (c >> 3, -(c & 7)))
            out.append("give " + " ".join(card_token(c) for c in cs))
        return out

    def _parse_three(self, verb: str, arg: str, hand: CardSet) -> CardSet:
        try:
            cards = [parse_card(t) for t in arg.split()]
        except ValueError as e:
            raise IllegalAction(f"{verb}: {e}") from None
        if len(cards) != 3:
            raise IllegalAction(f"{verb}: exactly 3 cards, not {len(cards)}")
        d = 0
        for c in cards:
            d += bit(c)
            if count(d, c) > count(hand, c):
                raise IllegalAction(f"{verb}: seat {self.to_move} does not hold "
                                    f"{card_token(c)}" + (" twice" if count(d, c) == 2 else ""))
        return d

    def _armut_give(self, seat: int, a: str) -> str:
        verb, _, arg = a.partition(" ")
        if verb.lower() != "give":
            raise IllegalAction(f"{a!r} is not possible now: the poor player says 'give C C C'")
        hand = self.hands[seat]
        d = self._parse_three("give", arg, hand)
        trumps = hand & card_order("normal").masks[TRUMP]
        if any(count(d, c) != count(trumps, c) for c in distinct(trumps)):
            raise IllegalAction("give: the Armut passes all of its trumps")
        self.hands[seat] = hand - d
        self.armut_cards = d
        self.phase = ARMUT_OFFER
        self._offer_next(seat)
        return "give " + " ".join(card_token(c) for c in cards_of(d))

    def _offer_next(self, after: int) -> None:
        nxt = self.next_seat[after]
        if nxt == self.armut_offer[0]:
            # Nobody takes the Armut: the deal is thrown in (our decision; DKV: redeal).
            self.contract = THROWN_IN
            self._finish()
            return
        self.armut_offer.append(nxt)
        self.to_move = nxt

    def _armut_answer(self, seat: int, a: str) -> str:
        if a == "decline":
            self._offer_next(seat)
            return a
        if a != "accept":
            raise IllegalAction(f"{a!r} is not possible now: 'accept' or 'decline' the Armut")
        self.partner = seat
        self.hands[seat] += self.armut_cards
        self.phase = ARMUT_RETURN
        self.to_move = seat
        return a

    def _armut_return(self, seat: int, a: str) -> str:
        verb, _, arg = a.partition(" ")
        if verb.lower() != "return":
            raise IllegalAction(f"{a!r} is not possible now: the partner says 'return C C C'")
        d = self._parse_three("return", arg, self.hands[seat])
        poor = self.armut_offer[0]
        self.hands[seat] -= d
        self.hands[poor] += d
        self.armut_cards = d  # now: what went back (masked for the others)
        self.re_seats = frozenset((poor, seat))
        self._start_play()
        return "return " + " ".join(card_token(c) for c in cards_of(d))

    # play ----------------------------------------------------------------------
    def _play_checked(self, c: Card) -> None:
        seat = self.to_move
        if not count(self.hands[seat], c):
            raise IllegalAction(f"play {card_token(c)}: seat {seat} does not hold "
                                f"{card_token(c)}")
        if not count(self.legal_cards(), c):
            led = "trump" if self.led == TRUMP else SUIT_LETTERS[self.led]
            legal = " ".join(card_token(x) for x in distinct(self.legal_cards()))
            raise IllegalAction(f"play {card_token(c)}: must follow {led} (Bedienpflicht); "
                                f"legal: {legal}")
        self._play(c)

    def _play(self, c: Card) -> None:
        seat = self.to_move
        self.hands[seat] -= 1 << (c << 1)
        self.history.append((seat, PLAY_ACTIONS[c]))
        if c == EO:
            self.eo_played.append(seat)
        trick = self.trick
        trick.append(c)
        order = self.order
        if len(trick) == 1:
            self.led = order.group[c]
            self.win_card, self.win_seat = c, seat
        elif order.beats(c, self.win_card, self.led, self.rules.dulle_second_wins):
            self.win_card, self.win_seat = c, seat
        if len(trick) < 4:
            self.to_move = self.next_seat[seat]
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        w = self.win_seat
        pts = sum(_POINTS[c & 7] for c in self.trick)
        self.tricks.append(Trick(self.trick_leader, tuple(self.trick), w, pts))
        self.trick_points[w] += pts
        self.tricks_won[w] += 1
        self.trick = []
        self.led = self.win_card = self.win_seat = -1
        self.trick_leader = self.to_move = w
        if self.contract == HOCHZEIT and self.clarified_in == 0:
            n = len(self.tricks)
            if w != self.hochzeit:  # the Klärungsstich: its winner is the partner
                self.partner = w
                self.clarified_in = n
                self.re_seats = self.re_seats | {w}
            elif n == 3:  # three tricks alone: he plays a Karo-Solo
                self.clarified_in = 3
        if not self.hands[w]:
            self._finish()

    def _finish(self) -> None:
        self.phase = OVER
        self.to_move = -1
        self.result = score_deal(self)

    # ------------------------------------------------------------------ views
    def known_parties(self, viewer: int) -> tuple[str | None, ...]:
        """Each seat's party as far as ``viewer`` (-1: a spectator) can know it from public
        play and his own hand."""
        n = self.players
        out: list[str | None] = [None] * n
        contract = self.contract
        if contract is None or self.phase not in (PLAY, OVER):
            return tuple(out)
        public_solo = contract.startswith("solo") or (
            contract == HOCHZEIT and self.clarified_in > 0) or contract == ARMUT
        if public_solo or self.phase == OVER:
            for s in self.active:
                out[s] = self.party(s)
            return tuple(out)
        if contract == HOCHZEIT:
            assert self.hochzeit is not None
            out[self.hochzeit] = RE
            return tuple(out)
        # A normal game as the table sees it (a stille Hochzeit looks like one).
        re_known = set(self.eo_played)
        ko_known: set[int] = set()
        for s, p, _ in self.announcements:
            (re_known if p == RE else ko_known).add(s)
        own = count(self.initial_hands[viewer], EO) if viewer >= 0 else -1
        others = [s for s in self.active if s != viewer]
        if own == 2:  # he plays alone and knows it
            re_known, ko_known = {viewer}, set(others)
        elif own == 1:
            re_known.add(viewer)
            if len(re_known) == 2:
                ko_known = set(self.active) - re_known
            elif len(ko_known) == 2:  # exactly one other Kreuz-Dame: the last seat has it
                re_known |= set(self.active) - ko_known
        else:
            if own == 0:
                ko_known.add(viewer)
            # Two different seats with a Kreuz-Dame: the rest is Kontra. Two Kontra seats
            # prove nothing to a Kontra player: one seat may hold both Kreuz-Damen.
            if len(re_known) == 2:
                ko_known = set(self.active) - re_known
        for s in re_known:
            out[s] = RE
        for s in ko_known:
            out[s] = KONTRA
        return tuple(out)

    def _masked_history(self, viewer: int) -> tuple[tuple[int, str], ...]:
        if self.contract not in (ARMUT, THROWN_IN):  # a refused Armut stays face down too
            return tuple(self.history)
        poor = self.armut_offer[0]
        out = []
        for s, a in self.history:
            if a.startswith("give ") and viewer not in (poor, self.partner):
                a = "give ? ? ?"
            elif a.startswith("return ") and viewer not in (poor, self.partner):
                back = [parse_card(t) for t in a.split()[1:]]
                n = sum(1 for c in back if card_order("normal").group[c] == TRUMP)
                a = f"return ? ? ? ({n} trump{'s' if n != 1 else ''})"
            out.append((s, a))
        return tuple(out)

    def view(self, player: int) -> DokoView:
        """What ``player`` may know: his hand, the public play, revealed parties."""
        if not 0 <= player < self.players:
            raise ValueError(f"no seat {player}")
        return self._view(player)

    def public_view(self) -> DokoView:
        """What a spectator may know (no hand at all)."""
        return self._view(-1)

    def _view(self, player: int) -> DokoView:
        over = self.phase == OVER
        contract = self.contract if over else self.public_contract()
        soloist = self.soloist if (over or (contract or "").startswith("solo")) else None
        ph = self.phase
        # Declarations are said aloud one by one: all of them are public.
        legal = tuple(self.legal_actions()) if player == self.to_move and player >= 0 else ()
        return DokoView(
            player=player, players=self.players, rules=self.rules, dealer=self.dealer,
            active=self.active, phase=ph, to_move=self.to_move,
            hand=tuple(cards_of(self.hands[player])) if player >= 0 else (),
            hand_sizes=tuple(size(h) for h in self.hands),
            history=self._masked_history(player),
            vorbehalte=tuple(self.vorbehalte), declarations=tuple(self.declarations),
            contract=contract, soloist=soloist, hochzeit=self.hochzeit,
            partner=self.partner, clarified_in=self.clarified_in,
            schweine=self.schweine, parties=self.known_parties(player),
            announced=(self.announced[0], self.announced[1]),
            announcements=tuple(self.announcements), tricks=tuple(self.tricks),
            trick_leader=self.trick_leader, trick=tuple(self.trick),
            trick_points=tuple(self.trick_points), legal_actions=legal, result=self.result,
        )

    def __repr__(self) -> str:
        return (f"<DokoState phase={self.phase} contract={self.contract} "
                f"to_move={self.to_move} actions={len(self.history)}>")


def _canonical_declaration(a: str) -> str | None:
    t = a.strip().lower().split()
    if t == [HOCHZEIT]:
        return HOCHZEIT
    if t == [ARMUT]:
        return ARMUT
    if len(t) == 2 and t[0] == "solo":
        k = t[1]
        if k in ("damen", "buben", "fleischlos"):
            return f"solo {k}"
        k = _SUIT_WORDS.get(k, k.upper())
        if k in ("E", "B", "H", "S"):
            return f"solo {k}"
    return None


def _sub_multisets(hand: CardSet, k: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct k-card sub-multiset of ``hand``, cards sorted for display."""
    cards = cards_of(hand)
    seen: set[tuple[Card, ...]] = set()
    for combo in combinations(cards, k):
        if combo not in seen:
            seen.add(combo)
            yield combo


# ----------------------------------------------------------------------- scoring
def score_deal(state: DokoState) -> DokoResult:
    """Score a finished deal per seed 002 (RULES §8)."""
    n = state.players
    contract = state.contract or NORMAL
    if contract == THROWN_IN:
        return DokoResult((), False, 0, 0, None, (-1, -1), (), 0,
                          ("nobody took the Armut: thrown in",), scores=(0,) * n,
                          contract=THROWN_IN, termination=Termination.THROWN_IN)
    rules = state.rules
    re_seats = tuple(sorted(state.re_seats))
    ko_seats = tuple(s for s in state.active if s not in state.re_seats)
    tp = state.trick_points
    pts = {RE: sum(tp[s] for s in re_seats), KONTRA: sum(tp[s] for s in ko_seats)}
    tricks = {RE: sum(state.tricks_won[s] for s in re_seats),
              KONTRA: sum(state.tricks_won[s] for s in ko_seats)}
    level = {RE: state.announced[0], KONTRA: state.announced[1]}
    other = {RE: KONTRA, KONTRA: RE}
    solo = state.solo_like
    notes: list[str] = []
    if contract == HOCHZEIT and state.partner is None:
        notes.append("Hochzeit: no partner in the first three tricks, played as a Karo-Solo")
    if contract == STILLE_HOCHZEIT:
        notes.append("both Kreuz-Damen, no Hochzeit announced: a Karo-Solo")

    def reached(p: str) -> bool:
        """Whether party ``p`` reached its Spielziel."""
        o = other[p]
        only_kontra = level[KONTRA] >= 0 and level[RE] < 0
        if p == RE:
            need = 120 if only_kontra else 121
        else:
            need = 121 if only_kontra else 120
        ok = pts[p] >= need
        if rules.reach_absage_wins and level[o] >= 1:
            # DKV: against the opponents' Absage, reaching what they denied is enough.
            lv = level[o]
            ok = ok or (tricks[p] > 0 if lv == 4 else pts[p] >= _DENIED[lv])
        for lv in range(1, level[p] + 1):  # own Absagen: the opponents must stay below
            ok = ok and (tricks[o] == 0 if lv == 4 else pts[o] < _DENIED[lv])
        return ok

    winners = [p for p in (RE, KONTRA) if reached(p)]
    assert len(winners) <= 1, "both parties cannot reach their goal"
    winner = winners[0] if winners else None
    lines: list[tuple[str, str, int]] = []
    if winner is not None:
        lines.append(("gewonnen", winner, 1))                                   # a
        for p in (RE, KONTRA):                                                  # b
            if level[p] >= 0:
                lines.append((f"{p} angesagt", winner, 2))
        for p in (RE, KONTRA):                                                  # d
            for lv in range(1, level[p] + 1):
                lines.append((f"{ABSAGEN[lv - 1]} abgesagt ({p})", winner, 1))
    for p in (RE, KONTRA):                                                      # c
        if winner is not None and p != winner:
            continue
        o = other[p]
        for limit, label in ((90, "keine 90"), (60, "keine 60"), (30, "keine 30")):
            if pts[o] < limit:
                lines.append((f"{label} gespielt", p, 1))
        if tricks[o] == 0:
            lines.append(("schwarz gespielt", p, 1))
    for p in (RE, KONTRA):                                                      # e
        o = other[p]
        for lv, need in ((1, 120), (2, 90), (3, 60), (4, 30)):
            if level[o] >= lv and pts[p] >= need:
                lines.append((f"{need} gegen {ABSAGEN[lv - 1]}", p, 1))
    if not solo:
        lines.extend(_special_points(state, winner))
    value = sum(x for _, p, x in lines if p == RE) - sum(x for _, p, x in lines if p == KONTRA)
    scores = [0] * n
    if len(re_seats) == 1:
        scores[re_seats[0]] = 3 * value
        for s in ko_seats:
            scores[s] = -value
    else:
        for s in re_seats:
            scores[s] = value
        for s in ko_seats:
            scores[s] = -value
    # The soloist of a game scored as a solo (for score sheets and the arena) and whether
    # he won; None when no one played alone.
    soloist = re_seats[0] if solo and len(re_seats) == 1 else None
    return DokoResult(re_seats, solo, pts[RE], pts[KONTRA], winner, (level[RE], level[KONTRA]),
                      tuple(lines), value, tuple(notes), state.pflicht, scores=tuple(scores),
                      contract=contract, declarer=soloist,
                      made=None if soloist is None else winner == RE)


def _special_points(state: DokoState, winner: str | None) -> list[tuple[str, str, int]]:
    out: list[tuple[str, str, int]] = []
    if winner == KONTRA:
        out.append(("gegen die Alten", KONTRA, 1))
    fuchs = state.schweine is None  # Schweinchen are no foxes to catch
    for i, t in enumerate(state.tricks):
        wp = state.party(t.winner)
        if t.points >= 40:
            out.append(("Doppelkopf", wp, 1))
        if fuchs:
            seat = t.leader
            for c in t.cards:
                if c == SA and state.party(seat) != wp:
                    out.append(("Fuchs gefangen", wp, 1))
                seat = state.next_seat[seat]
        if i == len(state.tricks) - 1:
            seat = t.leader
            for c in t.cards:
                if seat == t.winner and c == SU:
                    out.append(("Karlchen", wp, 1))
                seat = state.next_seat[seat]
    return out


def random_deal(rules: DokoRules, dealer: int, rng: random.Random,
                players: int = 4) -> DokoState:
    """A complete deal of uniformly random legal actions."""
    state = DokoState.new(rules, dealer, rng=rng, players=players)
    while not state.is_over:
        state.apply(state.random_action(rng))
    return state
