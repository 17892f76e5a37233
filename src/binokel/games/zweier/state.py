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

This module holds the state and its queries; each rule lives in its topic's module: the deck,
dealing and the stock in :mod:`.deal`, playing a card and the trick in :mod:`.play`, the meld
table and melding in :mod:`.melds`, the Dix in :mod:`.dix`, scoring in :mod:`.scoring`, the
view in :mod:`.view`.

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
from typing import ClassVar

from ...core.cards import SUIT_LETTERS
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import size
from ...core.claims import ANSWERS
from ...core.claims import CLAIM
from ...core.claims import CLAIM_PHASE
from ...core.claims import KINDS
from ...core.claims import Claim
from ...core.errors import IllegalAction
from ...core.state import ANY_PHASE
from ...core.state import OVER
from ...core.state import Handler
from ...core.state import State
from ...core.trick import Trick
from ...core.trick import play_actions
from ..family.melds import Meld
from . import dix
from . import melds
from . import play
from . import scoring
from .deal import FREE
from .deal import STRICT
from .deal import TURNED_UP
from .deal import check_deal
from .deal import deal_hands
from .deal import full_deck
from .facts import facts_of
from .rules import ZweierRules
from .scoring import ZweierResult
from .scoring import score
from .view import ZweierView
from .view import make_view


class ZweierState(State[ZweierRules, ZweierResult, ZweierView]):
    """One deal of Zweierbinokel. ``apply`` mutates (fast, for search); ``child`` copies."""

    HANDLERS: ClassVar[dict[tuple[str, str], Handler]] = {
        # Every phase, so that a meld after the stock is refused with its reason.
        (ANY_PHASE, "meld"): melds.meld,
        (ANY_PHASE, "exchange"): dix.exchange,
    }

    __slots__ = (
        "dix_count", "hands", "lead_from_table", "meld_points", "melded", "melds", "rest_to",
        "shown", "stock_next", "tables", "trick", "trick_leader", "trick_points", "tricks",
        "tricks_won", "trump", "turned_up", "usage", "win_card", "won_lead",
    )

    game_name = "zweier"
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
    win_card: Card                   # ... with this card from his hand (meld_winning_card)
    lead_from_table: bool            # the trick's led card came from the leader's table
    rest_to: int                     # who took the rest by an accepted claim (-1: nobody)
    dix_count: int                   # trump sevens declared (turned up or exchanged)
    tricks: list[Trick]
    trick_points: list[int]
    tricks_won: list[int]
    melds: list[list[Meld]]
    meld_points: list[int]

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: ZweierRules | None = None, dealer: int = 0, seed: int | None = None,
            deck_order: list[Card] | None = None, players: int = 2,
            rng: random.Random | None = None) -> ZweierState:
        """A fresh deal from ``deck_order`` (dealing order, see :mod:`.deal`) or a shuffle."""
        rules = rules or ZweierRules()
        check_deal(rules, dealer, players, deck_order)
        if deck_order is None:
            deck_order = full_deck(rules)
            (rng or random.Random(seed)).shuffle(deck_order)
        s = cls()
        s.rules, s.players, s.dealer = rules, 2, dealer
        s.deck = tuple(deck_order)
        s.hands = deal_hands(deck_order, dealer)
        s.tables = [0, 0]
        s.usage = [{}, {}]
        s.turned_up = deck_order[TURNED_UP]
        s.trump = s.turned_up >> 3
        s.stock_next = TURNED_UP + 1
        s.history = []
        s.shown = []
        s.phase = FREE
        s.trick = []
        s.trick_leader = s.to_move = 1 - dealer
        s.won_lead = s.melded = False
        s.win_card, s.lead_from_table, s.rest_to = -1, False, -1
        s.tricks = []
        s.trick_points = [0, 0]
        s.tricks_won = [0, 0]
        s.melds = [[], []]
        s.meld_points = [0, 0]
        s.result = None
        s.dix_count = 0
        dix.turned_up_dix(s)
        return s

    def clone(self) -> ZweierState:
        """An independent copy: the lists and the usage dicts are copied, the rules, the deck,
        the tricks and the melds (immutable) are shared."""
        o = ZweierState()
        self._copy_into(o)
        o.trump, o.turned_up, o.stock_next = self.trump, self.turned_up, self.stock_next
        o.trick_leader, o.won_lead, o.melded = self.trick_leader, self.won_lead, self.melded
        o.dix_count = self.dix_count
        o.win_card, o.lead_from_table, o.rest_to = (self.win_card, self.lead_from_table,
                                                    self.rest_to)
        o.hands = list(self.hands)
        o.tables = list(self.tables)
        o.usage = [dict(self.usage[0]), dict(self.usage[1])]
        o.shown = list(self.shown)
        o.trick = list(self.trick)
        o.tricks = list(self.tricks)
        o.trick_points = list(self.trick_points)
        o.tricks_won = list(self.tricks_won)
        o.melds = [list(self.melds[0]), list(self.melds[1])]
        o.meld_points = list(self.meld_points)
        return o

    # ------------------------------------------------------------------ queries
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

    @property
    def may_meld(self) -> bool:
        """Whether the player to move may meld now (or exchange the Dix)."""
        return self.won_lead and self.phase == FREE and not self.trick

    def legal_actions(self) -> list[str]:
        if self.phase == OVER:
            return []
        if self.phase == CLAIM_PHASE:
            return list(ANSWERS)
        out = play_actions(play.legal_cards(self))
        if self.phase == STRICT and self.rules.claims:
            out += self.claim_actions()
        if self.may_meld:
            if dix.exchange_problem(self) is None:
                out.append("exchange")
            out.extend(k.action for k in melds.meld_options(self))
        return out

    def points_taken(self) -> tuple[int, ...]:
        """Each seat's trick points so far, the last- (or first-) trick bonus included."""
        return (self.trick_points[0], self.trick_points[1])

    def points_total(self) -> int:
        return scoring.points_total(self)

    def expected_verbs(self) -> str:
        # Cards are played in every phase; the kernel's default lists only the HANDLERS.
        return "play CARD, meld CARDS or exchange" if self.phase == FREE else "play CARD"

    # ------------------------------------------------------------------ actions
    def _do_play(self, c: Card) -> str:
        if self.phase == CLAIM_PHASE:
            raise IllegalAction("a claim is being answered (accept or refuse)")
        return play.play(self, c)

    # ------------------------------------------------------------------ claims
    def claim_kinds(self) -> tuple[str, ...]:
        """With ``claims``, after the stock (when every card is known to both): claim or
        concede the rest at one's turn."""
        return KINDS if self.phase == STRICT and self.rules.claims else ()

    def hand_of(self, seat: int) -> CardSet:
        return self.hands[seat]

    def settle_claim(self, claim: Claim) -> None:
        """The rest (both hands and the trick in progress, with the bonus of the last trick)
        goes to the claimer (``claim``) or to his opponent (``concede``)."""
        w = claim.seat if claim.kind == CLAIM else 1 - claim.seat
        r = self.rules
        rest = self.hands[0] + self.hands[1] + sum(bit(c) for c in self.trick)
        pts = r.points
        self.trick_points[w] += sum(pts[c & 7] * count(rest, c) for c in distinct(rest))
        if r.bonus_trick == "last":
            self.trick_points[w] += r.last_trick_bonus
        self.tricks_won[w] += max(size(self.hands[0]), size(self.hands[1]))
        self.rest_to = w

    # ------------------------------------------------------------------ views
    def score(self) -> ZweierResult:
        return score(facts_of(self), self.rules)

    def _view(self, player: int) -> ZweierView:
        """What ``player`` may know: his hand, both tables and the public play."""
        return make_view(self, player)

    def __repr__(self) -> str:
        return (f"<ZweierState phase={self.phase} trump={SUIT_LETTERS[self.trump]} "
                f"stock={self.stock_size} to_move={self.to_move} actions={len(self.history)}>")


def random_deal(rules: ZweierRules, dealer: int, rng: random.Random) -> ZweierState:
    """A complete deal of uniformly random legal actions."""
    state = ZweierState.new(rules, dealer, rng=rng)
    state.play_randomly(rng)
    return state


__all__ = ["ZweierState", "random_deal"]
