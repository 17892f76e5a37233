"""The search in pure Python: the reference for the compiled core (``_core.c``), and the path
on a machine without a compiler.

One :class:`Core` holds a position (the tables of :mod:`binokel.search._tables`), a
transposition table and a node counter. :meth:`Core.search` is a fail-soft alpha-beta search
of the current position's value; the driver in :mod:`binokel.search` runs it with zero
windows (MTD(f)) and walks the root's cards with :meth:`Core.play` / :meth:`Core.undo`.

What it does, in the order a node sees it (``_core.c`` does the same, step by step, so that
both visit the same tree and count the same nodes):

1. At the start of a trick: the value lies in [0, points still in the hands + bonus] (Durch,
   Untendurch: [0, 1]), a window outside that is answered at once; the last trick is played
   out directly, and the last two by a plain alpha-beta search within this node (distinct
   cards weakest first, no tables: cheaper than the table look-ups and stores they save;
   Doppelkopf, 8 tricks left: 15% fewer nodes and time). Then the transposition table, keyed
   on the hands and the leader, gives bounds (a lower and an upper one) and the card that
   was best there before. For points: trumps that no card of the other side can beat are
   sure tricks, so the points they take bound the value from above (the minimiser's) and
   from below (the maximiser's). A position not in the table may still have a relative of
   the same structure in a second table (the same owners of the cards, group by group and in
   order of power, only other points): its bounds, widened by what the points' differences
   can cost or bring the maximiser (card by card: a cheaper card here can only cost, a
   dearer one only bring), may decide the window.
2. The legal cards, one per class of equivalent cards: cards of one group with equal points
   and no card of another player (or of the trick) between them win and lose exactly the
   same tricks, so only the strongest of each run is searched (twin copies are one card
   anyway).
3. Move ordering: the table's card first. A leader cashes its sure plain winners (the most
   points first), then plain winners an opponent could trump, then other plain cards (the
   most points first), and its trumps last (sure ones first). Measured on seeded full deals:
   keeping the trumps halves the nodes against leading them first. A follower whose side
   wins the trick adds points without overtaking, unless an opponent still to play may take
   the trick: then it overtakes (the most points first) or throws its cheapest card
   (Doppelkopf, 8 tricks left, 30 positions: 10% fewer nodes, geometric mean); one whose
   side loses takes the trick with the cheapest winner or throws the cheapest card, unless a
   partner still to play may take the trick: then the most points first (where only the
   group must be followed, as in Doppelkopf, the cheapest winner first and then the most
   points: 8 tricks left, 8% fewer nodes; worse under Binokel's rules). Ties go to the card
   lower in its group (the cheaper winner, the card that keeps the stronger ones), then to
   the stronger card when following and to the card of the lower group when leading.
   Measured on seeded full deals: the lower card on ties takes a third fewer nodes with
   tournament points (where ace, ten and king tie) and a fifth fewer in Doppelkopf.
4. Alpha-beta over the cards; a completed trick adds its points (and on the last trick the
   bonus) when the maximising side wins it. Cards of one run that differ in points are worth
   the same give or take that difference (swap them for the rest of the deal: the same tricks
   are won, only their points move), so a card whose bound from a searched neighbour already
   fails the window is not searched (Kupferschmid and Helmert's quasi-symmetry, here within
   one hand). When the card settles who takes the trick, only the card kept for later can
   move points the other way: the bound is one-sided. At the start of a trick the result is
   stored as bounds, in both tables.
"""

from __future__ import annotations

from typing import Any

from ._tables import Prepared
from .position import FollowRule
from .position import Goal
from .position import TrumpDuty

ALGORITHM = 6
"""The algorithm's edition; ``_core.c`` says the same (see there)."""

LOW = 0x5555555555555555
BIG = 1 << 30
MUST_BEAT, OVERTRUMP, TRUMP_LOWER, EXEMPT = 1, 2, 4, 8
_BINOKEL, _FOLLOW, _LUXUS = int(FollowRule.BINOKEL), int(FollowRule.FOLLOW_GROUP), \
    int(FollowRule.LUXUS)
_POINTS, _DURCH = int(Goal.POINTS), int(Goal.DURCH)
_UNTRUMPED, _NO_DUTY = int(TrumpDuty.UNTRUMPED), int(TrumpDuty.NONE)
TT_FIRST = 1 << 20


def _size(s: int) -> int:
    return (s & LOW).bit_count() + 2 * (s & (LOW << 1)).bit_count()


def _distinct(s: int) -> list[int]:
    p = (s | (s >> 1)) & LOW
    out = []
    while p:
        low = p & -p
        out.append((low.bit_length() - 1) >> 1)
        p ^= low
    return out


class BudgetExceeded(Exception):
    """The node budget is spent."""


def decided(lo: int, hi: int, alpha: int, beta: int) -> int | None:
    """What a table's bounds [``lo``, ``hi``] of a position already answer for a search of
    the window (``alpha``, ``beta``): a bound outside the window or the exact value; None
    when the position must be searched.

    >>> decided(50, 80, 10, 40), decided(0, 30, 40, 60), decided(45, 45, 40, 60)
    (50, 30, 45)
    >>> decided(0, 100, 40, 60) is None
    True
    """
    if lo >= beta:
        return lo
    if hi <= alpha:
        return hi
    if lo == hi:
        return lo
    return None


# The core is built in three parts, one concern each: CorePosition (the position, its rules
# and the play of a card at the root), MoveOrder (which cards a node searches, and in which
# order) and Core (the search and the bounds that cut it short). _core.c mirrors them
# function by function.
class CorePosition:
    """The position of one search: the hands, the trick, the rules' tables; the legal cards,
    a trick's winner and the play of a card at the root (the first part of :class:`Core`)."""

    def __init__(self, t: Prepared, node_budget: int | None = None) -> None:
        """The core of ``t``'s position, searching at most ``node_budget`` nodes (None: no
        limit; see :meth:`set_budget`)."""
        self.n = t.n
        self.hands = list(t.hands)
        self.trick = list(t.trick)
        self.leader = t.leader
        self.gof = t.group_of
        self.gmask = t.group_mask
        self.trump = t.trump
        self.pts = t.points
        self.second = t.second_beats
        self.maxs = tuple(bool(t.max_seats >> i & 1) for i in range(t.n))
        self.party = t.party
        self.rule, self.flags, self.duty = t.rule, t.flags, t.duty
        self.bonus, self.goal = t.bonus, t.goal
        self.tt_limit = t.tt_limit
        # above[c]: both bits of every card of c's group stronger than c.
        self.above = tuple(self.gmask[self.gof[c]] & ~((1 << (2 * c + 2)) - 1)
                           for c in range(t.n_cards))
        # rank[c]: c's place in its group, counted from the group's weakest card
        self.rank = tuple(c - (((self.gmask[self.gof[c]] & -self.gmask[self.gof[c]])
                                .bit_length() - 1) >> 1) for c in range(t.n_cards))
        self.left = sum(self._set_points(h) for h in self.hands)
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        # structure -> (hands, lower bound, upper bound) of the last position searched
        self.qt: dict[tuple[Any, ...], tuple[tuple[int, ...], int, int]] = {}
        self.nodes = 0
        self.limit = -1   # the node count at which the search stops (-1: never)
        self.set_budget(-1 if node_budget is None else node_budget)
        self._undo: list[tuple[int, int, list[int], int]] = []

    def set_budget(self, budget: int) -> None:
        """Let the following searches take ``budget`` more nodes in all (-1: no limit)."""
        self.limit = -1 if budget < 0 else self.nodes + budget + 1

    def _set_points(self, h: int) -> int:
        total = 0
        pts = self.pts
        while h:
            low = h & -h
            b = low.bit_length() - 1
            total += pts[b >> 1] * (1 if b & 1 == 0 else 2)
            h ^= low
        return total

    def _beats(self, c: int, win: int) -> bool:
        g, gw = self.gof[c], self.gof[win]
        if g == gw:
            return c > win or (c == win and bool(self.second >> (2 * c) & 1))
        return g == self.trump

    def _status(self) -> tuple[int, int, int, int]:
        """The trick's best card and its position, its best card of the led group and its
        best trump (-1: none)."""
        trick, gof, trump = self.trick, self.gof, self.trump
        win = best_led = trick[0]
        wpos = 0
        led = gof[win]
        best_tr = win if led == trump else -1
        for i in range(1, len(trick)):
            c = trick[i]
            g = gof[c]
            if g == led and c > best_led:
                best_led = c
            if g == trump and c > best_tr:
                best_tr = c
            if self._beats(c, win):
                win, wpos = c, i
        return win, wpos, best_led, best_tr

    def _legal_now(self, seat: int) -> tuple[int, int, int]:
        """``seat``'s legal cards now, the trick's best card and its position (-1: no
        trick)."""
        hand = self.hands[seat]
        if not self.trick:
            return hand, -1, -1
        win, wpos, best_led, best_tr = self._status()
        if self.rule == _BINOKEL:
            return self._legal_binokel(seat, hand, wpos, best_led, best_tr), win, wpos
        led = self.gof[self.trick[0]]
        follow = hand & self.gmask[led]
        if follow:
            return follow, win, wpos
        trump = self.trump
        # Follow-group rules (Doppelkopf, Luxus) where the seat cannot follow: a duty to
        # trump only where the rule has one and, under UNTRUMPED, nobody has trumped yet.
        if self.rule == _FOLLOW or trump < 0 or led == trump or self.duty == _NO_DUTY or (
                self.duty == _UNTRUMPED and self.gof[win] == trump):
            return hand, win, wpos
        return hand & self.gmask[trump] or hand, win, wpos

    def _legal_binokel(self, seat: int, hand: int, wpos: int, best_led: int,
                       best_tr: int) -> int:
        """Binokel's duties within a trick: follow (beating the best card of the led group
        where the rules say so, unless the trick is trumped), else trump (overtrump where
        the rules say so); a partner's trick exempts from all but following."""
        gmask, trump = self.gmask, self.trump
        led = self.gof[self.trick[0]]
        follow = hand & gmask[led]
        if self.flags & EXEMPT and \
                self.party[(self.leader + wpos) % self.n] == self.party[seat]:
            return follow or hand
        if follow:
            if best_tr >= 0 and led != trump:
                return follow
            if self.flags & MUST_BEAT or led == trump:
                return follow & self.above[best_led] or follow
            return follow
        trumps = hand & gmask[trump] if trump >= 0 else 0
        if not trumps:
            return hand
        if best_tr < 0:
            return trumps
        higher = trumps & self.above[best_tr]
        if higher:
            return higher if self.flags & OVERTRUMP else trumps
        return trumps if self.flags & TRUMP_LOWER else hand

    def _others(self, seat: int) -> int:
        """The low bit of every card held by another seat or lying in the trick."""
        o = 0
        for s in range(self.n):
            if s != seat:
                o |= self.hands[s]
        for c in self.trick:
            o |= 1 << (2 * c)
        return (o | (o >> 1)) & LOW

    def _close(self) -> tuple[int, bool, int]:
        """The complete trick's result: (value gained, whether the value is final, winner)."""
        _, wpos, _, _ = self._status()
        winner = (self.leader + wpos) % self.n
        last = self.hands[winner] == 0
        won = self.maxs[winner]
        if self.goal == _POINTS:
            if not won:
                return 0, last, winner
            tp = sum(self.pts[x] for x in self.trick)
            return tp + (self.bonus if last else 0), last, winner
        if won != (self.goal == _DURCH):
            return 0, True, winner   # the contract is lost
        return (1, True, winner) if last else (0, False, winner)

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def play(self, c: int) -> tuple[int, bool]:
        """Play ``c`` at the root: (value gained, whether the value is then final). The
        position's value after it is ``gained`` if final, else ``gained`` plus
        :meth:`search`'s value."""
        seat = self.to_move()
        self._undo.append((seat, c, self.trick[:], self.leader))
        self.hands[seat] -= 1 << (2 * c)
        self.left -= self.pts[c]
        self.trick.append(c)
        if len(self.trick) < self.n:
            return 0, False
        gained, final, winner = self._close()
        self.trick.clear()
        self.leader = winner
        return gained, final

    def undo(self) -> None:
        seat, c, trick, leader = self._undo.pop()
        self.hands[seat] += 1 << (2 * c)
        self.left += self.pts[c]
        self.trick = trick
        self.leader = leader

    def is_max(self) -> bool:
        """Whether the player to move maximises."""
        return self.maxs[self.to_move()]


class MoveOrder(CorePosition):
    """Which cards a node searches, one per class of equivalent cards, and in which order
    (the second part of :class:`Core`; the module's docstring, steps 2 and 3)."""

    def _classes(self, seat: int, legal: int) -> tuple[list[list[int]], dict[int, int]]:
        """The legal cards in classes of equivalent cards, weakest class first, each class
        weakest card first; and the run of each card: the runs are the legal cards of one
        group with no card of another seat (or of the trick) between them, and the classes
        split the runs where the points change."""
        others = self._others(seat)
        gof, pts = self.gof, self.pts
        p = (legal | (legal >> 1)) & LOW
        out: list[list[int]] = []
        run_of: dict[int, int] = {}
        run = -1
        prev = -1
        while p:
            low = p & -p
            c = (low.bit_length() - 1) >> 1
            p ^= low
            same_run = prev >= 0 and gof[c] == gof[prev] and not (
                others & ((2 << (2 * c)) - (1 << (2 * prev))))
            if not same_run:
                run += 1
            if same_run and pts[c] == pts[prev]:
                out[-1].append(c)
            else:
                out.append([c])
            run_of[c] = run
            prev = c
        return out, run_of

    def _ordered(self, seat: int, tt_move: int) -> tuple[list[int], dict[int, int]]:
        """The cards to search at this node (one per class), best guess first, and the run
        of each (see :meth:`_classes`)."""
        legal, win, wpos = self._legal_now(seat)
        classes, run_of = self._classes(seat, legal)
        reps = [cls[-1] for cls in classes]
        if len(reps) == 1:
            return reps, run_of
        rank = self.rank
        if self.trick:
            score = self._follow_scores(seat, reps, win, wpos)
            reps.sort(key=lambda c: (score[c], -rank[c], c), reverse=True)
        else:
            score = self._lead_scores(seat, reps, tt_move)
            reps.sort(key=lambda c: (score[c], -rank[c], -c), reverse=True)
        return reps, run_of

    def _lead_scores(self, seat: int, reps: list[int], tt_move: int) -> dict[int, int]:
        """The move-order guess for leading each of ``reps`` (higher: sooner): the table's
        move first; then a plain card nobody can beat or trump (most points first), one the
        other side may trump (fewest first), a losing plain card, a losing trump (fewest
        first), last a trump nobody can beat (saved to draw the others' trumps later)."""
        pts, trump = self.pts, self.trump
        others = self._others(seat)
        score: dict[int, int] = {}
        for c in reps:
            top = not (others & self.above[c]) and not (
                self.second >> (2 * c) & 1 and others >> (2 * c) & 1)
            is_trump = self.gof[c] == trump
            if c == tt_move:
                s = TT_FIRST
            elif not top:
                s = 350 - 16 * pts[c] if is_trump else 500 + 16 * pts[c]
            elif is_trump:
                s = 300 + 16 * pts[c]
            elif trump >= 0 and self._ruffable(seat, c):
                s = 700 - 16 * pts[c]
            else:
                s = 1000 + 16 * pts[c]
            score[c] = s
        return score

    def _follow_scores(self, seat: int, reps: list[int], win: int,
                       wpos: int) -> dict[int, int]:
        """The move-order guess for adding each of ``reps`` to the trick (higher: sooner):
        points onto a trick our side keeps, beating one the other side holds cheaply, and
        where a later seat may still change the trick, by who that is."""
        pts = self.pts
        friendly = self.maxs[(self.leader + wpos) % self.n] == self.maxs[seat]
        # a seat still to play that may take the trick: a partner where the other side
        # holds it, an opponent where this side does
        may_win = self._may_win(seat, win, not friendly)
        partner = not friendly and may_win
        score: dict[int, int] = {}
        for c in reps:
            beat = self._beats(c, win)
            if friendly and may_win:
                s = 2000 + 16 * pts[c] if beat else 1000 - 16 * pts[c]
            elif friendly:
                s = (1000 if not beat else 0) + 16 * pts[c]
            elif partner and self.rule == _FOLLOW:
                s = 2000 - 16 * pts[c] if beat else 1000 + 16 * pts[c]
            elif partner:
                s = (2000 if beat else 1000) + 16 * pts[c]
            else:
                s = (2000 if beat else 1000) - 16 * pts[c]
            score[c] = s
        return score

    def _ruffable(self, seat: int, c: int) -> bool:
        """Whether a seat of the other side could trump the lead of plain card ``c`` now."""
        g, tm = self.gmask[self.gof[c]], self.gmask[self.trump]
        for j in range(1, self.n):
            o = (seat + j) % self.n
            if self.maxs[o] != self.maxs[seat] and not self.hands[o] & g and self.hands[o] & tm:
                return True
        return False

    def _taker(self, seat: int, c: int, win: int, win_side: bool) -> bool | None:
        """The side (True: the maximiser's) that takes the trick in progress if ``seat``
        adds ``c`` (its best card so far ``win``, held by side ``win_side``), when no later
        card can change that: nobody after ``seat`` holds a card that beats the new best one
        (a safe test, legal or not; a later copy of a "second beats" card beats it). Else
        None."""
        b = self._beats(c, win)
        w = c if b else win
        gmask, trump = self.gmask, self.trump
        for j in range(1, self.n - len(self.trick)):
            h = self.hands[(seat + j) % self.n]
            if h & gmask[self.gof[w]] & self.above[w] or (
                    trump >= 0 and self.gof[w] != trump and h & gmask[trump]) or (
                    self.second >> (2 * w) & 1 and h >> (2 * w) & 3):
                return None
        return self.maxs[seat] if b else win_side

    def _may_win(self, seat: int, win: int, partner: bool) -> bool:
        """Whether a seat still to play in this trick, of ``seat``'s side (``partner``) or of
        the other, holds a card above the trick's best one, or could trump it (a guess for
        the move order)."""
        led = self.gof[self.trick[0]]
        gmask, trump = self.gmask, self.trump
        for j in range(1, self.n - len(self.trick)):
            o = (seat + j) % self.n
            if (self.maxs[o] == self.maxs[seat]) != partner:
                continue
            h = self.hands[o]
            if h & gmask[self.gof[win]] & self.above[win] or (
                    trump >= 0 and not h & gmask[led] and h & gmask[trump]
                    and self.gof[win] != trump):
                return True
        return False

    def root_moves(self) -> list[tuple[int, tuple[int, ...]]]:
        """The cards to search at the current position, in search order, each with the
        cards of its class (equal in value)."""
        seat = (self.leader + len(self.trick)) % self.n
        tt_move = -1
        if not self.trick:
            hit = self.tt.get((*self.hands, seat))
            if hit is not None:
                tt_move = hit[2]
        reps, _ = self._ordered(seat, tt_move)
        legal, _, _ = self._legal_now(seat)
        members = {cls[-1]: tuple(cls) for cls in self._classes(seat, legal)[0]}
        return [(c, members[c]) for c in reps]


class Core(MoveOrder):
    """The search state of one position (see the module's docstring): the alpha-beta search,
    its tables and the bounds that answer a window without searching."""

    def search(self, alpha: int, beta: int) -> int:
        """The value of the current position, fail-soft within (``alpha``, ``beta``)."""
        self.nodes += 1
        if self.nodes == self.limit:
            raise BudgetExceeded
        seat = (self.leader + len(self.trick)) % self.n
        if self.trick:
            # Within a trick: no tables (a position is stored where a trick starts).
            return self._moves(seat, alpha, beta, -1)[0]
        return self._lead(seat, alpha, beta)

    def _lead(self, seat: int, alpha: int, beta: int) -> int:
        """The value where ``seat`` leads to a new trick: the cut-offs that need no move
        (bounds of the deal's points, the endgames, the tables), else the moves, and the
        result stored in the tables."""
        hand = self.hands[seat]
        if not hand:
            return 0
        top = self.left + self.bonus if self.goal == _POINTS else 1
        if top <= alpha:
            return top
        if beta <= 0:
            return 0
        if not hand & (hand - 1) and hand & LOW:
            return self._last_trick()
        if _size(hand) == 2:
            return self._two_tricks(alpha, beta)
        key = (*self.hands, seat)
        hit = self.tt.get(key)
        lo, hi, tt_move = (0, BIG, -1) if hit is None else hit
        if hit is not None:
            known = decided(lo, hi, alpha, beta)
            if known is not None:
                return known
            alpha, beta = max(alpha, lo), min(beta, hi)
        if self.goal == _POINTS and self.trump >= 0:
            up = top - self._sure_points(False)
            if up <= alpha:
                return up
            down = self._sure_points(True)
            if down >= beta:
                return down
        skey: tuple[Any, ...] | None = None
        if hit is None:
            # A position of the same structure: its bounds, widened by the points.
            skey = self._structure(seat)
            q = self.qt.get(skey)
            if q is not None:
                dlo, dhi = self._delta(q[0])
                if q[1] - dlo >= beta:
                    return q[1] - dlo
                if q[2] + dhi <= alpha:
                    return q[2] + dhi
        best, best_card = self._moves(seat, alpha, beta, tt_move)
        # The bounds that best proves in the window: a fail-low bounds the value from
        # above, a fail-high from below, the other bound staying as known before.
        if best <= alpha:
            hi = best
        elif best >= beta:
            lo = best
        else:
            lo = hi = best
        self._store(key, skey, seat, best_card, lo, hi)
        return best

    def _store(self, key: tuple[int, ...], skey: tuple[Any, ...] | None, seat: int,
               best_card: int, lo: int, hi: int) -> None:
        """Keep a position's bounds in both tables (each emptied when full: the newest
        positions are the ones the search meets again)."""
        if len(self.tt) >= self.tt_limit and key not in self.tt:
            self.tt.clear()
        self.tt[key] = (lo, hi, best_card)
        if skey is None:
            skey = self._structure(seat)
        if len(self.qt) >= self.tt_limit and skey not in self.qt:
            self.qt.clear()
        self.qt[skey] = (tuple(self.hands), lo, hi)

    def _moves(self, seat: int, alpha: int, beta: int, tt_move: int) -> tuple[int, int]:
        """Alpha-beta over ``seat``'s moves: the best value and the card that gave it."""
        maximizing = self.maxs[seat]
        best = -1 if maximizing else BIG
        best_card = -1
        moves, run_of = self._ordered(seat, tt_move)
        done: list[tuple[int, int]] = []   # (card, a bound of its value on our side)
        twin = -1         # within a trick: its best card so far and the side holding it
        twin_side = False
        if self.trick and len(moves) > 1:
            twin, wpos, _, _ = self._status()
            twin_side = self.maxs[(self.leader + wpos) % self.n]
        for c in moves:
            if done:
                taker = self._taker(seat, c, twin, twin_side) if twin >= 0 else None
                bound = self._run_bound(c, taker, done, run_of, maximizing)
            else:
                bound = BIG if maximizing else -BIG
            if bound <= alpha if maximizing else bound >= beta:
                v = bound
            else:
                a_was, b_was = alpha, beta
                v = self._child(seat, c, alpha, beta, False)
                if v < b_was if maximizing else v > a_was:
                    done.append((c, v))
            if maximizing:
                if v > best:
                    best, best_card = v, c
                    alpha = max(alpha, best)
            elif v < best:
                best, best_card = v, c
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, best_card

    def _run_bound(self, c: int, taker: bool | None, done: list[tuple[int, int]],
                   run_of: dict[int, int], maximizing: bool) -> int:
        """A bound on our side of card ``c``'s value from the cards of its run searched
        already (``done``): the two win and lose the same tricks, so ``c`` is worth the
        other's value give or take the difference of their points. When the card settles
        who takes the trick (``taker``, the same for the whole run), only the card kept
        for later can move points the other way."""
        pts = self.pts
        bound = BIG if maximizing else -BIG
        for x, vx in done:
            if run_of[x] == run_of[c]:
                d = pts[c] - pts[x]
                if taker is None:
                    dlo, dhi = -abs(d), abs(d)
                else:
                    e = d if taker else -d
                    dlo, dhi = min(e, 0), max(e, 0)
                bound = min(bound, vx + dhi) if maximizing else max(bound, vx + dlo)
        return bound

    def _child(self, seat: int, c: int, alpha: int, beta: int, endgame: bool) -> int:
        """The value after ``seat`` plays ``c``: by the search, or in the ``endgame`` (the
        last two tricks) by :meth:`_two_tricks`."""
        b = 1 << (2 * c)
        self.hands[seat] -= b
        self.left -= self.pts[c]
        trick = self.trick
        trick.append(c)
        if len(trick) < self.n:
            v = self._two_tricks(alpha, beta) if endgame else self.search(alpha, beta)
        else:
            v = self._trick_done(alpha, beta, endgame)
        trick.pop()
        self.left += self.pts[c]
        self.hands[seat] += b
        return v

    def _trick_done(self, alpha: int, beta: int, last: bool) -> int:
        """A complete trick's value: what it gains and, unless that is final, the value of
        the rest of the deal with the trick's winner leading: the search in (``alpha``,
        ``beta``), or when ``last`` (one trick left) the last trick. The trick is put back
        afterwards."""
        gained, final, winner = self._close()
        if final:
            return gained
        trick = self.trick
        saved, leader = trick[:], self.leader
        trick.clear()
        self.leader = winner
        rest = self._last_trick() if last else self.search(alpha - gained, beta - gained)
        trick.extend(saved)
        self.leader = leader
        return gained + rest

    def _two_tricks(self, alpha: int, beta: int) -> int:
        """The value in the next to last trick, from its current card on, fail-soft within
        (``alpha``, ``beta``): alpha-beta over the distinct legal cards, weakest first,
        without the tables (every seat holds at most two cards)."""
        seat = (self.leader + len(self.trick)) % self.n
        legal, _, _ = self._legal_now(seat)
        maximizing = self.maxs[seat]
        best = -1 if maximizing else BIG
        trick = self.trick
        for c in _distinct(legal):
            # Play c and value the rest (as _child does, without its points' bookkeeping,
            # which the last two tricks do not read: the hottest loop of the search).
            b = 1 << (2 * c)
            self.hands[seat] -= b
            trick.append(c)
            v = self._two_tricks(alpha, beta) if len(trick) < self.n else \
                self._trick_done(alpha, beta, True)
            trick.pop()
            self.hands[seat] += b
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def _last_trick(self) -> int:
        """Every hand holds one card: play them out."""
        hands = self.hands
        saved = hands[:]
        seat = self.leader
        for _ in range(self.n):
            h = hands[seat]
            self.trick.append((h.bit_length() - 1) >> 1)
            hands[seat] = 0
            seat = (seat + 1) % self.n
        gained, _, _ = self._close()
        self.trick.clear()
        self.hands[:] = saved
        return gained

    def _structure(self, seat: int) -> tuple[Any, ...]:
        """The position's structure: the leader and, card by card from the weakest of each
        group up, its group, whether a later copy beats an earlier one, and how many copies
        each seat holds. Positions of one structure are the same game but for the points of
        the cards (Kupferschmid and Helmert's quasi-symmetry)."""
        hands = self.hands
        every = 0
        for h in hands:
            every |= h
        out: list[tuple[int, int, tuple[int, ...]]] = []
        for c in _distinct(every):
            out.append((self.gof[c], self.second >> (2 * c) & 1,
                        tuple((h >> (2 * c)) & 3 for h in hands)))
        return (seat, tuple(out))

    def _delta(self, other: tuple[int, ...]) -> tuple[int, int]:
        """How the value of a position of the same structure with hands ``other`` bounds the
        current one's: it is at least that value minus the first number and at most it plus
        the second. Matched card by card, a card worth fewer points here can cost the
        maximiser their difference (if he wins it), one worth more can bring it. Durch and
        Untendurch do not count points."""
        if self.goal != _POINTS:
            return 0, 0
        every = theirs = 0
        for h in self.hands:
            every |= h
        for h in other:
            theirs |= h
        lo = hi = 0
        for c, c2 in zip(_distinct(every), _distinct(theirs), strict=True):
            copies = sum((h >> (2 * c)) & 3 for h in self.hands)
            d = self.pts[c] - self.pts[c2]
            if d < 0:
                lo -= d * copies
            else:
                hi += d * copies
        return lo, hi

    def _sure_points(self, max_side: bool) -> int:
        """Points a side surely takes from here on (at the start of a trick): its trumps that
        no card of the other side can beat win their tricks, and each of those tricks (at
        least as many as one seat holds of them) also gets a card from every seat of the
        other side, at worst its cheapest, and from every other seat of the side (a partner)
        one of its cards that are not sure trumps wherever it holds fewer sure trumps than
        that (Kreuzbinokel, 9 tricks: 10% fewer nodes; Doppelkopf, 6 tricks left: 17%)."""
        if self.trump < 0:
            return 0
        tm = self.gmask[self.trump]
        mine = theirs = 0
        for i in range(self.n):
            if self.maxs[i] == max_side:
                mine |= self.hands[i]
            else:
                theirs |= self.hands[i]
        safe = mine & tm
        their_tr = theirs & tm
        if their_tr:
            safe &= self.above[(their_tr.bit_length() - 1) >> 1]
        if not safe:
            return 0
        total = self._set_points(safe)
        counts = {i: _size(self.hands[i] & safe) for i in range(self.n)
                  if self.maxs[i] == max_side}
        top = max(counts, key=lambda i: (counts[i], -i))   # the first seat with the most
        tricks = counts[top]
        low = (safe | (safe >> 1)) & LOW
        unsafe = ~(low | (low << 1))
        for i in range(self.n):
            if i == top:
                continue
            if self.maxs[i] == max_side:
                h = self.hands[i] & unsafe
                need = tricks - counts[i]
            else:
                h = self.hands[i]
                need = tricks
            cheap = sorted((self.pts[c], c) for c in _distinct(h))
            for p, c in cheap:
                if need <= 0:
                    break
                take = min((h >> (2 * c)) & 3, need)
                total += take * p
                need -= take
        return total
