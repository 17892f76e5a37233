"""A series of deals (Runde, Serie): the dealer moving on, the running score sheet, the winner.

A series ends as the game's rules say (:meth:`RuleSet.series_end`): when a player reaches a
target, or after a fixed number of deals. A game with more to keep (Doppelkopf's Pflichtsoli)
derives its own series from :class:`Series`.

Deals come from a seed (each deal's seed drawn from a generator seeded once: the series
replays exactly, for tests, records and bot matches) or from a generator given as ``shuffle``
that shuffles every deal itself. A table where strangers play passes a cryptographic one
(:class:`random.SystemRandom`): each deal is then independent of every other, and knowing
one deal, or all before it, tells nothing about the next.

>>> from binokel.registry import find_game
>>> spec = find_game("binokel")
>>> a = Series(spec, spec.make_rules({}), seed=5)
>>> b = Series(spec, spec.make_rules({}), seed=5)
>>> a.current.deck == b.current.deck
True
>>> fair = Series(spec, spec.make_rules({}), shuffle=random.SystemRandom())
>>> sorted(fair.current.deck) == sorted(a.current.deck)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .outcome import Outcome
from .rules import RuleSet
from .rules import SeriesEnd
from .state import AnyState

if TYPE_CHECKING:
    from .spec import GameSpec


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
    separate: bool = False   # booked on the separate tally (Binokel's durch_separate)


class Series:
    """Deals until the rules' end (:meth:`RuleSet.series_end`) is reached."""

    def __init__(self, spec: GameSpec, rules: RuleSet, players: int | None = None,
                 first_dealer: int = 0, seed: int | None = None,
                 shuffle: random.Random | None = None) -> None:
        self.spec = spec
        self.game = spec.name
        self.rules = rules
        self.players = players or spec.default_players
        self.rng = random.Random(seed)
        # Given: it shuffles every deal itself (no seed in between that could be guessed).
        self.shuffle = shuffle
        self.sheet: list[SheetLine] = []
        self.totals = [0] * self.players
        self.separate_totals = [0] * self.players
        self.finished: list[AnyState] = []
        self.winner: int | None = None
        self.current = self._deal(first_dealer)

    def _deal(self, dealer: int) -> AnyState:
        if self.shuffle is not None:
            return self.spec.new_deal(self.deal_rules(dealer), dealer, rng=self.shuffle,
                                      players=self.players)
        seed = self.rng.getrandbits(63)
        return self.spec.new_deal(self.deal_rules(dealer), dealer, seed=seed,
                                  players=self.players)

    def deal_rules(self, dealer: int | None = None) -> RuleSet:
        """The rules of the deal that ``dealer`` deals: the current deal while it runs, the
        next one once it is over (a game's series may change them from deal to deal, also
        by who deals; None: the dealer the series chooses)."""
        return self.rules

    def next_dealer(self) -> int:
        """Who deals next: the seat after the current dealer."""
        return (self.current.dealer + 1) % self.players

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: str) -> None:
        """Apply an action to the current deal; a finished deal is booked at once."""
        self.current.apply(action)
        if self.current.is_over:
            self._book()

    def next_deal(self) -> AnyState:
        """Start the next deal (after the current one is over)."""
        if not self.current.is_over:
            raise ValueError("the current deal is not over")
        if self.is_over:
            raise ValueError("the round is over")
        self.current = self._deal(self.next_dealer())
        return self.current

    def result(self) -> Outcome:
        """The current deal's result (it must be over)."""
        res = self.current.result
        if res is None:
            raise ValueError("the current deal is not over")
        return res

    def _book(self) -> None:
        state, res = self.current, self.result()
        separate = res.contract in self.rules.series_end().separate
        tally = self.separate_totals if separate else self.totals
        for s, v in enumerate(res.scores):
            tally[s] += v
        self.finished.append(state)
        self.sheet.append(SheetLine(len(self.sheet) + 1, state.dealer, tuple(res.scores),
                                    tuple(self.totals), res.declarer, res.contract, res.bid,
                                    res.made, separate))
        self.winner = self._winner(res)

    def _winner(self, res: Outcome) -> int | None:
        return series_winner(self.rules.series_end(), self.totals, len(self.sheet), res,
                             self._order())

    def _order(self) -> list[int]:
        return [(self.current.dealer + 1 + i) % self.players for i in range(self.players)]

    def _best(self, seats: list[int]) -> int:
        return _best(self.totals, seats, self._order())


def series_winner(end: SeriesEnd, totals: Sequence[int], deals: int, last: Outcome,
                  order: Sequence[int]) -> int | None:
    """Who won the series after ``deals`` deals with ``totals``, ``last`` the last deal's
    result and ``order`` its playing order (every seat, Vorhand first); None: not over.

    Pure, so that a score pad of real deals decides the round as a played series does.

    >>> series_winner(SeriesEnd(target=1000), [1010, 990, 0], 9, Outcome(scores=(0, 0, 0)),
    ...               [1, 2, 0])
    0
    >>> series_winner(SeriesEnd(deals=15), [10, 20, 20], 14, Outcome(scores=(0, 0, 0)),
    ...               [2, 0, 1]) is None
    True
    """
    if end.deals:
        if deals < end.deals:
            return None
        return _best(totals, list(range(len(totals))), order)
    if end.target is None:
        return None
    reached = [s for s in range(len(totals)) if totals[s] >= end.target]
    declarer = last.declarer
    if end.only_declarer_out:
        return declarer if (declarer in reached and last.made) else None
    if not reached:
        return None
    if declarer is not None and declarer in reached and last.made is not False:
        return declarer
    return _best(totals, reached, order)


def _best(totals: Sequence[int], seats: list[int], order: Sequence[int]) -> int:
    # Equal totals: the seat earlier in the last deal's playing order wins.
    return max(seats, key=lambda s: (totals[s], -order.index(s)))

__all__ = ["Series", "SheetLine", "series_winner"]
