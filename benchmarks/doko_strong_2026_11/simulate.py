"""Frozen copy (28 Nov 2026, main at 5c89f80) of the project's Doppelkopf module of this
name, kept outside the wheel as the yardstick of issue 35; see ``__init__.py``.

Decisions by simulation for the strong Doppelkopf player: worlds consistent with a view,
played out to the end, scored as the rules count.

A *world* (:func:`sample_world`) is a whole deal (:class:`~.state.DokoState`) at the same
point as the view: the hidden cards dealt to the other hands, the public history replayed on
it. Replaying checks every constraint the engine knows (a seat that announced Re holds a
Kreuz-Dame, the Hochzeit player both, a ``pass`` needs a later reservation, the Armut's
trumps, the Genscher's Karo-Könige); the sampler places the cards the view pins down (voids,
Kreuz-Damen of known parties, Schweinchen, the Armut's exchange) so that few deals are
rejected. With a ``model`` (the heuristic player) the others' earlier reservation answers
must also be what that model would have said with the hand the world gives them: a seat that
declared a solo holds a solo hand, one that said ``gesund`` holds no Hochzeit. Where the
model cannot explain the history within a few tries (a person's odd solo), any world the
rules allow is taken.

A candidate (:class:`Plan`) is an action now plus what the player will say later in the
reservations (his reservation, if any). :func:`evaluate` plays every candidate out on the
same worlds: heuristic rollouts for the early tricks, the player himself quiet (no further
announcements: each is decided again when it comes), then the rest solved exactly from
``solve_from`` tricks left (the double-dummy line of the search core, played into the world
so that the special points count), trying again a trick later whenever the solve would pass
its node budget. Each candidate's value is the player's score in the finished deal
(``result.scores``: announcements, the solo's factor 3 and the Sonderpunkte included),
averaged over the worlds.

Work is counted in solver nodes (a rollout move as :data:`ROLLOUT_MOVE` of them), never read
off the clock, so a seed gives the same decision on a busy machine as on an idle one; a
faster solver (more nodes a second) lets a level solve from more tricks left at the same
cost.
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
from dataclasses import field

from binokel.core.cards import EO
from binokel.core.cards import SK
from binokel.core.cards import Card
from binokel.core.cards import bit
from binokel.core.cards import cardset
from binokel.core.cards import format_cards
from binokel.core.cards import parse_cards
from binokel.core.cards import size
from binokel.core.errors import IllegalAction
from binokel.core.trick import PLAY_ACTIONS
from binokel.games.doppelkopf.announcements import ANNOUNCEMENTS
from binokel.games.doppelkopf.deal import ARMUT
from binokel.games.doppelkopf.deal import ARMUT_OFFER
from binokel.games.doppelkopf.deal import DECLARE
from binokel.games.doppelkopf.deal import HOCHZEIT
from binokel.games.doppelkopf.deal import KONTRA
from binokel.games.doppelkopf.deal import NORMAL
from binokel.games.doppelkopf.deal import PLAY
from binokel.games.doppelkopf.deal import RE
from binokel.games.doppelkopf.deal import VORBEHALT
from binokel.games.doppelkopf.deal import full_deck
from binokel.games.doppelkopf.genscher import VERB
from binokel.games.doppelkopf.order import TRUMP
from binokel.games.doppelkopf.order import card_order
from binokel.games.doppelkopf.order import kind_of
from binokel.games.doppelkopf.order import normal_trumps
from binokel.games.doppelkopf.order import schweine_cards
from binokel.games.doppelkopf.reservations import HEALTHY
from binokel.games.doppelkopf.reservations import PASS
from binokel.games.doppelkopf.reservations import RESERVED
from binokel.games.doppelkopf.search import position
from binokel.games.doppelkopf.state import DokoState
from binokel.games.doppelkopf.view import DokoView
from binokel.games.doppelkopf.view import public_contract
from binokel.search import SearchLimit
from binokel.search import Session

from .heuristic import DokoHeuristicBot

ROLLOUT_MOVE = 700
"""A heuristic rollout move (a view and the heuristic's choice, about 55 µs) in solver nodes
(the compiled core searches about 12 million a second on a Doppelkopf endgame)."""

SESSION_COST = 2_000
"""Setting up one search (its tables), in solver nodes."""

REPLAY_MOVE = 150
"""Replaying one action of the history on a sampled world, in solver nodes."""

SOLO_TILT = 3.0
"""How much likelier a trump of his solo is dealt to a soloist than another card (before the
model check): a declared solo is a hand with many trumps."""

_GIVEN = -2   # the pseudo-seat of the Armut's three cards while they lie face down


@dataclass
class Work:
    """Work done for one decision, in solver nodes."""

    spent: int = 0

    def add(self, nodes: int) -> None:
        self.spent += nodes


@dataclass(frozen=True)
class Plan:
    """A candidate: ``action`` now; in later reservation questions the player names
    ``reservation`` (None: says ``gesund``, or answers as the heuristic would)."""

    action: str
    reservation: str | None = None


@dataclass(frozen=True)
class Settings:
    """How much a decision may simulate: at most ``worlds`` worlds within ``budget`` nodes
    of work; rollouts are solved exactly from ``solve_from`` tricks left, each solve within
    ``solve_budget`` nodes (past it the rollout plays a trick more and tries again)."""

    worlds: int = 24
    budget: int = 4_000_000
    solve_from: int = 5
    solve_budget: int = 150_000
    min_worlds: int = 8          # before an early stop is considered


@dataclass
class Estimate:
    """Each candidate's mean score for the player over the worlds played."""

    means: dict[str, float]
    worlds: int
    work: int
    diffs: dict[str, list[float]] = field(default_factory=dict)  # per world, minus the base

    def gain(self, name: str) -> tuple[float, float]:
        """Mean gain of ``name`` over the first candidate and its standard error."""
        d = self.diffs.get(name, [])
        if len(d) < 2:
            return (d[0] if d else 0.0), math.inf
        m = sum(d) / len(d)
        var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
        return m, math.sqrt(var / len(d))


# ----------------------------------------------------------------------- worlds
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


def deal_weighted(pool: Sequence[Card], sizes: Mapping[int, int],
                  allowed: Callable[[int, Card], bool], rng: random.Random,
                  fixed: Mapping[int, Sequence[Card]], weight: Callable[[int, Card], float],
                  tries: int = 20) -> dict[int, list[Card]] | None:
    """Deal ``pool`` so that each seat of ``sizes`` gets exactly that many cards, ``fixed``
    ones first, then only cards it is ``allowed``; the most constrained cards first, each to
    a seat with room, chosen in proportion to its room times ``weight``. None if no such deal
    was found in ``tries`` attempts."""
    rest = Counter(pool)
    for cs in fixed.values():
        rest.subtract(cs)
    if min(rest.values(), default=0) < 0 or any(len(fixed.get(s, ())) > n
                                                for s, n in sizes.items()):
        return None
    free = list(rest.elements())
    if len(free) != sum(sizes.values()) - sum(len(fixed.get(s, ())) for s in sizes):
        return None
    seats = list(sizes)
    options = {c: [s for s in seats if allowed(s, c)] for c in set(free)}
    for _ in range(tries):
        cards = list(free)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(options[c]))
        room = {s: sizes[s] - len(fixed.get(s, ())) for s in seats}
        hands = {s: list(fixed.get(s, ())) for s in seats}
        for c in cards:
            places = [s for s in options[c] if room[s] > 0]
            if not places:
                break
            w = [room[s] * weight(s, c) for s in places]
            x = rng.random() * sum(w)
            pick = places[-1]
            for s, ws in zip(places, w, strict=True):
                if x < ws:
                    pick = s
                    break
                x -= ws
            hands[pick].append(c)
            room[pick] -= 1
        else:
            return hands
    return None


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


def sample_world(view: DokoView, rng: random.Random,
                 model: DokoHeuristicBot | None = None, tries: int = 30,
                 work: Work | None = None) -> DokoState | None:
    """A whole deal consistent with ``view``, at the same point (the history replayed), or
    None if none was found. With a ``model``, the first ``tries`` attempts must also explain
    the others' reservation answers by it; then any world the rules allow is taken (as many
    attempts again)."""
    if view.player < 0 or view.phase not in (VORBEHALT, DECLARE, ARMUT_OFFER, PLAY):
        return None
    for attempt in range(2 * tries):
        strict = model is not None and attempt < tries
        world = _attempt(view, rng, model if strict else None, work)
        if world is not None:
            return world
    return None


def _attempt(view: DokoView, rng: random.Random, model: DokoHeuristicBot | None,
             work: Work | None) -> DokoState | None:
    me = view.player
    order = view.order
    played = played_by_seat(view)
    unseen = Counter(full_deck(view.rules))
    unseen.subtract(view.hand)
    for cs in played.values():
        unseen.subtract(cs)
    arm = _armut(view)
    fixed: dict[int, list[Card]] = {s: [] for s in view.active if s != me}
    sizes = {s: view.hand_sizes[s] for s in view.active if s != me}
    no_trumps: set[int] = set()
    if arm is not None:
        if arm.given is not None and arm.partner is not None and arm.returned is not None:
            # The viewer is the poor player or the partner: he saw both sides.
            other = arm.partner if me == arm.poor else arm.poor
            if me == arm.poor:
                sure = _minus(_minus(arm.given, arm.returned), played[other])
            else:
                sure = _minus(arm.returned, played[other])
                no_trumps.add(other)
            fixed[other] += sure
        elif arm.partner is None and view.phase == ARMUT_OFFER:
            # The three cards lie face down; the poor player kept no trump.
            sizes[_GIVEN] = 3
            fixed[_GIVEN] = []
            no_trumps.add(arm.poor)
        elif arm.partner is not None and arm.given is None:
            # An outsider after the exchange: the poor player's trumps are the ones given
            # back, as many as the table was told.
            p = arm.poor
            have = size(normal_trumps(cardset(played[p])))
            k = arm.returned_trumps - have
            pool_trumps = [c for c in unseen.elements() if order.group[c] == TRUMP]
            if k < 0 or k > len(pool_trumps):
                return None
            fixed[p] += rng.sample(pool_trumps, k)
            no_trumps.add(p)
        elif view.phase == PLAY:
            return None
    void = voids(view)
    trumps_normal = card_order("normal").masks[TRUMP]
    # Kreuz-Damen: whose party shows where they lie.
    no_eo: set[int] = set()
    eo_left = unseen[EO]
    if view.phase == PLAY:
        holders: list[int] = []
        if view.contract == HOCHZEIT and view.hochzeit is not None and view.hochzeit != me:
            holders = [view.hochzeit] * (2 - played[view.hochzeit].count(EO))
            no_eo |= {s for s in fixed if s != view.hochzeit}
        elif view.contract == NORMAL:
            known = {s: party for s, party in enumerate(view.parties)
                     if party is not None and view.genscher is None}
            for s, party, _ in _before_genscher(view):   # the parties of the Kreuz-Damen
                known.setdefault(s, party)
            for s in fixed:
                if known.get(s) == KONTRA:
                    no_eo.add(s)
                elif known.get(s) == RE and EO not in played[s]:
                    holders.append(s)
        if len(holders) > eo_left:
            return None
        for s in holders:
            fixed[s].append(EO)
        eo_left -= len(holders)
    # Schweinchen and Superschweine: both copies with their holder.
    pinned: set[Card] = set()
    for holder, c in ((view.schweine, _sw(view, 0)), (view.superschweine, _sw(view, 1))):
        if c is None or holder is None:
            continue
        pinned.add(c)
        if holder != me:
            fixed[holder] += [c] * (2 - played[holder].count(c))
    if view.genscher is not None and view.genscher[0] != me:
        g = view.genscher[0]
        fixed[g] += [SK] * (2 - played[g].count(SK) - fixed[g].count(SK))
        pinned.add(SK)
    pool = list(unseen.elements())

    def allowed(seat: int, c: Card) -> bool:
        if seat == _GIVEN:
            return c not in pinned
        if order.group[c] in void[seat]:
            return False
        if c == EO and (seat in no_eo or (view.phase == PLAY and view.contract == HOCHZEIT)):
            return False
        if c in pinned:
            return False
        return not (seat in no_trumps and bit(c) & trumps_normal)

    tilt = _tilt(view)
    hands = deal_weighted(pool, sizes, allowed, rng, fixed, tilt)
    if hands is None:
        return None
    if work is not None:
        work.add(REPLAY_MOVE * (len(view.history) + 12))
    return _replay(view, hands, played, arm, model, rng)


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


def _tilt(view: DokoView) -> Callable[[int, Card], float]:
    """The sampling weight of a card for a seat: a soloist's trumps are likelier."""
    soloist, contract = view.soloist, view.contract or ""
    if soloist is None or soloist == view.player or not contract.startswith("solo"):
        return lambda seat, c: 1.0
    trumps = card_order(kind_of(contract)).masks[TRUMP]
    return lambda seat, c: SOLO_TILT if seat == soloist and bit(c) & trumps else 1.0


_CHECKED = (VORBEHALT, DECLARE, ARMUT_OFFER)


def _replay(view: DokoView, hands: dict[int, list[Card]], played: dict[int, list[Card]],
            arm: _Armut | None, model: DokoHeuristicBot | None,
            rng: random.Random) -> DokoState | None:
    """The world with these hidden hands: the initial hands rebuilt, the history replayed
    (masked Armut cards chosen to fit), every public fact checked."""
    me = view.player
    now = {s: list(hands[s]) if s != me else list(view.hand) for s in view.active}
    after = {s: now[s] + played[s] for s in view.active}   # the hands the play began with
    initial = dict(after)
    history = list(view.history)
    if arm is not None:
        p, q = arm.poor, arm.partner
        if view.phase == ARMUT_OFFER and arm.given is None:
            initial[p] = after[p] + hands[_GIVEN]
            history[arm.give_index] = (p, "give " + format_cards(hands[_GIVEN]))
        elif q is not None and arm.return_index >= 0:
            given, back = arm.given, arm.returned
            if given is None or back is None:
                # Chosen to fit: what went back are the poor player's trumps and others of
                # his; what he passed, three cards of the partner's.
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
    try:
        world = DokoState.new(view.rules, view.dealer, deck_order=_deck_order(view, initial),
                              players=view.players)
        for seat, action in history:
            if world.to_move != seat:
                return None
            if model is not None and seat != me and world.phase in _CHECKED and \
                    model.choose(world.view(seat)) != action:
                return None
            world.apply(action)
    except IllegalAction:
        return None
    ok = (world.phase == view.phase and world.to_move == view.to_move
          and world.hands[me] == cardset(view.hand)
          and public_contract(world) == view.contract and world.schweine == view.schweine
          and world.superschweine == view.superschweine
          and all(world.hands[s] == cardset(now[s]) for s in view.active))
    if ok and view.phase == PLAY and (view.contract != HOCHZEIT or view.clarified_in):
        ok = all(p is None or world.party(s) == p for s, p in enumerate(view.parties))
    return world if ok else None


# ----------------------------------------------------------------------- rollouts
def quiet(view: DokoView) -> DokoView:
    """``view`` with only the card plays legal (no announcement, no Genscher)."""
    plays = tuple(a for a in view.legal_actions if a.startswith("play "))
    return dataclasses.replace(view, legal_actions=plays) if plays else view


def _plan_policy(plan: Plan, me: int, heuristic: DokoHeuristicBot
                 ) -> Callable[[DokoState, int], str]:
    def policy(world: DokoState, seat: int) -> str:
        view = world.view(seat)
        if seat == me:
            if view.phase == VORBEHALT:
                return RESERVED if plan.reservation else HEALTHY
            if view.phase == DECLARE:
                if plan.reservation in view.legal_actions:
                    return plan.reservation
                if PASS in view.legal_actions:
                    return PASS
            if view.phase == PLAY:
                view = quiet(view)
        return heuristic.choose(view)
    return policy


def _solve_rest(world: DokoState, budget: int, work: Work) -> bool:
    """Play the rest of ``world`` on the search's line (both parties playing for Augen);
    False (nothing played) when the first solve passes ``budget`` nodes."""
    try:
        session = Session(position(world))
    except ValueError:   # a card order the search cannot express
        return False
    work.add(SESSION_COST)
    try:
        while not world.is_over:
            sol = session.solve(max(1, budget - session.nodes))
            world.apply(PLAY_ACTIONS[sol.best])
            session.play(sol.best)
    except SearchLimit:
        work.add(session.nodes)
        return world.is_over
    work.add(session.nodes)
    return True


def play_out(world: DokoState, policy: Callable[[DokoState, int], str], settings: Settings,
             work: Work) -> None:
    """Play ``world`` to its end: ``policy`` until ``settings.solve_from`` tricks are left,
    then the search's line (a trick later again whenever the solve passes its budget)."""
    while not world.is_over:
        if (world.phase == PLAY and not world.trick and not world.genscher_due
                and (world.contract != HOCHZEIT or world.clarified_in)
                and size(world.hands[world.to_move]) <= settings.solve_from
                and _solve_rest(world, settings.solve_budget, work)):
            return
        world.apply(policy(world, world.to_move))
        work.add(ROLLOUT_MOVE)


def evaluate(view: DokoView, plans: Mapping[str, Plan], settings: Settings,
             rng: random.Random, heuristic: DokoHeuristicBot,
             stop: Callable[[Estimate], bool] | None = None) -> Estimate:
    """Each plan's mean score for the viewer over sampled worlds (the same worlds for every
    plan; the first plan is the base the gains are measured against), within
    ``settings``; ``stop`` may end the sampling early once ``settings.min_worlds`` worlds
    were played."""
    me = view.player
    names = list(plans)
    sums = dict.fromkeys(names, 0.0)
    diffs: dict[str, list[float]] = {n: [] for n in names[1:]}
    work = Work()
    done = misses = 0
    policies = {n: _plan_policy(plans[n], me, heuristic) for n in names}
    while done < settings.worlds and work.spent < settings.budget and misses < 3:
        world = sample_world(view, rng, heuristic, work=work)
        if world is None:
            misses += 1
            continue
        scores = {}
        for n in names:
            w = world.clone()
            w.apply(plans[n].action)
            work.add(ROLLOUT_MOVE)
            play_out(w, policies[n], settings, work)
            assert w.result is not None
            scores[n] = float(w.result.scores[me])
            sums[n] += scores[n]
        for n in names[1:]:
            diffs[n].append(scores[n] - scores[names[0]])
        done += 1
        est = Estimate({n: sums[n] / done for n in names}, done, work.spent, diffs)
        if stop is not None and done >= settings.min_worlds and stop(est):
            break
    if done == 0:
        return Estimate({}, 0, work.spent)
    return Estimate({n: sums[n] / done for n in names}, done, work.spent, diffs)


__all__ = ["REPLAY_MOVE", "ROLLOUT_MOVE", "SESSION_COST", "Estimate", "Plan", "Settings",
           "Work", "deal_weighted", "evaluate", "play_out", "played_by_seat", "quiet",
           "sample_world", "voids"]
