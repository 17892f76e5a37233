"""OpenSpiel's own bots as bot kinds of the arena: ``openspiel-ismcts`` (OpenSpiel's
information-set Monte Carlo tree search) and ``openspiel-random`` (its uniform random bot),
in every game.

A bot of ours sees only its seat's view; an OpenSpiel bot wants an OpenSpiel state. So each
decision first draws a deal consistent with the view from the game's own sampler
(``spec.worlds``, uniformly: :func:`binokel.research.sampler.sample_from_view`), makes it an
OpenSpiel state and lets the OpenSpiel bot move there; IS-MCTS then samples its own worlds
through ``resample_from_infostate`` (the same sampler). A view for which no consistent deal
is found (nor one walked on from the world of the seat's last decision) falls back to a
uniformly random legal action (``fallbacks`` counts these). IS-MCTS
evaluates its leaves by :class:`EngineRollouts`, OpenSpiel's random roll-out played inside
our engine.

This module imports OpenSpiel only when a bot is made, so :mod:`binokel.bots` can name the
kinds without the extra ``research`` installed.
"""

from __future__ import annotations

import random
from typing import Any

from ..registry import find_game

KINDS = ("openspiel-ismcts", "openspiel-random")
# IS-MCTS: simulations per decision, worlds sampled per decision (each simulation starts in
# one of them), and the exploration constant relative to a typical score of the game (its
# spec's ``score_scale``).
SIMULATIONS = 200
WORLDS = 20
UCT_C = 2.0

# The OpenSpiel games by (game, players, dealer, rules), shared by every bot of the process
# (an arena match makes new bots for every seating; a game is immutable).
_GAMES: dict[tuple[Any, ...], Any] = {}


class OpenSpielBot:
    """One of OpenSpiel's bots playing one game from its seat's views."""

    # Over every bot of the process, for benchmarks: decisions, and random fallbacks.
    all_decisions = 0
    all_fallbacks = 0
    all_root_fallbacks = 0

    def __init__(self, kind: str, game: str, seed: int | None = None,
                 simulations: int = SIMULATIONS, worlds: int = WORLDS, tries: int = 200
                 ) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown OpenSpiel bot {kind!r} (known: {', '.join(KINDS)})")
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            raise ValueError(f"bot {kind!r} needs OpenSpiel: install the extra 'research' "
                             "(pip install 'binokel[research]')") from None
        self.name = kind
        self.game = game
        self.rng = random.Random(seed)
        self.simulations = simulations
        self.worlds = worlds
        self.tries = tries
        self.fallbacks = 0
        self._last_world: Any = None  # the world drawn at this bot's last decision
        self.root_fallbacks = 0  # IS-MCTS searched from the drawn world for want of another
        self.decisions = 0
        self.slow_rollouts = False  # OpenSpiel's own evaluator, an action per pyspiel call

    def _openspiel_game(self, view: Any) -> Any:
        from .openspiel import load
        key = (view.game, view.players, view.dealer, view.rules)
        found = _GAMES.get(key)
        if found is None:
            options = view.rules.changed_options()
            found = _GAMES[key] = load(str(view.game), int(view.players),
                                       dealer=int(view.dealer), preset=view.rules.preset,
                                       **options)
        return found

    def choose(self, view: Any) -> str:
        from .sampler import NoWorldFound
        from .sampler import continue_from
        from .sampler import sample_from_view
        legal = [str(a) for a in view.legal_actions]
        if not legal:
            raise ValueError("the bot is not to move in this view")
        self.decisions += 1
        OpenSpielBot.all_decisions += 1
        if len(legal) == 1:
            return legal[0]
        try:
            world = sample_from_view(view, self.rng, self.tries)
        except NoWorldFound:
            # Walk on from the world drawn for this seat's last decision in the deal.
            found = None if self._last_world is None else \
                continue_from(self._last_world, view, self.rng)
            if found is None:
                self.fallbacks += 1
                OpenSpielBot.all_fallbacks += 1
                return legal[self.rng.randrange(len(legal))]
            world = found
        self._last_world = world
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts
        from open_spiel.python.algorithms import mcts

        from .openspiel import from_engine
        game = self._openspiel_game(view)
        state = from_engine(game, world)
        seed = self.rng.getrandbits(31)
        if self.name == "openspiel-random":
            bot = pyspiel.make_uniform_random_bot(int(view.player), seed)
        else:
            random_state = np.random.RandomState(seed)
            evaluator = (mcts.RandomRolloutEvaluator(1, random_state) if self.slow_rollouts
                         else EngineRollouts(random.Random(seed)))
            bot = ismcts.ISMCTSBot(
                game, evaluator,
                UCT_C * find_game(self.game).score_scale, self.simulations,
                max_world_samples=self.worlds, random_state=random_state)
            bot._resampler_cb = self._resampler(state)
        action = bot.step(state)
        text = game.table.codec.decode(action)
        key = game.table.codec.key(text)
        return next(a for a in legal if game.table.codec.key(a) == key)


    def _resampler(self, root: Any) -> Any:
        """IS-MCTS's world sampler: ours, and where it finds no world, the root itself (a
        world already drawn from the view, so nothing hidden is shown); counted."""
        from .sampler import NoWorldFound

        def sample(state: Any, player: int) -> Any:
            try:
                return state.resample_from_infostate(player, self.rng.random)
            except NoWorldFound:
                self.root_fallbacks += 1
                OpenSpielBot.all_root_fallbacks += 1
                return root.clone()
        return sample


class EngineRollouts:
    """IS-MCTS's leaf evaluator: one roll-out of uniformly random legal actions to the end of
    the deal, the deal's scores as its value, and a uniform prior; what OpenSpiel's
    ``RandomRolloutEvaluator(1)`` does, but played inside our engine (``random_action``, and
    ``random_playout`` where the game has it, each equal in distribution to a uniform choice
    among the legal actions, whose ids are distinct) instead of through one pyspiel call per
    action, which cost most of a decision's time."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def evaluate(self, state: Any) -> Any:
        import numpy as np
        engine = state.engine
        if engine is None:
            raise ValueError("IS-MCTS evaluates dealt positions only")
        deal = engine.clone()
        rng = self.rng
        playout = getattr(deal, "random_playout", None)
        while not deal.is_over:
            if playout is not None and deal.phase == "play":
                playout(rng)
                break
            deal.apply(deal.random_action(rng))
        assert deal.result is not None
        return np.array([float(s) for s in deal.result.scores])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def bot_kinds(game: str) -> dict[str, Any]:
    """The OpenSpiel bot kinds for ``game``: kind -> factory (seed -> bot)."""
    # The module's settings are read when a bot is made, so a benchmark may change them.
    return {kind: (lambda seed, kind=kind: OpenSpielBot(kind, game, seed, SIMULATIONS, WORLDS))
            for kind in KINDS}


__all__ = ["KINDS", "EngineRollouts", "OpenSpielBot", "bot_kinds"]
