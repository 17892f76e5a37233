"""A Doppelkopf series: a fixed number of deals (DKV: 24), the Pflichtsoli on top of them,
who still owes one, and the same dealer again after a Pflichtsolo; with ``vorfuehren`` (DDV)
the Pflichtsoli still owed are forced when the deals left run short, each counting as a deal.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING
from typing import cast

from ...core.outcome import Outcome
from ...core.rules import RuleSet
from ...core.series import Series
from .deal import KONTRA
from .deal import RE
from .deal import THROWN_IN
from .deal import seating
from .rules import DokoRules
from .scoring import DokoResult
from .state import DokoState

if TYPE_CHECKING:
    from ...core.spec import GameSpec


class PflichtsoloBook:
    """Who still owes a Pflichtsolo in a series (only with the option ``pflichtsolo``), and
    with ``vorfuehren`` who is vorgeführt.

    >>> book = PflichtsoloBook(DokoRules(pflichtsolo=True, pflicht_owed="02"), players=4)
    >>> book.owed, book.rules_for(DokoRules(pflichtsolo=True), 0, 10).pflicht_owed
    ({0, 2}, '02')
    >>> ddv = DokoRules(pflichtsolo=True, vorfuehren=True)
    >>> book.vorgefuehrt(3, 3), book.vorgefuehrt(3, 2), book.vorgefuehrt(0, 2)
    (-1, 0, 2)
    >>> book.rules_for(ddv, 0, 2).vorgefuehrt
    2
    """

    def __init__(self, rules: DokoRules, players: int) -> None:
        self.players = players
        self.owed: set[int] = set(range(players)) if rules.pflicht_owed == "all" else {
            int(ch) for ch in rules.pflicht_owed if int(ch) < players}

    def vorgefuehrt(self, dealer: int, deals_left: int) -> int:
        """The seat vorgeführt in the deal that ``dealer`` deals with ``deals_left`` deals of
        the series still to play, this one included (-1: none). DDV: when the Pflichtsoli
        owed equal the deals left (no more deals than that: also a series shorter than the
        table), the seat that owes one and sits first after the dealer must play it. With
        five players the dealer sits out: only a seat in play can be vorgeführt."""
        if not 0 < deals_left <= len(self.owed):
            return -1
        return next((s for s in seating(dealer, self.players)[0] if s in self.owed), -1)

    def rules_for(self, rules: DokoRules, dealer: int, deals_left: int) -> DokoRules:
        """The rules of the deal that ``dealer`` deals with ``deals_left`` deals of the series
        left: ``pflicht_owed`` names the seats that still owe, ``vorgefuehrt`` (option
        ``vorfuehren``) the seat that must play its Pflichtsolo now."""
        if not rules.pflichtsolo:
            return rules
        owed = "".join(str(s) for s in sorted(self.owed))
        if not rules.vorfuehren:
            return rules.replace(pflicht_owed=owed)
        # Both at once: each value on its own could contradict the other.
        return rules.replace(pflicht_owed=owed,
                             vorgefuehrt=self.vorgefuehrt(dealer, deals_left))

    def book(self, state: DokoState) -> bool:
        """Book a finished deal; True if it was a Pflichtsolo, which the same dealer follows
        with a new deal (DKV) and which does not count towards ``deals_per_series``; False
        for every other deal, a Vorführung too (DDV: it counts, and the deal passes on)."""
        if state.result is None:
            raise ValueError("the deal is not over")
        return self.book_result(state.result, state.rules)

    def book_result(self, result: DokoResult, rules: DokoRules) -> bool:
        """Book a deal by its ``result`` under the deal's ``rules`` (a score pad's deal,
        which has no state): as :meth:`book`."""
        if result.pflichtsolo and result.declarer is not None:
            self.owed.discard(result.declarer)
            return rules.vorgefuehrt < 0
        return False


def bock_triggers(result: DokoResult) -> list[str]:
    """The events of a finished deal that may start a Bockrunde (option ``bock_after``),
    each as often as it happened: ``tie`` (120 each), ``solo_lost`` (a game scored as a
    solo that the soloist did not win), ``kontra_won`` (gegen die Alten),
    ``both_announced`` (Re and Kontra), ``announced_lost`` (once for each party that
    announced and did not win, FreeDoko), ``herz_trick`` (a real Herz trick, four plain
    Herz cards, in a game not scored as a solo), ``schwarz`` (a party took no trick)."""
    if result.contract == THROWN_IN:
        return []
    out = []
    if result.re_points == 120:
        out.append("tie")
    if result.solo and result.winner != RE:
        out.append("solo_lost")
    if not result.solo and result.winner == KONTRA:
        out.append("kontra_won")
    if min(result.announced) >= 0:
        out.append("both_announced")
    out += ["announced_lost" for i, p in enumerate((RE, KONTRA))
            if result.announced[i] >= 0 and result.winner != p]
    if result.herz_trick:
        out.append("herz_trick")
    if any(what == "schwarz gespielt" for what, _, _ in result.lines):
        out.append("schwarz")
    return out


def bock_events(result: DokoResult) -> set[str]:
    """The kinds of event of a finished deal that may start a Bockrunde
    (:func:`bock_triggers` without repeats)."""
    return set(bock_triggers(result))


class BockBook:
    """The Bockrunden of a series (option ``bock_after``): per coming deal its Bock level.

    Each event named in ``bock_after`` adds ``bock_rounds`` rounds (one deal per player) of
    Bock deals from the next deal on; a deal holds at most ``bock_stack`` of them at once
    (each doubles its scores), the rest are played after.

    >>> book = BockBook(DokoRules(bock_after="tie", bock_rounds=1, bock_stack=2), players=4)
    >>> book.add(2); book.levels
    [2, 2, 2, 2]
    >>> book.add(1); book.levels, book.rules_for(DokoRules(bock_after="tie")).bock_level
    ([2, 2, 2, 2, 1, 1, 1, 1], 2)
    """

    def __init__(self, rules: DokoRules, players: int) -> None:
        self.length = rules.bock_rounds * players
        self.stack = rules.bock_stack
        self.events = set(rules.bock_after.split(",")) - {""}
        self.thrown_uses, self.pflicht_uses = rules.bock_thrown, rules.bock_pflichtsolo
        self.levels: list[int] = []

    def add(self, count: int) -> None:
        """Start ``count`` Bockrunden from the next deal on."""
        for _ in range(count):
            left, i = self.length, 0
            while left:
                if i == len(self.levels):
                    self.levels.append(0)
                if self.levels[i] < self.stack:
                    self.levels[i] += 1
                    left -= 1
                i += 1

    def rules_for(self, rules: DokoRules) -> DokoRules:
        """The rules of the next deal: ``bock_level`` is its Bock level."""
        if not self.events:
            return rules
        return rules.replace(bock_level=self.levels[0] if self.levels else 0)

    def book(self, state: DokoState) -> None:
        """Book a finished deal: it used up its Bock level (unless ``bock_thrown`` or
        ``bock_pflichtsolo`` spare it); its events start new ones."""
        if state.result is None:
            raise ValueError("the deal is not over")
        self.book_result(state.result, state.rules)

    def book_result(self, result: DokoResult, rules: DokoRules | None = None) -> None:
        """Book a deal by its ``result`` under the deal's ``rules`` (a score pad's deal,
        which has no state)."""
        spared = (result.contract == THROWN_IN and not self.thrown_uses) or (
            result.pflichtsolo and not self.pflicht_uses
            and (rules is None or rules.vorgefuehrt < 0))
        if self.levels and not spared:
            self.levels.pop(0)
        self.add(sum(1 for e in bock_triggers(result) if e in self.events))


class DokoSeries(Series):
    """A Doppelkopf series: ``deals_per_series`` deals (a five-table:
    :meth:`DokoRules.series_deals`) plus the Pflichtsoli (a Vorführung is
    one of the deals, not one on top).

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
        self.bock = BockBook(rules, players or spec.default_players)
        # Per finished deal: a Pflichtsolo (not a Vorführung), the dealer deals again.
        self.repeat: list[bool] = []
        super().__init__(spec, rules, players, first_dealer, seed, shuffle)

    @property
    def owed(self) -> set[int]:
        """The seats that still owe their Pflichtsolo."""
        return self.pflicht.owed

    @property
    def deals_played(self) -> int:
        """The deals that count towards ``deals_per_series`` (not the Pflichtsoli)."""
        return self.repeat.count(False)

    @property
    def deals_left(self) -> int:
        """The deals still to play towards ``deals_per_series`` (the Pflichtsoli on top)."""
        return max(0, self.rules.series_deals(self.players) - self.deals_played)

    def deal_rules(self, dealer: int | None = None) -> DokoRules:
        if dealer is None:
            dealer = self.next_dealer() if self.current.is_over else self.current.dealer
        return self.bock.rules_for(self.pflicht.rules_for(self.rules, dealer, self.deals_left))

    def next_dealer(self) -> int:
        if self.repeat and self.repeat[-1]:
            return self.current.dealer
        return (self.current.dealer + 1) % self.players

    def _book(self) -> None:
        self.repeat.append(self.pflicht.book(cast(DokoState, self.current)))
        self.bock.book(cast(DokoState, self.current))
        super()._book()

    def _winner(self, res: Outcome) -> int | None:
        if self.deals_played < self.rules.series_deals(self.players):
            return None
        return self._best(list(range(self.players)))
