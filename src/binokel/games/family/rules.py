"""The options the games of the Binokel family declare alike, written once: each game's rule
set takes them with ``same_option(FamilyRules, name)`` (the same default, values, group and
meaning), and :class:`MeldRules`, what the meld finder reads of a game's rules.

>>> from binokel.games.binokel.rules import Rules
>>> from binokel.games.zweier.rules import ZweierRules
>>> Rules.options()["double_family"] == ZweierRules.options()["double_family"]
True
>>> FamilyRules.options()["card_points"].allowed
('classic', 'tournament')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ...core.rules import RuleSet
from ...core.rules import option
from .texts import TEXTS


@dataclass(frozen=True)
class FamilyRules(RuleSet, presets={"standard": {}}, texts=TEXTS):
    """The shared options, declared once; no game plays by this class itself."""

    preset: str = "standard"
    # deck
    sevens: bool = option(False, "deal")
    # card points
    card_points: str = option("classic", "points", allowed=("classic", "tournament"))
    last_trick_bonus: int = option(10, "points", low=0, high=100)
    bonus_trick: str = option("last", "points", allowed=("last", "first"))
    # play
    claims: bool = option(False, "play")
    # melds
    eight_of_a_rank: int | str = option(1000, "melds", allowed=(1000, "double"))
    double_family: int = option(200, "melds", allowed=(200, 1000, 1500))
    double_trump_family: int = option(300, "melds", allowed=(300, 1000, 1500))
    four_tens: int = option(0, "melds", allowed=(0, 80, 100))
    # end of round
    target: int = option(1000, "round", low=1, high=100000)
    deals_per_series: int = option(0, "round", low=0, high=1000)


class MeldRules(Protocol):
    """What :func:`binokel.games.family.melds.best_melds` reads of a game's rules (Binokel's
    and Kreuzbinokel's ``Rules`` have it all)."""

    @property
    def eight_of_a_rank(self) -> int | str: ...
    @property
    def double_family(self) -> int: ...
    @property
    def double_trump_family(self) -> int: ...
    @property
    def rundgang(self) -> int | str: ...
    @property
    def four_tens(self) -> int: ...
    @property
    def dix(self) -> bool: ...


__all__ = ["FamilyRules", "MeldRules"]
