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
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field

from ...core.cards import size
from ...core.trick import PLAY_ACTIONS
from ...core.worlds import NoWorldFound
from ...core.worlds import Sampling
from ...search import SearchLimit
from ...search import Session
from .bots import DokoHeuristicBot
from .deal import DECLARE
from .deal import HOCHZEIT
from .deal import PLAY
from .deal import VORBEHALT
from .reservations import HEALTHY
from .reservations import PASS
from .reservations import RESERVED
from .search import position
from .state import DokoState
from .view import DokoView
from .worlds import DokoWorlds
from .worlds import Tally

ROLLOUT_MOVE = 700
"""A heuristic rollout move (a view and the heuristic's choice, about 55 µs) in solver nodes
(the compiled core searches about 12 million a second on a Doppelkopf endgame)."""

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
             stop: Callable[[Estimate], bool] | None = None,
             sampler: DokoWorlds | None = None,
             sampling: Sampling = Sampling.READ) -> Estimate:
    """Each plan's mean score for the viewer over sampled worlds (the same worlds for every
    plan, each as often as it was drawn; the first plan is the base the gains are measured
    against), within ``settings``; ``stop`` may end early once ``settings.min_worlds``
    worlds were played."""
    me = view.player
    names = list(plans)
    sums = dict.fromkeys(names, 0.0)
    diffs: dict[str, list[float]] = {n: [] for n in names[1:]}
    work = Work()
    done = 0
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
        for n in names:
            w = world.state.clone()
            w.apply(plans[n].action)
            work.add(ROLLOUT_MOVE)
            play_out(w, policies[n], settings, work)
            assert w.result is not None
            scores[n] = float(w.result.scores[me])
            sums[n] += scores[n] * world.count
        for n in names[1:]:
            diffs[n] += [scores[n] - scores[names[0]]] * world.count
        done += world.count
        est = Estimate({n: sums[n] / done for n in names}, done, work.spent, diffs)
        if stop is not None and done >= settings.min_worlds and stop(est):
            break
    if done == 0:
        return Estimate({}, 0, work.spent)
    return Estimate({n: sums[n] / done for n in names}, done, work.spent, diffs)


__all__ = ["ROLLOUT_MOVE", "SESSION_COST", "Estimate", "Plan", "Settings", "Work", "evaluate",
           "play_out", "quiet"]
