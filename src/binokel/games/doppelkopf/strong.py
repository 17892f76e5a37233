"""The strong Doppelkopf player: PIMC in the last tricks, simulation for the rest.

**Card play in the last tricks.** Once at most ``solve_tricks`` tricks are left, the bot
samples worlds consistent with its view (the cards still out dealt to the other hands, no
card of a group to a seat that showed a void in it, the parties as far as the view knows
them), solves each world exactly with the search core (:mod:`binokel.search`, positions
from :mod:`.search`) and plays the card with the best average for its party: the game points
its Augen bring (the win line, keine 90/60/30), a hundredth of a point per Auge breaking
ties. Before that (levels ``strong`` and ``strong-hard``, :data:`EARLY`) each card is
decided by simulation: every card that can play differently played out on the same worlds
(heuristic rollouts, the last tricks solved), the heuristic's card unless another scores
clearly better (:data:`EARLY_Z`); ``strong-easy`` plays those cards as
:class:`~.bots.DokoHeuristicBot`.

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

import hashlib
import random
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...bots import legal_actions_of
from ...core.cards import EO
from ...core.cards import SA
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import cardset
from ...core.cards import count
from ...core.cards import parse_card
from ...core.cards import size
from ...core.trick import PLAY_ACTIONS
from ...core.worlds import NoWorldFound
from ...core.worlds import Sampling
from ...core.worlds import World
from ...search import Position
from ...search.pimc import LEVELS
from ...search.pimc import PimcPlayer
from ...search.pimc import average_counted
from ...search.pimc import level_kinds
from . import scoring
from .announcements import ABSAGE_LEVEL
from .announcements import ANNOUNCEMENTS
from .announcements import side
from .bots import ANNOUNCE_AT
from .bots import ANNOUNCE_MODEL
from .bots import DokoHeuristicBot
from .bots import announce_features
from .bots import solo_strength
from .bots import win_chance
from .deal import ARMUT
from .deal import ARMUT_OFFER
from .deal import DECLARE
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import PLAY
from .deal import RE
from .deal import VORBEHALT
from .deal import full_deck
from .genscher import VERB as GENSCHER
from .order import karlchen_card
from .order import normal_trumps
from .reservations import HEALTHY
from .reservations import PASS
from .reservations import RESERVED
from .reservations import SCHMEISSEN
from .reservations import may_throw
from .reservations import solos_of
from .rules import DokoRules
from .search import POINTS
from .search import position
from .simulate import Estimate
from .simulate import Plan
from .simulate import Settings
from .simulate import evaluate
from .simulate import quiet
from .state import DokoState
from .view import DokoView
from .worlds import DokoWorlds

SOLO_SLACK = 2.0
"""A solo is simulated only when the hand's :func:`~.bots.solo_strength` is at most this much
below what the heuristic needs for it (the three closest at most)."""

WAIT_MARGIN = 0.3
"""An announcement still allowed at the player's next turn is made now only when it gains at
least this many points a deal (else he waits for one more trick)."""

ABSAGE_MARGIN = 1.0
"""An Absage (keine 90, 60, 30, schwarz) is made only when simulation finds it better than
playing on by at least this many points a deal more than an Ansage needs: every sampled
world is played with open cards, so a party's Augen look surer than they are, and a lost
Absage loses the game (docs/search.md, issue 35: what it gained against FreeDoko)."""

EARLY_STOP = 2.5
"""Simulating stops early once every candidate's gain is this many standard errors from the
margin it must pass."""

EARLY = Settings(worlds=12, budget=1_500_000, solve_from=5, solve_budget=50_000,
                 min_worlds=4, prune=2.0)
"""The simulation of a card before the last tricks at level ``strong``: 12 worlds, a card
2 standard errors behind the leader dropped from the fourth world on (docs/search.md, issue
35: what it gained against FreeDoko)."""

EARLY_Z = 2.0
"""An early card other than the heuristic's is played only if its gain over the heuristic's
card on the same worlds is at least this many standard errors: the best of several cards
on 12 worlds is often best by chance (without it the player did worse against FreeDoko)."""

EARLY_HARD = Settings(worlds=24, budget=4_000_000, solve_from=5, solve_budget=150_000,
                      min_worlds=6, prune=2.0)
"""The same at level ``strong-hard``: twice the worlds."""

_NEED = {"damen": 8.5, "buben": 8.5, "koenige": 8.5, "fleischlos": 8.5, "damenbuben": 9.5}
_NEED_FARBSOLO = 10.5   # the heuristic's thresholds (bots.py), for the pre-selection


def distinct_cards(view: DokoView, cards: list[Card], keep: Card) -> list[Card]:
    """``cards`` without those that cannot play differently from another one: of two cards
    of one group and one card value, neither a Kreuz-Dame (it shows the party), a Fuchs or
    a Karlchen, with no card still out from the lower to the higher (one between them, or a
    copy of either: of two equal cards the first wins, so the one kept in hand would fare
    differently against it) and none in the trick that the higher beats and the lower does
    not, only one is kept (``keep`` if it is one of them)."""
    order = view.order
    out_cards = _out(view)
    special = {EO, SA, karlchen_card(view.rules)}

    def alike(a: Card, b: Card) -> bool:
        if order.group[a] != order.group[b] or POINTS[a] != POINTS[b] or \
                a in special or b in special:
            return False
        lo, hi = sorted((order.power[a], order.power[b]))
        g = order.group[a]
        return not any(order.group[u] == g and lo <= order.power[u] <= hi for u in out_cards) \
            and not any(order.group[u] == g and lo <= order.power[u] < hi for u in view.trick)

    kept: list[Card] = []
    for c in sorted(cards, key=lambda c: (c != keep, -order.power[c])):
        if not any(alike(k, c) for k in kept):
            kept.append(c)
    return kept


def _out(view: DokoView) -> list[Card]:
    """The cards the viewer cannot see: neither in his hand nor played."""
    rest = Counter(full_deck(view.rules))
    rest.subtract(view.hand)
    for t in view.tricks:
        rest.subtract(t.cards)
    rest.subtract(view.trick)
    return [c for c, n in rest.items() if n > 0]


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


@lru_cache(maxsize=4096)
def re_value(re_augen: int, announced: tuple[int, int], rules: DokoRules,
             solo: bool = False) -> int:
    """The deal's value for Re (before a solo's factor 3) when Re ends with ``re_augen`` of
    the 240 Augen: the scorer's own :func:`.scoring.re_value` (its win test, the
    announcements, keine 90/60/30 and schwarz, the points against an Absage, gegen die
    Alten), a party without Augen read as one without a trick (the solver counts Augen, not
    tricks); no other special point (they need the tricks). Cached: the solver asks for the
    same few values at every leaf.

    >>> r = DokoRules()
    >>> re_value(151, (0, -1), r), re_value(120, (-1, -1), r), re_value(240, (-1, -1), r)
    (4, -2, 5)
    """
    tricks = (int(re_augen > 0), int(re_augen < 240))
    return scoring.re_value((re_augen, 240 - re_augen), tricks, announced, rules, solo)


class DokoStrongBot(PimcPlayer):
    """PIMC with the exact solver in the last tricks; the reservations, announcements, the
    Genscher and a Hochzeit's first tricks by simulation (:mod:`.simulate`).

    Every decision draws its random numbers from the view alone (:func:`_view_rng`), so
    the player is a function of what it sees: ``seed`` (kept for the bot kinds' common
    signature) changes nothing, and neither do the deals it played before."""

    def __init__(self, seed: int | None = None, samples: int = 16, solve_tricks: int = 6,
                 budget: int = 400_000, name: str = "strong",
                 sim: Settings | None = None, early: Settings | None = None,
                 announce_model: bool = True, announce_at: float | None = None,
                 early_z: float = 0.0, absage_margin: float = ABSAGE_MARGIN) -> None:
        super().__init__(DokoHeuristicBot(seed), seed, samples, solve_tricks, budget, name)
        self.sim = sim or Settings()
        self.early = early   # the card play before the last tricks (None: the heuristic's)
        # An early card other than the heuristic's only if it gains this many standard errors.
        self.early_z = early_z
        self.absage_margin = absage_margin
        self.announce_model = announce_model
        self.announce_at = ANNOUNCE_AT if announce_at is None else announce_at
        self.sampler = DokoWorlds(self.heuristic)   # the game's one sampler, card reading
        self.sampling = Sampling.READ
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
        # Seeded by the view, not by the game so far: the same view gets the same decision
        # whatever the bot played before, so a hint for this seat (a fresh bot) simulates
        # the same worlds and never recommends what the player would not do, and a match
        # replayed with one decision changed replays every other one move for move.
        self.rng = _view_rng(view)
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
            if self.early is not None and len(view.hand) > self.solve_tricks:
                chosen = self._early_card(view)
                if chosen is not None:
                    return chosen
        return str(super().choose(view))

    def _early_card(self, view: DokoView) -> str | None:
        """A card before the last tricks by simulation (:attr:`early`): every legal card
        played out on the same worlds (heuristic rollouts, the last tricks solved), the
        heuristic's card unless another scores better, by :attr:`early_z` standard errors
        of the paired gain at least; None: nothing to choose."""
        plays = [a for a in view.legal_actions if a.startswith("play ")]
        if len(plays) < 2 or self.early is None:
            return None
        base = str(self.heuristic.choose(view))
        cards = distinct_cards(view, [parse_card(a[5:]) for a in plays],
                               parse_card(base[5:]))
        if len(cards) < 2:
            return base
        plans = {base: Plan(base)} | {PLAY_ACTIONS[c]: Plan(PLAY_ACTIONS[c]) for c in cards
                                      if PLAY_ACTIONS[c] != base}
        best = self._best(view, plans, settings=self.early)
        if best is not None and best != base and self.early_z > 0:
            assert self.last_estimate is not None
            gain, se = self.last_estimate.gain(best)
            if gain < self.early_z * se:
                return base
        return best

    def _best(self, view: DokoView, plans: dict[str, Plan], margin: float = 0.0,
              stop: bool = False, settings: Settings | None = None) -> str | None:
        """The plan with the best mean score by simulation (the first plan, the base, unless
        another gains more than ``margin``); None if no world could be sampled. ``stop``:
        end early once every gain is clearly above or below the margin."""

        def decided(est: Estimate) -> bool:
            for name in list(plans)[1:]:
                m, se = est.gain(name)
                if abs(m - margin) < EARLY_STOP * se:
                    return False
            return True

        est = evaluate(view, plans, settings or self.sim, self.rng, self.heuristic,
                       decided if stop else None, self.sampler, self.sampling)
        self.last_estimate = est
        if not est.worlds:
            return None
        self.last_values = {plans[n].action: v for n, v in est.means.items()}
        base = next(iter(plans))
        best = max(est.finalists(), key=lambda n: (est.means[n], n == base))
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
        if view.contract == HOCHZEIT and view.clarified_in == 0:
            return self._hochzeit_card(view, actions)
        genscher = [a for a in actions if a.startswith(GENSCHER)]
        announce = [a for a in actions if a in ANNOUNCEMENTS]
        if not genscher and not announce:
            return None
        card = self.heuristic.choose(quiet(view))
        if genscher:
            best = self._against_card(view, card, genscher)
            if best is not None:
                return best
        if announce and announce[0] in (RE, KONTRA) and self.announce_model:
            features = announce_features(view)
            if features is not None and ANNOUNCE_MODEL:
                return self._modelled_announcement(card, announce[0], features)
        if announce:
            # The Ansage, or the next two Absagen (a jump further is hardly ever right).
            options = announce[:1] if announce[0] in (RE, KONTRA) else announce[:2]
            margin = WAIT_MARGIN if self._allowed_later(view, options[0]) else 0.0
            if options[0] not in (RE, KONTRA):
                margin += self.absage_margin
            best = self._against_card(view, card, options, margin, stop=True)
            if best is not None:
                return best
        self.last_values = {}
        return None

    def _hochzeit_card(self, view: DokoView, actions: list[str]) -> str | None:
        """A card before the Hochzeit's Klärungsstich, whose parties are still open: every
        card simulated, the heuristic's first."""
        cards = [a for a in actions if a.startswith("play ")]
        base = self.heuristic.choose(quiet(view))
        plans = {base: Plan(base)} | {a: Plan(a) for a in cards if a != base}
        return self._best(view, plans)

    def _against_card(self, view: DokoView, card: str, options: list[str],
                      margin: float = 0.0, stop: bool = False) -> str | None:
        """The best of ``options`` when simulation finds it better than playing ``card``
        on as usual (None: play on)."""
        plans = {card: Plan(card)} | {a: Plan(a) for a in options}
        best = self._best(view, plans, margin, stop=stop)
        return best if best is not None and best != card else None

    def _modelled_announcement(self, card: str, announcement: str,
                               features: Sequence[float]) -> str | None:
        """Re / Kontra in a game of two parties: the model fitted against outcomes. The
        values (a hint shows them): what the Ansage adds to the deal's value for the party
        (2 points more to the winner), against playing on."""
        chance = win_chance(features)
        self.last_values = {announcement: 4.0 * chance - 2.0, card: 0.0}
        return announcement if chance >= self.announce_at else None

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
        """Positions of worlds consistent with ``view`` (:class:`.worlds.DokoWorlds`, card
        reading), each once however often it was drawn (:meth:`card_values` weighs them),
        or None before a Hochzeit's Klärungsstich, whose parties the search cannot model."""
        if view.phase != PLAY or (view.contract == HOCHZEIT and view.clarified_in == 0):
            return None
        return (position(w.state) for w in self._draw(view))

    def _draw(self, view: DokoView) -> list[World[DokoState]]:
        try:
            return self.sampler.sample(view, self.rng, self.samples, self.sampling)
        except NoWorldFound:
            return []

    def card_values(self, view: DokoView) -> dict[Card, float]:
        """Each legal card's mean value for the player over the sampled worlds (each world
        solved once, counted as often as it was drawn), within the node budget; a world
        that needs more than half of it is skipped."""
        if view.phase != PLAY or (view.contract == HOCHZEIT and view.clarified_in == 0):
            return {}
        cards = sorted({parse_card(a[5:]) for a in view.legal_actions if a.startswith("play ")})
        worlds = ((position(w.state), w.count) for w in self._draw(view))
        values = average_counted(worlds, cards, self.budget, self.budget // 2,
                                 self.utility(view)).values
        sign = self.sign(view)
        return {c: sign * v for c, v in values.items()}


def _view_rng(view: DokoView) -> random.Random:
    """Random numbers determined by what the seat sees (its hand and the public history)."""
    key = repr((view.player, view.dealer, view.hand, view.history)).encode()
    return random.Random(int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big"))


DOKO_LEVELS: dict[str, dict[str, Any]] = {
    "strong-easy": {**LEVELS["strong-easy"],
                    "sim": Settings(worlds=12, budget=1_500_000, solve_from=4,
                                    solve_budget=50_000)},
    "strong": {**LEVELS["strong"], "sim": Settings(), "early": EARLY, "early_z": EARLY_Z},
    "strong-hard": {**LEVELS["strong-hard"],
                    "sim": Settings(worlds=40, budget=10_000_000, solve_from=6,
                                    solve_budget=600_000),
                    "early": EARLY_HARD, "early_z": EARLY_Z},
}
"""The levels: the card play's PIMC (:data:`binokel.search.pimc.LEVELS`), the
simulation's :class:`~.simulate.Settings` and that of the cards before the last tricks
(``early``; none: the heuristic's) with the gain it must show (``early_z``)."""


def kinds() -> dict[str, Callable[[int | None], Any]]:
    """The strong player's levels as bot kinds (see :data:`DOKO_LEVELS`)."""
    return level_kinds(DokoStrongBot, DOKO_LEVELS)


__all__ = ["ABSAGE_MARGIN", "DOKO_LEVELS", "EARLY", "EARLY_HARD", "EARLY_Z", "SOLO_SLACK",
           "WAIT_MARGIN", "DokoStrongBot", "kinds", "re_value", "reservations_held",
           "solo_candidates"]
