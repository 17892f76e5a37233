"""A deal of Stichel on the kernel's :class:`~binokel.core.state.State`.

Actions: ``trump S`` (Vorhand, once), then ``play C``.

>>> s = StichelState.new(StichelRules(), dealer=0, seed=1, players=3)
>>> s.phase, s.to_move, s.legal_actions()
('trump', 1, ['trump E', 'trump B', 'trump H', 'trump S'])
>>> s.apply("TRUMP h")
>>> rng = random.Random(2)
>>> while not s.is_over:
...     s.apply(s.random_action(rng))
>>> len(s.tricks), sum(s.result.scores) == s.points_total()
(5, True)
"""

from __future__ import annotations

import random
from typing import ClassVar

from binokel.core.cards import SUIT_LETTERS
from binokel.core.cards import SUIT_MASKS
from binokel.core.cards import Card
from binokel.core.cards import CardSet
from binokel.core.cards import bit
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import size
from binokel.core.errors import IllegalAction
from binokel.core.state import Handler
from binokel.core.state import State
from binokel.core.state import parse_suit_arg
from binokel.core.trick import PLAY_ACTIONS
from binokel.core.trick import Trick
from binokel.core.trick import beats
from binokel.core.trick import play_actions

from .deal import DECK
from .deal import PLAY
from .deal import POINTS
from .deal import TRUMP
from .deal import card_points
from .deal import check_deal
from .deal import deal_hands
from .deal import shuffled_deck
from .rules import StichelRules
from .scoring import StichelResult
from .view import StichelView

TRUMP_ACTIONS = tuple(f"trump {s}" for s in SUIT_LETTERS)


def legal_cards(hand: CardSet, led: int) -> CardSet:
    """Follow the led suit (-1: leading) if the hand can, else any card."""
    if led < 0:
        return hand
    return (hand & SUIT_MASKS[led]) or hand


def _name_trump(state: StichelState, arg: str) -> str:
    state.trump = parse_suit_arg("trump", arg)
    state.phase = PLAY
    return f"trump {SUIT_LETTERS[state.trump]}"


class StichelState(State[StichelRules, StichelResult, StichelView]):
    """One deal of Stichel."""

    HANDLERS: ClassVar[dict[tuple[str, str], Handler]] = {(TRUMP, "trump"): _name_trump}

    __slots__ = ("aside", "hands", "led", "points", "trick", "trick_leader", "tricks",
                 "trump", "win_card", "win_seat")

    game_name = "stichel"
    hands: list[CardSet]
    aside: CardSet
    trump: int
    trick: list[Card]
    trick_leader: int
    led: int
    win_card: int
    win_seat: int
    tricks: list[Trick]
    points: list[int]

    @classmethod
    def new(cls, rules: StichelRules | None = None, dealer: int = 0, seed: int | None = None,
            deck_order: list[Card] | None = None, players: int = 3,
            rng: random.Random | None = None) -> StichelState:
        """A fresh deal from ``deck_order`` (top card first), else shuffled."""
        check_deal(players, dealer, deck_order)
        order = list(deck_order) if deck_order is not None else shuffled_deck(seed, rng)
        s = cls()
        s.rules, s.players, s.dealer, s.deck = rules or StichelRules(), players, dealer, \
            tuple(order)
        s.hands, s.aside = deal_hands(order, players, dealer)
        s.history, s.result = [], None
        s.phase, s.to_move, s.trump = TRUMP, (dealer + 1) % players, -1
        s.trick, s.tricks, s.points = [], [], [0] * players
        s.trick_leader, s.led, s.win_card, s.win_seat = s.to_move, -1, -1, -1
        return s

    def clone(self) -> StichelState:
        o = StichelState()
        self._copy_slots(o, ("hands", "trick", "tricks", "points"))
        return o

    @property
    def vorhand(self) -> int:
        return (self.dealer + 1) % self.players

    def legal_actions(self) -> list[str]:
        if self.phase == TRUMP:
            return list(TRUMP_ACTIONS)
        if self.phase == PLAY:
            return play_actions(legal_cards(self.hands[self.to_move], self.led))
        return []

    def points_taken(self) -> tuple[int, ...]:
        return tuple(self.points)

    def points_total(self) -> int:
        return card_points(sum(bit(c) for c in DECK) - self.aside) + self.rules.last_trick

    def _do_play(self, c: Card) -> str:
        if self.phase != PLAY:
            raise IllegalAction(f"'play {card_token(c)}' is not possible now: the "
                                f"{self.phase} phase expects {self.expected_verbs()}")
        hand = self.hands[self.to_move]
        if not hand >> (c << 1) & 1:
            raise IllegalAction(f"play {card_token(c)}: seat {self.to_move} does not hold it")
        if not legal_cards(hand, self.led) >> (c << 1) & 1:
            raise IllegalAction(f"play {card_token(c)}: must follow "
                                f"{SUIT_LETTERS[self.led]}")
        seat = self.to_move
        self.hands[seat] -= bit(c)
        if not self.trick:
            self.led, self.win_card, self.win_seat = c >> 3, c, seat
        elif beats(c, self.win_card, self.trump):
            self.win_card, self.win_seat = c, seat
        self.trick.append(c)
        if len(self.trick) < self.players:
            self.to_move = (seat + 1) % self.players
        else:
            self._close_trick()
        return PLAY_ACTIONS[c]

    def _close_trick(self) -> None:
        w = self.win_seat
        last = self.hands[w] == 0
        pts = sum(POINTS[c & 7] for c in self.trick) + (self.rules.last_trick if last else 0)
        self.tricks.append(Trick(self.trick_leader, tuple(self.trick), w, pts))
        self.points[w] += pts
        self.trick, self.led, self.win_card, self.win_seat = [], -1, -1, -1
        self.trick_leader = self.to_move = w
        if last:
            self.finish()

    def score(self) -> StichelResult:
        won = [0] * self.players
        for t in self.tricks:
            won[t.winner] += 1
        return StichelResult(scores=tuple(self.points), tricks_won=tuple(won),
                             trump=self.trump, last_trick=self.rules.last_trick)

    def _view(self, player: int) -> StichelView:
        legal = tuple(self.legal_actions()) if player >= 0 and player == self.to_move else ()
        return StichelView(
            player=player, players=self.players, rules=self.rules, dealer=self.dealer,
            phase=self.phase, to_move=self.to_move,
            hand=tuple(cards_of(self.hands[player])) if player >= 0 else (),
            hand_sizes=tuple(size(h) for h in self.hands), aside_count=size(self.aside),
            history=tuple(self.history), trump=self.trump, tricks=tuple(self.tricks),
            trick_leader=self.trick_leader, trick=tuple(self.trick),
            points=tuple(self.points), legal_actions=legal, result=self.result)


__all__ = ["TRUMP_ACTIONS", "StichelState", "legal_cards"]
