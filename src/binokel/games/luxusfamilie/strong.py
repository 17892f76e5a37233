"""A first strong Luxusfamilie player: Perfect Information Monte Carlo in the last tricks.

Once at most ``solve_tricks`` tricks are left, the bot draws worlds consistent with its
view from the game's sampler (:mod:`.worlds`: the cards still out dealt to the other hands
and the set-aside pile, no card of a suit to a seat the view shows void in it, a shown
meld's cards with their owner and no hand melding more than it showed), solves each world
exactly with the search core for its own power points against everyone else (:mod:`.search`:
the "paranoid" reduction of a game where everyone plays for himself) and plays the card with
the best average, each world weighted by how often it was drawn. Before that, and for the
trump choice, it plays as :class:`~.bots.LuxusHeuristicBot`.

The common part (levels, budget in nodes, the choice) is :class:`~binokel.search.pimc.PimcPlayer`.

>>> from binokel.games.luxusfamilie.state import LuxusState
>>> state = LuxusState.new(dealer=0, seed=2, players=4)
>>> bots = [LuxusStrongBot(seed=s) for s in range(4)]
>>> while not state.is_over:
...     state.apply(bots[state.to_move].choose(state.view(state.to_move)))
>>> len(state.tricks)
12
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

from ...core.worlds import NoWorldFound
from ...core.worlds import Sampling
from ...search import Position
from ...search.pimc import LEVELS
from ...search.pimc import PimcPlayer
from ...search.pimc import level_kinds
from .bots import LuxusHeuristicBot
from .deal import PLAY
from .search import position
from .view import LuxusView


class LuxusStrongBot(PimcPlayer):
    """PIMC with the exact solver in the last tricks, the heuristic before."""

    def __init__(self, seed: int | None = None, samples: int = 16, solve_tricks: int = 6,
                 budget: int = 400_000, name: str = "strong") -> None:
        super().__init__(LuxusHeuristicBot(seed), seed, samples, solve_tricks, budget, name)

    def sign(self, view: LuxusView) -> float:
        return 1.0   # the player to move maximises his own power points

    def counted_worlds(self, view: LuxusView) -> Iterator[tuple[Position, int]] | None:
        """The positions of the game's worlds (:mod:`.worlds`: exactly uniform over the
        deals the view allows), each with how often it was drawn."""
        if view.phase != PLAY:
            return None
        from . import SPEC
        assert SPEC.worlds is not None
        try:
            worlds = SPEC.worlds().sample(view, self.rng, self.samples, Sampling.READ)
        except NoWorldFound:
            return None
        return ((position(w.state, view.player), w.count) for w in worlds)


def kinds() -> dict[str, Callable[[int | None], Any]]:
    """The strong player's levels as bot kinds (see :data:`binokel.search.pimc.LEVELS`)."""
    return level_kinds(LuxusStrongBot, LEVELS)


__all__ = ["LuxusStrongBot", "kinds"]
