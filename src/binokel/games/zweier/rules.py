"""Zweierbinokel house rules as data (RULES §7, seed 001): every open detail is a named option.

Options whose meaning is the same as in three-player Binokel are declared like that game's
(``card_points``, ``sevens``, the meld values, ``last_trick_bonus``, ``target``, ...); the
options only this game has are declared here. ``docs/zweier.md`` explains every one.

>>> r = ZweierRules.from_preset("standard", sevens=True)
>>> r.sevens, r.dix, r.upgrade_melds, r.to_dict()
(True, True, True, {'preset': 'standard', 'options': {'sevens': True}})
>>> ZweierRules.from_dict({"options": {"show_last_crd": False}})
Traceback (most recent call last):
...
binokel.core.errors.RulesError: unknown option 'show_last_crd' (did you mean 'show_last_card'?)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.cards import CARD_POINTS
from ...core.rules import RuleSet
from ...core.rules import SeriesEnd
from ...core.rules import option
from ...core.rules import same_option
from ..family.rules import FamilyRules
from .texts import TEXTS

ZWEIER_PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    # Seed 003's card values and double trump family on the two-player game: a convenience.
    "turnier": {"card_points": "tournament", "double_trump_family": 1000},
}


@dataclass(frozen=True)
class ZweierRules(RuleSet, presets=ZWEIER_PRESETS, texts=TEXTS):
    """The Zweierbinokel rule set: a preset name plus every option's value.

    ``must_overtrump`` and ``must_trump_lower`` are not among the options: with two players
    the trick holds only the led card when the second one plays, so a trump in it means trump
    was led, and then the duty to follow (and beat) decides.
    """

    preset: str = "standard"
    # shared with three-player Binokel: the same name, values and meaning
    sevens: bool = same_option(FamilyRules, "sevens")
    card_points: str = same_option(FamilyRules, "card_points")
    last_trick_bonus: int = same_option(FamilyRules, "last_trick_bonus")
    bonus_trick: str = same_option(FamilyRules, "bonus_trick")
    eight_of_a_rank: int | str = same_option(FamilyRules, "eight_of_a_rank")
    double_family: int = same_option(FamilyRules, "double_family")
    double_trump_family: int = same_option(FamilyRules, "double_trump_family")
    four_tens: int = same_option(FamilyRules, "four_tens")
    target: int = same_option(FamilyRules, "target")
    deals_per_series: int = same_option(FamilyRules, "deals_per_series")
    claims: bool = same_option(FamilyRules, "claims")
    # only in Zweierbinokel
    dix: bool = option(True, "melds")
    dix_exchange: bool = option(True, "play")
    show_last_card: bool = option(True, "play")
    must_beat: bool = option(True, "play")
    upgrade_melds: bool = option(True, "melds")
    meld_winning_card: bool = option(False, "melds")
    rounding: str = option("none", "scoring", allowed=("none", "all"))

    @property
    def points(self) -> tuple[int, ...]:
        """Card points indexed by rank slot."""
        return CARD_POINTS[self.card_points]

    @property
    def uses_dix(self) -> bool:
        """Whether trump sevens are in play as a Dix (scored or exchanged)."""
        return self.sevens and (self.dix or self.dix_exchange)

    def series_end(self) -> SeriesEnd:
        return SeriesEnd(target=self.target, deals=self.deals_per_series)


ZWEIER_OPTIONS = ZweierRules.options()
