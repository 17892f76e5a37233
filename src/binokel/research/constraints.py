"""Exact sampling of the deals a seat cannot tell from the real one, in the games whose melds
are shown from the hand: Binokel, Kreuzbinokel (everyone's best melds, computed by the engine
from the hand at the start of the play, and the declarer's as well) and Luxusfamilie
(everyone's melds from the dealt hand, before trump). The sampler reads the seat's view only.

Why not propose and replay: in these games a random hand rarely has exactly the melds shown
(one more Ober makes a Vierer, a King and an Ober of one suit a Paar), and the declarer's
hidden push decides which twelve of his sixteen cards melded. Here the constraints are placed
first and counted exactly; only what is not modelled is left to a final check.

**The model** (:func:`model`). Every other seat's *meld hand* (Binokel: the hand when melds
were computed, i.e. after the push; Luxusfamilie: the dealt hand) is the cards it is known to
have held (each card at most as often as it was melded or played, whichever is more) plus
unknown *filler* cards, as many as its size allows. The declarer's push is a slot of its own
(hidden from the others; its cards lay in his sixteen, so a card of the open Dapp that he
neither melded nor played is in his filler or in the push). Before the Dapp is shown it is a
slot too. The constraints on the fillers:

1. hand sizes, and each card's copies left over (two of each, less every known one);
2. *voids*: a card the seat may not hold now because of a card he played (Farbzwang,
   Stichzwang, Trumpfzwang; in Binokel found by asking the engine's ``legal_mask`` for every
   card whether it would have forbidden the card played, in Luxusfamilie the view's voids);
3. *melds*: the melds of Binokel and Luxusfamilie are a function of a few minima of card
   counts (per suit: the family's five ranks, with Luxusfamilie's seven, and King and Ober;
   per rank: the four suits; Schellen-Unter and Blatt-Ober; the trump seven for the Dix). The
   shown melds fix each minimum, and the known cards already reach it; so the melds stay as
   shown exactly when the filler adds no copy that would lift a minimum: for each such group
   the *pattern* "one more of each card of the group than the known cards hold" is forbidden
   in the filler. A pattern of one card is a plain exclusion. A group whose lift would not
   change the melds shown (a Rundgang at a fixed value hides whether four or eight Kings
   made it) forbids nothing; the final check decides those.

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
rejection from a uniform proposal over a superset is uniform over the consistent deals.
``tests/test_sampler.py`` compares the drawn deals with all consistent deals of small
positions, enumerated by replaying every candidate.

Not modelled (:class:`Unsupported`, the caller falls back to proposals): the option
``rufen`` once a card was called (who gave which card is hidden), Zweierbinokel and
Doppelkopf (no melds of this kind), and positions whose slots' room alone would take more
than :data:`CELL_BUDGET` cells to count. Where the patterns would make the count too large
(:data:`MASK_BUDGET`), those open longest are given up and left to the final check.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import NamedTuple

from ..core.cards import ASS
from ..core.cards import BLATT
from ..core.cards import KOENIG
from ..core.cards import OBER
from ..core.cards import SCHELLEN
from ..core.cards import SEVEN
from ..core.cards import SUIT_LETTERS
from ..core.cards import SUIT_MASKS
from ..core.cards import SUITS
from ..core.cards import UNTER
from ..core.cards import ZEHN
from ..core.cards import Card
from ..core.cards import bit
from ..core.cards import card
from ..core.cards import card_token
from ..core.cards import cardset
from ..core.cards import count
from ..core.cards import parse_card
from ..core.state import AnyState
from ..core.state import parse_action
from ..core.trick import beats
from ..core.trick import legal_mask
from ..registry import find_game

SUPPORTED = ("binokel", "kreuzbinokel", "luxusfamilie")
# A DP over more slots than this counts too many states in Python; such positions fall back.
MAX_SLOTS = 7
# The most moves between pattern masks the count may make (each costs an array operation),
# and the most array cells it may hold (arrays over the slots' room, one per kind and mask).
MASK_BUDGET = 4_000
CELL_BUDGET = 4_000_000
_FACT = (1.0, 1.0, 0.5)  # 1 / m! for the copies m of one card in one hand
# The state of the count besides the slots' room: the multi-card patterns still complete so
# far (a bit each), and the partial sums.
Tag = tuple[int, tuple[int, ...]]


class Unsupported(Exception):
    """A view this sampler does not model (the caller falls back to proposals)."""


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


# ---------------------------------------------------------------------- the model of a view
def model(view: Any) -> Problem:
    """The :class:`Problem` of a view (:class:`Unsupported` where not modelled)."""
    game = str(view.game)
    if game in ("binokel", "kreuzbinokel"):
        problem = _binokel(view)
    elif game == "luxusfamilie":
        problem = _luxus(view)
    else:
        raise Unsupported(f"no constraint model for {game}")
    if len(problem.slots) > MAX_SLOTS:
        raise Unsupported(f"{len(problem.slots)} slots are too many to count")
    problem.prepare()
    return problem


class _Seen(NamedTuple):
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


def _seen(view: Any) -> _Seen:
    from .sampler import owners
    game, rules, n = str(view.game), view.rules, int(view.players)
    kinds, total = _kinds(game, rules, n)
    return _Seen(game, rules, n, int(view.player), owners(game, rules, n, int(view.dealer)),
                 kinds, total, _plays(view.history))


def _viewer_problem(game: str, kinds: list[Card], total: Counter[Card], mine: Counter[Card],
                    dealt: int) -> tuple[Problem, Counter[Card]]:
    """A new problem for the viewer's dealt hand ``mine`` (``dealt`` cards), and the cards
    left for the others."""
    if sum(mine.values()) != dealt:
        raise Unsupported("the viewer's dealt hand does not add up")
    left = Counter(total)
    left -= mine
    return Problem(game, kinds, [0] * len(kinds), [], [], []), left


def _kinds(game: str, rules: Any, players: int) -> tuple[list[Card], Counter[Card]]:
    deck = find_game(game).full_deck(rules, players)
    return sorted(set(deck)), Counter(deck)


def _plays(history: Any) -> dict[int, Counter[Card]]:
    out: dict[int, Counter[Card]] = {}
    for who, action in history:
        verb, arg = parse_action(action)
        if verb == "play":
            out.setdefault(int(who), Counter())[parse_card(arg)] += 1
    return out


def _melded(result: Any) -> Counter[Card]:
    shown = result.cards()
    return Counter({c: count(shown, c) for c in range(32) if count(shown, c)})


def patterns(kinds: list[Card], slot: int, known: Counter[Card], shown: Any,
             groups: list[tuple[Card, ...]], melds_of: Any) -> tuple[list[Pattern], bool]:
    """The meld patterns forbidden in ``slot`` (a seat's filler; see the module's
    description), and whether they are all the constraint: True unless a group was left to
    the final check because lifting it would not change the melds shown, or the known cards
    alone do not meld as shown (then nothing is derived)."""
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


def groups(luxus: bool, rules: Any, trump: int) -> list[tuple[Card, ...]]:
    """The card groups whose count minima decide the melds (see the module's description)."""
    family = (ASS, ZEHN, KOENIG, OBER, UNTER)
    out: list[tuple[Card, ...]] = []
    for s in SUITS:
        out.append(tuple(card(s, r) for r in family))
        out.append((card(s, KOENIG), card(s, OBER)))
        if luxus and rules.luxusfamilie:
            out.append(tuple(card(s, r) for r in (*family, SEVEN)))
    ranks = [UNTER, OBER, KOENIG, ASS] + ([ZEHN] if rules.four_tens else [])
    for r in ranks:
        out.append(tuple(card(s, r) for s in SUITS))
    out.append((card(SCHELLEN, UNTER), card(BLATT, OBER)))
    if not luxus and rules.dix and trump >= 0:
        out.append((card(trump, SEVEN),))
    return out


def _add_patterns(problem: Problem, slot: int, found: list[Pattern]) -> None:
    for p in found:
        if len(p.kinds) == 1:
            lim = problem.slots[slot].limit
            lim[p.kinds[0]] = min(lim[p.kinds[0]], p.need[0] - 1)
        else:
            problem.patterns.append(p)


def _binokel_voids(view: Any, kinds: list[Card]) -> dict[int, set[Card]]:
    """Per seat, the cards he cannot hold now: each one that, held along with a card he
    played, would have made that card illegal (the engine's duties, asked card by card)."""
    r = view.rules
    trump = int(view.trump)
    party = {s: i for i, p in enumerate(view.parties) for s in p}
    out: dict[int, set[Card]] = {}
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick_leader, view.trick))
    for leader, cards in tricks:
        seats = view.trick_seats(leader, len(cards))
        led = best_led = best_trump = win_card = win_seat = -1
        for seat, c in zip(seats, cards, strict=True):
            if led >= 0:
                exempt = r.partner_exemption and party.get(win_seat) == party.get(seat)
                for x in kinds:
                    if x == c:
                        continue
                    hand = bit(c) + bit(x)
                    if exempt:
                        m = hand & SUIT_MASKS[led] or hand
                    else:
                        m = legal_mask(hand, led, best_led, best_trump, trump,
                                       r.must_overtrump, r.must_trump_lower)
                    if not count(m, c):
                        out.setdefault(seat, set()).add(x)
            s = c >> 3
            if led < 0:
                led, best_led, win_card, win_seat = s, c, c, seat
                best_trump = c if s == trump else -1
                continue
            if s == led and c > best_led:
                best_led = c
            if s == trump and c > best_trump:
                best_trump = c
            if beats(c, win_card, trump):
                win_card, win_seat = c, seat
    return out


def _binokel(view: Any) -> Problem:
    from ..games.binokel.melds import best_melds
    game, rules, _, v, owner, kinds, total, plays = _seen(view)
    pushed = masked = False
    for _, action in view.history:
        verb, arg = parse_action(action)
        if verb == "discard":
            pushed, masked = True, "?" in arg
        if (verb == "call" and arg.lower() != "none") or verb == "give":
            raise Unsupported("a card was called (rufen): who gave which card is hidden")
    declarer = view.declarer
    dapp = list(view.dapp) if view.dapp is not None else None
    seats_in = sorted({s for s in owner if s >= 0})
    positions = {s: [p for p, o in enumerate(owner) if o == s] for s in seats_in}
    undealt = [p for p, o in enumerate(owner) if o < 0]
    # The viewer's dealt hand: what he holds and played, with his push, less the Dapp.
    mine: Counter[Card] = Counter(view.hand) + plays.get(v, Counter())
    if dapp is not None and declarer == v:
        if view.discard is not None:
            mine += Counter(view.discard)
        mine -= Counter(dapp)
    problem, left = _viewer_problem(game, kinds, total, mine, len(positions.get(v, [])))
    contract = view.contract
    meld_seats: set[int] = set()
    if view.melds is not None and contract == "normal":
        meld_seats = set(seats_in)
    elif view.melds is not None and contract == "abgehen":
        meld_seats = set(seats_in) - {declarer}
    voids = _binokel_voids(view, kinds)
    trump = int(view.trump)
    meld_groups = groups(False, rules, trump)
    # The Dapp: a slot while hidden, fixed once shown (the cards of a hidden push are then
    # in the declarer's filler or push, not apart).
    dapp_apart = dapp is not None and (declarer == v or not (pushed and masked))
    if dapp is None:
        if undealt:
            problem.slots.append(Slot("dapp", len(undealt), [2] * len(kinds)))
            problem.hands.append(Hand(undealt, [0] * len(kinds), [len(problem.slots) - 1]))
    else:
        problem.hands.append(Hand(undealt, [0] * len(kinds), [], fixed=list(dapp)))
        if dapp_apart:
            left -= Counter(dapp)
    mine_hand = [mine[c] for c in kinds]
    if v in positions:
        problem.hands.append(Hand(positions[v], mine_hand, []))
    for s in seats_in:
        if s == v or not positions[s]:
            continue
        played = plays.get(s, Counter())
        shown = view.melds[s] if view.melds is not None else None
        known = Counter(played)
        if shown is not None:
            known |= _melded(shown)
        if view.open_hand is not None and s == declarer:
            known = Counter(view.open_hand) + played
        # The pusher melded as many cards as he was dealt (sixteen held, as many pushed as
        # the Dapp brought); a declarer who has not pushed holds the Dapp apart.
        is_pusher = s == declarer and pushed and masked
        cap = len(positions[s]) - sum(known.values())
        if cap < 0:
            raise Unsupported(f"seat {s} is known to hold more than his hand")
        limit = [0 if kinds[k] in voids.get(s, ()) else 2 - known[c]
                 for k, c in enumerate(kinds)]
        problem.slots.append(Slot(f"filler {s}", cap, limit))
        f = len(problem.slots) - 1
        base = [known[c] for c in kinds]
        slots = [f]
        if is_pusher:
            assert dapp is not None
            problem.slots.append(Slot("push", len(dapp), [2] * len(kinds)))
            problem.push_slot, problem.push_seat = len(problem.slots) - 1, s
            slots.append(problem.push_slot)
            taken = Counter(dapp)
            base = [known[c] - taken[c] for c in kinds]
            for k, c in enumerate(kinds):
                if taken[c] > known[c]:
                    problem.least.append((k, (f, problem.push_slot), taken[c] - known[c]))
        problem.hands.append(Hand(positions[s], base, slots))
        left -= known
        if s in meld_seats and shown is not None:
            def melds_of(hand: int, trump: int = trump) -> Any:
                return best_melds(hand, trump, rules)
            pats, _ = patterns(kinds, f, known, shown, meld_groups, melds_of)
            _add_patterns(problem, f, pats)
            problem.checks.append((f, [known[c] for c in kinds],
                                   lambda hand, shown=shown, fn=melds_of: fn(hand) == shown))
    if any(m < 0 for m in left.values()):
        raise Unsupported("more copies known than the deck has")
    problem.pool = [left[c] for c in kinds]
    if view.result is not None and problem.push_slot >= 0:
        # The result counts the push among the declarer's card points: their sum is shown.
        d = problem.push_seat
        shown_points = view.result.trick_points[d] - view.trick_points[d]
        problem.sums.append((problem.push_slot, [rules.points[c & 7] for c in kinds],
                             shown_points))
    return problem


def _luxus(view: Any) -> Problem:
    from ..games.luxusfamilie.melds import luxus_melds
    game, rules, n, v, owner, kinds, total, plays = _seen(view)
    positions = {s: [p for p, o in enumerate(owner) if o == s] for s in range(n)}
    aside = [p for p, o in enumerate(owner) if o < 0]
    mine: Counter[Card] = Counter(view.hand) + plays.get(v, Counter())
    problem, left = _viewer_problem(game, kinds, total, mine, len(positions[v]))
    problem.hands.append(Hand(positions[v], [mine[c] for c in kinds], []))
    hand_of = {v: 0}
    trump = int(view.trump)
    meld_trump = trump if rules.trump_melds and trump >= 0 else -1
    meld_groups = groups(True, rules, meld_trump)

    def melds_of(hand: int) -> Any:
        return luxus_melds(hand, meld_trump, rules)
    if aside and view.result is not None:
        # Turned up after the deal.
        shown_aside = Counter(view.result.leftover)
        problem.hands.append(Hand(aside, [shown_aside[c] for c in kinds], []))
        left -= shown_aside
    elif aside:
        problem.slots.append(Slot("aside", len(aside), [2] * len(kinds)))
        problem.hands.append(Hand(aside, [0] * len(kinds), [len(problem.slots) - 1]))
    for s in range(n):
        if s == v:
            continue
        played = plays.get(s, Counter())
        shown = view.melds[s]
        known = Counter(played) | _melded(shown)
        cap = len(positions[s]) - sum(known.values())
        if cap < 0:
            raise Unsupported(f"seat {s} is known to hold more than his hand")
        void_suits = {SUIT_LETTERS.index(ch) for ch in view.voids[s]}
        limit = [0 if c >> 3 in void_suits else 2 - known[c] for c in kinds]
        problem.slots.append(Slot(f"filler {s}", cap, limit))
        f = len(problem.slots) - 1
        hand_of[s] = len(problem.hands)
        problem.hands.append(Hand(positions[s], [known[c] for c in kinds], [f]))
        left -= known
        pats, _ = patterns(kinds, f, known, shown, meld_groups, melds_of)
        _add_patterns(problem, f, pats)
        problem.checks.append((f, [known[c] for c in kinds],
                               lambda hand, shown=shown: melds_of(hand) == shown))
    if any(m < 0 for m in left.values()):
        raise Unsupported("more copies known than the deck has")
    problem.pool = [left[c] for c in kinds]
    # Who names trump: the best plain meld total, ties broken by the counts of sevens,
    # Unter, ... (public: the trump maker and the criterion that decided); left to this
    # check, which is cheap, rather than counted.
    from ..games.luxusfamilie.trump import trump_maker
    maker = (int(view.trump_maker), str(view.trump_reason))
    dealer = int(view.dealer)

    def names_trump(sets: list[int]) -> bool:
        totals = [luxus_melds(h, -1, rules).total for h in sets]
        return trump_maker(totals, sets, dealer) == maker
    problem.joint.append(([hand_of[s] for s in range(n)], names_trump))
    return problem


# ---------------------------------------------------------------------- worlds
def world(problem: Problem, view: Any, assignment: list[tuple[int, ...]],
          rng: random.Random) -> AnyState | None:
    """The deal of an assignment, replayed as the view saw it (the push as drawn); None if
    a replayed action is illegal there."""
    from ..core.errors import IllegalAction
    spec = find_game(problem.game)
    deal = spec.new_deal(view.rules, int(view.dealer),
                         deck_order=problem.deck(assignment, rng), players=int(view.players))
    push = None
    if problem.push_slot >= 0:
        cards = sorted(problem.slot_cards(assignment, problem.push_slot))
        push = "discard " + " ".join(card_token(c) for c in cards)
    try:
        for who, action in view.history:
            if push is not None and who == problem.push_seat and action.startswith("discard"):
                deal.apply(push)
            else:
                deal.apply(action)
    except IllegalAction:
        return None
    return deal


__all__ = ["CELL_BUDGET", "MASK_BUDGET", "MAX_SLOTS", "SUPPORTED", "Pattern", "Problem",
           "Unsupported", "groups", "model", "patterns", "world"]
