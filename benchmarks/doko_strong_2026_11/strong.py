"""Frozen copy (28 Nov 2026, main at 5c89f80) of the project's Doppelkopf module of this
name, kept outside the wheel as the yardstick of issue 35; see ``__init__.py``.

The strong Doppelkopf player: PIMC in the last tricks, simulation for the rest.

**Card play in the last tricks.** Once at most ``solve_tricks`` tricks are left, the bot
samples worlds consistent with its view (the cards still out dealt to the other hands, no
card of a group to a seat that showed a void in it, the parties as far as the view knows
them), solves each world exactly with the search core (:mod:`binokel.search`, positions
from :mod:`.search`) and plays the card with the best average for its party: the game points
its Augen bring (the win line, keine 90/60/30), a hundredth of a point per Auge breaking
ties. Before that it plays its cards as :class:`~.bots.DokoHeuristicBot`.

**Decisions by simulation** (:mod:`.simulate`): the Vorbehalt and which reservation (gesund,
a solo, Hochzeit, Armut, Schmeißen; a stille Hochzeit is ``gesund`` with both Kreuz-Damen),
taking an Armut, the announcements (Re / Kontra and the Absagen), the Genscher's partner
(option) and the cards of a Hochzeit before its Klärungsstich, whose parties are still open.
For each candidate the bot deals worlds consistent with its view, in which the others'
reservation answers are what the heuristic would have said with those hands (so a soloist
holds a solo hand), plays each candidate out on every world (heuristic rollouts, the last
tricks solved exactly) and takes the one with the best mean score as the rules count it
(announcements, a solo's factor 3, the Sonderpunkte). An announcement that the player may
still make at his next turn is made now only when it gains at least :data:`WAIT_MARGIN`:
one more trick tells him more. Clearly weak solos are not simulated (a hand far below the
heuristic's solo strength, :data:`SOLO_SLACK`), so that most hands need no simulation.

Why PIMC and not Information Set MCTS: the exact solver makes each sampled world cheap
and exact in the endgame, where most points are decided; ISMCTS would need many more
playouts per decision for the same accuracy. PIMC's known weakness (it assumes it will know
every card later) matters least in these last tricks; in the early decisions the rollouts
play as the heuristic does, with no more knowledge than it has.

The common part (levels, budget in nodes, the choice) is :class:`~binokel.search.pimc.PimcPlayer`.

>>> from binokel.games.doppelkopf.state import DokoState
>>> state = DokoState.new(dealer=1, seed=5)
>>> bots = [DokoStrongBot(seed=s, sim=Settings(worlds=4)) for s in range(4)]
>>> while not state.is_over:
...     state.apply(bots[state.to_move].choose(state.view(state.to_move)))
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

from binokel.bots import legal_actions_of
from binokel.core.cards import EO
from binokel.core.cards import Card
from binokel.core.cards import CardSet
from binokel.core.cards import cardset
from binokel.core.cards import count
from binokel.core.cards import size
from binokel.games.doppelkopf.announcements import ABSAGE_LEVEL
from binokel.games.doppelkopf.announcements import ANNOUNCEMENTS
from binokel.games.doppelkopf.announcements import DENIED
from binokel.games.doppelkopf.announcements import SCHWARZ
from binokel.games.doppelkopf.announcements import side
from binokel.games.doppelkopf.deal import ARMUT
from binokel.games.doppelkopf.deal import ARMUT_OFFER
from binokel.games.doppelkopf.deal import DECLARE
from binokel.games.doppelkopf.deal import HOCHZEIT
from binokel.games.doppelkopf.deal import KONTRA
from binokel.games.doppelkopf.deal import PLAY
from binokel.games.doppelkopf.deal import RE
from binokel.games.doppelkopf.deal import VORBEHALT
from binokel.games.doppelkopf.genscher import VERB as GENSCHER
from binokel.games.doppelkopf.order import normal_trumps
from binokel.games.doppelkopf.reservations import HEALTHY
from binokel.games.doppelkopf.reservations import PASS
from binokel.games.doppelkopf.reservations import RESERVED
from binokel.games.doppelkopf.reservations import SCHMEISSEN
from binokel.games.doppelkopf.reservations import may_throw
from binokel.games.doppelkopf.reservations import solos_of
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.scoring import augen_needed
from binokel.games.doppelkopf.search import position
from binokel.games.doppelkopf.view import DokoView
from binokel.search import Position

from .heuristic import DokoHeuristicBot
from .heuristic import solo_strength
from .pimc import LEVELS
from .pimc import PimcPlayer
from .pimc import level_kinds
from .simulate import Estimate
from .simulate import Plan
from .simulate import Settings
from .simulate import evaluate
from .simulate import quiet
from .simulate import sample_world

SOLO_SLACK = 2.0
"""A solo is simulated only when the hand's :func:`~.bots.solo_strength` is at most this much
below what the heuristic needs for it (the three closest at most)."""

WAIT_MARGIN = 0.3
"""An announcement still allowed at the player's next turn is made now only when it gains at
least this many points a deal (else he waits for one more trick)."""

WORLD_TRIES = 10
"""Attempts at a world the heuristic's reservations explain, for the card play's PIMC (as
many again for any world the rules allow)."""

EARLY_STOP = 2.5
"""Simulating stops early once every candidate's gain is this many standard errors from the
margin it must pass."""

_NEED = {"damen": 8.5, "buben": 8.5, "koenige": 8.5, "fleischlos": 8.5, "damenbuben": 9.5}
_NEED_FARBSOLO = 10.5   # the heuristic's thresholds (bots.py), for the pre-selection


def solo_candidates(hand: CardSet, rules: DokoRules) -> list[str]:
    """The solos worth simulating with ``hand``: at most three, strongest first, none far
    below the strength the heuristic plays a solo with."""
    scored = []
    for solo in solos_of(rules):
        kind = solo[5:]
        gap = solo_strength(hand, kind) - _NEED.get(kind, _NEED_FARBSOLO)
        if gap >= -SOLO_SLACK:
            scored.append((gap, solo))
    scored.sort(key=lambda x: -x[0])
    return [solo for _, solo in scored[:3]]


def reservations_held(view: DokoView) -> list[str]:
    """The reservations the player to move could name, solos pre-selected
    (:func:`solo_candidates`)."""
    hand = cardset(view.hand)
    out = solo_candidates(hand, view.rules)
    if may_throw(view.rules, hand):
        out.append(SCHMEISSEN)
    if count(hand, EO) == 2:
        out.append(HOCHZEIT)
    if view.rules.armut and size(normal_trumps(hand)) <= 3:
        out.append(ARMUT)
    return out


def re_value(re_augen: int, announced: tuple[int, int], rules: DokoRules,
             solo: bool = False) -> int:
    """The deal's value for Re (as :func:`.scoring.score_deal` counts it, before a solo's
    factor 3) when Re ends with ``re_augen`` of the 240 Augen: the win, the announcements
    (``announced``: the levels of Re and Kontra), keine 90/60/30 and schwarz (read as no
    Augen), the points against an Absage, and gegen die Alten (not in a solo); no other
    special point (they need the tricks, not only the Augen)."""
    pts = {RE: re_augen, KONTRA: 240 - re_augen}
    level = {RE: announced[0], KONTRA: announced[1]}
    other = {RE: KONTRA, KONTRA: RE}
    sign = {RE: 1, KONTRA: -1}

    def reached(p: str) -> bool:
        o = other[p]
        ok = pts[p] >= augen_needed(p, announced)
        if rules.reach_absage_wins and level[o] >= 1:
            lv = level[o]
            ok = ok or (pts[p] > 0 if lv == SCHWARZ else pts[p] >= DENIED[lv])
        for lv in range(1, level[p] + 1):
            ok = ok and (pts[o] == 0 if lv == SCHWARZ else pts[o] < DENIED[lv])
        return ok

    winner = next((p for p in (RE, KONTRA) if reached(p)), None)
    value = 0
    if winner is not None:
        value += sign[winner] * (1 + sum(2 + max(0, level[p]) for p in (RE, KONTRA)
                                         if level[p] >= 0))
        if winner == KONTRA and not solo:
            value -= 1   # gegen die Alten
    for p in (RE, KONTRA):
        if winner is not None and p != winner:
            continue
        lost = pts[other[p]]
        value += sign[p] * (sum(lost < limit for limit in (90, 60, 30)) + (lost == 0))
    for p in (RE, KONTRA):
        for lv, need in ((1, 120), (2, 90), (3, 60), (4, 30)):
            if level[other[p]] >= lv and pts[p] >= need:
                value += sign[p]
    return value


class DokoStrongBot(PimcPlayer):
    """PIMC with the exact solver in the last tricks; the reservations, announcements, the
    Genscher and a Hochzeit's first tricks by simulation (:mod:`.simulate`)."""

    def __init__(self, seed: int | None = None, samples: int = 16, solve_tricks: int = 6,
                 budget: int = 400_000, name: str = "strong",
                 sim: Settings | None = None) -> None:
        super().__init__(DokoHeuristicBot(seed), seed, samples, solve_tricks, budget, name)
        self.sim = sim or Settings()
        # The reservation chosen at the Vorbehalt, per (dealer, hand): named when asked.
        self._plans: dict[tuple[int, tuple[Card, ...]], str] = {}
        self.last_estimate: Estimate | None = None   # the last simulated decision's

    # ------------------------------------------------------------------ decisions
    def choose(self, view: DokoView) -> str:
        actions = legal_actions_of(view)
        self.last_values = {}
        self.last_estimate = None
        if len(actions) == 1:
            return actions[0]
        if view.phase == VORBEHALT:
            return self._vorbehalt(view)
        if view.phase == DECLARE:
            return self._declare(view, actions)
        if view.phase == ARMUT_OFFER:
            return self._best(view, {a: Plan(a) for a in ("decline", "accept")}) or "decline"
        if view.phase == PLAY:
            chosen = self._play_decision(view, actions)
            if chosen is not None:
                return chosen
            view = quiet(view)
        return str(super().choose(view))

    def _best(self, view: DokoView, plans: dict[str, Plan], margin: float = 0.0,
              stop: bool = False) -> str | None:
        """The plan with the best mean score by simulation (the first plan, the base, unless
        another gains more than ``margin``); None if no world could be sampled. ``stop``:
        end early once every gain is clearly above or below the margin."""

        def decided(est: Estimate) -> bool:
            for name in list(plans)[1:]:
                m, se = est.gain(name)
                if abs(m - margin) < EARLY_STOP * se:
                    return False
            return True

        est = evaluate(view, plans, self.sim, self.rng, self.heuristic,
                       decided if stop else None)
        self.last_estimate = est
        if not est.worlds:
            return None
        self.last_values = {plans[n].action: v for n, v in est.means.items()}
        base = next(iter(plans))
        best = max(plans, key=lambda n: (est.means[n], n == base))
        if best != base and est.means[best] - est.means[base] <= margin:
            best = base
        return best

    def _vorbehalt(self, view: DokoView) -> str:
        held = reservations_held(view)
        if not held:
            return HEALTHY
        plans = {HEALTHY: Plan(HEALTHY)} | {r: Plan(RESERVED, r) for r in held}
        best = self._best(view, plans)
        if best is None:
            return str(self.heuristic.choose(view))
        # The two answers' values (a hint shows them): a reservation is worth its best plan
        # (by plan: every reservation's action is the same word).
        assert self.last_estimate is not None
        means = self.last_estimate.means
        self.last_values = {HEALTHY: means[HEALTHY],
                            RESERVED: max(v for n, v in means.items() if n != HEALTHY)}
        if best != HEALTHY:
            self._plans[(view.dealer, view.hand)] = best
            return RESERVED
        return HEALTHY

    def _declare(self, view: DokoView, actions: list[str]) -> str:
        plan = self._plans.get((view.dealer, view.hand))
        if plan is not None:
            if plan in actions:
                return plan
            if PASS in actions:
                return PASS   # the planned reservation is asked for later
        held = set(reservations_held(view)) | {PASS}
        candidates = [a for a in actions if a in held]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            best = self._best(view, {a: Plan(a, None if a == PASS else a) for a in candidates})
            if best is not None:
                return best
        return str(self.heuristic.choose(view))

    def _play_decision(self, view: DokoView, actions: list[str]) -> str | None:
        """An announcement, a Genscher or a Hochzeit's early card decided by simulation
        (None: no such decision now, or it says play on as usual)."""
        genscher = [a for a in actions if a.startswith(GENSCHER)]
        announce = [a for a in actions if a in ANNOUNCEMENTS]
        if view.contract == HOCHZEIT and view.clarified_in == 0:
            cards = [a for a in actions if a.startswith("play ")]
            base = self.heuristic.choose(quiet(view))
            plans = {base: Plan(base)} | {a: Plan(a) for a in cards if a != base}
            return self._best(view, plans)
        if not genscher and not announce:
            return None
        card = self.heuristic.choose(quiet(view))
        if genscher:
            plans = {card: Plan(card)} | {a: Plan(a) for a in genscher}
            best = self._best(view, plans)
            if best is not None and best != card:
                return best
        if announce:
            # The Ansage, or the next two Absagen (a jump further is hardly ever right).
            options = announce[:1] if announce[0] in (RE, KONTRA) else announce[:2]
            plans = {card: Plan(card)} | {a: Plan(a) for a in options}
            margin = WAIT_MARGIN if self._allowed_later(view, options[0]) else 0.0
            best = self._best(view, plans, margin, stop=True)
            if best is not None and best != card:
                return best
        self.last_values = {}
        return None

    def _allowed_later(self, view: DokoView, what: str) -> bool:
        """Whether ``what`` will still be allowed at the player's next turn (one card
        fewer), as far as the rules' deadline says."""
        me = view.player
        party = RE if view.parties[me] == RE else KONTRA
        level = 0 if what in (RE, KONTRA) else ABSAGE_LEVEL[what]
        shift = max(0, view.clarified_in - 1) if view.contract == HOCHZEIT else 0
        rules = view.rules
        need = rules.hand_size - rules.ansage_played - level * rules.absage_step - shift
        if level == 0 and view.announced[1 - side(party)] >= 0:
            other = view.announced[1 - side(party)]
            need = min(need, rules.hand_size - rules.ansage_played
                       - other * rules.absage_step - shift - 1)
        return len(view.hand) - 1 >= need

    def sign(self, view: DokoView) -> float:
        return -1.0 if view.parties[view.player] == KONTRA else 1.0

    def utility(self, view: DokoView) -> Callable[[Position, int], float] | None:
        """Re's game points from its final Augen as the rules count them
        (:func:`re_value`: the win line, the announcements, keine 90/60/30 either way,
        gegen die Alten), plus a hundredth of a point per Auge so that more Augen still
        count where no line is in reach."""
        announced = view.announced
        rules = view.rules
        solo = view.soloist is not None

        def utility(p: Position, value: int) -> float:
            augen = value + sum(view.trick_points[s] for s, m in enumerate(p.maximiser) if m)
            return re_value(augen, announced, rules, solo) + augen / 100
        return utility

    def worlds(self, view: DokoView) -> Iterator[Position] | None:
        """Positions of worlds consistent with ``view`` (:func:`.simulate.sample_world`:
        voids, parties, the others' reservations as the heuristic would have made them;
        lazily: the budget decides how many are solved), or None before a Hochzeit's
        Klärungsstich, whose parties the search cannot model."""
        if view.phase != PLAY or (view.contract == HOCHZEIT and view.clarified_in == 0):
            return None
        return self._positions(view)

    def _positions(self, view: DokoView) -> Iterator[Position]:
        made = 0
        for _ in range(2 * self.samples):
            if made == self.samples:
                return
            world = sample_world(view, self.rng, self.heuristic, tries=WORLD_TRIES)
            if world is not None:
                made += 1
                yield position(world)


DOKO_LEVELS: dict[str, dict[str, Any]] = {
    "strong-easy": {**LEVELS["strong-easy"],
                    "sim": Settings(worlds=12, budget=1_500_000, solve_from=4,
                                    solve_budget=50_000)},
    "strong": {**LEVELS["strong"], "sim": Settings()},
    "strong-hard": {**LEVELS["strong-hard"],
                    "sim": Settings(worlds=40, budget=10_000_000, solve_from=6,
                                    solve_budget=600_000)},
}
"""The levels: the card play's PIMC (:data:`binokel.search.pimc.LEVELS`) and the
simulation's :class:`~.simulate.Settings`."""


def kinds() -> dict[str, Callable[[int | None], Any]]:
    """The strong player's levels as bot kinds (see :data:`DOKO_LEVELS`)."""
    return level_kinds(DokoStrongBot, DOKO_LEVELS)


__all__ = ["DOKO_LEVELS", "SOLO_SLACK", "WAIT_MARGIN", "DokoStrongBot", "kinds",
           "re_value", "reservations_held", "solo_candidates"]
