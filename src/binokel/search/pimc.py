"""Perfect Information Monte Carlo on the search core, for every game's strong player.

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
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.cards import Card
from . import SearchLimit
from . import Session
from .position import Position


def deal_hidden(pool: Sequence[Card], sizes: Mapping[int, int],
                allowed: Callable[[int, Card], bool], rng: random.Random,
                tries: int = 40) -> dict[int, list[Card]] | None:
    """Deal ``pool`` at random so that each seat of ``sizes`` gets that many cards and only
    cards it is ``allowed`` to hold (a seat that showed a void is not allowed that suit);
    cards beyond the sizes stay undealt (set aside). None if no such deal was found in
    ``tries`` attempts.

    The most constrained cards go first, each to a random seat with room that may hold it:
    not uniform over all consistent deals, but close enough for sampling and never stuck
    on the easy cases.
    """
    seats = list(sizes)
    options = {c: [s for s in seats if allowed(s, c)] for c in set(pool)}
    for _ in range(tries):
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(options[c]))
        room = dict(sizes)
        hands: dict[int, list[Card]] = {s: [] for s in seats}
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
                   world_budget: int) -> Estimate:
    """Solve each of ``worlds`` (the same player to move with the same legal ``cards`` in
    each) for every card's value and average them. Stops when ``node_budget`` nodes are
    spent; a world that needs more than ``world_budget`` nodes is skipped (it would eat the
    budget of the others)."""
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
            sums[c] += sol.values[c]
        done += 1
    if done == 0:
        return Estimate({}, 0, spent)
    return Estimate({c: v / done for c, v in sums.items()}, done, spent)


__all__ = ["Estimate", "average_values", "deal_hidden"]
