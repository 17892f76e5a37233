"""A first strong Luxusfamilie player: Perfect Information Monte Carlo in the last tricks.

Once at most ``solve_tricks`` tricks are left, the bot samples worlds consistent with its
view (the cards still out dealt to the other hands and the set-aside pile, no card of a suit
to a seat the view shows void in it), solves each world exactly with the search core for its
own power points against everyone else (:mod:`.search`: the "paranoid" reduction of a game
where everyone plays for himself) and plays the card with the best average. Before that, and
for the trump choice, it plays as :class:`~.bots.LuxusHeuristicBot`. The shown melds are not
yet used to place cards (a meld's cards stay with their owner until played).

The work of a decision is counted in solver nodes, so a seed gives the same play on a busy
machine as on an idle one.

>>> from binokel.games.luxusfamilie.state import LuxusState
>>> state = LuxusState.new(dealer=0, seed=2, players=4)
>>> bots = [LuxusStrongBot(seed=s) for s in range(4)]
>>> while not state.is_over:
...     state.apply(bots[state.to_move].choose(state.view(state.to_move)))
>>> len(state.tricks)
12
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

from ...bots import legal_actions_of
from ...core.cards import SUIT_LETTERS
from ...core.cards import Card
from ...core.cards import cardset
from ...core.cards import parse_card
from ...core.trick import PLAY_ACTIONS
from ...search import Position
from ...search.pimc import average_values
from ...search.pimc import deal_hidden
from .bots import LuxusHeuristicBot
from .deal import PLAY
from .deal import full_deck
from .search import position_of
from .view import LuxusView


class LuxusStrongBot:
    """PIMC with the exact solver in the last tricks, the heuristic before."""

    def __init__(self, seed: int | None = None, samples: int = 16, solve_tricks: int = 6,
                 budget: int = 400_000, name: str = "strong") -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.solve_tricks = solve_tricks
        self.budget = budget       # solver nodes per decision
        self.name = name
        self.heuristic = LuxusHeuristicBot(seed)
        self.last_values: dict[str, float] = {}   # the last decision's card values

    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        self.last_values = {}
        fallback = self.heuristic.choose(view)
        if len(actions) == 1 or view.phase != PLAY or len(view.hand) > self.solve_tricks:
            return fallback
        est = self.card_values(view)
        if not est:
            return fallback
        self.last_values = {PLAY_ACTIONS[c]: v for c, v in est.items()}
        favourite = parse_card(fallback[5:])
        return PLAY_ACTIONS[max(est, key=lambda c: (est[c], c == favourite))]

    def card_values(self, view: LuxusView) -> dict[Card, float]:
        """Each legal card's average power points for the bot from here on (empty when no
        world was solved within the budget)."""
        cards = sorted({parse_card(a[5:]) for a in view.legal_actions if a.startswith("play ")})
        est = average_values(self._worlds(view), cards, self.budget, self.budget // 2)
        return dict(est.values) if est.worlds else {}

    def _worlds(self, view: LuxusView) -> Iterator[Position]:
        me, n = view.player, view.players
        unseen = Counter(full_deck(view.rules, n))
        unseen.subtract(view.hand)
        for t in view.tricks:
            unseen.subtract(t.cards)
        unseen.subtract(view.trick)
        pool = list((+unseen).elements())
        sizes = {s: view.hand_sizes[s] for s in range(n) if s != me}
        void = {s: {SUIT_LETTERS.index(x) for x in view.voids[s]} for s in range(n)}

        def allowed(seat: int, c: Card) -> bool:
            return c >> 3 not in void[seat]

        return self._generate(view, pool, sizes, allowed)

    def _generate(self, view: LuxusView, pool: list[Card], sizes: dict[int, int],
                  allowed: Callable[[int, Card], bool]) -> Iterator[Position]:
        made = 0
        for _ in range(4 * self.samples):
            if made == self.samples:
                return
            hands = deal_hidden(pool, sizes, allowed, self.rng)
            if hands is None:
                continue
            full = tuple(cardset(view.hand) if s == view.player else cardset(hands.get(s, []))
                         for s in range(view.players))
            aside = Counter(pool)
            for h in hands.values():
                aside.subtract(h)
            made += 1
            yield position_of(view.rules, full, view.player, view.trump, view.trick_leader,
                              view.trick, cardset(list((+aside).elements())))


LEVELS: dict[str, dict[str, Any]] = {
    "strong-easy": {"samples": 6, "solve_tricks": 4, "budget": 60_000},
    "strong": {},
    "strong-hard": {"samples": 32, "solve_tricks": 7, "budget": 2_000_000},
}
"""The strong player's levels (keyword arguments of :class:`LuxusStrongBot`)."""


def level_factory(level: str) -> Callable[[int | None], LuxusStrongBot]:
    """The factory of the strong bot at ``level`` (a key of :data:`LEVELS`)."""
    return lambda seed: LuxusStrongBot(seed, name=level, **LEVELS[level])


__all__ = ["LEVELS", "LuxusStrongBot", "level_factory"]
