"""Duplicate rounds, the pure part of online duplicate tournaments: every table of a round
plays the same deals, each hand held by the players in the same seat at every table, and a
player is compared with those who held the same cards ("with this hand, Anna made 320, the
field averaged 140"). No server here: the web part seats the players, runs the tables and
keeps the deals secret until the round is over.

:func:`draw_round` draws the round's deals (dealing orders) from the operating system's
cryptographic source, or from a seed to replay them; :meth:`DuplicateRound.new_deal` deals
one of them at a table. :func:`compare` takes what each table scored and gives, per deal
and seat, everyone who held that hand with his score and the field's average;
:func:`duplicate_ranking` sums each player's difference to the average of his hands.

>>> r = draw_round("binokel", None, table_size=3, deals=2, seed=b"club night")
>>> a, b = r.new_deal(1), r.new_deal(1)
>>> a.hands == b.hands and a.dealer == b.dealer == 1
True
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card
from ..core.rules import RuleSet
from ..core.state import AnyState
from ..registry import find_game
from .texts import tr

MAX_DEALS = 100
MAX_TABLES = 200


class DuplicateError(ValueError):
    """Results that do not fit the round; the message says which."""


@dataclass(frozen=True)
class DuplicateRound:
    """The deals of one duplicate round: deal ``i`` is dealt by seat ``i mod table_size``
    from ``deals[i]`` at every table."""

    game: str
    rules: RuleSet
    table_size: int
    deals: tuple[tuple[Card, ...], ...]

    def new_deal(self, i: int) -> AnyState:
        """Deal ``i`` (from 0) as every table of the round gets it."""
        spec = find_game(self.game)
        return spec.new_deal(self.rules, i % self.table_size, deck_order=list(self.deals[i]),
                             players=self.table_size)


def draw_round(game: str, rules: RuleSet | None, table_size: int, deals: int,
               seed: bytes | None = None) -> DuplicateRound:
    """The round's ``deals`` dealing orders: shuffled by the system's cryptographic source,
    or by a generator seeded with ``seed`` (to replay a round)."""
    spec = find_game(game)
    if table_size not in spec.players:
        raise DuplicateError(f"{game} is played by {', '.join(map(str, spec.players))}")
    if not 1 <= deals <= MAX_DEALS:
        raise DuplicateError(f"deals: 1..{MAX_DEALS}")
    rules = rules if rules is not None else spec.make_rules({})
    rng: random.Random = secrets.SystemRandom() if seed is None else random.Random(seed)
    orders = []
    for _ in range(deals):
        deck = spec.full_deck(rules, table_size)
        rng.shuffle(deck)
        orders.append(tuple(deck))
    return DuplicateRound(spec.name, rules, table_size, tuple(orders))


@dataclass(frozen=True)
class TableScores:
    """What one table of the round scored: its players in seat order and, per deal, the
    scores of the seats."""

    players: tuple[str, ...]
    scores: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class HandComparison:
    """Deal ``deal`` (from 1), the hand of seat ``seat`` (from 1): who held it, what each
    made, and the field's average."""

    deal: int
    seat: int
    results: tuple[tuple[str, int], ...]
    average: float

    def describe(self, player: str, lang: str = "en") -> str:
        """``with this hand, Anna made 320, the field averaged 140``."""
        score = dict(self.results)[player]
        return tr(lang, "duplicate_hand", name=player, score=score,
                  average=f"{self.average:.0f}")


def compare(r: DuplicateRound, tables: Sequence[TableScores]) -> list[HandComparison]:
    """Per deal and seat everyone who held that hand, his score, and the average."""
    if not 1 <= len(tables) <= MAX_TABLES:
        raise DuplicateError(f"tables: 1..{MAX_TABLES}")
    names = [p for t in tables for p in t.players]
    if len(set(names)) != len(names):
        raise DuplicateError("a player sits at two tables")
    for k, t in enumerate(tables, 1):
        if len(t.players) != r.table_size or len(t.scores) != len(r.deals) or any(
                len(s) != r.table_size for s in t.scores):
            raise DuplicateError(f"table {k}: {r.table_size} players and {len(r.deals)} "
                                 f"deals of {r.table_size} scores each")
    out = []
    for d in range(len(r.deals)):
        for seat in range(r.table_size):
            results = tuple((t.players[seat], t.scores[d][seat]) for t in tables)
            average = sum(v for _, v in results) / len(results)
            out.append(HandComparison(d + 1, seat + 1, results, average))
    return out


def duplicate_ranking(comparisons: Sequence[HandComparison]) -> list[tuple[str, float]]:
    """Each player's sum of (his score - the field's average) over the hands he held, best
    first (equal sums by name): luck of the cards cancels, what is left is play."""
    total: dict[str, float] = {}
    for h in comparisons:
        for player, score in h.results:
            total[player] = total.get(player, 0.0) + score - h.average
    return sorted(total.items(), key=lambda x: (-x[1], x[0]))


def table_scores(players: Sequence[str], states: Sequence[AnyState]) -> TableScores:
    """A table's scores from its finished deals."""
    scores: list[tuple[int, ...]] = []
    for s in states:
        res: Any = s.result
        if res is None:
            raise DuplicateError("a deal is not over")
        scores.append(tuple(res.scores))
    return TableScores(tuple(players), tuple(scores))


__all__ = ["DuplicateError", "DuplicateRound", "HandComparison", "TableScores", "compare",
           "draw_round", "duplicate_ranking", "table_scores"]
