"""Luxusfamilie house rules as data (RULES §7, seed 004).

The seed's meld table, power-point conversion table and score sheet are pictures that are
missing from the text, so every value below that is not in the seed's prose is *ours*: a
named option with a documented default (``docs/luxusfamilie.md`` gives the reasons).

>>> r = LuxusRules.from_preset("standard", conversion="identity")
>>> r.conversion, r.luxusfamilie, r.to_dict()
('identity', 150, {'preset': 'standard', 'options': {'conversion': 'identity'}})
>>> LuxusRules.from_dict({"options": {"luxusfamilien": 200}})
Traceback (most recent call last):
...
binokel.core.errors.RulesError: unknown option 'luxusfamilien' (did you mean 'luxusfamilie'?)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.rules import RuleSet
from ...core.rules import SeriesEnd
from ...core.rules import option
from ...core.rules import same_option
from ..family.rules import FamilyRules
from .texts import TEXTS


def _family_plus(v: Any) -> bool:
    # A Luxusfamilie holds a whole family: worth less than one, it would never be shown.
    return isinstance(v, int) and (v == 0 or 100 <= v <= 5000)


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    # For tables used to Binokel: trump melds count double-ish and the last trick earns 10.
    "binokel": {"trump_melds": True, "last_trick_bonus": 10},
}


@dataclass(frozen=True)
class LuxusRules(RuleSet, presets=PRESETS, texts=TEXTS):
    """The Luxusfamilie rule set: a preset name plus every option's value."""

    preset: str = "standard"
    # melds (the seed's table is missing: every value here is ours)
    luxusfamilie: int = option(150, "melds", check=_family_plus,
                               check_text="0 or a number from 100 to 5000")
    double_family: int = option(200, "melds", allowed=(200, 1000, 1500))
    double_luxusfamilie: int = option(300, "melds", low=0, high=10000)
    # The rank class is Binokel's, with Binokel's options.
    eight_of_a_rank: int | str = same_option(FamilyRules, "eight_of_a_rank")
    four_tens: int = same_option(FamilyRules, "four_tens")
    trump_melds: bool = option(False, "melds")
    meld_needs_trick: bool = option(False, "melds")
    # play
    trump_duty: str = option("always", "play", allowed=("always", "untrumped", "none"))
    claims: bool = option(False, "play")
    # points
    last_trick_bonus: int = option(0, "points", low=0, high=100)
    leftover: str = option("nobody", "points", allowed=("nobody", "last_trick"))
    conversion: str = option("tens", "points", allowed=("tens", "identity", "floor"))
    # session
    deals_per_series: int = option(12, "round", low=1, high=1000)

    def series_end(self) -> SeriesEnd:
        return SeriesEnd(deals=self.deals_per_series)

