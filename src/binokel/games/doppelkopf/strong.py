"""A first strong Doppelkopf player: Perfect Information Monte Carlo in the last tricks.

In the play, once at most ``solve_tricks`` tricks are left, the bot samples worlds consistent
with its view (the cards still out dealt to the other hands, no card of a group to a seat that
showed a void in it, the parties as far as the view knows them), solves each world exactly
with the search core (:mod:`binokel.search`, positions from :mod:`.search`) and plays the card
with the best average for its party: the game points its Augen bring (the win line, keine
90/60/30), a hundredth of a point per Auge breaking ties. Before that, and for Vorbehalte, Armut,
announcements and the tricks of a Hochzeit before its Klärungsstich (whose parties the
search cannot model), it plays as :class:`~.bots.DokoHeuristicBot`.

Why PIMC and not Information Set MCTS: the exact solver makes each sampled world cheap
and exact in the endgame, where most points are decided; ISMCTS would need many more
playouts per decision for the same accuracy. PIMC's known weakness (it assumes it will know
every card later) matters least in these last tricks.

The common part (levels, budget in nodes, the choice) is :class:`~binokel.search.pimc.PimcPlayer`.

>>> from binokel.games.doppelkopf.state import DokoState
>>> state = DokoState.new(dealer=1, seed=5)
>>> bots = [DokoStrongBot(seed=s) for s in range(4)]
>>> while not state.is_over:
...     state.apply(bots[state.to_move].choose(state.view(state.to_move)))
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

from ...core.cards import EO
from ...core.cards import Card
from ...core.cards import cardset
from ...search import Position
from ...search.pimc import LEVELS
from ...search.pimc import PimcPlayer
from ...search.pimc import level_kinds
from .bots import DokoHeuristicBot
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import PLAY
from .deal import RE
from .deal import full_deck
from .scoring import augen_needed
from .search import position_of
from .view import DokoView


class DokoStrongBot(PimcPlayer):
    """PIMC with the exact solver in the last tricks, the heuristic before."""

    def __init__(self, seed: int | None = None, samples: int = 16, solve_tricks: int = 6,
                 budget: int = 400_000, name: str = "strong") -> None:
        super().__init__(DokoHeuristicBot(seed), seed, samples, solve_tricks, budget, name)

    def sign(self, view: DokoView) -> float:
        return -1.0 if view.parties[view.player] == KONTRA else 1.0

    def utility(self, view: DokoView) -> Callable[[Position, int], float] | None:
        """Re's game points from its final Augen (the win at :func:`.scoring.augen_needed`,
        one point for each of keine 90, 60, 30 either way), plus a hundredth of a point per
        Auge so that more Augen still count where no line is in reach."""
        need = augen_needed(RE, view.announced)

        def utility(p: Position, value: int) -> float:
            augen = value + sum(view.trick_points[s] for s, m in enumerate(p.maximiser) if m)
            if augen >= need:
                points = 1 + (augen > 150) + (augen > 180) + (augen > 210)
            else:
                points = -1 - (augen < 90) - (augen < 60) - (augen < 30)
            return points + augen / 100
        return utility

    def worlds(self, view: DokoView) -> Iterator[Position] | None:
        """Positions consistent with ``view`` (lazily: the budget decides how many are
        solved), or None when the parties cannot be modelled."""
        if view.phase != PLAY or (view.contract == HOCHZEIT and view.partner is None):
            return None
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

        def build(hands: dict[int, list[Card]]) -> Position | None:
            if public:
                re = {s for s, p in known.items() if p == RE}
            else:
                re = set(eo_played) | {s for s, h in hands.items() if EO in h}
                if EO in view.hand:
                    re.add(me)
                if any(p == RE and s not in re for s, p in known.items()):
                    return None   # a seat known to be Re must hold a Kreuz-Dame
            full = tuple(cardset(view.hand) if s == me else cardset(hands.get(s, []))
                         for s in range(view.players))
            return position_of(order, view.rules, full, view.active, re, view.trick_leader,
                               view.trick)

        return self.sampled(pool, sizes, allowed, build)


def kinds() -> dict[str, Callable[[int | None], Any]]:
    """The strong player's levels as bot kinds (see :data:`binokel.search.pimc.LEVELS`)."""
    return level_kinds(DokoStrongBot, LEVELS)


__all__ = ["DokoStrongBot", "kinds"]
