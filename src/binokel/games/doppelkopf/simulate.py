"""Decisions by simulation for the strong Doppelkopf player: worlds consistent with a view,
played out to the end, scored as the rules count.

The worlds come from the game's one sampler (:class:`~.worlds.DokoWorlds`, card reading:
the others' reservations, announcements and cards weighed by a model of a player), drawn
once per decision; every candidate is played on the same worlds, each world as often as it
was drawn.

A candidate (:class:`Plan`) is an action now plus what the player will say later in the
reservations (his reservation, if any). :func:`evaluate` plays every candidate out on the
same worlds: heuristic rollouts for the early tricks, the player himself quiet (no further
announcements: each is decided again when it comes), then the rest solved exactly from
``solve_from`` tricks left (the double-dummy line of the search core, played into the world
so that the special points count), trying again a trick later whenever the solve would pass
its node budget. Each candidate's value is the player's score in the finished deal
(``result.scores``: announcements, the solo's factor 3 and the Sonderpunkte included),
averaged over the worlds.

Work is counted in solver nodes (a rollout move as :data:`ROLLOUT_MOVE` of them, a world's
replay as :data:`~.worlds.REPLAY_MOVE` per action), never read off the clock, so a seed gives
the same decision on a busy machine as on an idle one; a faster solver (more nodes a second)
lets a level solve from more tricks left at the same cost.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field

from ...core.cards import EO
from ...core.cards import cards_of
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import size
from ...core.trick import PLAY_ACTIONS
from ...core.worlds import NoWorldFound
from ...core.worlds import Sampling
from ...search import SearchLimit
from ...search import Session
from . import schweinchen
from .announcements import allowed as allowed_announcements
from .announcements import compulsory
from .bots import CardsSeen
from .bots import DokoHeuristicBot
from .bots import announcement_choice
from .bots import card_choice
from .bots import state_features
from .deal import DECLARE
from .deal import HOCHZEIT
from .deal import PLAY
from .deal import VORBEHALT
from .genscher import allowed as genscher_allowed
from .reservations import HEALTHY
from .reservations import PASS
from .reservations import RESERVED
from .search import position
from .state import DokoState
from .view import DokoView
from .view import known_parties
from .view import public_contract
from .worlds import DokoWorlds
from .worlds import Tally

ROLLOUT_MOVE = 700
"""A heuristic rollout move (a view and the heuristic's choice, about 55 µs) in solver nodes
(the compiled core searches about 12 million a second on a Doppelkopf endgame)."""

FAST_MOVE = 300
"""A move of a :class:`Rollout` (the heuristic's card without a view), in solver nodes."""

SESSION_COST = 2_000
"""Setting up one search (its tables), in solver nodes."""

Work = Tally
"""Work done for one decision, in solver nodes."""


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
    min_worlds: int = 8          # before an early stop (or pruning) is considered
    prune: float = 0.0           # drop plans this many standard errors behind (0: never)


@dataclass
class Estimate:
    """Each candidate's mean score for the player over the worlds played."""

    means: dict[str, float]
    worlds: int
    work: int
    diffs: dict[str, list[float]] = field(default_factory=dict)  # per world, minus the base
    played: dict[str, int] = field(default_factory=dict)   # worlds each plan was played on

    def finalists(self) -> list[str]:
        """The plans played on every world (none pruned)."""
        most = max(self.played.values(), default=0)
        return [n for n in self.means if self.played.get(n, most) == most]

    def gain(self, name: str) -> tuple[float, float]:
        """Mean gain of ``name`` over the first candidate and its standard error."""
        d = self.diffs.get(name, [])
        if len(d) < 2:
            return (d[0] if d else 0.0), math.inf
        m = sum(d) / len(d)
        var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
        return m, math.sqrt(var / len(d))


# ----------------------------------------------------------------------- rollouts
def quiet(view: DokoView) -> DokoView:
    """``view`` with only the card plays legal (no announcement, no Genscher)."""
    plays = tuple(a for a in view.legal_actions if a.startswith("play "))
    return dataclasses.replace(view, legal_actions=plays) if plays else view


class _Light:
    """The parts of a seat's view the heuristic's card play reads, made straight from the
    state (a rollout plays thousands of cards: a whole :class:`~.view.DokoView` each time
    would cost three times as much). What it holds is what the seat's view holds."""

    __slots__ = (
        "active",
        "clarified_in",
        "contract",
        "hand",
        "history",
        "hochzeit",
        "order",
        "parties",
        "partner",
        "player",
        "rules",
        "schweine",
        "soloist",
        "trick",
        "trick_leader",
        "tricks",
    )

    def __init__(self, state: DokoState, seat: int) -> None:
        contract = public_contract(state)
        self.player = seat
        self.active = state.active
        self.rules = state.rules
        self.order = state.order
        self.tricks = state.tricks
        self.trick = state.trick
        self.trick_leader = state.trick_leader
        self.hand = cards_of(state.hands[seat])
        self.history = state.history
        self.parties = known_parties(state, seat)
        self.contract = contract
        self.soloist = state.soloist if (contract or "").startswith("solo") else None
        self.hochzeit = state.hochzeit
        self.clarified_in = state.clarified_in
        self.partner = state.partner
        self.schweine = state.schweine


class Rollout:
    """Plays the card phase of a world on by the heuristic's rules, fast: the cards seen are
    kept up to date card by card (:class:`~.bots.CardsSeen`), the heuristic's card play and
    announcements are asked without building views. ``quiet`` seats make no announcement."""

    def __init__(self, world: DokoState, quiet: Collection[int] = ()) -> None:
        self.world = world
        self.quiet = frozenset(quiet)
        self.seen = CardsSeen.of(world.view(world.to_move)) if world.phase == PLAY else None

    def step(self) -> None:
        """One action of the player to move: an announcement or a card."""
        world = self.world
        seat = world.to_move
        if self.seen is None:   # the first card: the tricks so far are none
            self.seen = CardsSeen.of(world.view(world.to_move))
        must = compulsory(world)   # announce_first_trick_30: a quiet seat must say it too
        if must is not None:
            world.apply(must)
            return
        if seat not in self.quiet:
            options = allowed_announcements(world, seat)
            if options:
                contract = world.contract or ""
                hand = world.hands[seat]
                solo = contract.startswith("solo")
                soloist = world.soloist == seat if solo else count(hand, EO) == 2
                wish = announcement_choice(world.order, hand, soloist, not solo,
                                           world.announced, options,
                                           state_features(world, seat))
                if wish is not None:
                    world.apply(wish)
                    return
        led = world.trick[0] if world.trick else None
        cards = list(distinct(world.legal_cards()))
        c = cards[0] if len(cards) == 1 else card_choice(
            _Light(world, seat), world.hands[seat], cards, self.seen)   # type: ignore[arg-type]
        world.apply(PLAY_ACTIONS[c])
        self.seen.add(world.order, seat, c, led)


def fast_enough(world: DokoState) -> bool:
    """Whether :class:`Rollout` may play the world's next action: the card phase, no
    Genscher (option) to decide, no Hochzeit before its Klärungsstich."""
    return (world.phase == PLAY and not world.genscher_due
            and not genscher_allowed(world, world.to_move)
            and (world.contract != HOCHZEIT or world.clarified_in > 0))


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
    False (nothing played) when the first solve passes ``budget`` nodes, or while a
    Schweinchen may still be declared (``schweinchen_when``: the order would change under
    the search's line)."""
    if schweinchen.pending(world):
        return False
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
             work: Work, me: int | None = None) -> None:
    """Play ``world`` to its end: ``policy`` until ``settings.solve_from`` tricks are left,
    then the search's line (a trick later again whenever the solve passes its budget).
    Where the card play allows (:func:`fast_enough`) the heuristic plays as a
    :class:`Rollout` instead of ``policy``, ``me`` quiet."""
    rollout: Rollout | None = None
    while not world.is_over:
        if (world.phase == PLAY and not world.trick and not world.genscher_due
                and (world.contract != HOCHZEIT or world.clarified_in)
                and size(world.hands[world.to_move]) <= settings.solve_from
                and _solve_rest(world, settings.solve_budget, work)):
            return
        if fast_enough(world):
            if rollout is None:
                rollout = Rollout(world, () if me is None else (me,))
            rollout.step()
            work.add(FAST_MOVE)
        else:
            rollout = None   # the cards seen are taken afresh after a slow step
            world.apply(policy(world, world.to_move))
            work.add(ROLLOUT_MOVE)


def evaluate(view: DokoView, plans: Mapping[str, Plan], settings: Settings,
             rng: random.Random, heuristic: DokoHeuristicBot,
             stop: Callable[[Estimate], bool] | None = None,
             sampler: DokoWorlds | None = None,
             sampling: Sampling = Sampling.READ) -> Estimate:
    """Each plan's mean score for the viewer over sampled worlds (the same worlds for every
    plan, each as often as it was drawn; the first plan is the base the gains are measured
    against), within ``settings``; ``stop`` may end early once ``settings.min_worlds``
    worlds were played. With ``settings.prune`` a plan that trails the leader by that many
    standard errors of their paired difference is played no more (its mean stays the one of
    the worlds it was played on); the base is always played."""
    me = view.player
    names = list(plans)
    sums = dict.fromkeys(names, 0.0)
    seen = dict.fromkeys(names, 0)
    per_world: dict[str, list[float]] = {n: [] for n in names}
    diffs: dict[str, list[float]] = {n: [] for n in names[1:]}
    work = Work()
    done = 0
    live = list(names)
    policies = {n: _plan_policy(plans[n], me, heuristic) for n in names}
    try:
        worlds = (sampler or DokoWorlds(heuristic)).sample(view, rng, settings.worlds,
                                                           sampling, work)
    except NoWorldFound:
        worlds = []
    for world in worlds:
        if work.spent >= settings.budget:
            break
        scores = {}
        for n in live:
            w = world.state.clone()
            w.apply(plans[n].action)
            work.add(ROLLOUT_MOVE)
            play_out(w, policies[n], settings, work, me)
            assert w.result is not None
            scores[n] = float(w.result.scores[me])
            sums[n] += scores[n] * world.count
            seen[n] += world.count
            per_world[n] += [scores[n]] * world.count
        for n in live[1:]:
            diffs[n] += [scores[n] - scores[names[0]]] * world.count
        done += world.count
        est = Estimate({n: sums[n] / seen[n] for n in names if seen[n]}, done, work.spent,
                       diffs, dict(seen))
        if stop is not None and done >= settings.min_worlds and stop(est):
            break
        if settings.prune and done >= settings.min_worlds and len(live) > 2:
            live = _pruned(live, per_world, settings.prune)
    if done == 0:
        return Estimate({}, 0, work.spent)
    return Estimate({n: sums[n] / seen[n] for n in names if seen[n]}, done, work.spent,
                    diffs, dict(seen))


def _pruned(live: list[str], per_world: Mapping[str, list[float]], z: float) -> list[str]:
    """The plans of ``live`` not clearly worse than the leader: a plan is dropped when its
    mean paired difference to the leader lies more than ``z`` standard errors below 0. The
    first (the base) stays."""
    k = len(per_world[live[0]])
    mean = {n: sum(per_world[n][-k:]) / k for n in live}
    leader = max(live, key=lambda n: mean[n])
    out = [live[0]]
    for n in live[1:]:
        if n == leader:
            out.append(n)
            continue
        d = [a - b for a, b in zip(per_world[n][-k:], per_world[leader][-k:], strict=True)]
        m = sum(d) / k
        var = sum((x - m) ** 2 for x in d) / max(1, k - 1)
        if m + z * math.sqrt(var / k) >= 0.0:
            out.append(n)
    return out


__all__ = [
    "FAST_MOVE",
    "ROLLOUT_MOVE",
    "SESSION_COST",
    "Estimate",
    "Plan",
    "Rollout",
    "Settings",
    "Work",
    "evaluate",
    "fast_enough",
    "play_out",
    "quiet",
]
