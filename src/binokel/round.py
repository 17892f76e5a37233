"""A round (Runde) of deals to the target, with rotating dealer and a running score sheet.

>>> from binokel.rules import Rules
>>> rnd = Round(Rules(target=1000), seed=3)
>>> rnd.current.dealer, rnd.is_over
(0, False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .games import get_game


@dataclass(frozen=True)
class SheetLine:
    """One line of the score sheet: the deal's entries and the running totals."""

    deal: int
    dealer: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    declarer: int | None
    contract: str
    bid: int | None
    made: bool | None
    separate: bool = False   # scored on the Durch tally (durch_separate)


class Round:
    """Deals until someone reaches ``rules.target`` (or ``deals_per_series`` deals)."""

    def __init__(self, rules: Any, players: int | None = None, first_dealer: int = 0,
                 seed: int | None = None, game: str = "binokel") -> None:
        self.spec = get_game(game)
        self.game = game
        self.rules = rules
        self.players = players or self.spec.default_players
        self.rng = random.Random(seed)
        self.sheet: list[SheetLine] = []
        self.totals = [0] * self.players
        self.durch_totals = [0] * self.players
        self.finished: list[Any] = []
        self.winner: int | None = None
        self.current = self._deal(first_dealer)

    def _deal(self, dealer: int) -> Any:
        seed = self.rng.getrandbits(63)
        return self.spec.new_deal(self.deal_rules(), dealer, seed=seed, players=self.players)

    def deal_rules(self) -> Any:
        """The rules of the next deal (a game's series may change them from deal to deal)."""
        return self.rules

    def next_dealer(self) -> int:
        """Who deals next: the seat after the current dealer."""
        return int((self.current.dealer + 1) % self.players)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: str) -> None:
        """Apply an action to the current deal; a finished deal is booked at once."""
        self.current.apply(action)
        if self.current.is_over:
            self._book()

    def next_deal(self) -> Any:
        """Start the next deal (after the current one is over)."""
        if not self.current.is_over:
            raise ValueError("the current deal is not over")
        if self.is_over:
            raise ValueError("the round is over")
        self.current = self._deal(self.next_dealer())
        return self.current

    def _book(self) -> None:
        state, r = self.current, self.rules
        res = state.result
        scores = tuple(res.scores)
        contract = getattr(res, "contract", "normal")
        separate = bool(getattr(r, "durch_separate", False)) and contract in (
            "durch", "untendurch")
        tally = self.durch_totals if separate else self.totals
        for s, v in enumerate(scores):
            tally[s] += v
        self.finished.append(state)
        self.sheet.append(SheetLine(len(self.sheet) + 1, state.dealer, scores,
                                    tuple(self.totals), getattr(res, "declarer", None),
                                    contract, getattr(res, "bid", None),
                                    getattr(res, "made", None), separate))
        self.winner = self._winner(res)

    def _winner(self, res: Any) -> int | None:
        r = self.rules
        per_series = getattr(r, "deals_per_series", 0)
        if per_series:
            if len(self.sheet) < per_series:
                return None
            return self._best(list(range(self.players)))
        target = getattr(r, "target", 1000)
        reached = [s for s in range(self.players) if self.totals[s] >= target]
        declarer = getattr(res, "declarer", None)
        made = getattr(res, "made", None)
        if getattr(r, "out_only_by_declarer", False):
            return declarer if (declarer in reached and made) else None
        if not reached:
            return None
        if declarer in reached and made is not False:
            return int(declarer)
        return self._best(reached)

    def _best(self, seats: list[int]) -> int:
        # Equal totals: the seat earlier in the last deal's playing order wins.
        order = [(self.current.dealer + 1 + i) % self.players for i in range(self.players)]
        return max(seats, key=lambda s: (self.totals[s], -order.index(s)))


def new_round(game: str, rules: Any, players: int | None = None, first_dealer: int = 0,
              seed: int | None = None) -> Round:
    """A series of deals of ``game``: the game's own kind of :class:`Round` where it has one
    (``GameSpec.round_class``), else a plain round to the target."""
    cls = get_game(game).round_class or Round
    rnd: Round = cls(rules, players=players, first_dealer=first_dealer, seed=seed, game=game)
    return rnd
