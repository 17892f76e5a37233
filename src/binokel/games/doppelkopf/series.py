"""A Doppelkopf series: a fixed number of deals (DKV: 24), the Pflichtsoli on top of them,
who still owes one, and the same dealer again after a Pflichtsolo.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING
from typing import cast

from ...core.outcome import Outcome
from ...core.rules import RuleSet
from ...core.series import Series
from .rules import DokoRules
from .state import DokoState

if TYPE_CHECKING:
    from ...core.spec import GameSpec


class PflichtsoloBook:
    """Who still owes a Pflichtsolo in a series (only with the option ``pflichtsolo``).

    >>> book = PflichtsoloBook(DokoRules(pflichtsolo=True, pflicht_owed="02"), players=4)
    >>> book.owed, book.rules_for(DokoRules(pflichtsolo=True)).pflicht_owed
    ({0, 2}, '02')
    """

    def __init__(self, rules: DokoRules, players: int) -> None:
        self.owed: set[int] = set(range(players)) if rules.pflicht_owed == "all" else {
            int(ch) for ch in rules.pflicht_owed if int(ch) < players}

    def rules_for(self, rules: DokoRules) -> DokoRules:
        """The rules of the next deal: ``pflicht_owed`` names the seats that still owe."""
        if not rules.pflichtsolo:
            return rules
        return rules.replace(pflicht_owed="".join(str(s) for s in sorted(self.owed)))

    def book(self, state: DokoState) -> bool:
        """Book a finished deal; True if it was a Pflichtsolo, which the same dealer follows
        with a new deal (DKV) and which does not count towards ``deals_per_series``."""
        result = state.result
        if result is None:
            raise ValueError("the deal is not over")
        if result.pflichtsolo and state.soloist is not None:
            self.owed.discard(state.soloist)
            return True
        return False


class DokoSeries(Series):
    """A Doppelkopf series: ``deals_per_series`` deals plus the Pflichtsoli.

    >>> from binokel.registry import find_game
    >>> spec = find_game("doppelkopf")
    >>> rnd = spec.new_series(DokoRules(pflichtsolo=True, deals_per_series=4), seed=1)
    >>> type(rnd).__name__, rnd.current.dealer, rnd.current.rules.pflicht_owed, rnd.owed
    ('DokoSeries', 0, '0123', {0, 1, 2, 3})
    """

    rules: DokoRules

    def __init__(self, spec: GameSpec, rules: RuleSet, players: int | None = None,
                 first_dealer: int = 0, seed: int | None = None,
                 shuffle: random.Random | None = None) -> None:
        rules = cast(DokoRules, rules)
        # The book must exist before the series deals the first deal (it asks deal_rules()).
        self.pflicht = PflichtsoloBook(rules, players or spec.default_players)
        self.repeat: list[bool] = []   # per finished deal: a Pflichtsolo, the dealer deals again
        super().__init__(spec, rules, players, first_dealer, seed, shuffle)

    @property
    def owed(self) -> set[int]:
        """The seats that still owe their Pflichtsolo."""
        return self.pflicht.owed

    @property
    def deals_played(self) -> int:
        """The deals that count towards ``deals_per_series`` (not the Pflichtsoli)."""
        return self.repeat.count(False)

    def deal_rules(self) -> DokoRules:
        return self.pflicht.rules_for(self.rules)

    def next_dealer(self) -> int:
        if self.repeat and self.repeat[-1]:
            return self.current.dealer
        return (self.current.dealer + 1) % self.players

    def _book(self) -> None:
        self.repeat.append(self.pflicht.book(cast(DokoState, self.current)))
        super()._book()

    def _winner(self, res: Outcome) -> int | None:
        if self.deals_played < self.rules.deals_per_series:
            return None
        return self._best(list(range(self.players)))
