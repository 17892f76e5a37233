"""A first strong Luxusfamilie player: Perfect Information Monte Carlo in the last tricks.

Once at most ``solve_tricks`` tricks are left, the bot samples worlds consistent with its
view (the cards still out dealt to the other hands and the set-aside pile, no card of a suit
to a seat the view shows void in it), solves each world exactly with the search core for its
own power points against everyone else (:mod:`.search`: the "paranoid" reduction of a game
where everyone plays for himself) and plays the card with the best average. Before that, and
for the trump choice, it plays as :class:`~.bots.LuxusHeuristicBot`. A shown meld's cards
stay with their owner until he plays them.

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

from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

from ...core.cards import SUIT_LETTERS
from ...core.cards import Card
from ...core.cards import cards_of
from ...core.cards import cardset
from ...search import Position
from ...search.pimc import LEVELS
from ...search.pimc import PimcPlayer
from ...search.pimc import level_kinds
from .bots import LuxusHeuristicBot
from .deal import PLAY
from .deal import full_deck
from .search import position_of
from .view import LuxusView


class LuxusStrongBot(PimcPlayer):
    """PIMC with the exact solver in the last tricks, the heuristic before."""

    def __init__(self, seed: int | None = None, samples: int = 16, solve_tricks: int = 6,
                 budget: int = 400_000, name: str = "strong") -> None:
        super().__init__(LuxusHeuristicBot(seed), seed, samples, solve_tricks, budget, name)

    def sign(self, view: LuxusView) -> float:
        return 1.0   # the player to move maximises his own power points

    def worlds(self, view: LuxusView) -> Iterator[Position] | None:
        if view.phase != PLAY:
            return None
        me, n = view.player, view.players
        unseen = Counter(full_deck(view.rules, n))
        unseen.subtract(view.hand)
        # A shown meld's cards stay in their owner's hand until he plays them.
        shown = {s: Counter(cards_of(view.melds[s].cards())) for s in range(n) if s != me}
        tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.trick_leader, view.trick)]
        for leader, cs in tricks:
            for k, c in enumerate(cs):
                unseen[c] -= 1
                seat = (leader + k) % n
                if seat in shown and shown[seat][c] > 0:
                    shown[seat][c] -= 1
        pool = list((+unseen).elements())
        fixed = {s: list((+cs).elements()) for s, cs in shown.items()}
        sizes = {s: view.hand_sizes[s] for s in range(n) if s != me}
        void = {s: {SUIT_LETTERS.index(x) for x in view.voids[s]} for s in range(n)}

        def allowed(seat: int, c: Card) -> bool:
            return c >> 3 not in void[seat]

        def build(hands: dict[int, list[Card]]) -> Position:
            full = tuple(cardset(view.hand) if s == me else cardset(hands.get(s, []))
                         for s in range(n))
            aside = Counter(pool)
            for h in hands.values():
                aside.subtract(h)
            return position_of(view.rules, full, me, view.trump, view.trick_leader,
                               view.trick, cardset(list((+aside).elements())))

        return self.sampled(pool, sizes, allowed, build, fixed)


def kinds() -> dict[str, Callable[[int | None], Any]]:
    """The strong player's levels as bot kinds (see :data:`binokel.search.pimc.LEVELS`)."""
    return level_kinds(LuxusStrongBot, LEVELS)


__all__ = ["LuxusStrongBot", "kinds"]
