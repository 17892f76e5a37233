"""Doppelkopf's world sampler (:class:`DokoWorlds`, the game's one
:class:`~binokel.core.worlds.WorldSampler`): whole deals one seat cannot tell from the real
one, for the strong player, the hints and the analysis.

A *world* is a :class:`~.state.DokoState` at the view's point: the hidden cards dealt to the
other hands, the public history replayed on that deal, so that the engine checks every rule
(a seat that announced Re holds a Kreuz-Dame, the Hochzeit player both, a ``pass`` needs a
later reservation, the Armut's trumps, the Genscher's Karo-Könige), and the world is kept only
if its view for the seat is exactly the given view.

**What the view pins down** is placed before dealing, so that few deals are rejected: the
voids each seat showed (it followed another group), the Kreuz-Damen of every seat whose party
is known (from a played Kreuz-Dame, an announcement, the inference of the view), the
Hochzeit's Kreuz-Damen, the Schweinchen and Superschweine, the Genscher's Karo-Könige, and
the Armut's exchange as far as the seat saw it (an outsider: the poor player holds exactly
the trumps given back, the number the table was told).

**Uniform** (:attr:`~binokel.core.worlds.Sampling.UNIFORM`): the rest is dealt exactly
uniformly over the deals that respect those constraints, the two copies of a card counted as
two cards (as a shuffled deck deals them): the cards are grouped by the seats that may hold
them, the deals of each group to the seats are counted by a small dynamic programme over
the seats' room (:func:`deal_uniform`), and a deal is drawn group by group in proportion to
those counts. The replay then rejects the deals the rules exclude, which keeps the rest
uniform. The one exception is an outsider's view of an Armut, whose poor player gets the
trumps given back as a random choice of that many trumps still out (close to uniform).

**Card reading** (:attr:`~binokel.core.worlds.Sampling.READ`): each drawn deal is weighted by
how likely the others' choices are with the hands it gives them, under a model of a player
(:class:`Reading`; the heuristic player, :class:`~.bots.DokoHeuristicBot`, made noisy), and
the worlds returned are drawn in proportion to that weight from a larger set of candidates
(sampling importance resampling). The evidence read:

- the reservations (gesund / Vorbehalt, the reservation named, ``pass``): an answer the model
  would have given weighs 1, another :attr:`Reading.reservation_miss`; to find the hands of
  a declared solo at all, its soloist is dealt the solo's trumps :data:`SOLO_TILT` times as
  likely (the weight divides that out again);
- the announcements: a Re or Kontra the model would also have made weighs 1, one it would not
  :attr:`Reading.announce_miss`; a turn at which the model would have announced and the seat
  did not weighs :attr:`Reading.silent_miss`;
- the cards played: a card the model would have played weighs 1, any other
  :attr:`Reading.play_miss` (the model plays by rules of thumb: a card against them says
  something, not everything).

>>> import random
>>> from binokel.core.worlds import Sampling, total
>>> from .state import DokoState
>>> s = DokoState.new(dealer=0, seed=3)
>>> rng = random.Random(1)
>>> while s.phase != "play" or len(s.tricks) < 2:
...     s.apply(s.random_action(rng))
>>> v = s.view(s.to_move)
>>> worlds = DokoWorlds().sample(v, rng, 8, Sampling.UNIFORM)
>>> all(w.state.view(v.player) == v for w in worlds), total(worlds)
(True, 8)
>>> total(DokoWorlds().sample(v, rng, 8)) <= 8
True
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.cards import EO
from ...core.cards import SK
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import cardset
from ...core.cards import count
from ...core.cards import format_cards
from ...core.cards import parse_cards
from ...core.cards import size
from ...core.errors import IllegalAction
from ...core.state import OVER
from ...core.worlds import NoWorldFound
from ...core.worlds import Sampling
from ...core.worlds import World
from .announcements import ANNOUNCEMENTS
from .announcements import allowed as allowed_announcements
from .deal import ARMUT
from .deal import ARMUT_OFFER
from .deal import DECLARE
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import NORMAL
from .deal import PLAY
from .deal import RE
from .deal import VORBEHALT
from .deal import full_deck
from .genscher import VERB
from .order import TRUMP
from .order import card_order
from .order import kind_of
from .order import normal_trumps
from .order import schweine_cards
from .reservations import HEALTHY
from .reservations import LUSTSOLO
from .reservations import PASS
from .reservations import PFLICHTSOLO
from .reservations import RESERVED
from .reservations import may_throw
from .reservations import solos_of
from .rules import DokoRules
from .state import DokoState
from .view import DokoView
from .view import public_contract

if TYPE_CHECKING:
    from .bots import DokoHeuristicBot

SOLO_TILT = 3.0
"""How much likelier a trump of his solo is dealt to a soloist than another card, when
reading (the weight divides it out): a declared solo is a hand with many trumps."""

REPLAY_MOVE = 150
"""Replaying one action of the history on a drawn deal, in solver nodes (the unit in which
the strong player counts its work)."""

READ_DRAWS = 3
"""Card reading draws this many candidate deals for each world it returns ..."""

READ_MORE = 4
"""... and up to this many times as many while their weights are so uneven that fewer than
half as many as the worlds asked for count (the effective sample size)."""

MAX_ATTEMPTS = 400
"""Deals drawn at most for one request (a view whose history few deals explain, such as a
``pass`` that needs an Armut behind a Hochzeit, takes many); past ``4 n + 8`` the sampler
stops as soon as it has one world."""

_GIVEN = -2   # the pseudo-seat of the Armut's three cards while they lie face down
_SAMPLED_PHASES = (VORBEHALT, DECLARE, ARMUT_OFFER, PLAY, OVER)


@dataclass(frozen=True)
class Reading:
    """The weights of card reading (module text). A ``*_miss`` is how likely a choice the
    model would not have made is, against one it would (1): lower is surer of the model, 1
    ignores that kind of evidence.

    - ``reservation_miss``: the least weight of a reservation answer; ``solo_spread``: the
      width (in the heuristic's solo strength) of the logistic curve on which the model
      names a solo;
    - ``announce_spread``: where the announcement model speaks (Re / Kontra in a game of
      two parties), the width in log-odds of the curve on which the seat announces around
      the chance at which the heuristic does (:data:`~.bots.ANNOUNCE_AT`), never below
      ``announce_miss``; elsewhere an announcement the heuristic would not make weighs
      ``announce_miss``, a turn at which it would have announced and the seat did not
      ``silent_miss`` (1: the silence is not read);
    - ``play_miss``: a card other than the heuristic's (1, the default: cards are not
      read; reading them costs a view and a decision per card of every world).
    """

    reservation_miss: float = 0.02
    solo_spread: float = 0.6
    announce_miss: float = 0.2
    silent_miss: float = 0.6
    announce_spread: float = 0.7
    play_miss: float = 1.0


class Tally:
    """Work done, in solver nodes (the strong player's budget); a sampler adds the replays
    it made."""

    def __init__(self) -> None:
        self.spent = 0

    def add(self, nodes: int) -> None:
        self.spent += nodes


# ----------------------------------------------------------------------- what the view shows
def _trick_seats(active: Sequence[int], leader: int, n: int) -> list[int]:
    i = active.index(leader)
    return [active[(i + k) % len(active)] for k in range(n)]


def played_by_seat(view: DokoView) -> dict[int, list[Card]]:
    """The cards each seat in play has played so far (tricks and the trick on the table)."""
    out: dict[int, list[Card]] = {s: [] for s in view.active}
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick_leader, view.trick))
    for leader, cs in tricks:
        for seat, c in zip(_trick_seats(view.active, leader, len(cs)), cs, strict=True):
            out[seat].append(c)
    return out


def voids(view: DokoView) -> dict[int, set[int]]:
    """The groups (suits, trump) each seat showed it no longer holds."""
    order = view.order
    out: dict[int, set[int]] = {s: set() for s in view.active}
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick_leader, view.trick))
    for leader, cs in tricks:
        led = order.group[cs[0]]
        for seat, c in zip(_trick_seats(view.active, leader, len(cs)), cs, strict=True):
            if order.group[c] != led:
                out[seat].add(led)
    return out


def _minus(a: Sequence[Card], b: Sequence[Card]) -> list[Card]:
    """The multiset ``a`` without ``b`` (as far as ``b``'s cards are in it)."""
    out = Counter(a)
    out.subtract(b)
    return list((+out).elements())


@dataclass
class _Armut:
    """What the view shows of an Armut's exchange."""

    poor: int
    partner: int | None
    given: list[Card] | None      # the three cards passed (None: face down to the viewer)
    returned: list[Card] | None   # the three given back (None: face down or not yet)
    returned_trumps: int          # how many trumps went back (public)
    give_index: int               # positions of the actions in the history
    return_index: int


def _armut(view: DokoView) -> _Armut | None:
    if view.contract != ARMUT:
        return None
    poor = partner = None
    given = returned = None
    trumps, gi, ri = 0, -1, -1
    for i, (s, a) in enumerate(view.history):
        if a == "armut":
            poor = s
        elif a.startswith("give "):
            gi = i
            if "?" not in a:
                given = parse_cards(a.split()[1:])
        elif a == "accept":
            partner = s
        elif a.startswith("return "):
            ri = i
            if "?" in a:
                trumps = int(a.split("(")[1].split()[0])
            else:
                returned = parse_cards(a.split()[1:])
                trumps = size(normal_trumps(cardset(returned)))
    if poor is None:
        return None
    return _Armut(poor, partner, given, returned, trumps, gi, ri)


def _before_genscher(view: DokoView) -> tuple[tuple[int, str, str], ...]:
    """The announcements made before a Genscher (all of them without one): their parties
    are those of the Kreuz-Damen."""
    if view.genscher is None:
        return view.announcements
    n = 0
    for _, a in view.history:
        if a.startswith(VERB):
            break
        n += a in ANNOUNCEMENTS
    return view.announcements[:n]


def _sw(view: DokoView, which: int) -> Card | None:
    if view.contract is None:
        return None
    return schweine_cards(view.rules, view.contract)[which]


# ----------------------------------------------------------------------- dealing
def deal_uniform(pool: Sequence[Card], sizes: Mapping[int, int],
                 allowed: Callable[[int, Card], bool], rng: random.Random,
                 fixed: Mapping[int, Sequence[Card]] | None = None,
                 weight: Callable[[int, Card], float] | None = None
                 ) -> dict[int, list[Card]] | None:
    """Deal ``pool`` so that each seat of ``sizes`` gets exactly that many cards, its
    ``fixed`` ones and otherwise only cards it is ``allowed``: uniformly over all such deals
    (each card of the pool a card of its own, as the two copies of a card are), or with
    ``weight`` in proportion to the product of ``weight(seat, card)`` over the cards dealt.
    None if there is no such deal.

    The free cards fall into groups by the seats that may hold them (and their weights);
    the number of ways to deal the groups from the ``i``-th on into the seats' room ``r``
    is counted once (``ways(i, r)``: a sum over the splits of group ``i`` of its multinomial
    times ``ways(i + 1, r - split)``), and the deal is drawn group by group in proportion.

    >>> from binokel.core.cards import parse_cards
    >>> pool = parse_cards("EA EA EK EK")
    >>> seen = Counter()
    >>> rng = random.Random(4)
    >>> for _ in range(600):
    ...     h = deal_uniform(pool, {1: 2, 2: 2}, lambda s, c: True, rng)
    ...     seen[tuple(sorted(h[1]))] += 1
    >>> sorted(seen) == sorted({tuple(sorted(p)) for p in [pool[:2], pool[2:], pool[::2]]})
    True
    >>> 60 < seen[tuple(sorted(parse_cards("EA EA")))] < 140   # 1 of 6 deals: about 100
    True
    """
    seats = list(sizes)
    rest = Counter(pool)
    fixed = fixed or {}
    for cs in fixed.values():
        rest.subtract(cs)
    if min(rest.values(), default=0) < 0:
        return None
    room = tuple(sizes[s] - len(fixed.get(s, ())) for s in seats)
    free = list(rest.elements())
    if min(room, default=0) < 0 or sum(room) != len(free):
        return None
    groups: dict[tuple[float, ...], list[Card]] = {}
    for c in free:
        key = tuple((1.0 if weight is None else weight(s, c)) if allowed(s, c) else 0.0
                    for s in seats)
        groups.setdefault(key, []).append(c)
    # The widest groups last: the last group's split is forced by the room left.
    order = sorted(groups.items(), key=lambda kv: (sum(x > 0 for x in kv[0]), len(kv[1])))
    weights = [w for w, _ in order]
    counts = [len(cs) for _, cs in order]
    memo: dict[tuple[int, tuple[int, ...]], float] = {}

    def splits(i: int, left: tuple[int, ...]) -> list[tuple[tuple[int, ...], float]]:
        """The splits of group ``i`` into the room ``left`` with their weighted counts."""
        w, k = weights[i], counts[i]
        out: list[tuple[tuple[int, ...], float]] = []
        open_ = [j for j in range(len(seats)) if w[j] > 0]
        if i == len(weights) - 1:
            if any(left[j] for j in range(len(seats)) if w[j] == 0) or sum(left) != k:
                return []
            split = left
            out.append((split, _multinomial(k, split, w)))
            return out

        def rec(j: int, rest_k: int, acc: list[int]) -> None:
            if j == len(open_) - 1:
                s = open_[j]
                if rest_k <= left[s]:
                    acc[s] = rest_k
                    split = tuple(acc)
                    out.append((split, _multinomial(k, split, w)))
                    acc[s] = 0
                return
            s = open_[j]
            for x in range(min(rest_k, left[s]) + 1):
                acc[s] = x
                rec(j + 1, rest_k - x, acc)
            acc[s] = 0

        if open_:
            rec(0, k, [0] * len(seats))
        elif k == 0:
            out.append((tuple([0] * len(seats)), 1.0))
        return out

    def ways(i: int, left: tuple[int, ...]) -> float:
        if i == len(weights):
            return 1.0 if not any(left) else 0.0
        key = (i, left)
        got = memo.get(key)
        if got is None:
            got = 0.0
            for split, m in splits(i, left):
                after = tuple(a - b for a, b in zip(left, split, strict=True))
                got += m * (1.0 if i == len(weights) - 1 else ways(i + 1, after))
            memo[key] = got
        return got

    if ways(0, room) <= 0.0:
        return None
    hands = {s: list(fixed.get(s, ())) for s in seats}
    left = room
    for i, (_, cards) in enumerate(order):
        options = []
        for split, m in splits(i, left):
            after = tuple(a - b for a, b in zip(left, split, strict=True))
            x = m * (1.0 if i == len(weights) - 1 else ways(i + 1, after))
            if x > 0:
                options.append((split, x))
        pick = _weighted_pick(options, rng)
        cs = list(cards)
        rng.shuffle(cs)
        at = 0
        for j, s in enumerate(seats):
            hands[s] += cs[at:at + pick[j]]
            at += pick[j]
        left = tuple(a - b for a, b in zip(left, pick, strict=True))
    return hands


def _weighted_pick(options: Sequence[tuple[tuple[int, ...], float]], rng: random.Random
                   ) -> tuple[int, ...]:
    """One of the splits of ``options`` drawn in proportion to its weighted count (one
    number from ``rng``; the last split where rounding leaves the draw past the end)."""
    pick = options[-1][0]
    x = rng.random() * sum(v for _, v in options)
    for split, v in options:
        if x < v:
            return split
        x -= v
    return pick


_FACT = [math.factorial(k) for k in range(64)]


def _multinomial(k: int, split: Sequence[int], w: Sequence[float]) -> float:
    out = float(_FACT[k])
    for n, x in zip(split, w, strict=True):
        if n:
            out = out / _FACT[n] * x ** n
    return out


# ----------------------------------------------------------------------- the sampler
class DokoWorlds:
    """Doppelkopf's world sampler (module text). ``model`` is the player the card reading
    assumes at the other seats (default: the heuristic), ``reading`` its weights."""

    def __init__(self, model: DokoHeuristicBot | None = None,
                 reading: Reading | None = None) -> None:
        # The model of a player is a player (layer above the engine): loaded when used.
        from . import bots
        self.bots = bots
        self.model = model or bots.DokoHeuristicBot()
        self.reading = reading or Reading()

    def sample(self, view: DokoView, rng: random.Random, n: int,
               sampling: Sampling = Sampling.READ, work: Tally | None = None
               ) -> list[World[DokoState]]:
        """Up to ``n`` draws of worlds consistent with ``view`` (see the module text); a world
        drawn more than once comes once with its ``count``. ``work`` adds the replays'
        cost in solver nodes. Raises :class:`~binokel.core.worlds.NoWorldFound` when no
        consistent deal is found within a few attempts per world (or the view is not of a
        seat, or before the reservations); a finished deal is sampled too)."""
        if n < 1:
            return []
        if view.player < 0 or view.phase not in _SAMPLED_PHASES:
            raise NoWorldFound(f"no worlds for a view in phase {view.phase!r}")
        plan = _Plan(view)
        read = sampling is Sampling.READ
        want = n * (READ_DRAWS if read else 1)
        cap = want * (READ_MORE if read else 1)
        found: list[tuple[DokoState, float]] = []
        for attempt in range(MAX_ATTEMPTS + cap):
            if len(found) >= want and (not read or len(found) >= cap
                                       or _effective(found) >= n / 2):
                break
            if found and attempt >= 4 * cap + 8:
                break
            drawn = plan.draw(rng, self if read else None, work)
            if drawn is not None:
                found.append(drawn)
        if not found:
            raise NoWorldFound("no deal consistent with the view was found")
        if not read:
            return [World(w) for w, _ in found]
        total_weight = sum(x for _, x in found)
        picks: Counter[int] = Counter()
        if total_weight <= 0:
            picks.update(rng.randrange(len(found)) for _ in range(n))
        else:
            weights = [x for _, x in found]
            picks.update(rng.choices(range(len(found)), weights=weights, k=n))
        return [World(found[i][0], c) for i, c in sorted(picks.items())]


def _effective(found: Sequence[tuple[DokoState, float]]) -> float:
    """The effective number of weighted draws, (sum w)^2 / sum w^2."""
    total = sum(w for _, w in found)
    squares = sum(w * w for _, w in found)
    return total * total / squares if squares > 0 else 0.0


class _Plan:
    """What the view fixes, worked out once for all the worlds of one request."""

    def __init__(self, view: DokoView) -> None:
        self.view = view
        me = view.player
        self.played = played_by_seat(view)
        unseen = Counter(full_deck(view.rules))
        unseen.subtract(view.hand)
        for cs in self.played.values():
            unseen.subtract(cs)
        self.unseen = unseen
        self.arm = _armut(view)
        self.sizes = {s: view.hand_sizes[s] for s in view.active if s != me}
        self.void = voids(view)
        self.trumps_normal = card_order("normal").masks[TRUMP]
        self.ok = True
        soloist, contract = view.soloist, view.contract or ""
        self.solo_trumps = 0
        if soloist is not None and soloist != me and contract.startswith("solo"):
            self.solo_trumps = card_order(kind_of(contract)).masks[TRUMP]

    def draw(self, rng: random.Random, reader: DokoWorlds | None,
             work: Tally | None) -> tuple[DokoState, float] | None:
        """One world and its weight (1 without reading), or None when this deal failed."""
        view = self.view
        draft = _Draft({s: [] for s in self.sizes}, dict(self.sizes))
        if not self._fix_armut(draft, rng) or not self._fix_kreuz_damen(draft):
            return None
        self._fix_pinned(draft)
        tilt = self._tilt() if reader is not None else None
        hands = deal_uniform(list(self.unseen.elements()), draft.sizes, self._allowed(draft),
                             rng, draft.fixed, tilt)
        if hands is None:
            return None
        if work is not None:
            work.add(REPLAY_MOVE * (len(view.history) + 12))
        world = self._replay(hands, rng, reader)
        if world is None:
            return None
        state, weight = world
        soloist = view.soloist
        if tilt is not None and soloist is not None:
            weight /= SOLO_TILT ** sum(1 for c in hands[soloist] if bit(c) & self.solo_trumps)
        return state, weight

    def _fix_armut(self, draft: _Draft, rng: random.Random) -> bool:
        """What an Armut tells of the hidden hands, into ``draft``; False when this deal
        cannot be (or the viewer's Armut is one the sampler does not model)."""
        arm, view = self.arm, self.view
        if arm is None:
            return True
        me, played = view.player, self.played
        if arm.given is not None and arm.partner is not None and arm.returned is not None:
            # The viewer is the poor player or the partner: he saw both sides.
            other = arm.partner if me == arm.poor else arm.poor
            if me == arm.poor:
                sure = _minus(_minus(arm.given, arm.returned), played[other])
            else:
                sure = _minus(arm.returned, played[other])
                draft.no_trumps.add(other)
            draft.fixed[other] += sure
        elif arm.partner is None and view.phase == ARMUT_OFFER:
            # The three cards lie face down; the poor player kept no trump.
            draft.sizes[_GIVEN] = 3
            draft.fixed[_GIVEN] = []
            draft.no_trumps.add(arm.poor)
        elif arm.partner is not None and arm.given is None:
            # An outsider after the exchange: the poor player's trumps are the ones
            # given back, as many as the table was told.
            p = arm.poor
            have = size(normal_trumps(cardset(played[p])))
            k = arm.returned_trumps - have
            pool_trumps = [c for c in self.unseen.elements() if view.order.group[c] == TRUMP]
            if k < 0 or k > len(pool_trumps):
                return False
            draft.fixed[p] += rng.sample(pool_trumps, k)
            draft.no_trumps.add(p)
        elif view.phase == PLAY:
            return False
        return True

    def _fix_kreuz_damen(self, draft: _Draft) -> bool:
        """Kreuz-Damen: whose party shows where they lie; False when more seats must hold
        one than are unseen."""
        view, played = self.view, self.played
        if view.phase != PLAY:
            return True
        holders: list[int] = []
        if view.contract == HOCHZEIT and view.hochzeit is not None and view.hochzeit != view.player:
            holders = [view.hochzeit] * (2 - played[view.hochzeit].count(EO))
            draft.no_eo |= {s for s in draft.fixed if s != view.hochzeit}
        elif view.contract == NORMAL:
            known = {s: party for s, party in enumerate(view.parties)
                     if party is not None and view.genscher is None}
            for s, party, _ in _before_genscher(view):   # the parties of the Kreuz-Damen
                known.setdefault(s, party)
            for s in draft.fixed:
                if known.get(s) == KONTRA:
                    draft.no_eo.add(s)
                elif known.get(s) == RE and EO not in played[s]:
                    holders.append(s)
        if len(holders) > self.unseen[EO]:
            return False
        for s in holders:
            draft.fixed[s].append(EO)
        return True

    def _fix_pinned(self, draft: _Draft) -> None:
        """Schweinchen and Superschweine: both copies with their holder; the Genscher's
        Karlchen with the one who called it."""
        view, played, me = self.view, self.played, self.view.player
        for holder, c in ((view.schweine, _sw(view, 0)), (view.superschweine, _sw(view, 1))):
            if c is None or holder is None:
                continue
            draft.pinned.add(c)
            if holder != me:
                draft.fixed[holder] += [c] * (2 - played[holder].count(c))
        if view.genscher is not None and view.genscher[0] != me:
            g = view.genscher[0]
            draft.fixed[g] += [SK] * (2 - played[g].count(SK) - draft.fixed[g].count(SK))
            draft.pinned.add(SK)

    def _allowed(self, draft: _Draft) -> Callable[[int, Card], bool]:
        """Whether a seat (or the Armut's face-down cards) may hold a card in this draw."""
        order, void = self.view.order, self.void
        pinned, no_eo, no_trumps = draft.pinned, draft.no_eo, draft.no_trumps
        hochzeit_play = self.view.phase == PLAY and self.view.contract == HOCHZEIT
        trumps_normal = self.trumps_normal

        def allowed(seat: int, c: Card) -> bool:
            if seat == _GIVEN:
                return c not in pinned
            if order.group[c] in void[seat]:
                return False
            if c == EO and (seat in no_eo or hochzeit_play):
                return False
            if c in pinned:
                return False
            return not (seat in no_trumps and bit(c) & trumps_normal)
        return allowed

    def _tilt(self) -> Callable[[int, Card], float] | None:
        """With card reading against a soloist: his trumps drawn more often (the weight
        divides it out again); None otherwise."""
        soloist, solo_trumps = self.view.soloist, self.solo_trumps
        if not solo_trumps:
            return None

        def tilt(seat: int, c: Card) -> float:
            return SOLO_TILT if seat == soloist and bit(c) & solo_trumps else 1.0
        return tilt

    def _replay(self, hands: dict[int, list[Card]], rng: random.Random,
                reader: DokoWorlds | None) -> tuple[DokoState, float] | None:
        """The world with these hidden hands: the initial hands rebuilt, the history
        replayed (masked Armut cards chosen to fit), every public fact checked; with a
        ``reader`` also the likelihood of the others' choices."""
        view = self.view
        me = view.player
        now = {s: list(hands[s]) if s != me else list(view.hand) for s in view.active}
        history = list(view.history)
        initial = self._initial_hands(hands, now, history, rng)
        if initial is None:
            return None
        weight = 1.0
        try:
            world = DokoState.new(view.rules, view.dealer,
                                  deck_order=_deck_order(view, initial), players=view.players)
            for seat, action in history:
                if world.to_move != seat:
                    return None
                if reader is not None and seat != me:
                    weight *= _likelihood(reader, world, seat, action)
                world.apply(action)
        except IllegalAction:
            return None
        return (world, weight) if self._shows_the_view(world, now) else None

    def _initial_hands(self, hands: dict[int, list[Card]], now: dict[int, list[Card]],
                       history: list[tuple[int, str]], rng: random.Random
                       ) -> dict[int, list[Card]] | None:
        """The hands as dealt, before an Armut's exchange; masked exchanges in ``history``
        are written in as chosen to fit. None when the hands cannot have been dealt."""
        view, played, arm = self.view, self.played, self.arm
        after = {s: now[s] + played[s] for s in view.active}   # the hands the play began with
        initial = dict(after)
        if arm is None:
            return initial
        p, q = arm.poor, arm.partner
        if view.phase == ARMUT_OFFER and arm.given is None:
            initial[p] = after[p] + hands[_GIVEN]
            history[arm.give_index] = (p, "give " + format_cards(hands[_GIVEN]))
        elif q is not None and arm.return_index >= 0:
            given, back = arm.given, arm.returned
            if given is None or back is None:
                # Chosen to fit: what went back are the poor player's trumps and others
                # of his; what he passed, three cards of the partner's.
                ptr = [c for c in after[p] if normal_trumps(bit(c))]
                other = [c for c in after[p] if not normal_trumps(bit(c))]
                if len(ptr) > 3:
                    return None
                back = ptr + rng.sample(other, 3 - len(ptr))
                given = rng.sample(after[q], 3)
                history[arm.give_index] = (p, "give " + format_cards(given))
                history[arm.return_index] = (q, "return " + format_cards(back))
            initial[p] = _minus(after[p], back) + given
            initial[q] = _minus(after[q] + back, given)
            if len(initial[p]) != len(after[p]) or len(initial[q]) != len(after[q]):
                return None
        return initial

    def _shows_the_view(self, world: DokoState, now: dict[int, list[Card]]) -> bool:
        """Whether the replayed ``world`` shows the viewer exactly what his view says."""
        view = self.view
        me = view.player
        ok = (world.phase == view.phase and world.to_move == view.to_move
              and world.hands[me] == cardset(view.hand)
              and public_contract(world) == view.contract and world.schweine == view.schweine
              and world.superschweine == view.superschweine
              and all(world.hands[s] == cardset(now[s]) for s in view.active))
        if ok and view.phase == PLAY and (view.contract != HOCHZEIT or view.clarified_in):
            ok = all(p is None or world.party(s) == p for s, p in enumerate(view.parties))
        return ok


@dataclass
class _Draft:
    """What one draw fixes before dealing the rest: cards already placed per seat, the
    hidden hands' sizes, and who may not hold what."""

    fixed: dict[int, list[Card]]
    sizes: dict[int, int]
    no_trumps: set[int] = dataclasses.field(default_factory=set)
    no_eo: set[int] = dataclasses.field(default_factory=set)
    pinned: set[Card] = dataclasses.field(default_factory=set)


def _likelihood(reader: DokoWorlds, world: DokoState, seat: int, action: str) -> float:
    """How likely ``seat``'s ``action`` is in ``world`` under the reader's model, against
    the model's own choice (1). The heuristic's rules are asked directly of the hand, not
    through a view, where they need no more (the reservations, the announcements)."""
    phase = world.phase
    r = reader.reading
    if phase == VORBEHALT or (phase == DECLARE and world.rules.vorgefuehrt != seat):
        if r.reservation_miss >= 1.0:
            return 1.0
        return _reservation_odds(reader, world, seat, action)
    if phase == ARMUT_OFFER:
        if r.reservation_miss >= 1.0:
            return 1.0
        takes = reader.bots.accepts_armut(world.hands[seat])
        return 1.0 if (action == "accept") == takes else r.reservation_miss
    if phase != PLAY:
        return 1.0
    if action in ANNOUNCEMENTS or (action.startswith("play ") and r.silent_miss < 1.0):
        odds = _announcement_odds(reader, world, seat, action)
        if odds is not None:
            return odds
    if action.startswith("play ") and r.play_miss < 1.0:
        return _card_odds(reader, world, seat, action)
    return 1.0


def _announcement_odds(reader: DokoWorlds, world: DokoState, seat: int,
                       action: str) -> float | None:
    """How likely ``seat``'s announcement (or his silence, playing ``action``) is where
    he may announce; None where that says nothing (no announcement allowed, or the
    heuristic would be silent too)."""
    options = allowed_announcements(world, seat)
    if not options:
        return None
    r = reader.reading
    features = reader.bots.state_features(world, seat)
    if options[0] in (RE, KONTRA) and features is not None and reader.bots.ANNOUNCE_MODEL:
        # Re / Kontra where the announcement model speaks: a logistic curve around the
        # chance at which the model announces.
        chance = reader.bots.win_chance(features)
        at = reader.bots.ANNOUNCE_AT
        z = (_logit(chance) - _logit(at)) / r.announce_spread
        q = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        if action in ANNOUNCEMENTS:
            return max(r.announce_miss, q)
        return max(r.announce_miss, 1.0 - q) if r.silent_miss < 1.0 else 1.0
    hand = world.hands[seat]
    public_solo = (world.contract or "").startswith("solo")
    soloist = world.soloist == seat if public_solo \
        else count(hand, EO) == 2 and world.party(seat) == RE
    wish = reader.bots.announcement_choice(
        world.order, hand, soloist, not public_solo, world.announced, options, features)
    if action in ANNOUNCEMENTS:
        return 1.0 if wish == action else r.announce_miss
    if wish is not None:
        return r.silent_miss
    return None


def _card_odds(reader: DokoWorlds, world: DokoState, seat: int, action: str) -> float:
    """How likely ``seat``'s card ``action`` is: 1 where the model plays it (or has no
    choice), :attr:`Reading.play_miss` otherwise."""
    view = world.view(seat)
    plays = tuple(a for a in view.legal_actions if a.startswith("play "))
    if len(plays) > 1:
        quiet = dataclasses.replace(view, legal_actions=plays)
        if reader.model.choose(quiet) != action:
            return reader.reading.play_miss
    return 1.0


def _logit(p: float) -> float:
    p = min(1.0 - 1e-9, max(1e-9, p))
    return math.log(p / (1.0 - p))


def _solo_odds(reader: DokoWorlds, rules: DokoRules, hand: CardSet) -> dict[str, float]:
    """Per solo, how likely the model names it with ``hand``: a logistic curve of how far
    the hand's strength lies above or below what the heuristic asks of that solo."""
    bots = reader.bots
    t = reader.reading.solo_spread
    out = {}
    for solo in solos_of(rules):
        gap = bots.solo_strength(hand, solo[5:]) - bots.solo_need(solo[5:])
        out[solo] = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, gap / t))))
    return out


def _reservation_odds(reader: DokoWorlds, world: DokoState, seat: int, action: str) -> float:
    """How likely ``seat``'s reservation answer ``action`` is with his hand in ``world``:
    a solo as :func:`_solo_odds` says, a Hochzeit, an Armut or Schmeißen whenever the hand
    holds one (the rules check that it does), gesund otherwise; never below
    :attr:`Reading.reservation_miss`."""
    rules = world.rules
    hand = world.hands[seat]
    floor = reader.reading.reservation_miss
    solos = _solo_odds(reader, rules, hand)
    p_solo = max(solos.values(), default=0.0)
    other = bool(may_throw(rules, hand) or count(hand, EO) == 2
                 or (rules.armut and size(normal_trumps(hand)) <= 3))
    if action == RESERVED:
        p = 1.0 - (1.0 - p_solo) * (0.0 if other else 1.0)
    elif action == HEALTHY:
        p = (1.0 - p_solo) * (0.0 if other else 1.0)
    elif action in solos:
        p = solos[action]
    elif action == PASS:
        p = 1.0 - p_solo if world.asking in (LUSTSOLO, PFLICHTSOLO) else 1.0
    else:   # Hochzeit, Armut, Schmeißen: held, as the rules check
        p = 1.0 - p_solo
    return max(floor, p)


def _deck_order(view: DokoView, initial: Mapping[int, list[Card]]) -> list[Card]:
    """A dealing order that gives each seat in play its ``initial`` hand."""
    rounds = (3, 3, 3, 3) if view.rules.nines else (3, 4, 3)
    left = {s: list(initial[s]) for s in view.active}
    deck: list[Card] = []
    for n in rounds:
        for s in view.active:
            deck += left[s][:n]
            left[s] = left[s][n:]
    return deck


__all__ = ["MAX_ATTEMPTS", "READ_DRAWS", "READ_MORE", "REPLAY_MOVE", "SOLO_TILT", "DokoWorlds",
           "Reading", "Tally", "deal_uniform", "played_by_seat", "voids"]
