"""Frozen copy (28 Nov 2026, main at 5c89f80) of the project's Doppelkopf module of this
name, kept outside the wheel as the yardstick of issue 35; see ``__init__.py``.

Perfect Information Monte Carlo on the search core, for every game's strong player.

A player who sees only his own hand samples complete *worlds* (the hidden cards dealt to the
other hands in a way consistent with what the play showed), solves each world exactly with
the search core and plays the card whose average value is best. The game's strong player
builds the worlds (it knows its rules: voids, parties, set-aside cards); this module holds
the game-independent parts: dealing hidden cards under constraints, and averaging the
solutions within a node budget.

>>> import random
>>> from binokel.core.cards import parse_cards
>>> pool = parse_cards("EA EK HA HK")
>>> hands = deal_hidden(pool, {1: 2, 2: 2}, lambda seat, c: seat == 1 or c >> 3 != 0,
...                     random.Random(1))
>>> sorted(hands[1]) == sorted(parse_cards("EA EK"))
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from binokel.core.cards import Card
from binokel.core.cards import parse_card
from binokel.core.trick import PLAY_ACTIONS
from binokel.search import SearchLimit
from binokel.search import Session
from binokel.search.position import Position


def deal_hidden(pool: Sequence[Card], sizes: Mapping[int, int],
                allowed: Callable[[int, Card], bool], rng: random.Random,
                tries: int = 40, fixed: Mapping[int, Sequence[Card]] | None = None
                ) -> dict[int, list[Card]] | None:
    """Deal ``pool`` at random so that each seat of ``sizes`` gets that many cards and only
    cards it is ``allowed`` to hold (a seat that showed a void is not allowed that suit);
    cards beyond the sizes stay undealt (set aside). ``fixed``: cards of the pool known to be
    in a seat's hand (shown melds not yet played). None if no such deal was found in
    ``tries`` attempts.

    The most constrained cards go first, each to a random seat with room that may hold it:
    not uniform over all consistent deals, but close enough for sampling and never stuck
    on the easy cases.
    """
    seats = list(sizes)
    rest = Counter(pool)
    known: dict[int, list[Card]] = {s: list((fixed or {}).get(s, ())) for s in seats}
    for s, cs in known.items():
        rest.subtract(cs)
        if len(cs) > sizes[s]:
            return None
    if min(rest.values(), default=0) < 0:
        return None   # a fixed card that is not in the pool
    free_pool = list(rest.elements())
    options = {c: [s for s in seats if allowed(s, c)] for c in set(pool)}
    for _ in range(tries):
        cards = list(free_pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(options[c]))
        room = {s: sizes[s] - len(known[s]) for s in seats}
        hands: dict[int, list[Card]] = {s: list(known[s]) for s in seats}
        spare = len(cards) - sum(room.values())
        ok = True
        for c in cards:
            free = [s for s in options[c] if room[s] > 0]
            if not free:
                if spare > 0:
                    spare -= 1  # this card is one of the set-aside ones
                    continue
                ok = False
                break
            s = free[rng.randrange(len(free))]
            hands[s].append(c)
            room[s] -= 1
        if ok and not any(room.values()):
            return hands
    return None


@dataclass(frozen=True)
class Estimate:
    """Each card's average value over the worlds solved, for the maximising side."""

    values: dict[Card, float]
    worlds: int            # worlds solved within the budget
    nodes: int             # nodes searched in all


def average_values(worlds: Iterable[Position], cards: Sequence[Card], node_budget: int,
                   world_budget: int,
                   utility: Callable[[Position, int], float] | None = None) -> Estimate:
    """Solve each of ``worlds`` (the same player to move with the same legal ``cards`` in
    each) for every card's value and average them (or what ``utility`` makes of a value in
    its world). Stops when ``node_budget`` nodes are spent; a world that needs more than
    ``world_budget`` nodes is skipped (it would eat the budget of the others)."""
    sums = dict.fromkeys(cards, 0.0)
    done = spent = 0
    for p in worlds:
        if spent >= node_budget:
            break
        session = Session(p)
        try:
            sol = session.solve(min(world_budget, node_budget - spent), values=True)
        except SearchLimit:
            spent += session.nodes
            continue
        spent += session.nodes
        assert sol.values is not None
        for c in cards:
            sums[c] += sol.values[c] if utility is None else utility(p, sol.values[c])
        done += 1
    if done == 0:
        return Estimate({}, 0, spent)
    return Estimate({c: v / done for c, v in sums.items()}, done, spent)


class PimcPlayer:
    """The common part of the games' PIMC players: once at most ``solve_tricks`` tricks are
    left, average each legal card's exact value over sampled worlds (at most ``samples``,
    within ``budget`` nodes per decision, a world at most half of it) and play the best;
    otherwise, or when no world could be solved, play as ``heuristic``. On equal averages
    the heuristic's card wins (it knows what the samples do not).

    A game's player gives :meth:`worlds` (its positions consistent with the view, the
    player's own side maximising or minimising) and :meth:`sign` (+1 when the player to
    move maximises in those positions, -1 when he minimises). The work is counted in solver
    nodes, so a seed gives the same play on a busy machine as on an idle one.
    """

    def __init__(self, heuristic: Any, seed: int | None, samples: int, solve_tricks: int,
                 budget: int, name: str) -> None:
        self.rng = random.Random(seed)
        self.heuristic = heuristic
        self.samples = samples
        self.solve_tricks = solve_tricks
        self.budget = budget       # solver nodes per decision
        self.name = name
        self.last_values: dict[str, float] = {}   # the last decision's card values

    def worlds(self, view: Any) -> Iterator[Position] | None:
        """The sampled positions of ``view`` (None: the view cannot be modelled)."""
        raise NotImplementedError

    def sign(self, view: Any) -> float:
        """+1 if the player to move maximises in :meth:`worlds`' positions, else -1."""
        raise NotImplementedError

    def utility(self, view: Any) -> Callable[[Position, int], float] | None:
        """What a value of a world is worth to the maximising side (None: the value
        itself), e.g. the game points a party's card points bring."""
        return None

    def choose(self, view: Any) -> str:
        fallback: str = self.heuristic.choose(view)
        self.last_values = {}
        if (len(view.legal_actions) == 1 or not fallback.startswith("play ")
                or len(view.hand) > self.solve_tricks):
            return fallback
        est = self.card_values(view)
        if not est:
            return fallback
        self.last_values = {PLAY_ACTIONS[c]: v for c, v in est.items()}
        favourite = parse_card(fallback[5:])
        return PLAY_ACTIONS[max(est, key=lambda c: (est[c], c == favourite))]

    def card_values(self, view: Any) -> dict[Card, float]:
        """Each legal card's average value for the player to move (higher is better; empty
        when the worlds cannot be modelled or none was solved within the budget)."""
        cards = sorted({parse_card(a[5:]) for a in view.legal_actions if a.startswith("play ")})
        worlds = self.worlds(view)
        if worlds is None:
            return {}
        est = average_values(worlds, cards, self.budget, self.budget // 2,
                             self.utility(view))
        if not est.worlds:
            return {}
        sign = self.sign(view)
        return {c: sign * v for c, v in est.values.items()}

    def sampled(self, pool: Sequence[Card], sizes: Mapping[int, int],
                allowed: Callable[[int, Card], bool],
                build: Callable[[dict[int, list[Card]]], Position | None],
                fixed: Mapping[int, Sequence[Card]] | None = None) -> Iterator[Position]:
        """Up to ``samples`` positions ``build`` makes of random deals of ``pool`` (see
        :func:`deal_hidden`); a deal ``build`` rejects (None) is drawn again, a few times."""
        made = 0
        for _ in range(4 * self.samples):
            if made == self.samples:
                return
            hands = deal_hidden(pool, sizes, allowed, self.rng, fixed=fixed)
            p = None if hands is None else build(hands)
            if p is not None:
                made += 1
                yield p


LEVELS: dict[str, dict[str, Any]] = {
    "strong-easy": {"samples": 6, "solve_tricks": 4, "budget": 60_000},
    "strong": {"samples": 16, "solve_tricks": 6, "budget": 400_000},
    "strong-hard": {"samples": 32, "solve_tricks": 8, "budget": 4_000_000},
}
"""The PIMC players' levels: keyword arguments of their constructors."""


def level_kinds(make: Callable[..., Any], levels: Mapping[str, Mapping[str, Any]] = LEVELS
                ) -> dict[str, Callable[[int | None], Any]]:
    """A bot factory per level (for a game's ``_bots()``): ``make(seed, name=level,
    **levels[level])``."""
    def factory(level: str) -> Callable[[int | None], Any]:
        opts = dict(levels[level])
        return lambda seed: make(seed, name=level, **opts)
    return {level: factory(level) for level in levels}


__all__ = ["LEVELS", "Estimate", "PimcPlayer", "average_values", "deal_hidden", "level_kinds"]
