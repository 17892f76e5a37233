"""A rule-based Luxusfamilie player that sees only its :class:`LuxusView`.

- Trump (when its melds made it trump maker): the suit with the best mix of length and high
  cards, plus what the suit's melds gain in trump when ``trump_melds`` is played.
- Play, with card counting: the cards still out (neither in its hand nor played; the
  set-aside cards count as out, since it cannot know them) and the voids the view shows,
  plus the suits nobody can hold any more.

  - Following: it wins a trick that carries power points with the cheapest card that nobody
    behind it can beat; a trick worth little it lets go rather than spend a trump on it;
    when it cannot win it ducks with the card that costs least (zero-point cards first,
    trumps and aces kept for valuable tricks). Everyone plays for himself, so it never
    gives points away on purpose.
  - Leading: a sure winner (a side ace nobody can trump, or the top trump when trump-long, to
    draw the others' trumps); otherwise a low card of its longest side suit.

Deterministic (no randomness at all; the seed is accepted for the bot API) and fast: a
decision is a few dozen integer operations on card sets.

>>> from binokel.games.luxusfamilie.state import LuxusState
>>> state = LuxusState.new(dealer=0, seed=11, players=5)
>>> bot = LuxusHeuristicBot(seed=1)
>>> while not state.is_over:
...     state.apply(bot.choose(state.view(state.to_move)))
>>> len(state.tricks), sum(state.result.power_points) <= 240
(9, True)
"""

from __future__ import annotations

import random
from typing import Any

from ...bots import legal_actions_of
from ...core.cards import ABOVE
from ...core.cards import ASS
from ...core.cards import SUIT_LETTERS
from ...core.cards import SUIT_MASKS
from ...core.cards import SUITS
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import cardset
from ...core.cards import distinct
from ...core.cards import parse_card
from ...core.cards import size
from ...core.trick import PLAY_ACTIONS
from ...core.trick import beats
from .deal import DECK_SET
from .deal import TRUMP
from .melds import luxus_melds
from .scoring import POWER
from .trump import TRUMP_ACTIONS
from .view import LuxusView

# What holding a trump is worth when choosing trump, by rank slot: 7, 9, U, O, K, 10, A.
_TRUMP_WORTH = (1, 0, 2, 3, 4, 6, 8)
# What it costs to give a card away besides its points: trumps and aces win tricks later.
_KEEP_TRUMP = (3, 0, 4, 5, 6, 8, 10)


def choose_trump(hand: CardSet, view: LuxusView) -> str:
    """``trump T`` for the suit where ``hand`` is longest and strongest.

    >>> from binokel.core.cards import cardset, parse_cards
    >>> from binokel.games.luxusfamilie.state import LuxusState
    >>> v = LuxusState.new(seed=1).view(0)
    >>> choose_trump(cardset(parse_cards("EA E10 EK HA H7 S7 SU SO")), v)
    'trump E'
    """
    rules = view.rules
    plain = luxus_melds(hand, -1, rules).total if rules.trump_melds else 0
    best, best_score = 0, -1.0
    for s in SUITS:
        cards = hand & SUIT_MASKS[s]
        score = 2.5 * size(cards)
        for c in distinct(cards):
            score += _TRUMP_WORTH[c & 7] * ((cards >> (2 * c)) & 3)
        if rules.trump_melds:
            score += (luxus_melds(hand, s, rules).total - plain) / 10
        if score > best_score:
            best, best_score = s, score
    return TRUMP_ACTIONS[best]


class LuxusHeuristicBot:
    """Heuristic Luxusfamilie bot (``choose(view)`` -> one of ``view.legal_actions``)."""

    name = "luxus-heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)  # unused: the play is deterministic

    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        if getattr(view, "game", None) != "luxusfamilie":
            raise ValueError("LuxusHeuristicBot plays Luxusfamilie views only")
        hand = cardset(view.hand)
        if view.phase == TRUMP:
            a = choose_trump(hand, view)
            return a if a in actions else actions[0]
        if len(actions) == 1:
            return actions[0]
        cards = [parse_card(a[5:]) for a in actions]
        return PLAY_ACTIONS[_CardPlay(view, hand).choose(cards)]


class _CardPlay:
    """One card decision: the trick so far, the cards still out and the known voids."""

    def __init__(self, view: LuxusView, hand: CardSet) -> None:
        self.view = view
        self.hand = hand
        self.trump = view.trump
        n = view.players
        played = 0
        for t in view.tricks:
            for c in t.cards:
                played += bit(c)
        for c in view.trick:
            played += bit(c)
        self.unseen = DECK_SET - played - hand
        # Known voids, and suits of which no card is out any more: nobody else holds them.
        gone = 0
        for s in SUITS:
            if not self.unseen & SUIT_MASKS[s]:
                gone |= 1 << s
        self.voids = [gone | sum(1 << SUIT_LETTERS.index(x) for x in v) for v in view.voids]
        me = view.player
        self.after = [(me + k) % n for k in range(1, n - len(view.trick))]
        self.others = [(me + k) % n for k in range(1, n)]
        trick = view.trick
        self.led = trick[0] >> 3 if trick else -1
        self.win_card = -1
        if trick:
            w = trick[0]
            for c in trick[1:]:
                if beats(c, w, self.trump):
                    w = c
            self.win_card = w
        self.trick_pts = sum(POWER[c & 7] for c in trick)

    def may_be_void(self, seat: int, suit: int, by: int) -> bool:
        """Whether ``seat`` may lack ``suit``: shown by play, or the suit is so thin that
        not all of the ``by`` seats can still hold a card of it."""
        if self.voids[seat] >> suit & 1:
            return True
        return size(self.unseen & SUIT_MASKS[suit]) < by

    def beatable(self, c: Card, led: int, seats: list[int]) -> bool:
        """Whether a card still out could beat ``c`` when played by one of ``seats``."""
        if not seats:
            return False
        trump = self.trump
        s = c >> 3
        higher = self.unseen & ABOVE[c]
        trumps_out = self.unseen & SUIT_MASKS[trump]
        for a in seats:
            v = self.voids[a]
            if s == trump:
                if higher and not v >> trump & 1:
                    return True
                continue
            if higher and not v >> s & 1:
                return True
            # A void player trumps it (he must, unless the duty is off; he may anyway).
            if trumps_out and not v >> trump & 1 and led != trump and \
                    self.may_be_void(a, led, len(seats)):
                return True
        return False

    def cost(self, c: Card) -> float:
        """What giving ``c`` to someone else's trick loses: its points and its future."""
        r = c & 7
        x = float(POWER[r])
        if c >> 3 == self.trump:
            x += _KEEP_TRUMP[r]
        elif r == ASS:
            x += 3
        # Keep the last card of a suit only if it is worth something: short suits make voids
        # that let trumps in later.
        return x

    # -- the decision
    def choose(self, cards: list[Card]) -> Card:
        if not self.view.trick:
            return self.lead(cards)
        return self.follow(cards)

    def lead(self, cards: list[Card]) -> Card:
        trump = self.trump
        hand = self.hand
        trumps = [c for c in cards if c >> 3 == trump]
        side = [c for c in cards if c >> 3 != trump]
        sure_side = [c for c in side if not self.beatable(c, c >> 3, self.others)]
        if sure_side:
            # The one that drags in most: the others must follow with their points.
            return max(sure_side, key=lambda c: (POWER[c & 7], -size(hand & SUIT_MASKS[c >> 3])))
        if trumps:
            n_trumps = size(hand & SUIT_MASKS[trump])
            trump_long = n_trumps * 2 >= size(hand) or self.view.trump_maker == self.view.player
            sure = [c for c in trumps if not self.beatable(c, trump, self.others)]
            if sure and trump_long and size(self.unseen & SUIT_MASKS[trump]):
                return max(sure)
        if side:
            # A low card of the longest side suit: it gives little and the suit stays alive.
            return min(side, key=lambda c: (POWER[c & 7], -size(hand & SUIT_MASKS[c >> 3]),
                                             c & 7))
        return min(trumps, key=self.cost)

    def follow(self, cards: list[Card]) -> Card:
        win = self.win_card
        led = self.led
        after = self.after
        winners = [c for c in cards if beats(c, win, self.trump)]
        # Points the players behind will likely add when they must follow.
        later = 2 * len(after)
        if winners:
            safe = [c for c in winners if not self.beatable(c, led, after)]
            if safe:
                # The cheapest sure winner; a led-suit card that wins brings its own points.
                best = min(safe, key=lambda c: (c >> 3 == self.trump,
                                                _KEEP_TRUMP[c & 7] if c >> 3 == self.trump
                                                else -POWER[c & 7], c))
                worth = self.trick_pts + POWER[best & 7] + later
                if best >> 3 != self.trump or worth >= 8 or (best & 7) in (0, 2):
                    return best
            elif self.trick_pts >= 10:
                # Not sure, but worth a try with a card that loses little if beaten.
                cheap = [c for c in winners if POWER[c & 7] <= 4]
                if cheap:
                    return max(cheap, key=lambda c: (c >> 3 == self.trump, c))
        return min(cards, key=lambda c: (self.cost(c), c & 7))
