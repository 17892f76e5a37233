"""A stronger Zweierbinokel player: the heuristic while the stock lasts, exact play after it.

Once the stock is empty Zweierbinokel is a game of open information: every card a player
has not seen is in the opponent's hand (:func:`~binokel.games.zweier.bots.heuristic.opponent_hand`
reads it off the view, nothing hidden). From the first card after the stock this bot plays
the rest of the deal perfectly with :class:`~binokel.games.zweier.bots.heuristic.StrictSolver`;
the heuristic searches only the last four tricks. The solver remembers every position it
valued, so the first search of a deal (up to about half a second in pure Python) pays for
the rest of it. Before that, melds, the Dix and free play are the heuristic's.

>>> from binokel.games.zweier import ZweierRules, ZweierState
>>> state = ZweierState.new(ZweierRules(), dealer=0, seed=11)
>>> bots = [ZweierStrongBot(seed=1), ZweierStrongBot(seed=2)]
>>> while not state.is_over:
...     state.apply(bots[state.to_move].choose(state.view(state.to_move)))
>>> sum(state.result.trick_points)
250
"""

from __future__ import annotations

from ..rules import ZweierRules
from ..view import ZweierView
from .heuristic import StrictSolver
from .heuristic import ZweierHeuristicBot

# Positions remembered per solver before it starts afresh (a deal needs up to ~250,000).
MEMO_LIMIT = 1_000_000


class ZweierStrongBot(ZweierHeuristicBot):
    """The heuristic, with the whole play after the stock searched exactly."""

    name = "strong"
    exact_from = 12  # every hand after the stock (12 cards each)

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._solvers: dict[tuple[int, ZweierRules], StrictSolver] = {}

    def _solver(self, v: ZweierView) -> StrictSolver:
        key = (v.trump, v.rules)
        solver = self._solvers.get(key)
        if solver is None or len(solver.memo) > MEMO_LIMIT:
            self._solvers.clear()  # one deal's trump at a time is all a bot needs
            solver = self._solvers[key] = StrictSolver.for_rules(v.trump, v.rules)
        return solver
