"""The deal of Binokel as a state machine: three players, four with the dealer sitting out,
or Kreuzbinokel's four in two teams (RULES §2, §4, §7).

A :class:`DealState` has the player to move, the legal actions, ``apply`` and a per-player
:meth:`DealState.view`. Actions are short strings, the same ones a record stores:
``bid 150``, ``pass``, ``discard SA SK H10 EU``, ``trump H``, ``abgehen E``, ``durch``,
``untendurch``, ``call EA`` / ``call none``, ``give SU``, ``play EA``. The rule topics live in
their own modules: dealing in :mod:`.deal`, Reizen in :mod:`.bidding`, the declarer's choice
in :mod:`.declarer`, melds in :mod:`.melds`, scoring in :mod:`.scoring`; the play (Farbzwang,
Stichzwang, Trumpfzwang, the trick) is here, being the hot path of every search.

>>> from binokel.games.binokel.rules import Rules
>>> state = DealState.new(Rules(), dealer=2, seed=7)
>>> state.to_move, state.phase, state.legal_actions()[:2]
(0, 'bidding', ['bid 150', 'bid 160'])
>>> state.apply("bid 150"); state.to_move
1
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from ...core.cards import SUIT_LETTERS
from ...core.cards import SUIT_MASKS
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import card_token
from ...core.cards import cards_of
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import presence
from ...core.cards import size
from ...core.claims import ANSWERS
from ...core.claims import CLAIM
from ...core.claims import CLAIM_PHASE
from ...core.claims import KINDS
from ...core.claims import Claim
from ...core.claims import split_evenly
from ...core.errors import IllegalAction
from ...core.state import Handler
from ...core.state import State
from ...core.trick import PLAY_ACTIONS
from ...core.trick import Trick
from ...core.trick import choose_card
from ...core.trick import legal_mask
from ...core.trick import play_actions
from ...core.trick import trick_bonus
from ..family.melds import NO_MELDS
from ..family.melds import NO_TRUMP
from ..family.melds import MeldResult
from . import bidding
from . import declarer
from .bidding import Bidding
from .deal import BIDDING
from .deal import BINOKEL
from .deal import CALL
from .deal import DECLARE
from .deal import DURCH
from .deal import GIVE
from .deal import KREUZBINOKEL
from .deal import NORMAL
from .deal import PLAY
from .deal import TRUMP
from .deal import UNTENDURCH
from .deal import check_deck
from .deal import deal_plan
from .deal import seating
from .deal import shuffled_deck
from .facts import facts_of
from .facts import party_seats
from .facts import set_points
from .rules import Rules
from .scoring import DealResult
from .scoring import score
from .view import BinokelView


class DealPlay(State[Rules, DealResult, BinokelView]):
    """A deal of Binokel by its rules (the first part of :class:`DealState`): what it holds,
    the deal of the cards, whose turn and what is legal, a card played, a trick closed and
    the score. The bidding and the declarer's phase are their modules' handlers
    (:mod:`.bidding`, :mod:`.declarer`)."""

    HANDLERS: ClassVar[dict[tuple[str, str], Handler]] = {
        (BIDDING, "bid"): bidding.bid,
        (BIDDING, "pass"): bidding.pass_,
        (DECLARE, "discard"): declarer.discard,
        (DECLARE, "abgehen"): declarer.abgehen,
        (TRUMP, "trump"): declarer.trump,
        (TRUMP, "abgehen"): declarer.abgehen,
        (TRUMP, "durch"): declarer.durch,
        (TRUMP, "untendurch"): declarer.untendurch,
        (CALL, "call"): declarer.call,
        (GIVE, "give"): declarer.give,
    }

    __slots__ = (
        "_legal_at", "_legal_cache", "_mask", "_points", "best_led", "best_trump", "bid",
        "bidding", "call_holder", "called", "contract", "dapp", "dapp_cards", "declarer",
        "discard", "hands", "led", "melds", "n_active", "next_seat", "open_durch", "order",
        "parties", "party", "trick", "trick_leader", "trick_points", "trick_sum", "tricks",
        "tricks_won",
        "trump", "win_card", "win_seat",
    )

    game_name: str
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
    bidding: Bidding
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
    _points: tuple[int, ...]
    _legal_cache: list[str] | None
    _legal_at: int                # the history length the cache was built at
    _mask: CardSet
    order: tuple[int, ...]        # the seats in play, Vorhand first
    next_seat: tuple[int, ...]    # the seat in play after each seat
    n_active: int                 # cards in a full trick
    party: tuple[int, ...]        # per seat: who scores together (-1: sits out)
    parties: tuple[tuple[int, ...], ...]  # the parties' seats, by their lowest seat

    # ----------------------------------------------------------------- the deal of the cards
    def __init__(self, rules: Rules | None, dealer: int = 0,
                 deck_order: list[Card] | None = None, players: int = 3,
                 check: bool = True, game: str = BINOKEL) -> None:
        """Use :meth:`new`; ``rules=None`` makes an empty shell for :meth:`clone`."""
        super().__init__()
        if rules is not None:
            self._setup(rules, dealer, list(deck_order or ()), players, check, game)

    def _setup(self, rules: Rules, dealer: int, deck_order: list[Card], players: int,
               check: bool = True, game: str = BINOKEL) -> None:
        if game not in (BINOKEL, KREUZBINOKEL):
            raise IllegalAction(f"unknown game {game!r}")
        if not 0 <= dealer < players:
            raise IllegalAction(f"dealer must be a seat 0..{players - 1}, not {dealer}")
        if check:
            check_deck(rules, deck_order)
        order, party = seating(game, players, dealer)
        n = len(order)
        plan = deal_plan(rules, n)
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

    def _setup_empty(self, rules: Rules, dealer: int, players: int, game: str,
                     order: tuple[int, ...], party: tuple[int, ...]) -> None:
        self.game_name, self.rules, self.players, self.dealer = game, rules, players, dealer
        self.deck = ()
        self.order, self.n_active, self.party = order, len(order), party
        self.parties = party_seats(party)
        nxt = list(range(players))
        for i, seat in enumerate(order):
            nxt[seat] = order[(i + 1) % len(order)]
        self.next_seat = tuple(nxt)
        self.hands = [0] * players
        self.dapp = self.discard = 0
        self.dapp_cards = ()
        self.history = []
        self.bidding = Bidding(waiting=list(order[2:]), a=order[0], b=order[1])
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
        self._legal_at = -1
        self._mask = -1

    # ----------------------------------------------------------------- queries
    @property
    def vorhand(self) -> int:
        return self.order[0]

    @property
    def dapp_size(self) -> int:
        """How many cards the Dapp held (and so how many the declarer pushes)."""
        return len(self.dapp_cards)

    def legal_actions(self) -> list[str]:
        """Every legal action of the player to move (empty once the deal is over)."""
        ph = self.phase
        if ph == PLAY:
            if self.rules.claims or self.rules.open_game:
                return play_actions(self.legal_cards()) + self.claim_actions()
            return play_actions(self.legal_cards())
        # Cached per position (every action lengthens the history): bots and the web ask
        # again and again, and there are hundreds of bids and pushes.
        if self._legal_cache is None or self._legal_at != len(self.history):
            self._legal_cache = self._legal_slow()
            self._legal_at = len(self.history)
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
        ph = self.phase
        if ph == BIDDING:
            return bidding.bid_actions(self)
        if ph == DECLARE:
            return declarer.declare_actions(self)
        if ph == TRUMP:
            return declarer.trump_actions(self)
        if ph == CALL:
            return declarer.call_actions(self)
        if ph == GIVE:
            return declarer.give_actions(self)
        if ph == CLAIM_PHASE:
            return list(ANSWERS)
        return []

    def points_taken(self) -> tuple[int, ...]:
        """Card points won in tricks (bonus included); the declarer's pushed cards count as
        his."""
        tp = list(self.trick_points)
        if self.declarer is not None and self.discard:
            tp[self.declarer] += set_points(self.rules, self.discard)
        return tuple(tp)

    def points_total(self) -> int:
        """Every card's points plus the trick bonus."""
        return sum(self.rules.points[c & 7] for c in self.deck) + self.rules.last_trick_bonus

    # ----------------------------------------------------------------- apply
    def _do_play(self, c: Card) -> str:
        if self.phase != PLAY:
            raise IllegalAction(f"'play {card_token(c)}' is not possible now: the "
                                f"{self.phase} phase expects {self.expected_verbs()}")
        if not (self.legal_cards() >> (c << 1)) & 3:
            raise IllegalAction(self._why_not(c))
        self._play(c)
        return PLAY_ACTIONS[c]

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

    # play ----------------------------------------------------------------------
    def _play(self, c: Card) -> None:
        seat = self.to_move
        self._mask = -1
        self.hands[seat] -= 1 << (c << 1)
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
        last = self.hands[w] == 0
        pts += trick_bonus(r.last_trick_bonus, r.bonus_trick, len(self.tricks) + 1, last)
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
            self.finish()

    def score(self) -> DealResult:
        return score(facts_of(self), self.rules)

class DealState(DealPlay):
    """One deal of Binokel for three players at a table of ``players`` seats.

    Seats are numbered in playing order; Vorhand is ``(dealer + 1) % players``.
    ``apply`` mutates the state (fast, for search and simulation); ``child`` returns a new one.
    The rules' part is :class:`DealPlay`'s; this part is what the tools ask of a deal beyond
    them: constructors and copies, the kernel's claim hooks, fast random play (simulations
    and rollouts) and the views.
    """

    __slots__ = ()

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
        return w

    def clone(self) -> DealState:
        """An independent copy (the immutable parts are shared)."""
        o = DealState(None)
        self._copy_into(o)
        o._legal_cache = self._legal_cache
        o._legal_at = self._legal_at
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
        o.declarer = self.declarer
        o.discard = self.discard
        o.game_name = self.game_name
        o.n_active = self.n_active
        o.next_seat = self.next_seat
        o.party = self.party
        o.parties = self.parties
        o.led = self.led
        o.open_durch = self.open_durch
        o.order = self.order
        o.trick_leader = self.trick_leader
        o.trick_sum = self.trick_sum
        o.trump = self.trump
        o.win_card = self.win_card
        o.win_seat = self.win_seat
        o.hands = list(self.hands)
        o.bidding = self.bidding.copy()
        o.trick = list(self.trick)
        o.tricks = list(self.tricks)
        o.trick_points = list(self.trick_points)
        o.tricks_won = list(self.tricks_won)
        o.melds = list(self.melds) if self.melds is not None else None
        return o

    # ----------------------------------------------------------------- random play
    def random_action(self, rng: random.Random) -> str:
        """A uniformly random legal action, without listing all of them.

        Equal in distribution to ``rng.choice(self.legal_actions())`` but cheap in the
        bidding and discard phases, where there are hundreds of actions.
        """
        ph = self.phase
        if ph == PLAY:
            claims = self.claim_actions() if self.rules.claims or self.rules.open_game else []
            if claims:  # uniform over the cards and the claims
                cards = presence(self.legal_cards()).bit_count()
                i = int(rng.random() * (cards + len(claims)))
                if i >= cards:
                    return claims[i - cards]
            return PLAY_ACTIONS[choose_card(self.legal_cards(), rng.random())]
        if ph == BIDDING:
            return bidding.random_bid(self, rng)
        if ph == DECLARE:
            return declarer.random_declare_action(self, rng)
        return super().random_action(rng)

    def play_randomly(self, rng: random.Random) -> None:
        """Play uniformly random legal actions until the deal is over: the same deal as the
        base's, the play by :meth:`random_playout` (the fast path of ``binokel simulate``)."""
        while not self.is_over:
            if self.phase == PLAY:
                self.random_playout(rng)
            else:
                self.apply(self.random_action(rng))

    def random_playout(self, rng: random.Random) -> None:
        """Play uniformly random legal cards until the deal is over.

        The same deal (same history, tricks and result) as calling
        ``apply(random_action(rng))`` repeatedly with the same generator, in a tight loop
        without per-card method calls: this is the hot path of simulations and bot rollouts.
        """
        if self.phase != PLAY:
            raise IllegalAction(f"random_playout needs the play phase, not {self.phase}")
        rand = rng.random
        # A trick already begun is finished the slow way, so the fast loop starts on a lead.
        while self.trick:
            self._play(choose_card(self.legal_cards(), rand()))
            if self.phase != PLAY:
                return
        play_trick = self._random_trick_player(rand)
        leader, over = self.trick_leader, False
        while not over:
            leader, over = play_trick(leader)
        self.trick_leader = self.to_move = leader
        self._mask = -1
        self.finish()

    def _random_trick_player(self, rand: Callable[[], float]
                             ) -> Callable[[int], tuple[int, bool]]:
        """A function that plays one whole trick of random legal cards from ``leader`` on,
        records it, and tells its winner and whether the deal is over.

        The deal's facts are bound once here, as variables of the closure: the trick is the
        hot loop of rollouts, and it should not look up attributes per card.
        """
        r = self.rules
        hands, trump, n, pts = self.hands, self.trump, self.n_active, self._points
        nxt, party = self.next_seat, self.party
        mo, mtl, exempt = r.must_overtrump, r.must_trump_lower, r.partner_exemption
        hist, tricks, tp, tw = self.history, self.tricks, self.trick_points, self.tricks_won
        bonus, bonus_first = r.last_trick_bonus, r.bonus_trick == "first"
        durch, unten = self.contract == DURCH, self.contract == UNTENDURCH
        dp = party[self.declarer] if self.declarer is not None else -2
        actions = PLAY_ACTIONS

        def play_trick(leader: int) -> tuple[int, bool]:
            seat = leader
            c = choose_card(hands[seat], rand())
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
                c = choose_card(p, rand())
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
            # Durch ends with the first trick the declarer's party loses, Untendurch with
            # the first it wins.
            over = last or (durch and party[wseat] != dp) or (unten and party[wseat] == dp)
            return wseat, over

        return play_trick

    # ----------------------------------------------------------------- claims
    def claim_kinds(self) -> tuple[str, ...]:
        """With ``claims`` every player in play may claim or concede the rest at his turn;
        with ``open_game`` the declarer of a trump game may lay his hand down (claim every
        trick) before his first card."""
        if self.phase != PLAY or self.declarer is None:
            return ()
        if self.rules.claims:
            return KINDS
        if (self.rules.open_game and self.to_move == self.declarer and not self.tricks
                and self.contract == NORMAL):
            return (CLAIM,)
        return ()

    def claim_responders(self, seat: int) -> tuple[int, ...]:
        i = self.order.index(seat)
        return tuple(self.order[(i + k) % self.n_active] for k in range(1, self.n_active))

    def hand_of(self, seat: int) -> CardSet:
        return self.hands[seat]

    def claim_changed(self) -> None:
        self._mask = -1
        self._legal_cache = None

    def claim_side(self, seat: int) -> tuple[int, ...]:
        """The sides of a claim are the declarer's party and the others."""
        assert self.declarer is not None
        ours = self.party[self.declarer]
        mine = self.party[seat] == ours
        return tuple(s for s in self.order if (self.party[s] == ours) == mine)

    def settle_claim(self, claim: Claim) -> None:
        """The rest (the cards still held and the trick in progress, with the trick bonus
        still to be won) goes to the claimer's side (``claim``) or the other side
        (``concede``); the sides are the declarer's party and the others. A party takes it
        all (booked to the claimer, or the first seat of the party after him); the two
        opponents of three-player Binokel, who score apart, share it evenly (the earlier in
        playing order after the claimer gets the odd point and trick)."""
        r = self.rules
        rest = sum(self.hands[s] for s in self.order) + sum(bit(c) for c in self.trick)
        points = set_points(r, rest)
        n_tricks = max(size(self.hands[s]) for s in self.order)
        if r.bonus_trick == "last" or not self.tricks:
            points += r.last_trick_bonus
        mine = self.claim_side(claim.seat)
        i = self.order.index(claim.seat)
        after = [self.order[(i + k) % self.n_active] for k in range(self.n_active)]
        side = tuple(s for s in after if (s in mine) == (claim.kind == CLAIM))
        if len({self.party[s] for s in side}) == 1:
            side = side[:1]
        for s, p, t in zip(side, split_evenly(points, side), split_evenly(n_tricks, side),
                           strict=True):
            self.trick_points[s] += p
            self.tricks_won[s] += t

    # ----------------------------------------------------------------- views
    def _view(self, player: int) -> BinokelView:
        """What ``player`` may know: own hand, public history, revealed Dapp, shown melds; a
        spectator (-1) sees no hand and no pushed cards."""
        if player < 0:
            return self._public_view()
        dapp_revealed = self.declarer is not None and self.phase != BIDDING
        history = tuple((s, _mask_action(a, s, player, self)) for s, a in self.history)
        tp = list(self.trick_points)
        if self.declarer == player and self.discard:
            tp[player] += set_points(self.rules, self.discard)
        open_hand = None
        if self.open_durch and self.declarer is not None and self.phase == PLAY:
            open_hand = tuple(cards_of(self.hands[self.declarer]))
        return BinokelView(
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
            parties=self.parties, claim=self.claim,
            open_hands=self.open_hands() if self.laid_open else (),
        )

    def _public_view(self) -> BinokelView:
        v = self.view(0)
        hist = tuple((s, _mask_action(a, s, -1, self)) for s, a in self.history)
        return replace(v, player=-1, hand=(), discard=None, legal_actions=(),
                       history=hist, trick_points=tuple(self.trick_points))


def _mask_action(action: str, seat: int, viewer: int, state: DealState) -> str:
    if action.startswith("discard") and viewer != seat:
        return "discard " + " ".join(["?"] * state.dapp_size)
    if action.startswith("give") and viewer not in (seat, state.call_holder):
        return "give ?"
    return action



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


