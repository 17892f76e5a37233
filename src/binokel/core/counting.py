"""Exact uniform sampling of the deals a seat cannot tell from the real one, by counting: the
game-independent part of the samplers of the games whose melds are shown from the hand
(Binokel and Kreuzbinokel in ``games/binokel/worlds.py``, Luxusfamilie in
``games/luxusfamilie/worlds.py``), which state their constraints as a :class:`Problem`.

Why not propose and replay: in these games a random hand rarely has exactly the melds shown
(one more Ober makes a Vierer, a King and an Ober of one suit a Paar), and the declarer's
hidden push decides which twelve of his sixteen cards melded. Here the constraints are placed
first and counted exactly; only what is not modelled is left to a final check.

**The model** (a game's ``model(view)``). Every other seat's *meld hand* (Binokel: the hand
when melds were computed, i.e. after the push; Luxusfamilie: the dealt hand) is the cards it
is known to have held (each card at most as often as it was melded or played, whichever is
more) plus unknown *filler* cards, as many as its size allows (a :class:`Slot`). The
declarer's push is a slot of its own (hidden from the others; its cards lay in his sixteen,
so a card of the open Dapp that he neither melded nor played is in his filler or in the
push). Before the Dapp is shown it is a slot too. The constraints on the fillers:

1. hand sizes, and each card's copies left over (two of each, less every known one);
2. *voids*: a card the seat may not hold now because of a card he played (the game's own
   reading of its duties: Farbzwang, Stichzwang, Trumpfzwang), a slot's limit of 0;
3. *melds*: the melds of these games are a function of a few minima of card counts (per
   suit: the family's ranks, and King and Ober; per rank: the four suits; Schellen-Unter
   and Blatt-Ober; the trump seven for the Dix). The shown melds fix each minimum, and the
   known cards already reach it; so the melds stay as shown exactly when the filler adds no
   copy that would lift a minimum: for each such group the *pattern* "one more of each card
   of the group than the known cards hold" is forbidden in the filler (:func:`patterns`). A
   pattern of one card is a plain exclusion. A group whose lift would not change the melds
   shown (a Rundgang at a fixed value hides whether four or eight Kings made it) forbids
   nothing; the final check decides those.

**The distribution.** Every deck order, together with the hidden actions (the push), that
replays to exactly the seat's view is equally likely: the real deal is a uniform shuffle and
the push is not modelled as anyone's policy. A filler assignment of per-slot card counts
stands for ``prod(n_h! / prod_c m_hc!)`` deck orders (per hand ``h`` of the deal, ``m_hc`` the
copies of card ``c`` dealt to it) and one push; :class:`Problem` counts the weighted
assignments that meet constraints 1-3 by dynamic programming over the card kinds (the state:
every slot's remaining room and which multi-card patterns are still complete so far), then
draws one backwards with probabilities proportional to its weight, and the cards of each
hand are put into its deck positions in a uniformly random order. This is exactly uniform
over the deck orders that meet constraints 1-3, a superset of the consistent ones. The
world is then replayed (the push as drawn) and kept only if the seat's view is exactly the
same (the Luxusfamilie trump maker's tie-break, an open Durch's cards, anything not modelled);
rejection from a uniform proposal over a superset is uniform over the consistent deals
(:class:`ExactSampler`). ``tests/test_sampler.py`` compares the drawn deals with all
consistent deals of small positions, enumerated by replaying every candidate.

Not modelled (:class:`Unsupported`, :class:`ExactSampler` falls back to proposals): what a
game's model leaves out (Binokel's ``rufen`` once a card was called: who gave which card is
hidden), and positions whose slots' room alone would take more than :data:`CELL_BUDGET`
cells to count. Where the patterns would make the count too large (:data:`MASK_BUDGET`),
those open longest are given up and left to the final check. The count needs numpy.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import NamedTuple

from .cards import Card
from .cards import bit
from .cards import card_token
from .cards import cardset
from .cards import count
from .cards import parse_card
from .errors import IllegalAction
from .sampling import STATS
from .sampling import TRIES
from .sampling import ReplaySampler
from .sampling import counted
from .sampling import owners
from .sampling import view_key
from .spec import GameSpec
from .state import AnyState
from .state import parse_action
from .worlds import NoWorldFound
from .worlds import Sampling
from .worlds import World

# A DP over more slots than this counts too many states in Python; such positions fall back.
MAX_SLOTS = 7
# The most moves between pattern masks the count may make (each costs an array operation),
# and the most array cells it may hold (arrays over the slots' room, one per kind and mask).
MASK_BUDGET = 4_000
CELL_BUDGET = 4_000_000
# Replayed draws per world before the exact sampler gives a view up (the final check refused
# them all), and the counted models kept (of the last few views).
EXACT_TRIES = 50
MODELS_KEPT = 4
_FACT = (1.0, 1.0, 0.5)  # 1 / m! for the copies m of one card in one hand
# The state of the count besides the slots' room: the multi-card patterns still complete so
# far (a bit each), and the partial sums.
Tag = tuple[int, tuple[int, ...]]


class Unsupported(Exception):
    """A view a game's constraint model does not model (the caller falls back to
    proposals)."""


@dataclass
class Slot:
    """Unknown cards of one holder: a seat's filler, the push, the hidden Dapp."""

    name: str
    cap: int
    limit: list[int]        # per card kind: the most copies it may take


@dataclass
class Hand:
    """The deck positions of one hand (or of the Dapp, the set-aside cards) and what they
    hold: ``base`` (per card kind, known copies; the declarer's hand counts the Dapp he took
    up as -1 each) plus the cards of ``slots``; ``fixed``: the positions' cards in deck order
    where the seat saw them (the open Dapp)."""

    positions: list[int]
    base: list[int]
    slots: list[int]
    fixed: list[Card] | None = None


@dataclass
class Pattern:
    """Forbidden: ``slot`` takes at least ``need[i]`` copies of every kind ``kinds[i]``."""

    slot: int
    kinds: tuple[int, ...]
    need: tuple[int, ...]


@dataclass
class Problem:
    """What a view leaves open, as counts per card kind: see the module's description."""

    game: str
    kinds: list[Card]
    pool: list[int]
    slots: list[Slot]
    hands: list[Hand]
    patterns: list[Pattern]
    # (kind, slots, least): those slots together take at least ``least`` copies of the kind.
    least: list[tuple[int, tuple[int, ...], int]] = field(default_factory=list)
    push_slot: int = -1     # the declarer's push, a hidden action to replay
    push_seat: int = -1
    checks: list[tuple[int, list[int], Any]] = field(default_factory=list)
    # Over every hand at once: (hand indices, test of their card sets), e.g. who names trump.
    joint: list[tuple[list[int], Any]] = field(default_factory=list)
    _options: list[list[tuple[tuple[int, ...], float]]] = field(default_factory=list)
    _touch: list[list[tuple[int, int, bool, bool, int]]] = field(default_factory=list)
    # Sums that must come out exactly: (slot, points per kind, total), e.g. the card points
    # of the declarer's push once the result shows them.
    sums: list[tuple[int, list[int], int]] = field(default_factory=list)
    _moves: list[dict[Tag, list[tuple[int, Tag]]]] = field(default_factory=list)
    _z: list[dict[Tag, Any]] = field(default_factory=list)
    dropped: list[Pattern] = field(default_factory=list)  # given up for the budget

    # ------------------------------------------------------------------ counting
    def prepare(self) -> None:
        """Count: the options per card kind, the patterns' masks reachable after each kind,
        and per kind and mask the weighted number of ways to place the remaining kinds, as
        an array over the slots' remaining room (the last slot's is implied by the cards
        left, so the array has one dimension less)."""
        import numpy as np
        n = len(self.kinds)
        if sum(s.cap for s in self.slots) != sum(self.pool):
            raise Unsupported("the slots do not hold the unknown cards")
        least: dict[int, list[tuple[tuple[int, ...], int]]] = {}
        for k, slots, m in self.least:
            least.setdefault(k, []).append((slots, m))
        self._options = [self._kind_options(k, least.get(k, [])) for k in range(n)]
        self._drop_hopeless_patterns()
        # Forward: the masks reachable before each kind, and the moves between them. Where
        # these grow beyond the budget, the pattern that stays open longest is given up:
        # the drawn worlds then meet fewer constraints and the final check rejects more,
        # but the draw stays exact.
        while True:
            reached = self._reach()
            if reached is not None:
                break
            if not self.patterns:
                raise Unsupported("too many slots to count")
            longest = max(range(len(self.patterns)),
                          key=lambda p: (self.patterns[p].kinds[-1] - self.patterns[p].kinds[0],
                                         len(self.patterns[p].kinds)))
            self.dropped.append(self.patterns.pop(longest))
        self._moves, reach = reached
        # Backward: the counts, over the room left in every slot but the last.
        caps = [s.cap for s in self.slots] or [0]
        shape = tuple(c + 1 for c in caps[:-1])
        left = [sum(self.pool[k:]) for k in range(n + 1)]
        room = np.zeros(shape, dtype=np.int64)
        for axis, c in enumerate(caps[:-1]):
            idx = [1] * len(shape)
            idx[axis] = c + 1
            room = room + np.arange(c + 1).reshape(idx)
        end = np.zeros(shape)
        end[(0,) * len(shape)] = 1.0
        self._z = [{} for _ in range(n + 1)]
        self._z[n] = dict.fromkeys(reach[n], end)
        for k in range(n - 1, -1, -1):
            valid = ((left[k] - room >= 0) & (left[k] - room <= caps[-1])).astype(float)
            layer: dict[Tag, Any] = {}
            for tag, moves in self._moves[k].items():
                z = np.zeros(shape)
                for i, nt in moves:
                    x, w = self._options[k][i]
                    src = self._z[k + 1].get(nt)
                    if src is None or any(d > c for c, d in zip(caps, x, strict=False)):
                        continue
                    dst_idx = tuple(slice(d, None) for d in x[:-1])
                    src_idx = tuple(slice(0, c + 1 - d)
                                    for c, d in zip(caps[:-1], x[:-1], strict=False))
                    z[dst_idx] += w * src[src_idx]
                layer[tag] = z * valid
            self._z[k] = layer

    def _reach(self) -> tuple[list[dict[Tag, list[tuple[int, Tag]]]], list[set[Tag]]] | None:
        """The tags (pattern masks, partial sums) reachable before each kind and the moves
        from each; None if more than :data:`MASK_BUDGET` moves or :data:`CELL_BUDGET`
        cells."""
        n = len(self.kinds)
        self._touch = [[] for _ in range(n)]
        for p, pat in enumerate(self.patterns):
            for i, (k, need) in enumerate(zip(pat.kinds, pat.need, strict=True)):
                self._touch[k].append((p, need, i == 0, i == len(pat.kinds) - 1, pat.slot))
        reach: list[set[Tag]] = [{self._start()}]
        all_moves: list[dict[Tag, list[tuple[int, Tag]]]] = []
        budget = MASK_BUDGET
        cells = 1
        for slot in self.slots[:-1]:
            cells *= slot.cap + 1
        arrays = 1
        for k in range(n):
            layer_moves: dict[Tag, list[tuple[int, Tag]]] = {}
            after: set[Tag] = set()
            for tag in reach[k]:
                out = []
                for i, (x, _) in enumerate(self._options[k]):
                    nt = self._next_tag(k, tag, x)
                    if nt is not None:
                        out.append((i, nt))
                        after.add(nt)
                budget -= len(out)
                if budget < 0:
                    return None
                layer_moves[tag] = out
            all_moves.append(layer_moves)
            reach.append(after)
            arrays += len(after)
            if arrays * cells > CELL_BUDGET:
                return None
        return all_moves, reach

    def _drop_hopeless_patterns(self) -> None:
        """Patterns that no option can complete (too few copies, or excluded) forbid nothing."""
        keep = []
        for p in self.patterns:
            if all(any(x[p.slot] >= need for x, _ in self._options[k])
                   for k, need in zip(p.kinds, p.need, strict=True)):
                keep.append(p)
        self.patterns = keep

    def _kind_options(self, k: int, least: list[tuple[tuple[int, ...], int]]
                      ) -> list[tuple[tuple[int, ...], float]]:
        u = self.pool[k]
        j = len(self.slots)
        vectors: list[tuple[int, ...]] = []
        if u == 0:
            vectors = [(0,) * j]
        elif u == 1:
            vectors = [tuple(int(i == a) for i in range(j)) for a in range(j)]
        elif u == 2:
            vectors = [tuple(int(i == a) + int(i == b) for i in range(j))
                       for a in range(j) for b in range(a, j)]
        out = []
        for x in vectors:
            if any(x[i] > self.slots[i].limit[k] for i in range(j)):
                continue
            if any(sum(x[i] for i in slots) < m for slots, m in least):
                continue
            w = 1.0
            for h in self.hands:
                m = h.base[k] + sum(x[i] for i in h.slots)
                if m < 0 or m > 2:
                    w = 0.0
                    break
                w *= _FACT[m]
            if w > 0:
                out.append((x, w))
        return out

    def _start(self) -> Tag:
        return 0, (0,) * len(self.sums)

    def _next_tag(self, k: int, tag: Tag, x: tuple[int, ...]) -> Tag | None:
        mask, sums = tag
        if self.sums:
            new = []
            final = k == len(self.kinds) - 1
            for (slot, points, target), s in zip(self.sums, sums, strict=True):
                s += points[k] * x[slot]
                if s > target or (final and s != target):
                    return None
                new.append(s)
            sums = tuple(new)
        for p, need, first, last, slot in self._touch[k]:
            if not (first or (mask >> p) & 1):
                continue  # dead already: can no longer be complete
            if x[slot] >= need:
                if last:
                    return None  # complete: the melds would not be those shown
                mask |= 1 << p
            else:
                mask &= ~(1 << p)
        return mask, sums

    def _count(self, k: int, tag: Tag, caps: tuple[int, ...]) -> float:
        z = self._z[k].get(tag)
        if z is None or (caps and min(caps) < 0):
            return 0.0
        return float(z[caps[:-1]])

    def total(self) -> float:
        """The weighted number of assignments that meet the constraints."""
        return self._count(0, self._start(), tuple(s.cap for s in self.slots))

    def draw(self, rng: random.Random) -> list[tuple[int, ...]]:
        """One assignment (per kind, the copies per slot), drawn by its weight."""
        caps = tuple(s.cap for s in self.slots)
        tag = self._start()
        if self.total() <= 0:
            raise Unsupported("no assignment meets the constraints")
        out = []
        for k in range(len(self.kinds)):
            choices: list[tuple[float, tuple[int, ...], Tag]] = []
            for i, nt in self._moves[k][tag]:
                x, w = self._options[k][i]
                rest = tuple(c - d for c, d in zip(caps, x, strict=True))
                z = w * self._count(k + 1, nt, rest)
                if z > 0:
                    choices.append((z, x, nt))
            r = rng.random() * sum(c[0] for c in choices)
            pick = choices[-1]
            for choice in choices:
                r -= choice[0]
                if r < 0:
                    pick = choice
                    break
            out.append(pick[1])
            caps = tuple(c - d for c, d in zip(caps, pick[1], strict=True))
            tag = pick[2]
        return out

    # ------------------------------------------------------------------ worlds
    def deck(self, assignment: list[tuple[int, ...]], rng: random.Random) -> list[Card]:
        """The deck order of an assignment: each hand's cards in a random order."""
        positions = sum(len(h.positions) for h in self.hands)
        deck: list[Card | None] = [None] * positions
        for h in self.hands:
            if h.fixed is not None:
                for p, c in zip(h.positions, h.fixed, strict=True):
                    deck[p] = c
                continue
            cards = []
            for k, c in enumerate(self.kinds):
                m = h.base[k] + sum(assignment[k][i] for i in h.slots)
                cards.extend([c] * m)
            rng.shuffle(cards)
            for p, c in zip(h.positions, cards, strict=True):
                deck[p] = c
        return [c for c in deck if c is not None]

    def slot_cards(self, assignment: list[tuple[int, ...]], slot: int) -> list[Card]:
        return [c for k, c in enumerate(self.kinds) for _ in range(assignment[k][slot])]

    def meets_checks(self, assignment: list[tuple[int, ...]]) -> bool:
        """The shown melds, recomputed from the drawn meld hands, and the joint checks (cheap,
        before a replay)."""
        for k_slot, base, fn in self.checks:
            hand = 0
            for k, c in enumerate(self.kinds):
                m = base[k] + assignment[k][k_slot]
                if m:
                    hand += m * bit(c)
            if not fn(hand):
                return False
        for which, test in self.joint:
            sets = []
            for i in which:
                h = self.hands[i]
                s = 0
                for k, c in enumerate(self.kinds):
                    m = h.base[k] + sum(assignment[k][j] for j in h.slots)
                    if m:
                        s += m * bit(c)
                sets.append(s)
            if not test(sets):
                return False
        return True


class Seen(NamedTuple):
    """What every model starts from: the game, its rules, the seats, the viewer, the seat
    dealt each deal position (-1: aside), the card kinds with the deck's counts, and the
    cards each seat has played."""

    game: str
    rules: Any
    n: int
    v: int
    owner: tuple[int, ...]
    kinds: list[Card]
    total: Counter[Card]
    plays: dict[int, Counter[Card]]


def seen(spec: GameSpec, view: Any) -> Seen:
    """What a model of ``view`` starts from (see :class:`Seen`)."""
    rules, n = view.rules, int(view.players)
    deck = spec.full_deck(rules, n)
    return Seen(spec.name, rules, n, int(view.player), owners(spec, rules, n, int(view.dealer)),
                sorted(set(deck)), Counter(deck), plays(view.history))


def viewer_problem(game: str, kinds: list[Card], total: Counter[Card], mine: Counter[Card],
                   dealt: int) -> tuple[Problem, Counter[Card]]:
    """A new problem for the viewer's dealt hand ``mine`` (``dealt`` cards), and the cards
    left for the others."""
    if sum(mine.values()) != dealt:
        raise Unsupported("the viewer's dealt hand does not add up")
    left = Counter(total)
    left -= mine
    return Problem(game, kinds, [0] * len(kinds), [], [], []), left


def plays(history: Any) -> dict[int, Counter[Card]]:
    """The cards each seat has played."""
    out: dict[int, Counter[Card]] = {}
    for who, action in history:
        verb, arg = parse_action(action)
        if verb == "play":
            out.setdefault(int(who), Counter())[parse_card(arg)] += 1
    return out


def melded(result: Any) -> Counter[Card]:
    """The cards of a meld result (anything with ``cards()``, a card set)."""
    shown = result.cards()
    return Counter({c: count(shown, c) for c in range(32) if count(shown, c)})


def patterns(kinds: list[Card], slot: int, known: Counter[Card], shown: Any,
             groups: list[tuple[Card, ...]], melds_of: Any) -> tuple[list[Pattern], bool]:
    """The meld patterns forbidden in ``slot`` (a seat's filler; see the module's
    description), and whether they are all the constraint: True unless a group was left to
    the final check because lifting it would not change the melds shown, or the known cards
    alone do not meld as shown (then nothing is derived). ``groups``: the card groups whose
    count minima decide the game's melds; ``melds_of``: a card set's melds."""
    index = {c: k for k, c in enumerate(kinds)}
    known_set = cardset(c for c, m in known.items() for _ in range(m))
    if melds_of(known_set) != shown:
        return [], False
    out = []
    complete = True
    for group in groups:
        if any(c not in index for c in group):
            continue
        low = min(known[c] for c in group)
        if low >= 2:
            continue
        need = {c: low + 1 - known[c] for c in group if known[c] < low + 1}
        lifted = known_set + sum(m * bit(c) for c, m in need.items())
        if melds_of(lifted) == shown:
            complete = False
            continue  # the melds shown do not tell this group's minimum
        order = sorted(need, key=index.__getitem__)
        out.append(Pattern(slot, tuple(index[c] for c in order), tuple(need[c] for c in order)))
    return out, complete


def add_patterns(problem: Problem, slot: int, found: list[Pattern]) -> None:
    """Forbid ``found`` in ``slot``: a pattern of one card as the slot's limit."""
    for p in found:
        if len(p.kinds) == 1:
            lim = problem.slots[slot].limit
            lim[p.kinds[0]] = min(lim[p.kinds[0]], p.need[0] - 1)
        else:
            problem.patterns.append(p)


def meld_exactly(problem: Problem, slot: int, known: Counter[Card], shown: Any,
                 groups: list[tuple[Card, ...]], melds_of: Callable[[int], Any]) -> None:
    """The hand of ``known`` cards and ``slot``'s filler melds exactly ``shown``: the
    patterns that would lift a meld are forbidden in the slot, and the melds are checked on
    each draw (see the module's description)."""
    pats, _ = patterns(problem.kinds, slot, known, shown, groups, melds_of)
    add_patterns(problem, slot, pats)
    problem.checks.append((slot, [known[c] for c in problem.kinds],
                           lambda hand: bool(melds_of(hand) == shown)))


def fill_pool(problem: Problem, left: Counter[Card]) -> None:
    """The cards left for the slots, per kind (:class:`Unsupported` if the known cards take
    more copies than the deck has)."""
    if any(m < 0 for m in left.values()):
        raise Unsupported("more copies known than the deck has")
    problem.pool = [left[c] for c in problem.kinds]


def prepared(problem: Problem) -> Problem:
    """``problem`` counted (:meth:`Problem.prepare`); :class:`Unsupported` where it has too
    many slots or no assignment meets its constraints."""
    if len(problem.slots) > MAX_SLOTS:
        raise Unsupported(f"{len(problem.slots)} slots are too many to count")
    problem.prepare()
    if problem.total() <= 0:
        raise Unsupported("no assignment meets the constraints")
    return problem


# ---------------------------------------------------------------------- worlds
def deal(problem: Problem, spec: GameSpec, view: Any, assignment: list[tuple[int, ...]],
         rng: random.Random) -> AnyState | None:
    """The deal of an assignment, replayed as the view saw it (the push as drawn); None if
    a replayed action is illegal there."""
    state = spec.new_deal(view.rules, int(view.dealer),
                          deck_order=problem.deck(assignment, rng), players=int(view.players))
    push = None
    if problem.push_slot >= 0:
        cards = sorted(problem.slot_cards(assignment, problem.push_slot))
        push = "discard " + " ".join(card_token(c) for c in cards)
    try:
        for who, action in view.history:
            if push is not None and who == problem.push_seat and action.startswith("discard"):
                state.apply(push)
            else:
                state.apply(action)
    except IllegalAction:
        return None
    return state


class ExactSampler:
    """Worlds drawn exactly uniformly through a game's constraint model (``model``: a view
    -> its :class:`Problem`, :class:`Unsupported` where not modelled), and by the generic
    proposals (:class:`~binokel.core.sampling.ReplaySampler`) for the views it does not
    model; a :class:`~binokel.core.worlds.WorldSampler` (``READ`` is ``UNIFORM`` here: it
    knows no model of a player).

    The counts of the last few views are kept (IS-MCTS and a PIMC player draw many worlds
    of one view), so further worlds of a view are cheap; the cache is shared by threads.
    """

    def __init__(self, spec: GameSpec, model: Callable[[Any], Problem],
                 kept: int = MODELS_KEPT, tries: int = EXACT_TRIES,
                 fallback_tries: int = TRIES) -> None:
        self.spec = spec
        self.model = model
        self.kept = kept
        self.tries = tries
        self.fallback_tries = fallback_tries
        self._models: OrderedDict[str, Problem | None] = OrderedDict()
        self._lock = threading.Lock()

    def forget(self) -> None:
        """Drop the counts of earlier views."""
        with self._lock:
            self._models.clear()

    def problem(self, view: Any, target: str | None = None) -> Problem | None:
        """The counted model of ``view`` (``target``: its :func:`view_key`), None where it
        is not modelled."""
        if target is None:
            target = view_key(view)
        with self._lock:
            if target in self._models:
                self._models.move_to_end(target)
                return self._models[target]
        try:
            problem: Problem | None = prepared(self.model(view))
        except Unsupported:
            STATS["unsupported"] += 1
            problem = None
        with self._lock:
            self._models[target] = problem
            while len(self._models) > self.kept:
                self._models.popitem(last=False)
        return problem

    def exact(self, view: Any, rng: random.Random, target: str | None = None
              ) -> AnyState | None:
        """A world drawn exactly for ``view``: None where the view is not modelled or the
        final check (the replayed world's view is ``view``) refused ``tries`` replayed draws
        or 40 times as many draws in all."""
        if target is None:
            target = view_key(view)
        problem = self.problem(view, target)
        if problem is None:
            return None
        seat = int(view.player)
        # A draw refused by the cheap checks (melds, who names trump) costs little; a replay
        # more: up to ``tries`` replays and 40 times as many draws.
        replays = 0
        for _ in range(40 * self.tries):
            assignment = problem.draw(rng)
            if problem.meets_checks(assignment):
                replays += 1
                world = deal(problem, self.spec, view, assignment, rng)
                if world is not None and view_key(world.view(seat)) == target:
                    STATS["exact"] += 1
                    return world
                if replays >= self.tries:
                    break
            STATS["exact_rejected"] += 1
        return None

    def one(self, view: Any, rng: random.Random, target: str | None = None) -> AnyState:
        """One world of ``view``: exact where modelled, else by proposals
        (:class:`NoWorldFound` if they find none)."""
        if target is None:
            target = view_key(view)
        found = self.exact(view, rng, target)
        if found is not None:
            return found
        return ReplaySampler(self.spec).one(view, rng, target)

    def sample(self, view: Any, rng: random.Random, n: int,
               sampling: Sampling = Sampling.READ) -> list[World[AnyState]]:
        """Exact worlds while the exact draw succeeds; once it gives up on the view (the
        final check refuses nearly every draw), proposals for the rest, and once those find
        none, the worlds found so far (:class:`NoWorldFound` if none): the work per call
        is bounded by about ``40 * tries`` draws and the proposals' tries."""
        target = view_key(view)
        states: list[AnyState] = []
        exact = True
        for _ in range(n):
            world = self.exact(view, rng, target) if exact else None
            if world is None:
                exact = False
                try:
                    world = ReplaySampler(self.spec, self.fallback_tries).one(view, rng, target)
                except NoWorldFound:
                    if states:
                        break
                    raise
            states.append(world)
        return counted(states)


__all__ = ["CELL_BUDGET", "EXACT_TRIES", "MASK_BUDGET", "MAX_SLOTS", "ExactSampler", "Hand",
           "Pattern", "Problem", "Seen", "Slot", "Unsupported", "add_patterns", "deal",
           "fill_pool", "meld_exactly", "melded", "patterns", "plays", "prepared", "seen",
           "viewer_problem"]
