"""The deal of 3-player Binokel as a state machine (OpenSpiel-style).

A :class:`DealState` has the player to move, the legal actions, ``apply`` and a per-player
:meth:`DealState.view`. Actions are short strings, the same ones a record stores:
``bid 150``, ``pass``, ``discard SA SK H10 EU``, ``trump H``, ``abgehen E``, ``durch``,
``untendurch``, ``call EA`` / ``call none``, ``give SU``, ``play EA``.

>>> from binokel.games.binokel.rules import Rules
>>> state = DealState.new(Rules(), dealer=2, seed=7)
>>> state.to_move, state.phase, state.legal_actions()[:2]
(0, 'bidding', ['bid 150', 'bid 160'])
>>> state.apply("bid 150"); state.to_move
1
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

from ...core.cards import (
    BINOKEL_RANKS,
    LOW_BITS,
    SEVEN,
    SUIT_LETTERS,
    SUIT_MASKS,
    Card,
    CardSet,
    bit,
    card_token,
    cards_of,
    count,
    deck,
    distinct,
    parse_card,
    parse_suit,
    size,
)
from ...core.errors import IllegalAction
from ...core.trick import PLAY_ACTIONS, Trick, legal_mask, play_actions, play_card
from .melds import NO_MELDS, NO_TRUMP, MeldResult, best_melds
from .rules import Rules

BIDDING, DECLARE, TRUMP, CALL, GIVE, PLAY, OVER = (
    "bidding", "declare", "trump", "call", "give", "play", "over")
NORMAL, ABGEHEN, DURCH, UNTENDURCH, THROWN_IN = (
    "normal", "abgehen", "durch", "untendurch", "thrown_in")
BINOKEL, KREUZBINOKEL = "binokel", "kreuzbinokel"


TRUMP_ACTIONS = tuple(f"trump {s}" for s in SUIT_LETTERS)
ABGEHEN_ACTIONS = tuple(f"abgehen {s}" for s in SUIT_LETTERS)


def full_deck(rules: Rules) -> list[Card]:
    """Every card of the game's deck (both copies), in a fixed order."""
    return list(_DECKS[rules.sevens])


_DECKS = {False: tuple(deck(BINOKEL_RANKS)), True: tuple(deck((*BINOKEL_RANKS, SEVEN)))}
_SORTED_DECKS = {k: sorted(v) for k, v in _DECKS.items()}


def deal_packets(rules: Rules, players: int) -> list[tuple[str, int]]:
    """The dealing order as (``'players'`` or ``'dapp'``, packet size) steps.

    ``players`` counts the hands dealt (the seats in play). Without an explicit
    ``deal_pattern`` every hand gets three packets, the larger ones first, with half the Dapp
    after each of the first two: 4-2-4-2-4 for three hands of 12, 3-2-3-2-3 for Kreuzbinokel's
    four hands of 9, 4-2-4-2-3 for its four hands of 11 with sevens.

    >>> deal_packets(Rules(), 4)
    [('players', 3), ('dapp', 2), ('players', 3), ('dapp', 2), ('players', 3)]
    """
    n_cards = 48 if rules.sevens else 40
    if rules.deal_pattern != "auto":
        sizes = [int(p) for p in rules.deal_pattern.split("-")]
    elif not rules.dapp:
        if n_cards % players:
            raise IllegalAction(f"{n_cards} cards cannot be dealt to {players} players "
                                "without a Dapp")
        per = n_cards // players
        sizes = [4] * (per // 4) + ([per % 4] if per % 4 else [])
        sizes = [x for s in sizes for x in (s, 0)][:-1]
    elif rules.sevens and players == 3:
        sizes = {"15+3": [5, 1, 5, 1, 5, 1], "14+6": [4, 2, 5, 2, 5, 2],
                 "16+0": [4, 0, 4, 0, 4, 0, 4]}[rules.deal_48_3p]
    else:
        dapp = 4
        q, extra = divmod((n_cards - dapp) // players, 3)
        hand_packets = [q + 1 if i < extra else q for i in range(3)]
        sizes = [hand_packets[0], dapp // 2, hand_packets[1], dapp // 2, hand_packets[2]]
    steps = [("players" if i % 2 == 0 else "dapp", s) for i, s in enumerate(sizes) if s]
    total = sum(s * (players if k == "players" else 1) for k, s in steps)
    if total != n_cards:
        raise IllegalAction(f"deal pattern {rules.deal_pattern!r} deals {total} cards, "
                            f"the deck has {n_cards}")
    return steps


def _deal_plan(rules: Rules, players: int) -> tuple[int, ...]:
    """For each deck position: who receives it, as the offset from Vorhand among the seats in
    play (``players``: the Dapp)."""
    # Keyed on the few deal options: hashing a whole Rules costs more than a deal.
    return _deal_plan_cached(rules.sevens, rules.deal_48_3p, rules.dapp, rules.deal_pattern,
                             players)


@lru_cache(maxsize=64)
def _deal_plan_cached(sevens: bool, deal_48_3p: str, dapp: bool, pattern: str,
                      players: int) -> tuple[int, ...]:
    rules = Rules(sevens=sevens, deal_48_3p=deal_48_3p, dapp=dapp, deal_pattern=pattern)
    plan: list[int] = []
    for kind, n in deal_packets(rules, players):
        if kind == "players":
            for offset in range(players):
                plan.extend([offset] * n)
        else:
            plan.extend([players] * n)
    return tuple(plan)


def seating(game: str, players: int, dealer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats in play in playing order (Vorhand first) and each seat's party.

    A party scores together: every seat alone in 3-player Binokel, the partners opposite
    (0+2 against 1+3) in Kreuzbinokel. With four at a Binokel table the dealer sits out
    (party -1).

    >>> seating("binokel", 4, 1)
    ((2, 3, 0), (0, -1, 2, 3))
    >>> seating("kreuzbinokel", 4, 3)
    ((0, 1, 2, 3), (0, 1, 0, 1))
    """
    if game == KREUZBINOKEL:
        if players != 4:
            raise IllegalAction("Kreuzbinokel is for 4 players")
        return tuple((dealer + 1 + i) % 4 for i in range(4)), (0, 1, 0, 1)
    if players not in (3, 4):
        raise IllegalAction("Binokel is for 3 players, or 4 with the dealer sitting out")
    order = tuple((dealer + 1 + i) % players for i in range(3))
    return order, tuple(s if s in order else -1 for s in range(players))


@dataclass(frozen=True)
class DealResult:
    """The outcome of one deal and why."""

    scores: tuple[int, ...]
    declarer: int | None
    bid: int | None
    contract: str
    trump: int
    melds: tuple[MeldResult, ...]
    meld_points: tuple[int, ...]      # melds as counted (0 where voided)
    trick_points: tuple[int, ...]     # card points taken incl. discard and the bonus
    tricks_won: tuple[int, ...]
    made: bool | None
    declarer_total: int | None = None
    notes: tuple[str, ...] = ()
    parties: tuple[tuple[int, ...], ...] = ()  # who scores together (Kreuzbinokel: teams)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores), "declarer": self.declarer, "bid": self.bid,
            "contract": self.contract,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "melds": [m.total for m in self.melds],
            "meld_points": list(self.meld_points),
            "meld_details": [[x.to_json() for x in m.melds] for m in self.melds],
            "trick_points": list(self.trick_points), "tricks_won": list(self.tricks_won),
            "made": self.made, "declarer_total": self.declarer_total, "notes": list(self.notes),
            "parties": [list(p) for p in self.parties],
        }


@dataclass(frozen=True)
class View:
    """What one player may know. Never contains another player's hidden cards."""

    player: int
    players: int
    rules: Rules
    dealer: int
    phase: str
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    history: tuple[tuple[int, str], ...]   # (seat, action) with hidden parts masked
    high_bid: int | None
    high_bidder: int | None
    declarer: int | None
    contract: str | None
    trump: int
    dapp: tuple[Card, ...] | None          # once revealed
    discard: tuple[Card, ...] | None       # only the declarer's own
    melds: tuple[MeldResult, ...] | None   # once shown
    tricks: tuple[Trick, ...]
    trick_leader: int
    trick: tuple[Card, ...]
    trick_points: tuple[int, ...]          # from won tricks (+ own discard, declarer only)
    legal_actions: tuple[str, ...]
    result: DealResult | None
    open_hand: tuple[Card, ...] | None = None  # an open Durch shows the declarer's hand
    game: str = BINOKEL
    order: tuple[int, ...] = ()            # the seats in play, Vorhand first
    parties: tuple[tuple[int, ...], ...] = ()  # who scores together (Kreuzbinokel: teams)

    def seat_after(self, seat: int) -> int:
        """The seat in play after ``seat`` (a dealer sitting out is skipped)."""
        return self.order[(self.order.index(seat) + 1) % len(self.order)]

    def trick_seats(self, leader: int, n_cards: int) -> list[int]:
        """Who played the cards of a trick led by ``leader``, in playing order."""
        i = self.order.index(leader)
        return [self.order[(i + k) % len(self.order)] for k in range(n_cards)]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s party (Kreuzbinokel: the partner opposite)."""
        return next((tuple(s for s in p if s != seat) for p in self.parties if seat in p), ())

    def to_json(self) -> dict[str, Any]:
        def toks(cs: tuple[Card, ...]) -> list[str]:
            return [card_token(c) for c in cs]

        return {
            "player": self.player, "players": self.players, "rules": self.rules.to_dict(),
            "dealer": self.dealer, "phase": self.phase, "to_move": self.to_move,
            "hand": toks(self.hand), "hand_sizes": list(self.hand_sizes),
            "history": [[s, a] for s, a in self.history], "high_bid": self.high_bid,
            "high_bidder": self.high_bidder, "declarer": self.declarer,
            "contract": self.contract,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "dapp": toks(self.dapp) if self.dapp is not None else None,
            "discard": toks(self.discard) if self.discard is not None else None,
            "melds": [[m.to_json() for m in mr.melds] for mr in self.melds]
            if self.melds is not None else None,
            "meld_totals": [m.total for m in self.melds] if self.melds is not None else None,
            "tricks": [t.to_json() for t in self.tricks], "trick_leader": self.trick_leader,
            "trick": toks(self.trick), "trick_points": list(self.trick_points),
            "legal_actions": list(self.legal_actions),
            "result": self.result.to_json() if self.result else None,
            "open_hand": toks(self.open_hand) if self.open_hand is not None else None,
            "game": self.game, "order": list(self.order),
            "parties": [list(p) for p in self.parties],
        }


class _Bidding:
    """Who is still in the bidding: the current duel ``a`` vs ``b`` and who waits."""

    __slots__ = ("a", "b", "high", "high_bidder", "out", "spoke", "waiting")

    def __init__(self, waiting: list[int], a: int = -1, b: int = -1, high: int | None = None,
                 high_bidder: int | None = None, out: set[int] | None = None,
                 spoke: set[int] | None = None) -> None:
        self.waiting = waiting
        self.a, self.b = a, b              # the two in the current duel (b = -1: a is alone)
        self.high, self.high_bidder = high, high_bidder
        self.out = out if out is not None else set()
        self.spoke = spoke if spoke is not None else set()


class DealState:
    """One deal of Binokel for three players at a table of ``players`` seats.

    Seats are numbered in playing order; Vorhand is ``(dealer + 1) % players``.
    ``apply`` mutates the state (fast, for search and simulation); ``child`` returns a new one.
    """

    __slots__ = (
        "_legal_cache",
        "_mask",
        "_points",
        "best_led",
        "best_trump",
        "bid",
        "bidding",
        "call_holder",
        "called",
        "contract",
        "dapp",
        "dapp_cards",
        "dealer",
        "deck",
        "declarer",
        "discard",
        "game_name",
        "hands",
        "history",
        "led",
        "melds",
        "n_active",
        "next_seat",
        "open_durch",
        "order",
        "party",
        "phase",
        "players",
        "result",
        "rules",
        "to_move",
        "trick",
        "trick_leader",
        "trick_points",
        "trick_sum",
        "tricks",
        "tricks_won",
        "trump",
        "win_card",
        "win_seat",
    )

    game_name: str
    rules: Rules
    players: int
    dealer: int
    deck: tuple[Card, ...]
    hands: list[CardSet]
    dapp: CardSet
    dapp_cards: tuple[Card, ...]
    discard: CardSet
    phase: str
    to_move: int
    history: list[tuple[int, str]]
    bidding: _Bidding
    declarer: int | None
    bid: int | None
    contract: str | None
    trump: int
    open_durch: bool
    called: Card | None
    call_holder: int | None
    melds: list[MeldResult] | None
    trick: list[Card]
    trick_leader: int
    led: int
    best_led: int
    best_trump: int
    win_card: int
    win_seat: int
    trick_sum: int
    tricks: list[Trick]
    trick_points: list[int]
    tricks_won: list[int]
    result: DealResult | None
    _points: tuple[int, ...]
    _legal_cache: list[str] | None
    _mask: CardSet
    order: tuple[int, ...]        # the seats in play, Vorhand first
    next_seat: tuple[int, ...]    # the seat in play after each seat
    n_active: int                 # cards in a full trick
    party: tuple[int, ...]        # per seat: who scores together (-1: sits out)

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, rules: Rules, dealer: int = 0, seed: int | None = None,
            deck_order: list[Card] | None = None, players: int = 3,
            rng: random.Random | None = None, game: str = BINOKEL) -> DealState:
        """A fresh deal, from ``deck_order`` (dealing order, top first) or a shuffle by ``rng``
        or by a new generator seeded with ``seed``.

        ``game`` is ``binokel`` (3 players, or 4 with the dealer sitting out) or
        ``kreuzbinokel`` (4 players, partners opposite).
        """
        check = deck_order is not None
        if deck_order is None:
            deck_order = shuffled_deck(rules, seed, rng)
        return cls(rules, dealer, list(deck_order), players, check, game)

    def __init__(self, rules: Rules | None, dealer: int = 0,
                 deck_order: list[Card] | None = None, players: int = 3,
                 check: bool = True, game: str = BINOKEL) -> None:
        """Use :meth:`new`; ``rules=None`` makes an empty shell for :meth:`clone`."""
        if rules is not None:
            self._setup(rules, dealer, list(deck_order or ()), players, check, game)

    def _setup(self, rules: Rules, dealer: int, deck_order: list[Card], players: int,
               check: bool = True, game: str = BINOKEL) -> None:
        if game not in (BINOKEL, KREUZBINOKEL):
            raise IllegalAction(f"unknown game {game!r}")
        if not 0 <= dealer < players:
            raise IllegalAction(f"dealer must be a seat 0..{players - 1}, not {dealer}")
        expected = _SORTED_DECKS[rules.sevens]
        if check and sorted(deck_order) != expected:
            raise IllegalAction(f"the deck must hold each of the {len(expected) // 2} cards "
                                f"of this game exactly twice ({len(deck_order)} given)")
        order, party = seating(game, players, dealer)
        n = len(order)
        plan = _deal_plan(rules, n)
        self._setup_empty(rules, dealer, players, game, order, party)
        self.deck = tuple(deck_order)
        dealt = [0] * (n + 1)  # by offset from Vorhand; the last slot collects the Dapp
        dapp_cards = []
        for pos, c in zip(plan, deck_order, strict=True):
            dealt[pos] += 1 << (c << 1)
            if pos == n:
                dapp_cards.append(c)
        self.dapp = dealt.pop()
        for i, seat in enumerate(order):
            self.hands[seat] = dealt[i]
        self.dapp_cards = tuple(dapp_cards)

    @classmethod
    def at_play(cls, rules: Rules, dealer: int, hands: list[CardSet], declarer: int,
                bid: int | None, contract: str, trump: int, trick_leader: int,
                players: int = 3, game: str = BINOKEL, dapp_cards: tuple[Card, ...] = (),
                discard: CardSet = 0, melds: list[MeldResult] | None = None,
                tricks: tuple[Trick, ...] = (), trick: tuple[Card, ...] = ()) -> DealState:
        """A play-phase position from its parts, for search on sampled worlds.

        ``hands`` are the cards still held (the current ``trick``'s cards excluded), ``tricks``
        the completed tricks. The history is empty; everything else is as if the deal had
        been played to this point.
        """
        w = cls(None)
        order, party = seating(game, players, dealer)
        w._setup_empty(rules, dealer, players, game, order, party)
        w.hands = list(hands)
        w.dapp_cards = tuple(dapp_cards)
        w.discard = discard
        w.declarer, w.bid, w.contract, w.trump = declarer, bid, contract, trump
        w.bidding.high, w.bidding.high_bidder = bid, declarer
        w.melds = list(melds) if melds is not None else [NO_MELDS] * players
        w.tricks = list(tricks)
        for t in tricks:
            w.trick_points[t.winner] += t.points
            w.tricks_won[t.winner] += 1
        w.phase = PLAY
        w.trick_leader = w.to_move = trick_leader
        for c in trick:  # through _play, so that the trick's bookkeeping is the engine's own
            w.hands[w.to_move] += bit(c)
            w._play(c)
        w.history = []
        return w

    def _setup_empty(self, rules: Rules, dealer: int, players: int, game: str,
                     order: tuple[int, ...], party: tuple[int, ...]) -> None:
        self.game_name, self.rules, self.players, self.dealer = game, rules, players, dealer
        self.deck = ()
        self.order, self.n_active, self.party = order, len(order), party
        nxt = list(range(players))
        for i, seat in enumerate(order):
            nxt[seat] = order[(i + 1) % len(order)]
        self.next_seat = tuple(nxt)
        self.hands = [0] * players
        self.dapp = self.discard = 0
        self.dapp_cards = ()
        self.history = []
        self.bidding = _Bidding(waiting=list(order[2:]), a=order[0], b=order[1])
        self.phase = BIDDING
        self.to_move = order[0]
        self.declarer = self.bid = self.contract = None
        self.trump = NO_TRUMP
        self.open_durch = False
        self.called = self.call_holder = None
        self.melds = None
        self.trick = []
        self.trick_leader = -1
        self.led = self.best_led = self.best_trump = self.win_card = self.win_seat = -1
        self.trick_sum = 0
        self.tricks = []
        self.trick_points = [0] * players
        self.tricks_won = [0] * players
        self.result = None
        self._points = rules.points
        self._legal_cache = None
        self._mask = -1

    def clone(self) -> DealState:
        """An independent copy (the immutable parts are shared)."""
        o = DealState(None)
        o._legal_cache = self._legal_cache
        o._mask = self._mask
        o._points = self._points
        o.best_led = self.best_led
        o.best_trump = self.best_trump
        o.bid = self.bid
        o.call_holder = self.call_holder
        o.called = self.called
        o.contract = self.contract
        o.dapp = self.dapp
        o.dapp_cards = self.dapp_cards
        o.dealer = self.dealer
        o.deck = self.deck
        o.declarer = self.declarer
        o.discard = self.discard
        o.game_name = self.game_name
        o.n_active = self.n_active
        o.next_seat = self.next_seat
        o.party = self.party
        o.led = self.led
        o.open_durch = self.open_durch
        o.order = self.order
        o.phase = self.phase
        o.players = self.players
        o.result = self.result
        o.rules = self.rules
        o.to_move = self.to_move
        o.trick_leader = self.trick_leader
        o.trick_sum = self.trick_sum
        o.trump = self.trump
        o.win_card = self.win_card
        o.win_seat = self.win_seat
        o.hands = list(self.hands)
        o.history = list(self.history)
        b = self.bidding
        o.bidding = _Bidding(list(b.waiting), b.a, b.b, b.high, b.high_bidder, set(b.out),
                             set(b.spoke))
        o.trick = list(self.trick)
        o.tricks = list(self.tricks)
        o.trick_points = list(self.trick_points)
        o.tricks_won = list(self.tricks_won)
        o.melds = list(self.melds) if self.melds is not None else None
        return o

    def child(self, action: str) -> DealState:
        """A new state with ``action`` applied; ``self`` is unchanged."""
        c = self.clone()
        c.apply(action)
        return c

    # ----------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def vorhand(self) -> int:
        return self.order[0]

    def legal_actions(self) -> list[str]:
        """Every legal action of the player to move (empty once the deal is over)."""
        ph = self.phase
        if ph == PLAY:
            return play_actions(self.legal_cards())
        if self._legal_cache is None:
            self._legal_cache = self._legal_slow()
        return list(self._legal_cache)

    def legal_cards(self) -> CardSet:
        """The playable cards of the player to move as a card set (play phase only)."""
        # Cached per card played: bots and apply() both ask for it at every step.
        m = self._mask
        if m >= 0:
            return m
        seat = self.to_move
        hand = self.hands[seat]
        r = self.rules
        if self.led < 0:
            m = hand
        elif r.partner_exemption and self.party[self.win_seat] == self.party[seat]:
            # Kreuzbinokel house rule: with the partner ahead there is no duty to beat or to
            # trump, only to follow suit.
            m = hand & SUIT_MASKS[self.led] or hand
        else:
            m = legal_mask(hand, self.led, self.best_led, self.best_trump, self.trump,
                           r.must_overtrump, r.must_trump_lower)
        self._mask = m
        return m

    def _legal_slow(self) -> list[str]:
        ph, r = self.phase, self.rules
        if ph == BIDDING:
            b = self.bidding
            lowest = r.min_bid if b.high is None else b.high + r.bid_step
            bids = [f"bid {x}" for x in range(lowest, r.max_bid + 1, r.bid_step)]
            if (b.high is None and self.to_move == self.order[0] and r.vorhand_must_open
                    and self.to_move not in b.spoke):
                return bids
            return [*bids, "pass"]
        if ph == DECLARE:
            return self._discard_actions() + list(ABGEHEN_ACTIONS)
        if ph == TRUMP:
            acts = list(TRUMP_ACTIONS)
            if r.durch:
                acts.append("durch")
                if r.durch_open:
                    acts.append("durch open")
            if r.untendurch:
                acts.append("untendurch")
            return acts + list(ABGEHEN_ACTIONS)
        if ph == CALL:
            assert self.declarer is not None
            hand = self.hands[self.declarer]
            calls = [f"call {card_token(c)}" for c in sorted(set(full_deck(r)))
                     if count(hand, c) == 0 and count(self.discard, c) < 2]
            return [*calls, "call none"]
        if ph == GIVE:
            assert self.declarer is not None and self.called is not None
            hand = self.hands[self.declarer] - bit(self.called)
            return [f"give {card_token(c)}" for c in sorted(distinct(hand))]
        return []

    def _discard_actions(self) -> list[str]:
        assert self.declarer is not None
        hand = self.hands[self.declarer]
        items = [(_TOKENS[c], count(hand, c)) for c in sorted(distinct(hand), key=_sort)]
        out: list[str] = []

        def rec(i: int, left: int, acc: str) -> None:
            if left == 0:
                out.append(acc)
                return
            if i == len(items) or left > sum(n for _, n in items[i:]):
                return
            tok, n = items[i]
            for k in range(min(n, left), -1, -1):
                rec(i + 1, left - k, acc + (" " + tok) * k)

        rec(0, self._dapp_size(), "discard")
        return out

    def random_action(self, rng: random.Random) -> str:
        """A uniformly random legal action, without listing all of them.

        Equal in distribution to ``rng.choice(self.legal_actions())`` but cheap in the
        bidding and discard phases, where there are hundreds of actions.
        """
        ph = self.phase
        if ph == PLAY:
            return PLAY_ACTIONS[_choose_card(self.legal_cards(), rng.random())]
        if ph == BIDDING:
            r, b = self.rules, self.bidding
            lowest = r.min_bid if b.high is None else b.high + r.bid_step
            n_bids = max(0, (r.max_bid - lowest) // r.bid_step + 1)
            can_pass = not (b.high is None and self.to_move == self.order[0]
                            and r.vorhand_must_open and self.to_move not in b.spoke)
            i = int(rng.random() * (n_bids + can_pass))
            return "pass" if i == n_bids else f"bid {lowest + i * r.bid_step}"
        if ph == DECLARE:
            assert self.declarer is not None
            hand, k = self.hands[self.declarer], self._dapp_size()
            n_discards = _multiset_count([count(hand, c) for c in distinct(hand)], k)
            i = rng.randrange(n_discards + 4)
            if i >= n_discards:
                return ABGEHEN_ACTIONS[i - n_discards]
            return _random_discard(hand, k, rng)
        actions = self.legal_actions()
        if not actions:
            raise IllegalAction("the deal is over")
        return actions[int(rng.random() * len(actions))]

    def _dapp_size(self) -> int:
        return len(self.dapp_cards)

    # ----------------------------------------------------------------- apply
    def apply(self, action: str) -> None:
        """Apply ``action`` for the player to move; raises :class:`IllegalAction`."""
        if self.phase == PLAY:
            c = play_card(action)
            if c is None:
                c = self._parse_play(action)
            if not (self.legal_cards() >> (c << 1)) & 3:
                raise IllegalAction(self._why_not(c))
            self._play(c)
            return
        if self.phase == OVER:
            raise IllegalAction("the deal is over")
        verb, _, arg = action.strip().partition(" ")
        handler = _HANDLERS.get((self.phase, verb))
        if handler is None:
            raise IllegalAction(f"{action!r} is not possible now: the {self.phase} phase "
                                f"expects one of {self._expected_verbs()}")
        seat = self.to_move
        canonical = handler(self, arg.strip())
        self.history.append((seat, canonical))
        self._legal_cache = None

    def _expected_verbs(self) -> str:
        return ", ".join(sorted({v for (ph, v) in _HANDLERS if ph == self.phase}))

    def _parse_play(self, action: str) -> Card:
        verb, _, arg = action.strip().partition(" ")
        if verb != "play":
            raise IllegalAction(f"{action!r} is not possible now: expected 'play CARD'")
        try:
            return parse_card(arg)
        except ValueError as e:
            raise IllegalAction(str(e)) from None

    def _why_not(self, c: Card) -> str:
        tok = card_token(c)
        if not count(self.hands[self.to_move], c):
            return f"play {tok}: seat {self.to_move} does not hold {tok}"
        legal = " ".join(card_token(x) for x in distinct(self.legal_cards()))
        led = SUIT_LETTERS[self.led]
        if self.hands[self.to_move] & SUIT_MASKS[self.led]:
            if c >> 3 != self.led:
                why = f"must follow suit {led}"
            else:
                why = "must beat the best card of the led suit (Stichzwang)"
        elif c >> 3 == self.trump:
            # He did trump, but a higher trump of his could beat the trick's best trump.
            why = "must beat the best trump in the trick (must_overtrump)"
        else:
            why = "must play a trump (Trumpfzwang)"
        return f"play {tok}: {why}; legal: {legal}"

    # bidding ----------------------------------------------------------------
    def _bid(self, arg: str) -> str:
        r, b = self.rules, self.bidding
        try:
            value = int(arg)
        except ValueError:
            raise IllegalAction(f"bid {arg!r}: not a number") from None
        lowest = r.min_bid if b.high is None else b.high + r.bid_step
        if value < lowest or value > r.max_bid or value % r.bid_step:
            raise IllegalAction(f"bid {value}: bids must be multiples of {r.bid_step} "
                                f"from {lowest} to {r.max_bid}")
        seat = self.to_move
        b.high, b.high_bidder = value, seat
        b.spoke.add(seat)
        if b.b < 0:  # the last one left alone bids and so takes the game
            self._declarer_found(seat, value)
        else:
            self.to_move = b.b if seat == b.a else b.a
        return f"bid {value}"

    def _pass(self, arg: str) -> str:
        if arg:
            raise IllegalAction("pass takes no argument")
        r, b = self.rules, self.bidding
        seat = self.to_move
        if (b.high is None and seat == self.order[0] and r.vorhand_must_open
                and seat not in b.spoke):
            raise IllegalAction("Vorhand must open the bidding (vorhand_must_open)")
        b.spoke.add(seat)
        b.out.add(seat)
        if b.b < 0:  # the last one alone passes too
            if b.waiting:  # his partner, who has not spoken yet, gets the same last chance
                b.a = self.to_move = b.waiting.pop(0)
            else:
                self._all_passed()
            return "pass"
        survivor = b.b if seat == b.a else b.a
        # The next challenger: the first waiting seat that is not the survivor's partner
        # (Kreuzbinokel, seed 000: when one passes, his partner carries on).
        nxt = next((w for w in b.waiting if self.party[w] != self.party[survivor]), -1)
        if nxt >= 0:
            b.waiting.remove(nxt)
            b.a, b.b = survivor, nxt
            self.to_move = nxt
        elif b.high is not None:
            self._declarer_found(survivor, b.high)
        else:
            b.a, b.b = survivor, -1
            self.to_move = survivor
        return "pass"

    def _all_passed(self) -> None:
        if self.rules.all_pass == "vorhand_plays":
            self._declarer_found(self.order[0], self.rules.min_bid)
        else:
            self.contract = THROWN_IN
            self._finish()

    def _declarer_found(self, seat: int, value: int) -> None:
        self.declarer, self.bid = seat, value
        self.bidding.high, self.bidding.high_bidder = value, seat
        self.to_move = seat
        if self.dapp_cards:
            self.hands[seat] += self.dapp  # revealed to all and taken up
            self.phase = DECLARE
        else:
            self.phase = TRUMP

    # declarer's choice --------------------------------------------------------
    def _discard(self, arg: str) -> str:
        assert self.declarer is not None
        try:
            cards = [parse_card(t) for t in arg.split()]
        except ValueError as e:
            raise IllegalAction(f"discard: {e}") from None
        k = self._dapp_size()
        if len(cards) != k:
            raise IllegalAction(f"discard: exactly {k} cards must be pushed, not {len(cards)}")
        hand = self.hands[self.declarer]
        d = 0
        for c in cards:
            d += bit(c)
            if count(d, c) > count(hand, c):
                raise IllegalAction(f"discard: the declarer does not hold {card_token(c)}"
                                    + (" twice" if count(d, c) == 2 else ""))
        self.hands[self.declarer] = hand - d
        self.discard = d
        self.phase = TRUMP
        return "discard " + " ".join(card_token(c) for c in sorted(cards, key=_sort))

    def _trump(self, arg: str) -> str:
        s = self._suit(arg, "trump")
        self.contract, self.trump = NORMAL, s
        if self.rules.rufen:
            self.phase = CALL
            return f"trump {SUIT_LETTERS[s]}"
        self._start_play()
        return f"trump {SUIT_LETTERS[s]}"

    def _suit(self, arg: str, verb: str) -> int:
        try:
            return parse_suit(arg)
        except ValueError as e:
            raise IllegalAction(f"{verb}: {e}") from None

    def _abgehen(self, arg: str) -> str:
        s = self._suit(arg, "abgehen")
        self.contract, self.trump = ABGEHEN, s
        self.melds = [self._meld(seat) if seat != self.declarer else NO_MELDS
                      for seat in range(self.players)]
        self._finish()
        return f"abgehen {SUIT_LETTERS[s]}"

    def _durch(self, arg: str) -> str:
        if not self.rules.durch:
            raise IllegalAction("durch is not allowed under these rules (durch = no)")
        if arg == "open":
            if not self.rules.durch_open:
                raise IllegalAction("an open Durch is not allowed (durch_open = 0)")
            self.open_durch = True
        elif arg:
            raise IllegalAction(f"durch {arg!r}: expected 'durch' or 'durch open'")
        self.contract = DURCH
        self._start_play()
        return "durch open" if self.open_durch else "durch"

    def _untendurch(self, arg: str) -> str:
        if not self.rules.untendurch:
            raise IllegalAction("untendurch is not allowed under these rules (untendurch = no)")
        if arg:
            raise IllegalAction("untendurch takes no argument")
        self.contract = UNTENDURCH
        self._start_play()
        return "untendurch"

    def _call(self, arg: str) -> str:
        assert self.declarer is not None
        if arg == "none":
            self._start_play()
            return "call none"
        try:
            c = parse_card(arg)
        except ValueError as e:
            raise IllegalAction(f"call: {e}") from None
        if count(self.hands[self.declarer], c):
            raise IllegalAction(f"call {card_token(c)}: the declarer holds it already")
        holder = next((s for s in self.order if s != self.declarer and count(self.hands[s], c)),
                      None)
        if holder is None:
            raise IllegalAction(f"call {card_token(c)}: nobody else holds it")
        self.hands[holder] -= bit(c)
        self.hands[self.declarer] += bit(c)
        self.called, self.call_holder = c, holder
        self.phase = GIVE
        return f"call {card_token(c)}"

    def _give(self, arg: str) -> str:
        assert self.declarer is not None and self.call_holder is not None
        try:
            c = parse_card(arg)
        except ValueError as e:
            raise IllegalAction(f"give: {e}") from None
        hand = self.hands[self.declarer]
        if c == self.called and count(hand, c) == 1:
            raise IllegalAction("give: the called card cannot go straight back")
        if not count(hand, c):
            raise IllegalAction(f"give {card_token(c)}: the declarer does not hold it")
        self.hands[self.declarer] = hand - bit(c)
        self.hands[self.call_holder] += bit(c)
        self._start_play()
        return f"give {card_token(c)}"

    def _meld(self, seat: int) -> MeldResult:
        return best_melds(self.hands[seat], self.trump, self.rules)

    def _start_play(self) -> None:
        assert self.declarer is not None
        if self.contract == NORMAL:
            self.melds = [self._meld(s) for s in range(self.players)]
            lead = self.order[0] if self.rules.first_lead == "vorhand" else self.declarer
        else:
            self.melds = [NO_MELDS] * self.players
            lead = self.declarer
        self.phase = PLAY
        self.trick_leader = self.to_move = lead

    def _set_points(self, s: CardSet) -> int:
        pts = self._points
        return sum(pts[c & 7] * count(s, c) for c in distinct(s))

    # play ----------------------------------------------------------------------
    def _play(self, c: Card) -> None:
        seat = self.to_move
        self._mask = -1
        self.hands[seat] -= 1 << (c << 1)
        self.history.append((seat, PLAY_ACTIONS[c]))
        trick = self.trick
        trick.append(c)
        self.trick_sum += self._points[c & 7]
        s = c >> 3
        if len(trick) == 1:
            self.led = s
            self.best_led = self.win_card = c
            self.win_seat = seat
            self.best_trump = c if s == self.trump else -1
        else:
            # Inlined tricks.beats: this runs for every card of every playout.
            win = self.win_card
            if s == self.led and c > self.best_led:
                self.best_led = c
            if s == self.trump:
                if c > self.best_trump:
                    self.best_trump = c
                if win >> 3 != s or c > win:
                    self.win_card, self.win_seat = c, seat
            elif s == win >> 3 and c > win:
                self.win_card, self.win_seat = c, seat
        if len(trick) < self.n_active:
            self.to_move = self.next_seat[seat]
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        w = self.win_seat
        pts = self.trick_sum
        r = self.rules
        n_tricks = len(self.tricks) + 1
        last = self.hands[w] == 0
        if (r.bonus_trick == "last" and last) or (r.bonus_trick == "first" and n_tricks == 1):
            pts += r.last_trick_bonus
        self.tricks.append(Trick(self.trick_leader, tuple(self.trick), w, pts))
        self.trick_points[w] += pts
        self.tricks_won[w] += 1
        self.trick = []
        self.trick_sum = 0
        self.led = self.best_led = self.best_trump = self.win_card = self.win_seat = -1
        self.trick_leader = self.to_move = w
        ours = self.declarer is not None and self.party[w] == self.party[self.declarer]
        decided = ((self.contract == DURCH and not ours)
                   or (self.contract == UNTENDURCH and ours))
        if last or decided:
            self._finish()

    def random_playout(self, rng: random.Random) -> None:
        """Play uniformly random legal cards until the deal is over.

        The same deal (same history, tricks and result) as calling
        ``apply(random_action(rng))`` repeatedly with the same generator, in a tight loop
        without per-card method calls: this is the hot path of simulations and bot rollouts.
        """
        if self.phase != PLAY:
            raise IllegalAction(f"random_playout needs the play phase, not {self.phase}")
        rand = rng.random
        while self.trick:
            self._play(_choose_card(self.legal_cards(), rand()))
            if self.phase != PLAY:
                return
        r = self.rules
        hands, trump, n, pts = self.hands, self.trump, self.n_active, self._points
        nxt, party = self.next_seat, self.party
        mo, mtl, exempt = r.must_overtrump, r.must_trump_lower, r.partner_exemption
        hist, tricks, tp, tw = self.history, self.tricks, self.trick_points, self.tricks_won
        bonus, bonus_first = r.last_trick_bonus, r.bonus_trick == "first"
        durch, unten = self.contract == DURCH, self.contract == UNTENDURCH
        dp = party[self.declarer] if self.declarer is not None else -2
        low, actions = LOW_BITS, PLAY_ACTIONS
        leader = self.trick_leader
        while True:
            seat = leader
            p = hands[seat]
            p = (p | (p >> 1)) & low
            for _ in range(int(rand() * p.bit_count())):
                p &= p - 1
            c = ((p & -p).bit_length() - 1) >> 1
            hands[seat] -= 1 << (c << 1)
            hist.append((seat, actions[c]))
            led = c >> 3
            best_led = win = c
            wseat = seat
            best_tr = c if led == trump else -1
            total = pts[c & 7]
            cards = [c]
            for _ in range(n - 1):
                seat = nxt[seat]
                if exempt and party[wseat] == party[seat]:
                    p = hands[seat] & SUIT_MASKS[led] or hands[seat]
                else:
                    p = legal_mask(hands[seat], led, best_led, best_tr, trump, mo, mtl)
                p = (p | (p >> 1)) & low
                for _ in range(int(rand() * p.bit_count())):
                    p &= p - 1
                c = ((p & -p).bit_length() - 1) >> 1
                hands[seat] -= 1 << (c << 1)
                hist.append((seat, actions[c]))
                cards.append(c)
                total += pts[c & 7]
                s = c >> 3
                if s == led and c > best_led:
                    best_led = c
                if s == trump:
                    if c > best_tr:
                        best_tr = c
                    if win >> 3 != s or c > win:
                        win, wseat = c, seat
                elif s == win >> 3 and c > win:
                    win, wseat = c, seat
            last = hands[wseat] == 0
            if (last and not bonus_first) or (bonus_first and not tricks):
                total += bonus
            tricks.append(Trick(leader, tuple(cards), wseat, total))
            tp[wseat] += total
            tw[wseat] += 1
            leader = wseat
            if last or (durch and party[wseat] != dp) or (unten and party[wseat] == dp):
                break
        self.trick_leader = self.to_move = leader
        self._mask = -1
        self._finish()

    # scoring ------------------------------------------------------------------------
    def _finish(self) -> None:
        self.phase = OVER
        self.to_move = -1
        self.result = score_deal(self)

    # ----------------------------------------------------------------- views
    def view(self, player: int) -> View:
        """What ``player`` may know: own hand, public history, revealed Dapp, shown melds."""
        if not 0 <= player < self.players:
            raise ValueError(f"no seat {player}")
        dapp_revealed = self.declarer is not None and self.phase != BIDDING
        history = tuple((s, _mask_action(a, s, player, self)) for s, a in self.history)
        tp = list(self.trick_points)
        if self.declarer == player and self.discard:
            tp[player] += self._set_points(self.discard)
        open_hand = None
        if self.open_durch and self.declarer is not None and self.phase == PLAY:
            open_hand = tuple(cards_of(self.hands[self.declarer]))
        return View(
            player=player, players=self.players, rules=self.rules, dealer=self.dealer,
            phase=self.phase, to_move=self.to_move, hand=tuple(cards_of(self.hands[player])),
            hand_sizes=tuple(size(h) for h in self.hands), history=history,
            high_bid=self.bidding.high, high_bidder=self.bidding.high_bidder,
            declarer=self.declarer, contract=self.contract, trump=self.trump,
            dapp=self.dapp_cards if dapp_revealed and self.dapp_cards else None,
            discard=tuple(cards_of(self.discard)) if player == self.declarer and self.discard
            else None,
            melds=tuple(self.melds) if self.melds is not None else None,
            tricks=tuple(self.tricks), trick_leader=self.trick_leader, trick=tuple(self.trick),
            trick_points=tuple(tp),
            legal_actions=tuple(self.legal_actions()) if player == self.to_move else (),
            result=self.result, open_hand=open_hand, game=self.game_name, order=self.order,
            parties=_party_seats(self.party),
        )

    def public_view(self) -> View:
        """What a spectator may know (no hand at all)."""
        v = self.view(0)
        hist = tuple((s, _mask_action(a, s, -1, self)) for s, a in self.history)
        return dataclasses.replace(v, player=-1, hand=(), discard=None, legal_actions=(),
                                   history=hist, trick_points=tuple(self.trick_points))

    def __repr__(self) -> str:
        return (f"<DealState phase={self.phase} to_move={self.to_move} "
                f"actions={len(self.history)}>")


def _sort(c: Card) -> tuple[int, int]:
    return (c >> 3, -(c & 7))


_TOKENS = tuple(card_token(c) if c & 7 != 7 else "" for c in range(32))


def _choose_card(m: CardSet, u: float) -> Card:
    """The distinct card of ``m`` at the uniform position ``u`` in [0, 1)."""
    p = (m | (m >> 1)) & LOW_BITS
    for _ in range(int(u * p.bit_count())):
        p &= p - 1
    return ((p & -p).bit_length() - 1) >> 1


def _multiset_count(mults: list[int], k: int) -> int:
    """How many distinct k-card sub-multisets a hand with these multiplicities (1 or 2) has.

    Choose ``d`` of the doubled cards to take twice, then ``k - 2d`` distinct cards once from
    the rest.
    """
    doubles = sum(1 for n in mults if n == 2)
    kinds = len(mults)
    return sum(comb(doubles, d) * comb(kinds - d, k - 2 * d) for d in range(k // 2 + 1))


def _random_discard(hand: CardSet, k: int, rng: random.Random) -> str:
    # Drawing k physical cards favours multisets that can be drawn in several ways (a card
    # held twice); accepting with probability 1/ways makes every multiset equally likely.
    physical = cards_of(hand)
    while True:
        pick = sorted(rng.sample(physical, k), key=_sort)
        ways = 1
        for c in set(pick):
            if count(hand, c) == 2 and pick.count(c) == 1:
                ways *= 2
        if ways == 1 or rng.randrange(ways) == 0:
            return "discard " + " ".join(_TOKENS[c] for c in pick)


def _mask_action(action: str, seat: int, viewer: int, state: DealState) -> str:
    if action.startswith("discard") and viewer != seat:
        return "discard " + " ".join(["?"] * state._dapp_size())
    if action.startswith("give") and viewer not in (seat, state.call_holder):
        return "give ?"
    return action


_HANDLERS: dict[tuple[str, str], Any] = {
    (BIDDING, "bid"): DealState._bid,
    (BIDDING, "pass"): DealState._pass,
    (DECLARE, "discard"): DealState._discard,
    (DECLARE, "abgehen"): DealState._abgehen,
    (TRUMP, "trump"): DealState._trump,
    (TRUMP, "abgehen"): DealState._abgehen,
    (TRUMP, "durch"): DealState._durch,
    (TRUMP, "untendurch"): DealState._untendurch,
    (CALL, "call"): DealState._call,
    (GIVE, "give"): DealState._give,
}


def random_deal(rules: Rules, dealer: int, rng: random.Random) -> DealState:
    """A complete deal of uniformly random legal actions (the play by :meth:`random_playout`).

    >>> d = random_deal(Rules(), 0, random.Random(1))
    >>> d.is_over and d.result is not None
    True
    """
    state = DealState.new(rules, dealer, rng=rng)
    while not state.is_over:
        if state.phase == PLAY:
            state.random_playout(rng)
        else:
            state.apply(state.random_action(rng))
    return state


def shuffled_deck(rules: Rules, seed: int | None = None,
                  rng: random.Random | None = None) -> list[Card]:
    """A shuffled deck for ``rules`` (deterministic for a given seed)."""
    rnd = (rng or random.Random(seed)).random
    cards = _DECKS[rules.sevens]
    # Sorting by random keys is a uniform shuffle and much cheaper than Random.shuffle,
    # whose per-card randbelow runs in Python.
    keys = [rnd() for _ in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


# ------------------------------------------------------------------------- scoring
def score_deal(state: DealState) -> DealResult:
    """Score a finished deal per RULES §5 with every option.

    Everything is decided per party: a seat alone in 3-player Binokel, the two partners in
    Kreuzbinokel (their melds and trick points add up, and each partner's line on the sheet
    shows the team's score). A dealer who sits out scores 0.
    """
    r, n = state.rules, state.players
    decl, bid, contract = state.declarer, state.bid, state.contract or THROWN_IN
    melds = tuple(state.melds) if state.melds is not None else (NO_MELDS,) * n
    # The pushed cards count as the declarer's trick points (they are no trick, though).
    tp_list = list(state.trick_points)
    if decl is not None and state.discard:
        tp_list[decl] += state._set_points(state.discard)
    tp = tuple(tp_list)
    tw = tuple(state.tricks_won)
    notes: list[str] = []
    if contract == THROWN_IN or decl is None or bid is None:
        return DealResult((0,) * n, None, None, THROWN_IN, NO_TRUMP, melds, (0,) * n, tp, tw,
                          None, notes=("all passed: thrown in",),
                          parties=_party_seats(state.party))
    party = state.party
    parties = sorted({p for p in party if p >= 0})
    members = {p: [s for s in range(n) if party[s] == p] for p in parties}
    ours = party[decl]
    others = [p for p in parties if p != ours]
    meld_pts = [m.total for m in melds]
    p_score = dict.fromkeys(parties, 0)
    made: bool | None
    total: int | None = None
    if contract == ABGEHEN:
        if r.abgehen_bonus == "half_bid":
            bonus = _half_bid(bid)
        elif r.abgehen_bonus == "per_player":
            bonus = 10 * state.n_active
        else:
            bonus = int(r.abgehen_bonus)
        p_score[ours] = -bid
        for s in members[ours]:
            meld_pts[s] = 0
        for p in others:
            if not r.abgehen_others_meld:
                for s in members[p]:
                    meld_pts[s] = 0
            p_score[p] = sum(meld_pts[s] for s in members[p]) + bonus
        notes.append(f"abgehen: declarer -{bid}, others +{bonus}"
                     + (" plus melds" if r.abgehen_others_meld else ""))
        made = False
    elif contract in (DURCH, UNTENDURCH):
        # The deal stops at the first trick that decides it, so "no trick lost" is the test.
        ours_won = sum(tw[s] for s in members[ours])
        made = ours_won == 0 if contract == UNTENDURCH else all(
            tw[s] == 0 for p in others for s in members[p])
        win_value = r.durch_open if state.open_durch else r.durch_win
        p_score[ours] = win_value if made else -r.durch_loss
        meld_pts = [0] * n
        notes.append(f"{contract} {'won' if made else 'lost'}")
    else:
        if r.meld_needs_trick:
            for p in parties:
                if sum(tw[s] for s in members[p]) == 0:
                    for s in members[p]:
                        if meld_pts[s]:
                            notes.append(f"seat {s} took no trick: meld {meld_pts[s]} void")
                            meld_pts[s] = 0
        p_melds = {p: sum(meld_pts[s] for s in members[p]) for p in parties}
        p_tricks = {p: sum(tp[s] for s in members[p]) for p in parties}
        rounded = {p: r.round_points(x) for p, x in p_tricks.items()}
        decl_tp = rounded[ours] if r.bid_check == "rounded" else p_tricks[ours]
        total = p_melds[ours] + decl_tp
        made = total >= bid
        if made:
            p_score[ours] = p_melds[ours] + (
                rounded[ours] if r.rounding == "all" else p_tricks[ours])
        else:
            factor = r.lost_factor
            best_melds_total = sum(melds[s].total for s in members[ours])
            if r.overbid_unreachable and best_melds_total + _max_trick_points(r) < bid:
                factor = 2
                notes.append("bid unreachable even with every trick: lost double")
            p_score[ours] = -bid * factor
            notes.append(f"declarer made {total} of {bid}: lost, -{bid * factor}")
        for p in others:
            trick = rounded[p] if r.rounding in ("others", "all") else p_tricks[p]
            p_score[p] = p_melds[p] + trick
            if not made and r.lost_bonus_others:
                p_score[p] += _half_bid(bid)
    scores = tuple(p_score[party[s]] if party[s] >= 0 else 0 for s in range(n))
    return DealResult(scores, decl, bid, contract, state.trump, melds, tuple(meld_pts),
                      tp, tw, made, total, tuple(notes), parties=_party_seats(party))


def _party_seats(party: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The parties as tuples of seats, ordered by their lowest seat (sitting-out seats left
    out)."""
    groups: dict[int, list[int]] = {}
    for s, p in enumerate(party):
        if p >= 0:
            groups.setdefault(p, []).append(s)
    return tuple(tuple(g) for g in sorted(groups.values()))


def _max_trick_points(r: Rules) -> int:
    per_deck = 2 * 4 * sum(r.points)
    return per_deck + r.last_trick_bonus


def _half_bid(bid: int) -> int:
    return (bid // 2 + 9) // 10 * 10

