"""Luxusfamilie (seed 004, RULES §7) as a deal state machine on the kernel's
:class:`~binokel.core.state.State`.

Three to eight players, no bidding: everyone's best melds are shown at once, the best meld
total names trump and leads, every card is played, a player scores melds + trick points.
The rule topics live in their own modules: dealing in :mod:`.deal`, melds in :mod:`.melds`,
who names trump (and ``trump T``) in :mod:`.trump`, what may be played and what a card shows
in :mod:`.play`, scoring in :mod:`.scoring`, the view in :mod:`.view`. Here is the deal's
state and the play itself, being the hot path of every simulation.

Actions (``docs/luxusfamilie.md``): ``trump T`` (T in E B H S; only the trump maker, once)
and ``play C``.

>>> state = LuxusState.new(LuxusRules(), dealer=0, seed=3, players=4)
>>> state.phase, state.to_move == state.trump_maker, state.legal_actions()
('trump', True, ['trump E', 'trump B', 'trump H', 'trump S'])
>>> state.apply("TRUMP h")
>>> state.phase, state.to_move == state.trump_maker, len(state.view(1).hand), state.history
('play', True, 12, [(3, 'trump H')])
>>> rng = random.Random(1)
>>> while not state.is_over:
...     state.apply(state.random_action(rng))
>>> sum(state.result.power_points), state.points_total()
(240, 240)
"""

from __future__ import annotations

import random
from typing import ClassVar

from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import card_token
from ...core.cards import cards_of
from ...core.cards import size
from ...core.claims import ANSWERS
from ...core.claims import CLAIM
from ...core.claims import CLAIM_PHASE
from ...core.claims import Claim
from ...core.errors import IllegalAction
from ...core.state import Handler
from ...core.state import State
from ...core.trick import PLAY_ACTIONS
from ...core.trick import Trick
from ...core.trick import beats
from ...core.trick import book_trick
from ...core.trick import choose_card
from ...core.trick import play_actions
from ...core.trick import trick_bonus
from ..family.melds import MeldResult
from .deal import PLAY
from .deal import RANKS
from .deal import TRUMP
from .deal import check_deal
from .deal import deal_hands
from .deal import hand_size
from .deal import shuffled_deck
from .facts import facts_of
from .melds import luxus_melds
from .play import legal_mask
from .play import shown_voids
from .play import why_illegal
from .rules import LuxusRules
from .scoring import POWER
from .scoring import LuxusResult
from .scoring import points_total
from .scoring import score
from .scoring import set_power
from .trump import TRUMP_ACTIONS
from .trump import name_trump
from .trump import trump_maker
from .view import LuxusView
from .view import voids_text


class LuxusState(State[LuxusRules, LuxusResult, LuxusView]):
    """One deal of Luxusfamilie. ``apply`` mutates (fast, for search); ``child`` copies."""

    HANDLERS: ClassVar[dict[tuple[str, str], Handler]] = {
        (TRUMP, "trump"): name_trump,
    }

    __slots__ = (
        "_mask", "hands", "initial_hands", "led", "leftover", "melds", "plain_melds",
        "power_points", "trick", "trick_leader", "tricks", "tricks_won", "trump", "trump_maker",
        "trump_reason", "voids", "win_card", "win_seat",
    )

    # players, dealer, deck, phase, to_move and history are the base's.
    game_name = "luxusfamilie"
    hands: list[CardSet]
    initial_hands: tuple[CardSet, ...]
    leftover: CardSet                    # the set-aside cards (five and seven players)
    plain_melds: tuple[MeldResult, ...]  # as shown at the deal, before trump
    melds: tuple[MeldResult, ...]        # as they count (trump melds up with trump_melds)
    trump_maker: int
    trump_reason: str                    # the criterion of trump.TIE_NAMES that decided
    trump: int                           # -1 until named
    trick: list[Card]
    trick_leader: int
    led: int
    win_card: int                        # the best card of the trick so far
    win_seat: int
    tricks: list[Trick]
    power_points: list[int]
    tricks_won: list[int]
    voids: list[int]                     # per seat: a bit per suit he is known to lack
    _mask: CardSet                       # legal_cards() until the next card, -1: unknown

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: LuxusRules | None = None, dealer: int = 0, seed: int | None = None,
            deck_order: list[Card] | None = None, players: int = 4,
            rng: random.Random | None = None) -> LuxusState:
        """A fresh deal from ``deck_order`` (dealing order, top card first) or a shuffle by
        ``rng`` or by a new generator seeded with ``seed``."""
        check_deal(players, dealer, deck_order)
        order = list(deck_order) if deck_order is not None else shuffled_deck(seed, rng)
        s = cls()
        s._setup(rules or LuxusRules(), dealer, order, players)
        return s

    def _setup(self, rules: LuxusRules, dealer: int, deck_order: list[Card],
               players: int) -> None:
        self.rules, self.players, self.dealer = rules, players, dealer
        self.deck = tuple(deck_order)
        hands, self.leftover = deal_hands(deck_order, players, dealer)
        self.hands = hands
        self.initial_hands = tuple(hands)
        self.history = []
        # Melds are laid out and written down before anyone knows trump: plain values.
        self.plain_melds = tuple(luxus_melds(h, -1, rules) for h in hands)
        self.melds = self.plain_melds
        self.trump_maker, self.trump_reason = trump_maker(
            [m.total for m in self.plain_melds], hands, dealer)
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
        self._mask = -1

    def clone(self) -> LuxusState:
        """An independent copy: the lists of the play are copied, the rest is immutable and
        shared."""
        o = LuxusState()
        self._copy_slots(o, ("hands", "trick", "tricks", "power_points", "tricks_won", "voids"))
        return o

    # ------------------------------------------------------------------ queries
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
        # Cached per card played: random_action and apply both ask. Only a card played
        # changes it (naming trump does not: the trump maker then leads, and may lead any).
        m = self._mask
        if m < 0:
            m = self._mask = legal_mask(self.hands[self.to_move], self.led, self.trump,
                                        self._trumped(), self.rules.trump_duty)
        return m

    def legal_actions(self) -> list[str]:
        if self.phase == PLAY:
            if self.rules.claims:
                return play_actions(self.legal_cards()) + self.claim_actions()
            return play_actions(self.legal_cards())
        if self.phase == TRUMP:
            return list(TRUMP_ACTIONS)
        if self.phase == CLAIM_PHASE:
            return list(ANSWERS)
        return []

    def random_action(self, rng: random.Random) -> str:
        """A uniformly random legal action; in the play without listing them all."""
        if self.phase == PLAY and not self.rules.claims:
            return PLAY_ACTIONS[choose_card(self.legal_cards(), rng.random())]
        return super().random_action(rng)

    # ------------------------------------------------------------------ claims
    def claim_kinds(self) -> tuple[str, ...]:
        """With ``claims`` a player may claim every remaining trick at his turn (everyone
        plays for himself: there is nobody to concede to)."""
        return (CLAIM,) if self.phase == PLAY and self.rules.claims else ()

    def hand_of(self, seat: int) -> CardSet:
        return self.hands[seat]

    def claim_changed(self) -> None:
        self._mask = -1

    def settle_claim(self, claim: Claim) -> None:
        """The claimer takes the rest: the cards still held and the trick in progress, the
        last-trick bonus and, where they count for the last trick, the set-aside cards."""
        r = self.rules
        rest = sum(self.hands) + sum(1 << (c << 1) for c in self.trick)
        pts = set_power(rest) + r.last_trick_bonus
        if r.leftover == "last_trick":
            pts += set_power(self.leftover)
        self.power_points[claim.seat] += pts
        self.tricks_won[claim.seat] += max(size(h) for h in self.hands)

    def points_taken(self) -> tuple[int, ...]:
        """The power points each seat has taken (last-trick bonus and counted set-aside
        cards included)."""
        return tuple(self.power_points)

    def points_total(self) -> int:
        return points_total(self)

    # ------------------------------------------------------------------ the play
    def _do_play(self, c: Card) -> str:
        if self.phase != PLAY:
            raise IllegalAction(f"'play {card_token(c)}' is not possible now: the "
                                f"{self.phase} phase expects {self.expected_verbs()}")
        if c & 7 not in RANKS:
            raise IllegalAction(f"play {card_token(c)}: no such card in Luxusfamilie "
                                "(A 10 K O U 7)")
        legal = self.legal_cards()
        if not (legal >> (c << 1)) & 3:
            raise IllegalAction(why_illegal(c, self.to_move, self.hands[self.to_move], legal,
                                            self.led, self.trump))
        self._play(c)
        return PLAY_ACTIONS[c]

    def _play(self, c: Card) -> None:
        seat = self.to_move
        self._mask = -1
        self.hands[seat] -= 1 << (c << 1)
        trick = self.trick
        s = c >> 3
        if not trick:
            self.led = s
            self.win_card, self.win_seat = c, seat
        else:
            if s != self.led:
                self.voids[seat] |= shown_voids(s, self.led, self.trump, self._trumped(),
                                                self.rules.trump_duty)
            if beats(c, self.win_card, self.trump):
                self.win_card, self.win_seat = c, seat
        trick.append(c)
        if len(trick) < self.players:
            self.to_move = seat + 1 if seat + 1 < self.players else 0
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        w = self.win_seat
        r = self.rules
        last = self.hands[w] == 0
        pts = sum(POWER[c & 7] for c in self.trick)
        pts += trick_bonus(r.last_trick_bonus, "last", len(self.tricks) + 1, last)
        if last and r.leftover == "last_trick":
            pts += set_power(self.leftover)
        book_trick(self, pts, self.power_points)
        if last:
            self.finish()

    # ------------------------------------------------------------------ views
    def score(self) -> LuxusResult:
        return score(facts_of(self), self.rules)

    def _view(self, player: int) -> LuxusView:
        """What ``player`` may know: his hand, the shown melds, the public play."""
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
            voids=tuple(voids_text(v) for v in self.voids),
            power_points=tuple(self.power_points), legal_actions=legal, result=self.result,
            claim=self.claim, open_hands=self.open_hands() if self.laid_open else (),
        )


def random_deal(rules: LuxusRules, dealer: int, rng: random.Random,
                players: int = 4) -> LuxusState:
    """A complete deal of uniformly random legal actions."""
    state = LuxusState.new(rules, dealer, rng=rng, players=players)
    state.play_randomly(rng)
    return state


__all__ = ["LuxusState", "random_deal"]
