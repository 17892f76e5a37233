"""Stichel's score pad (:class:`~binokel.core.pad.PadAdapter`): each player's card points,
the last trick's bonus included, which are his score.

What is known without the cards: the points add up to the deck's 112 and the bonus, less
the cards that lay aside (none at four players, one at three, four at two); so the pad
checks a range there and the exact sum at four.

>>> pad = StichelPad()
>>> entry = pad.parse({"dealer": 0, "points": [40, 30, 45]}, 3)
>>> pad.score(StichelRules(), 3, entry)[1].scores
(40, 30, 45)
>>> pad.score(StichelRules(), 3, pad.parse({"dealer": 0, "points": [40, 30, 20]}, 3))
Traceback (most recent call last):
...
binokel.core.pad.PadError: points: together 90, not 111..119 (cards aside: 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import cast

from binokel.core.outcome import Outcome
from binokel.core.pad import MAX_NUMBER
from binokel.core.pad import PadBook
from binokel.core.pad import PadForm
from binokel.core.pad import PerSeatField
from binokel.core.pad import PlainPad
from binokel.core.pad import only_fields
from binokel.core.pad import per_seat
from binokel.core.pad import read_dealer
from binokel.core.pad import read_ints
from binokel.core.pad import refuse
from binokel.core.pad import words_of
from binokel.core.rules import RuleSet

from .deal import DECK
from .deal import HAND
from .deal import POINTS
from .rules import StichelRules
from .scoring import StichelResult
from .texts import TEXTS

_WORDS = TEXTS.sections["pad"]
CARD_POINTS = sorted(POINTS[c & 7] for c in DECK)


@dataclass(frozen=True)
class StichelEntry:
    """One deal: who dealt and each player's ``points`` (the last trick's bonus included)."""

    dealer: int
    points: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "points": list(self.points)}


def aside(players: int) -> int:
    """How many cards lie aside at ``players``."""
    return len(DECK) - players * HAND[players]


def points_range(rules: StichelRules, players: int) -> tuple[int, int]:
    """The least and the most the players' points add up to: the deck and the bonus, less
    the cards aside (the dearest or the cheapest of them)."""
    aside_n = aside(players)
    whole = sum(CARD_POINTS) + rules.last_trick
    return (whole - sum(CARD_POINTS[-aside_n:] if aside_n else ()),
            whole - sum(CARD_POINTS[:aside_n]))


class StichelPad(PlainPad[StichelEntry]):
    """The score pad of Stichel."""

    def parse(self, data: Mapping[str, Any], players: int) -> StichelEntry:
        only_fields(data, ("dealer", "points"), "stichel")
        return StichelEntry(dealer=read_dealer(data, players),
                            points=read_ints(data.get("points", []), "points", 0, MAX_NUMBER))

    def score(self, rules: RuleSet, players: int,
              entry: StichelEntry) -> tuple[StichelEntry, Outcome]:
        r = cast(StichelRules, rules)
        points = per_seat(entry.points, "points", players)
        lo, hi = points_range(r, players)
        total = sum(points)
        if not lo <= total <= hi:
            n = aside(players)
            words = words_of(_WORDS, "points_exact", sum=total, total=hi) if lo == hi else \
                words_of(_WORDS, "points_range", sum=total, aside=n, lo=lo, hi=hi)
            raise refuse("points", f"together {total}, not {lo}..{hi} (cards aside: {n})",
                         words)
        if r.last_trick and max(points) < r.last_trick:
            raise refuse("points", f"nobody has the last trick's {r.last_trick}",
                         words_of(_WORDS, "last_trick", bonus=r.last_trick))
        return entry, StichelResult(scores=tuple(points), last_trick=r.last_trick)

    def form(self, rules: RuleSet, names: Sequence[str], book: PadBook) -> PadForm:
        lo, hi = points_range(cast(StichelRules, rules), len(names))
        everyone = tuple(range(len(names)))
        return PadForm(fields=(PerSeatField("points", words_of(_WORDS, "points"), total=hi,
                                            exact=lo == hi),),
                       in_play=(everyone,) * len(names))

    def describe(self, entry: StichelEntry, outcome: Outcome, rules: RuleSet,
                 names: Sequence[str]) -> dict[str, str]:
        return {}


__all__ = ["StichelEntry", "StichelPad", "aside", "points_range"]
