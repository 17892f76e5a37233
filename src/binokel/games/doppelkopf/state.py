"""The deal of Doppelkopf (seed 002, RULES §8) as a :class:`~binokel.core.state.State`.

Four players (five: the dealer sits out), 48 cards with nines, Re (the Kreuz-Dame holders)
against Kontra. Every action is a string, read by the kernel's one grammar; ``HANDLERS`` below
lists the verbs of each phase and ``docs/doppelkopf.md`` explains them. The rule topics live
in their own modules:

- :mod:`.deal`: the deck, the seats in play, dealing; the names of phases and contracts;
- :mod:`.order`: the card orders (trumps) of each kind of game and who wins a trick;
- :mod:`.reservations`: Vorbehalte, Soli, Hochzeit (and its Klärungsstich), stille Hochzeit;
- :mod:`.armut`: the Armut's exchange;
- :mod:`.announcements`: Re / Kontra, the Absagen and their deadlines;
- :mod:`.genscher`: the Genscher (option): a new partner named with a Karo-König;
- :mod:`.scoring`: the result (:class:`~.scoring.DokoResult`);
- :mod:`.view`: what a seat may know (:class:`~.view.DokoView`).

The play itself (Bedienpflicht, the trick) is here.

>>> state = DokoState.new(DokoRules(), dealer=3, seed=4)
>>> state.to_move, state.phase, state.legal_actions()
(0, 'vorbehalt', ['gesund', 'vorbehalt'])
>>> for a in ("gesund", "GESUND", "Gesund", "gesund"): state.apply(a)
>>> state.phase, state.contract, state.history[1], len(state.legal_actions()) > 0
('play', 'normal', (1, 'gesund'), True)
"""

from __future__ import annotations

import random
from typing import ClassVar

from ...core.cards import CARD_POINTS
from ...core.cards import EO
from ...core.cards import SK
from ...core.cards import SUIT_LETTERS
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import card_token
from ...core.cards import count
from ...core.cards import distinct
from ...core.claims import ANSWERS
from ...core.claims import CLAIM_PHASE
from ...core.claims import Claim
from ...core.errors import IllegalAction
from ...core.state import Handler
from ...core.state import InterjectionHandler
from ...core.state import State
from ...core.trick import PLAY_ACTIONS
from ...core.trick import Trick
from ...core.trick import book_trick
from ...core.trick import play_actions
from . import announcements
from . import armut
from . import claims
from . import genscher
from . import reservations
from . import schweinchen
from .deal import ARMUT_GIVE
from .deal import ARMUT_OFFER
from .deal import ARMUT_RETURN
from .deal import DECLARE
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import PLAY
from .deal import RE
from .deal import VORBEHALT
from .deal import check_deck
from .deal import deal_hands
from .deal import full_deck
from .deal import seating
from .facts import facts_of
from .order import TRUMP
from .order import Order
from .order import card_order
from .order import second_wins
from .rules import DokoRules
from .scoring import DokoResult
from .scoring import score
from .view import DokoView
from .view import make_view

_POINTS = CARD_POINTS["classic"]   # Doppelkopf counts the classic Augen: 240 in all


class DokoState(State[DokoRules, DokoResult, DokoView]):
    """One deal of Doppelkopf. ``apply`` mutates (fast, for search); ``child`` copies."""

    HANDLERS: ClassVar[dict[tuple[str, str], Handler]] = {
        (VORBEHALT, "gesund"): reservations.gesund,
        (VORBEHALT, "vorbehalt"): reservations.vorbehalt,
        (DECLARE, "hochzeit"): reservations.hochzeit,
        (DECLARE, "solo"): reservations.solo,
        (DECLARE, "armut"): reservations.armut,
        (DECLARE, "pass"): reservations.pass_,
        (DECLARE, "schmeissen"): reservations.schmeissen,
        (ARMUT_GIVE, "give"): armut.give,
        (ARMUT_OFFER, "accept"): armut.accept,
        (ARMUT_OFFER, "decline"): armut.decline,
        (ARMUT_RETURN, "return"): armut.give_back,
        (PLAY, "re"): announcements.re,
        (PLAY, "kontra"): announcements.kontra,
        (PLAY, "keine"): announcements.keine,
        (PLAY, "schwarz"): announcements.schwarz,
        (PLAY, genscher.VERB): genscher.call,
    }
    # Said by a seat that is not to move (option announce_any_time): "2: kontra".
    INTERJECTIONS: ClassVar[dict[tuple[str, str], InterjectionHandler]] = {
        (PLAY, verb): announcements.interjection(verb)
        for verb in ("re", "kontra", "keine", "schwarz")}

    __slots__ = (
        "active", "announced", "announcements", "armut_cards", "armut_offer", "asking",
        "clarified_in",
        "contract", "declarations", "eo_played", "genscher", "genscher_due", "hands",
        "hochzeit", "initial_hands", "klaerung", "led",
        "next_seat", "order", "partner", "pflicht", "re_seats", "replied", "schweine",
        "soloist",
        "superschweine", "trick",
        "trick_leader", "trick_points", "tricks", "tricks_won", "vorbehalte", "win_card",
        "win_seat",
    )

    game_name = "doppelkopf"
    # The seats and the cards.
    active: tuple[int, ...]       # the four seats in play, from Vorhand
    next_seat: tuple[int, ...]    # per seat the next one in play (-1: sits out)
    hands: list[CardSet]
    initial_hands: tuple[CardSet, ...]
    # Vorbehalte and the game played (reservations.py).
    vorbehalte: list[str | None]
    declarations: list[str | None]   # only the reservation played is ever named
    asking: str                   # the kind of reservation asked for now ("" none)
    contract: str | None
    soloist: int | None
    pflicht: bool                 # the solo is a Pflichtsolo
    hochzeit: int | None
    partner: int | None           # of the Hochzeit or the Armut
    clarified_in: int             # the Hochzeit's Klärungsstich (0: not yet)
    klaerung: str                 # its kind: the rules' hochzeit_klaerung or the bride's
    schweine: int | None
    superschweine: int | None
    re_seats: frozenset[int]
    # The Armut (armut.py): the cards passed, then the cards given back.
    armut_cards: CardSet
    armut_offer: list[int]        # [poor player, the players asked so far ...]
    # Announcements (announcements.py).
    announced: list[int]          # [Re level, Kontra level]
    replied: list[bool]           # [Re, Kontra]: its Ansage was only an Erwiderung
    announcements: list[tuple[int, str, str]]
    # The Genscher (genscher.py): (its player, the partner he named), and whether his
    # Karo-König is still to be played.
    genscher: tuple[int, int] | None
    genscher_due: bool
    # The play.
    order: Order
    trick: list[Card]
    trick_leader: int
    led: int                      # the led group (a suit or TRUMP), -1 before the lead
    win_card: int
    win_seat: int
    tricks: list[Trick]
    trick_points: list[int]
    tricks_won: list[int]
    eo_played: list[int]          # who played a Kreuz-Dame (it shows his party)

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: DokoRules | None = None, dealer: int = 0, seed: int | None = None,
            deck_order: list[Card] | None = None, players: int = 4,
            rng: random.Random | None = None) -> DokoState:
        """A deal dealt from ``deck_order`` (the dealing order, top card first) or else from
        the full deck shuffled by ``rng`` or by a generator seeded with ``seed``."""
        rules = rules or DokoRules()
        active, next_seat = seating(dealer, players)
        if deck_order is None:
            deck_order = full_deck(rules, players)
            (rng or random.Random(seed)).shuffle(deck_order)
        else:
            check_deck(rules, deck_order, players)
        s = cls()
        s.rules, s.players, s.dealer = rules, players, dealer
        s.deck = tuple(deck_order)
        s.active, s.next_seat = active, next_seat
        s.hands = deal_hands(rules, active, list(deck_order), players)
        s.initial_hands = tuple(s.hands)
        s.history = []
        s.vorbehalte = [None] * players
        s.declarations = [None] * players
        s.asking = ""
        s.contract = None
        s.soloist = s.hochzeit = s.partner = s.schweine = s.superschweine = None
        s.pflicht = False
        s.clarified_in = 0
        s.klaerung = rules.hochzeit_klaerung
        s.armut_cards = 0
        s.armut_offer = []
        s.re_seats = frozenset()
        s.announced = [-1, -1]
        s.replied = [False, False]
        s.announcements = []
        s.genscher = None
        s.genscher_due = False
        s.eo_played = []
        s.order = card_order("normal")
        s.trick = []
        s.trick_leader = s.led = s.win_card = s.win_seat = -1
        s.tricks = []
        s.trick_points = [0] * players
        s.tricks_won = [0] * players
        s.result = None
        reservations.begin(s)   # gesund / Vorbehalt, or the solo of a Vorführung
        return s

    def clone(self) -> DokoState:
        o = DokoState()
        self._copy_into(o)
        o.active, o.next_seat = self.active, self.next_seat
        o.hands = list(self.hands)
        o.initial_hands = self.initial_hands
        o.vorbehalte = list(self.vorbehalte)
        o.declarations = list(self.declarations)
        o.asking = self.asking
        o.contract, o.soloist, o.pflicht = self.contract, self.soloist, self.pflicht
        o.hochzeit, o.partner, o.clarified_in = self.hochzeit, self.partner, self.clarified_in
        o.klaerung = self.klaerung
        o.armut_cards = self.armut_cards
        o.armut_offer = list(self.armut_offer)
        o.schweine, o.re_seats = self.schweine, self.re_seats
        o.superschweine = self.superschweine
        o.announced = list(self.announced)
        o.replied = list(self.replied)
        o.announcements = list(self.announcements)
        o.genscher, o.genscher_due = self.genscher, self.genscher_due
        o.eo_played = list(self.eo_played)
        o.order = self.order
        o.trick = list(self.trick)
        o.trick_leader, o.led = self.trick_leader, self.led
        o.win_card, o.win_seat = self.win_card, self.win_seat
        o.tricks = list(self.tricks)
        o.trick_points = list(self.trick_points)
        o.tricks_won = list(self.tricks_won)
        return o

    # ------------------------------------------------------------------ queries
    @property
    def vorhand(self) -> int:
        """The seat on the dealer's left, who leads every game."""
        return self.active[0]

    def party(self, seat: int) -> str:
        """The true party of an active seat (before a Hochzeit is clarified: Kontra)."""
        return RE if seat in self.re_seats else KONTRA

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play (Bedienpflicht): the led group (trump
        counts as one suit) if he can, else any card; after his ``genscher`` only the
        Karo-König."""
        hand = self.hands[self.to_move]
        if self.genscher_due:
            return bit(SK)
        if self.led < 0:
            return hand
        return (hand & self.order.masks[self.led]) or hand

    def legal_actions(self) -> list[str]:
        ph = self.phase
        if ph == PLAY:
            must = announcements.compulsory(self)
            if must is not None:
                return [must]
            return (play_actions(self.legal_cards()) + announcements.allowed(self, self.to_move)
                    + genscher.allowed(self, self.to_move) + self.claim_actions())
        if ph == CLAIM_PHASE:
            return list(ANSWERS)
        if ph == VORBEHALT:
            return [reservations.HEALTHY, reservations.RESERVED]
        if ph == DECLARE:
            return reservations.declarations_for(self, self.to_move)
        if ph == ARMUT_GIVE:
            return armut.give_options(self)
        if ph == ARMUT_OFFER:
            return ["accept", "decline"]
        if ph == ARMUT_RETURN:
            return armut.return_options(self)
        return []

    def interjections(self, seat: int) -> list[str]:
        """The announcements ``seat`` may make now although it is not to move (option
        ``announce_any_time``)."""
        if seat == self.to_move or not self.rules.announce_any_time:
            return []
        return announcements.allowed(self, seat)

    def random_action(self, rng: random.Random) -> str:
        if self.phase == ARMUT_RETURN:  # hundreds of choices: draw without listing them
            return armut.random_return(self, rng)
        return super().random_action(rng)

    def expected_verbs(self) -> str:
        # The Genscher's verb is registered for every table; name it only where it is played.
        text = super().expected_verbs()
        return text if self.rules.genscher != "off" else text.replace(f", {genscher.VERB}", "")

    def points_taken(self) -> tuple[int, ...]:
        return tuple(self.trick_points)

    def claim_kinds(self) -> tuple[str, ...]:
        return claims.kinds(self)

    def claim_responders(self, seat: int) -> tuple[int, ...]:
        i = self.active.index(seat)
        return tuple(self.active[(i + k) % 4] for k in range(1, 4))

    def claim_side(self, seat: int) -> tuple[int, ...]:
        return claims.side(self, seat)

    def hand_of(self, seat: int) -> CardSet:
        return self.hands[seat]

    def settle_claim(self, claim: Claim) -> None:
        claims.settle(self, claim)

    def points_total(self) -> int:
        return sum(_POINTS[c & 7] for c in self.deck)

    # ------------------------------------------------------------------ play
    def _do_play(self, c: Card) -> str:
        if self.phase != PLAY:
            raise IllegalAction(f"{PLAY_ACTIONS[c]!r} is not possible now: the {self.phase} "
                                f"phase expects {self.expected_verbs()}")
        seat = self.to_move
        if not count(self.hands[seat], c):
            raise IllegalAction(f"play {card_token(c)}: seat {seat} does not hold "
                                f"{card_token(c)}")
        must = announcements.compulsory(self)
        if must is not None:
            raise IllegalAction(f"play {card_token(c)}: {must} first: the first trick made "
                                f"{self.tricks[0].points} Augen (announce_first_trick_30)")
        legal = self.legal_cards()
        if not count(legal, c):
            led = "trump" if self.led == TRUMP else SUIT_LETTERS[self.led]
            shown = " ".join(card_token(x) for x in distinct(legal))
            raise IllegalAction(f"play {card_token(c)}: must follow {led} (Bedienpflicht); "
                                f"legal: {shown}")
        self.genscher_due = False
        self._play(c)
        return PLAY_ACTIONS[c]

    def _play(self, c: Card) -> None:
        seat = self.to_move
        schweinchen.on_play(self, seat, c)   # may change the order before c is compared
        self.hands[seat] -= bit(c)
        if c == EO:
            self.eo_played.append(seat)
        trick = self.trick
        trick.append(c)
        order = self.order
        if len(trick) == 1:
            self.led = order.group[c]
            self.win_card, self.win_seat = c, seat
        elif order.beats(c, self.win_card, self.led, seconds=second_wins(
                self.rules, len(self.tricks) == self.rules.hand_size - 1,
                self.schweine is not None)):
            self.win_card, self.win_seat = c, seat
        if len(trick) < 4:
            self.to_move = self.next_seat[seat]
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        w = book_trick(self, sum(_POINTS[c & 7] for c in self.trick), self.trick_points)
        if self.contract == HOCHZEIT and self.clarified_in == 0:
            reservations.clarify_hochzeit(self, w)
        if not self.hands[w]:
            self.finish()

    def score(self) -> DokoResult:
        return score(facts_of(self), self.rules)

    # ------------------------------------------------------------------ views
    def _view(self, player: int) -> DokoView:
        """What ``player`` may know: his hand, the public play, revealed parties."""
        return make_view(self, player)

    def __repr__(self) -> str:
        return (f"<DokoState phase={self.phase} contract={self.contract} "
                f"to_move={self.to_move} actions={len(self.history)}>")


def random_deal(rules: DokoRules, dealer: int, rng: random.Random,
                players: int = 4) -> DokoState:
    """A complete deal of uniformly random legal actions."""
    state = DokoState.new(rules, dealer, rng=rng, players=players)
    state.play_randomly(rng)
    return state


# DokoRules is re-exported: callers make a deal from this module alone.
__all__ = ["DokoRules", "DokoState", "random_deal"]
