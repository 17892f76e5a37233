"""The worlds of Zweierbinokel: whole deals a player cannot tell from his own view (the
game's :class:`~binokel.core.worlds.WorldSampler`, :class:`ZweierWorlds`, loaded by the
spec's ``worlds``).

While the stock lasts a player does not know the opponent's hidden hand nor the order of the
face-down stock. :func:`sample_world` deals both at random, consistently with everything the
view says, and returns the whole deal as a :class:`~.state.ZweierState` (for a bot that plays
it out): a dealing order (the record's ``deck``) is built from

- the cards the player has seen: his own hand and table, both tables (the opponent's melds),
  every card played, the turned-up card, and the cards shown as exchanged (a card the
  opponent took by exchanging the Dix is in his hand until he plays or melds it);
- when each card must have been held: every card played or melded was dealt or drawn before
  that action (the draws go to the trick's winner first), so each seat's cards are placed on
  his dealt and drawn deck positions earliest need first;

and the view's history is then replayed on it. The world is returned only if the replay is
legal and the player's view of it is exactly the given view (so nothing the player saw is
contradicted); the rest (the opponent's hidden hand, the stock's order) is uniformly random
among the cards unseen: uniform over the consistent assignments of the unseen cards (each
physical copy alike). That is not yet exactly uniform over the deck orders, as
``Sampling.UNIFORM`` asks: a hand holding both copies of a card stands for fewer distinct
orders, and so does one whose cards had to come early (see :mod:`binokel.core.counting`),
which this sampler does not count (a world's weight can be off by up to a factor of two for
each such card). ``Sampling.READ`` is the same (there is no model of the opponent's choices
yet). After the stock nothing is hidden but the past order of the stock, and views this
reading does not model are left to the generic proposals
(:class:`~binokel.core.sampling.ReplaySampler`).

>>> import random
>>> from .state import ZweierState
>>> s = ZweierState.new(dealer=0, seed=5)
>>> rng = random.Random(2)
>>> for _ in range(9):
...     s.apply(s.random_action(rng))
>>> v = s.view(s.to_move)
>>> w = sample_world(v, random.Random(1))
>>> w is not None and w.view(v.player) == v
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any
from typing import cast

from ...core.cards import SEVEN
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import card
from ...core.cards import cardset
from ...core.cards import count
from ...core.cards import parse_cards
from ...core.errors import IllegalAction
from ...core.sampling import ReplaySampler
from ...core.sampling import counted
from ...core.spec import GameSpec
from ...core.trick import play_card
from ...core.worlds import NoWorldFound
from ...core.worlds import Sampling
from ...core.worlds import World
from .deal import DEALT
from .deal import FREE
from .deal import TURNED_UP
from .deal import full_deck
from .melds import lay_down
from .melds import meld_by_cards
from .melds import meld_problem
from .play import take_from_table
from .state import ZweierState
from .view import ZweierView

_NEVER = math.inf   # the deadline of a card still held: no action needed it yet


TRIES = 8
"""Draws per world before the sampler gives up (a view whose constraints few deals meet)."""
AFTER_STOCK_TRIES = 8
"""Proposals per world of the generic sampler for the views :func:`sample_world` does not
model (after the stock they hardly ever succeed: the own cards drawn from the stock are not
placed by position; OpenSpiel's resample then keeps the stock of its real deal, and the
arena's OpenSpiel bots walk on from their last world, so a long search here only costs
time)."""


def sample_world(view: ZweierView, rng: random.Random, tries: int = TRIES
                 ) -> ZweierState | None:
    """A deal consistent with ``view`` (a seat's own view while the stock lasts), the
    opponent's hand and the stock dealt at random; None if ``tries`` draws found none (or the
    view is not of the free phase)."""
    if view.phase != FREE or view.player not in (0, 1):
        return None
    plan = _Plan(view)
    return plan.draw(rng, tries) if plan.ok else None


class ZweierWorlds:
    """Zweierbinokel's sampler (see the module's text): while the stock lasts
    :func:`sample_world`'s deals, a world at a time, until ``n`` are drawn or one is not
    found in :data:`TRIES` draws; other views by the generic proposals."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec

    def sample(self, view: Any, rng: random.Random, n: int,
               sampling: Sampling = Sampling.READ) -> list[World[ZweierState]]:
        plan = _Plan(view) if view.phase == FREE and view.player in (0, 1) else None
        if plan is None or not plan.ok:
            fallback = ReplaySampler(self.spec, AFTER_STOCK_TRIES)
            return cast(list[World[ZweierState]], fallback.sample(view, rng, n))
        states = []
        for _ in range(n):
            world = plan.draw(rng, TRIES)
            if world is None:
                break
            states.append(world)
        if not states:
            raise NoWorldFound(f"no deal for seat {view.player}'s view in {TRIES} draws")
        return counted(states)


class _Plan:
    """What the view fixes, worked out once per view; :meth:`world` draws the rest."""

    def __init__(self, view: ZweierView) -> None:
        self.view = view
        me, opp = view.player, 1 - view.player
        self.me, self.opp = me, opp
        seven = card(view.trump, SEVEN)
        exchanged = [c for s, why, c in view.shown if why == "exchange"]
        # The dealt turned-up card: the first one taken by an exchange, else the one lying.
        original = exchanged[0] if exchanged else view.trump_card
        self.ok = original is not None
        self.original: Card = original if original is not None else -1
        # Each seat's dealt and drawn deck positions: (after which action it is there, where).
        self.slots: list[list[tuple[int, int]]] = [[], []]
        for i in range(DEALT // 3):
            seat = 1 - view.dealer if i % 2 == 0 else view.dealer
            self.slots[seat].extend((-1, 3 * i + j) for j in range(3))
        # Each seat's actions: (index, "play" / "meld" / "exchange", cards, card taken).
        events: list[list[_Event]] = [[], []]
        lying = self.original
        plays = 0
        for i, (seat, action) in enumerate(view.history):
            c = play_card(action)
            if c is not None:
                events[seat].append((i, "play", [c], -1))
                plays += 1
                k = plays // 2 - 1
                if plays % 2 == 0 and k < len(view.tricks):
                    w = view.tricks[k].winner
                    self.slots[w].append((i, TURNED_UP + 1 + 2 * k))
                    self.slots[1 - w].append((i, TURNED_UP + 2 + 2 * k))
            elif action.startswith("meld "):
                events[seat].append((i, "meld", parse_cards(action[5:]), -1))
            elif action == "exchange":
                events[seat].append((i, "exchange", [seven], lying))
                lying = seven
        self.first_stock = TURNED_UP + 1 + 2 * len(view.tricks)
        # Each seat's actions replayed on his table alone (the table is public): how many
        # copies of each card he must have held by each action, as deadlines per copy.
        tracks = [_replay(view, seat, events[seat]) for seat in (0, 1)]
        me_track, opp_track = tracks[me], tracks[opp]
        if me_track is None or opp_track is None:
            self.ok = False
            return
        self.tracks: list[_Track] = [me_track, opp_track] if me == 0 else [opp_track, me_track]
        mine = me_track.dealt(Counter(view.hand) + Counter(view.table[me]))
        opp_out = opp_track.out + Counter(view.table[opp])
        # The unseen cards: the opponent's hidden hand and the face-down stock.
        pool = Counter(full_deck(view.rules))
        pool.subtract(mine)
        pool[self.original] -= 1
        pool.subtract(opp_out)
        pool.update(opp_track.taken)
        # Cards he must still hold: more copies needed (played, melded, given) than he has
        # played or shows, less those he took (the exchanged trump card).
        need = Counter({c: len(d) for c, d in opp_track.deadlines.items()})
        need.update(opp_track.taken)
        self.fixed = need - opp_out
        self.free = pool - self.fixed
        facedown = view.stock_size - (1 if view.trump_card is not None else 0)
        self.hidden = view.hand_sizes[opp]
        if (min(pool.values(), default=0) < 0 or min(mine.values(), default=0) < 0
                or sum(pool.values()) != self.hidden + facedown
                or sum(self.fixed.values()) > self.hidden
                or any(pool[c] < n for c, n in self.fixed.items())):
            self.ok = False

    def draw(self, rng: random.Random, tries: int) -> ZweierState | None:
        """A world in at most ``tries`` draws, else None."""
        for _ in range(tries):
            world = self.world(rng)
            if world is not None:
                return world
        return None

    def world(self, rng: random.Random) -> ZweierState | None:
        view = self.view
        free = list(self.free.elements())
        rng.shuffle(free)
        n = self.hidden - sum(self.fixed.values())
        opp_held = Counter(free[:n]) + self.fixed + Counter(view.table[self.opp])
        deck_order: list[Card] = [-1] * len(full_deck(view.rules))
        deck_order[TURNED_UP] = self.original
        for i, c in enumerate(free[n:]):
            deck_order[self.first_stock + i] = c
        for seat, held in ((self.me, Counter(view.hand) + Counter(view.table[self.me])),
                           (self.opp, opp_held)):
            if not self.tracks[seat].place(self.slots[seat], held, deck_order):
                return None
        try:
            state = ZweierState.new(view.rules, view.dealer, deck_order=deck_order)
            for seat, action in view.history:
                if state.to_move != seat:
                    return None
                state.apply(action)
        except IllegalAction:
            return None
        return state if state.view(self.me) == view else None


_Event = tuple[int, str, list[Card], Card]


def _replay(view: ZweierView, seat: int, events: list[_Event]) -> _Track | None:
    """``seat``'s actions replayed on his table: the first way (depth first) in which the
    melds leave the table he shows now. A meld whose cards could all come from the table
    takes one card from the hand, the first of its cards the hand held, which the view does
    not tell: each possibility that lays the cards down differently is a branch."""
    target = cardset(view.table[seat])
    stack = [(_Track(view), 0)]
    while stack:
        track, k = stack.pop()
        if k == len(events):
            if track.scratch.tables[0] == target:
                return track
            continue
        i, verb, cards, taken = events[k]
        if verb == "play":
            track.play(i, cards[0])
        elif verb == "exchange":
            track.exchange(i, cards[0], taken)
        else:
            stack.extend((t, k + 1) for t in reversed(track.melds(i, cards)))
            continue
        stack.append((track, k + 1))
    return None


class _Track:
    """One seat's actions replayed on his table alone, with a hand that holds what the
    meld needs: the table (public) comes out as in the deal, and each meld shows how many
    new copies it took from the hand. From that, the deadline of every copy the seat held:
    the index of the first action that needed it."""

    def __init__(self, view: ZweierView) -> None:
        s = ZweierState()
        s.rules, s.trump, s.to_move = view.rules, view.trump, 0
        self.everything = cardset(full_deck(view.rules))
        s.hands, s.tables, s.usage = [self.everything, 0], [0, 0], [{}, {}]
        self.scratch = s
        self.out: Counter[Card] = Counter()      # played and given away
        self.taken: Counter[Card] = Counter()    # taken by exchanges
        self.deadlines: dict[Card, list[float]] = {}

    def copy(self) -> _Track:
        t = _Track.__new__(_Track)
        s = ZweierState()
        o = self.scratch
        s.rules, s.trump, s.to_move = o.rules, o.trump, 0
        s.hands, s.tables = list(o.hands), list(o.tables)
        s.usage = [dict(o.usage[0]), {}]
        t.scratch, t.everything = s, self.everything
        t.out, t.taken = Counter(self.out), Counter(self.taken)
        t.deadlines = {c: list(d) for c, d in self.deadlines.items()}
        return t

    def _held(self, i: int, c: Card) -> None:
        """At action ``i`` the seat has shown to hold every copy of ``c`` played, given or
        lying on his table."""
        need = self.out[c] + count(self.scratch.tables[0], c) - self.taken[c]
        d = self.deadlines.setdefault(c, [])
        while len(d) < need:
            d.append(i)

    def play(self, i: int, c: Card) -> None:
        s = self.scratch
        if count(s.tables[0], c):
            take_from_table(s, 0, c)
        self.out[c] += 1
        self._held(i, c)

    def melds(self, i: int, cards: list[Card]) -> list[_Track]:
        """The ways the meld of ``cards`` may have been laid down (none: not a meld)."""
        kind = meld_by_cards(self.scratch.trump, self.scratch.rules, cards)
        if kind is None:
            return []
        out: list[_Track] = []
        seen: set[tuple[CardSet, tuple[tuple[Card, tuple[int, ...]], ...]]] = set()
        firsts = list(dict.fromkeys(cards))
        for j in range(len(firsts)):
            # The hand held none of the meld's first j cards.
            hand = self.everything
            for c in firsts[:j]:
                hand &= ~(3 * bit(c))
            t = self.copy()
            s = t.scratch
            s.hands[0] = hand
            if meld_problem(s, 0, kind) is not None:
                continue
            lay_down(s, 0, kind)
            key = (s.tables[0], tuple(sorted(s.usage[0].items())))
            if key in seen:
                continue
            seen.add(key)
            s.hands[0] = self.everything
            for c in firsts:
                t._held(i, c)
            out.append(t)
        return out

    def exchange(self, i: int, seven: Card, taken: Card) -> None:
        self.out[seven] += 1
        self._held(i, seven)
        self.taken[taken] += 1

    def dealt(self, held: Counter[Card]) -> Counter[Card]:
        """The cards dealt and drawn to the seat, if he holds ``held`` now."""
        total = self.out + held
        total.subtract(self.taken)
        return total

    def place(self, slots: list[tuple[int, int]], held: Counter[Card],
              deck_order: list[Card]) -> bool:
        """Put the seat's cards on his dealt and drawn positions, earliest need on the
        earliest position; False if some card would come too late."""
        copies: list[tuple[float, Card]] = []
        for c, total in self.dealt(held).items():
            d = self.deadlines.get(c, [])
            if total < len(d):
                return False
            copies.extend((t, c) for t in d)
            copies.extend((_NEVER, c) for _ in range(total - len(d)))
        copies.sort()
        if len(copies) != len(slots):
            return False
        for (t, c), (ready, pos) in zip(copies, sorted(slots), strict=True):
            if ready >= t:
                return False
            deck_order[pos] = c
        return True


def unseen(view: ZweierView) -> list[Card]:
    """The cards ``view``'s player has not seen (the opponent's hidden hand and the
    face-down stock), sorted."""
    plan = _Plan(view)
    return sorted((plan.free + plan.fixed).elements()) if plan.ok else []


__all__ = ["AFTER_STOCK_TRIES", "TRIES", "ZweierWorlds", "sample_world", "unseen"]
