"""A first strong Doppelkopf player: Perfect Information Monte Carlo in the last tricks.

In the play, once at most ``solve_tricks`` tricks are left, the bot samples worlds consistent
with its view (the cards still out dealt to the other hands, no card of a group to a seat that
showed a void in it, the parties as far as the view knows them), solves each world exactly
with the search core (:mod:`binokel.search`, positions from :mod:`.search`) and plays the card
with the best average card points for its party. Before that, and for Vorbehalte, Armut,
announcements and the tricks of a Hochzeit before its Klärungsstich (whose parties the
search cannot model), it plays as :class:`~.bots.DokoHeuristicBot`.

Why PIMC and not Information Set MCTS: the exact solver makes each sampled world cheap
and exact in the endgame, where most points are decided; ISMCTS would need many more
playouts per decision for the same accuracy. PIMC's known weakness (it assumes it will know
every card later) matters least in these last tricks.

The work of a decision is counted in solver nodes, not read off the clock, so a seed gives
the same play on a busy machine as on an idle one.

>>> from binokel.games.doppelkopf.state import DokoState
>>> state = DokoState.new(dealer=1, seed=5)
>>> bots = [DokoStrongBot(seed=s) for s in range(4)]
>>> while not state.is_over:
...     state.apply(bots[state.to_move].choose(state.view(state.to_move)))
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

from ...bots import legal_actions_of
from ...core.cards import EO
from ...core.cards import Card
from ...core.cards import cardset
from ...core.cards import parse_card
from ...core.trick import PLAY_ACTIONS
from ...search import Position
from ...search.pimc import average_values
from ...search.pimc import deal_hidden
from .bots import DokoHeuristicBot
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import PLAY
from .deal import RE
from .deal import full_deck
from .search import position_of
from .view import DokoView


class DokoStrongBot:
    """PIMC with the exact solver in the last tricks, the heuristic before."""

    def __init__(self, seed: int | None = None, samples: int = 16, solve_tricks: int = 6,
                 budget: int = 400_000, name: str = "strong") -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.solve_tricks = solve_tricks
        self.budget = budget       # solver nodes per decision
        self.name = name
        self.heuristic = DokoHeuristicBot(seed)
        self.last_values: dict[str, float] = {}   # the last decision's card values

    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        self.last_values = {}
        fallback = self.heuristic.choose(view)
        if (len(actions) == 1 or view.phase != PLAY or not fallback.startswith("play ")
                or len(view.hand) > self.solve_tricks):
            return fallback
        est = self.card_values(view)
        if not est:
            return fallback
        self.last_values = {PLAY_ACTIONS[c]: v for c, v in est.items()}
        # On equal averages the heuristic's card: it knows what the samples do not.
        favourite = parse_card(fallback[5:])
        return PLAY_ACTIONS[max(est, key=lambda c: (est[c], c == favourite))]

    def card_values(self, view: DokoView) -> dict[Card, float]:
        """Each legal card's average card points for the bot's own party (empty when the
        worlds cannot be modelled or none was solved within the budget)."""
        me = view.player
        if view.contract == HOCHZEIT and view.partner is None:
            return {}
        cards = sorted({parse_card(a[5:]) for a in view.legal_actions if a.startswith("play ")})
        worlds = self._worlds(view)
        if worlds is None:
            return {}
        est = average_values(worlds, cards, self.budget, self.budget // 2)
        if not est.worlds:
            return {}
        mine = view.parties[me]
        sign = -1.0 if mine == KONTRA else 1.0
        return {c: sign * v for c, v in est.values.items()}

    def _worlds(self, view: DokoView) -> Iterator[Position] | None:
        """Positions consistent with ``view`` (lazily: the budget decides how many are
        solved), or None when the parties cannot be modelled."""
        me, order = view.player, view.order
        unseen = Counter(full_deck(view.rules))
        unseen.subtract(view.hand)
        void: dict[int, set[int]] = {s: set() for s in view.active}
        eo_played: set[int] = set()
        seats = list(view.active)
        tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.trick_leader, view.trick)]
        for leader, cs in tricks:
            i = seats.index(leader)
            for k, c in enumerate(cs):
                seat = seats[(i + k) % len(seats)]
                unseen[c] -= 1
                if c == EO:
                    eo_played.add(seat)
                if k and order.group[c] != order.group[cs[0]]:
                    void[seat].add(order.group[cs[0]])
        pool = list((+unseen).elements())
        sizes = {s: view.hand_sizes[s] for s in seats if s != me}
        if len(pool) != sum(sizes.values()):
            return None
        known = {s: view.parties[s] for s in seats}
        public = view.soloist is not None or all(p is not None for p in known.values())
        if public and sum(p == RE for p in known.values()) == 0:
            return None

        def allowed(seat: int, c: Card) -> bool:
            if order.group[c] in void[seat]:
                return False
            return not (c == EO and not public and known[seat] == KONTRA)

        def re_seats(hands: dict[int, list[Card]]) -> set[int] | None:
            if public:
                return {s for s, p in known.items() if p == RE}
            holders = set(eo_played) | {s for s, h in hands.items() if EO in h}
            if EO in view.hand:
                holders.add(me)
            if any(p == RE and s not in holders for s, p in known.items()):
                return None   # a seat known to be Re must hold a Kreuz-Dame
            return holders

        return self._generate(view, pool, sizes, allowed, re_seats)

    def _generate(self, view: DokoView, pool: list[Card], sizes: dict[int, int],
                  allowed: Callable[[int, Card], bool],
                  re_seats: Callable[[dict[int, list[Card]]], set[int] | None]
                  ) -> Iterator[Position]:
        made = 0
        for _ in range(4 * self.samples):
            if made == self.samples:
                return
            hands = deal_hidden(pool, sizes, allowed, self.rng)
            if hands is None:
                continue
            re = re_seats(hands)
            if re is None:
                continue
            full = tuple(cardset(view.hand) if s == view.player else cardset(hands.get(s, []))
                         for s in range(view.players))
            made += 1
            yield position_of(view.order, view.rules, full, view.active, re,
                              view.trick_leader, view.trick)


LEVELS: dict[str, dict[str, Any]] = {
    "strong-easy": {"samples": 6, "solve_tricks": 4, "budget": 60_000},
    "strong": {},
    "strong-hard": {"samples": 32, "solve_tricks": 7, "budget": 2_000_000},
}
"""The strong player's levels (keyword arguments of :class:`DokoStrongBot`)."""


def level_factory(level: str) -> Callable[[int | None], DokoStrongBot]:
    """The factory of the strong bot at ``level`` (a key of :data:`LEVELS`)."""
    return lambda seed: DokoStrongBot(seed, name=level, **LEVELS[level])


__all__ = ["LEVELS", "DokoStrongBot", "level_factory"]
