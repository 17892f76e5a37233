"""The old perfect-information solver of Binokel's play (pure Python, before
:mod:`binokel.search`): kept as the reference the new search core is tested and measured
against (tests/test_search_diff.py, benchmarks/solver.py). Nothing in the package uses it.

The declarer's party (the declarer alone, or with his partner in Kreuzbinokel) plays against
the others as one side. In a normal game the value of a position is the card points (the
last-trick bonus included) that the declarer's party still takes from the remaining tricks; it
maximizes them, the defenders minimize them. In Durch the value is 1 if the declarer's party
takes every remaining trick, in Untendurch 1 if it takes none.

Alpha-beta search on the compact card sets, with a transposition table at trick boundaries
(the remaining value does not depend on how the position was reached) and move ordering
(winning cards first).

>>> from binokel.games.binokel.state import DealState
>>> from binokel.games.binokel.rules import Rules
>>> s = DealState.new(Rules(), dealer=2, seed=3)
>>> for a in ["bid 150", "pass", "pass"]:
...     s.apply(a)
>>> s.apply(s.legal_actions()[0])  # the first possible push
>>> s.apply("trump H")
>>> for _ in range(27):
...     s.apply(s.legal_actions()[0])
>>> solution = solve(s)
>>> 0 <= solution.value <= 250 and solution.best in s.legal_actions()
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from binokel.core.cards import LOW_BITS
from binokel.core.cards import SUIT_MASKS
from binokel.core.trick import PLAY_ACTIONS
from binokel.core.trick import legal_mask
from binokel.games.binokel.deal import DURCH
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.deal import UNTENDURCH
from binokel.games.binokel.state import DealState


class SearchLimit(Exception):
    """The search ran past its time or node budget (no value is known)."""


@dataclass(frozen=True)
class Solution:
    """The value of a position for the declarer, the best card, and search figures."""

    value: int
    best: str
    values: dict[str, int]    # every legal card's value (exact)
    nodes: int
    seconds: float


class _Search:
    __slots__ = (
        "best_move",
        "bonus",
        "deadline",
        "decl",
        "durch",
        "exempt",
        "max_nodes",
        "mo",
        "mtl",
        "n",
        "nodes",
        "nxt",
        "party",
        "points",
        "side",
        "trump",
        "tt",
        "unten",
    )

    def __init__(self, state: DealState, time_budget: float | None = None,
                 max_nodes: int | None = None) -> None:
        r = state.rules
        self.deadline = time.perf_counter() + time_budget if time_budget is not None else -1.0
        self.max_nodes = max_nodes if max_nodes is not None else -1
        self.n = state.n_active
        self.nxt = state.next_seat
        self.party = state.party
        self.trump = state.trump
        self.points = r.points
        self.mo, self.mtl = r.must_overtrump, r.must_trump_lower
        self.exempt = r.partner_exemption
        self.bonus = r.last_trick_bonus if r.bonus_trick == "last" else 0
        self.decl = state.declarer if state.declarer is not None else -1
        dp = state.party[self.decl] if self.decl >= 0 else -2
        self.side = tuple(p == dp for p in state.party)   # True: the declarer's party
        self.durch = state.contract == DURCH
        self.unten = state.contract == UNTENDURCH
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self.best_move: dict[tuple[int, ...], int] = {}  # the lead that last cut or won
        self.nodes = 0

    # hands: list of card sets (mutated and restored); trick: cards so far in this trick
    def value(self, hands: list[int], seat: int, trick: list[int], leader: int,
              alpha: int, beta: int) -> int:
        self.nodes += 1
        # A cheap check of the budgets: the clock is read once per 4,096 nodes.
        if not self.nodes & 4095 and (
                (self.deadline > 0 and time.perf_counter() > self.deadline)
                or 0 <= self.max_nodes < self.nodes):
            raise SearchLimit
        n = self.n
        if not trick:
            if not hands[seat]:
                return 0
            if not (self.durch or self.unten):
                # The declarer can take at most the points still in play.
                left = self._points_left(hands)
                if left <= alpha:
                    return left
            key = (*hands, seat)
            hit = self.tt.get(key)
            if hit is not None:
                lo, hi = hit
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha, beta = max(alpha, lo), min(beta, hi)
            a0, b0 = alpha, beta
        maximizing = self.side[seat]
        moves = self._moves(hands[seat], trick, maximizing, leader, seat)
        if not trick:
            hint = self.best_move.get(key)
            if hint is not None and hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
        best = -1 if maximizing else 1 << 30
        best_card = -1
        for c in moves:
            bit = 1 << (c << 1)
            hands[seat] -= bit
            trick.append(c)
            if len(trick) < n:
                v = self.value(hands, self.nxt[seat], trick, leader, alpha, beta)
            else:
                winner, pts = self._resolve(trick, leader)
                last = hands[winner] == 0
                gained = 0
                if self.durch or self.unten:
                    won = self.side[winner]
                    if (self.durch and not won) or (self.unten and won):
                        gained = -(1 << 20)  # decided: the contract is lost
                    elif last:
                        gained = 1
                elif self.side[winner]:
                    gained = pts + (self.bonus if last else 0)
                saved = trick[:]
                trick.clear()
                if gained < 0:
                    v = 0
                elif last:
                    v = gained
                else:
                    v = gained + self.value(hands, winner, trick, winner,
                                            alpha - gained, beta - gained)
                trick.extend(saved)
            trick.pop()
            hands[seat] += bit
            if maximizing:
                if v > best:
                    best, best_card = v, c
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best, best_card = v, c
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if not trick:
            self.best_move[key] = best_card
            lo, hi = self.tt.get(key, (0, 1 << 30))
            self.tt[key] = search_bounds(lo, hi, best, a0, b0)
        return best

    def _points_left(self, hands: list[int]) -> int:
        pts = self.points
        total = self.bonus
        for h in hands:
            while h:
                low = h & -h
                b = low.bit_length() - 1
                total += pts[(b >> 1) & 7] * (1 if b & 1 == 0 else 2)
                h ^= low
        return total

    def mtdf(self, hands: list[int], seat: int, trick: list[int], leader: int,
             guess: int = 0) -> int:
        """The exact value by null-window searches that converge on it (MTD(f))."""
        lower, upper = -1, 1 << 30
        g = guess
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self.value(hands, seat, trick, leader, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def _resolve(self, trick: list[int], leader: int) -> tuple[int, int]:
        trump = self.trump
        win, wi = trick[0], 0
        pts = self.points[win & 7]
        for i in range(1, len(trick)):
            c = trick[i]
            pts += self.points[c & 7]
            s, ws = c >> 3, win >> 3
            if (s == ws and c > win) or (s == trump and ws != trump):
                win, wi = c, i
        return self._seat_of(leader, wi), pts

    def _seat_of(self, leader: int, i: int) -> int:
        """Who played the ``i``-th card of a trick led by ``leader``."""
        seat = leader
        for _ in range(i):
            seat = self.nxt[seat]
        return seat

    def _moves(self, hand: int, trick: list[int], maximizing: bool,
               leader: int = 0, seat: int = -1) -> list[int]:
        if trick:
            led = trick[0] >> 3
            best_led, best_tr = -1, -1
            win, wi = trick[0], 0
            for i, c in enumerate(trick):
                if c >> 3 == led and c > best_led:
                    best_led = c
                if c >> 3 == self.trump and c > best_tr:
                    best_tr = c
                if i and ((c >> 3 == win >> 3 and c > win) or (
                        c >> 3 == self.trump and win >> 3 != self.trump)):
                    win, wi = c, i
            if self.exempt and self.party[self._seat_of(leader, wi)] == self.party[seat]:
                m = hand & SUIT_MASKS[led] or hand
            else:
                m = legal_mask(hand, led, best_led, best_tr, self.trump, self.mo, self.mtl)
        else:
            m = hand
        p = (m | (m >> 1)) & LOW_BITS
        cards = []
        while p:
            low = p & -p
            cards.append((low.bit_length() - 1) >> 1)
            p ^= low
        if not trick:
            # Leading: strong cards first; they decide tricks and cut the search early.
            cards.sort(key=lambda c: (c >> 3 == self.trump, c & 7), reverse=True)
            return cards
        friendly = self.side[self._seat_of(leader, wi)] == maximizing
        pts = self.points
        trump = self.trump

        def beats(c: int) -> bool:
            return (c >> 3 == win >> 3 and c > win) or (c >> 3 == trump and win >> 3 != trump)

        if friendly:
            # The side already wins: smear points first, keep the winners.
            cards.sort(key=lambda c: (not beats(c), pts[c & 7]), reverse=True)
        else:
            # Take the trick with the cheapest winner; else throw the cheapest card.
            cards.sort(key=lambda c: (beats(c), -(c & 7) if beats(c) else pts[c & 7] * -1),
                       reverse=True)
        return cards


def search_bounds(lo: int, hi: int, value: int, alpha: int, beta: int) -> tuple[int, int]:
    """A transposition table's new (lower, upper) bounds of a position known to lie in
    [``lo``, ``hi``] after a fail-soft alpha-beta search of the window (``alpha``, ``beta``)
    returned ``value``: at most ``alpha`` is an upper bound, at least ``beta`` a lower one,
    anything between is exact.

    >>> search_bounds(0, 100, 30, 40, 60), search_bounds(0, 100, 70, 40, 60)
    ((0, 30), (70, 100))
    >>> search_bounds(0, 100, 50, 40, 60)
    (50, 50)
    """
    if value <= alpha:
        return lo, value
    if value >= beta:
        return value, hi
    return value, value


def root_value(state: DealState, time_budget: float | None = None,
               max_nodes: int | None = None) -> int:
    """The exact value of the play-phase position ``state`` for the declarer's side, without
    the value of every card (one search instead of one per card); raises
    :class:`SearchLimit` past ``time_budget`` seconds or about ``max_nodes`` nodes (a node
    budget gives the same answer on every machine)."""
    return root_search(state, time_budget, max_nodes)[0]


def root_search(state: DealState, time_budget: float | None = None,
                max_nodes: int | None = None) -> tuple[int, int]:
    """:func:`root_value` and the number of nodes the search visited (for callers that
    count their work in nodes)."""
    if state.phase != PLAY:
        raise ValueError(f"the solver needs a position in the play phase, not {state.phase}")
    search = _Search(state, time_budget, max_nodes)
    value = search.mtdf(list(state.hands), state.to_move, list(state.trick),
                        state.trick_leader)
    return value, search.nodes


def solve(state: DealState, time_budget: float | None = None) -> Solution:
    """Solve the play-phase position ``state`` exactly (it reads every hand): its value for
    the declarer's side and the value of every legal card. Raises :class:`SearchLimit`
    past ``time_budget`` seconds (None: no limit)."""
    if state.phase != PLAY:
        raise ValueError(f"the solver needs a position in the play phase, not {state.phase}")
    t0 = time.perf_counter()
    search = _Search(state, time_budget)
    hands = list(state.hands)
    seat = state.to_move
    trick = list(state.trick)
    leader = state.trick_leader
    values: dict[str, int] = {}
    maximizing = search.side[seat]
    guess = 0
    for c in search._moves(hands[seat], trick, maximizing, leader, seat):
        bit = 1 << (c << 1)
        hands[seat] -= bit
        trick.append(c)
        if len(trick) < search.n:
            v = search.mtdf(hands, search.nxt[seat], trick, leader, guess)
        else:
            winner, pts = search._resolve(trick, leader)
            last = hands[winner] == 0
            saved = trick[:]
            trick.clear()
            if search.durch or search.unten:
                won = search.side[winner]
                lost = (search.durch and not won) or (search.unten and won)
                v = 0 if lost else (1 if last else search.mtdf(hands, winner, trick, winner))
            else:
                gained = pts + (search.bonus if last else 0) if search.side[winner] else 0
                v = gained if last else gained + search.mtdf(hands, winner, trick, winner,
                                                             max(0, guess - gained))
            trick.extend(saved)
        trick.pop()
        hands[seat] += bit
        values[PLAY_ACTIONS[c]] = v
        guess = v
    pick = max if maximizing else min
    best = pick(values, key=lambda a: values[a])
    return Solution(values[best], best, values, search.nodes, time.perf_counter() - t0)
