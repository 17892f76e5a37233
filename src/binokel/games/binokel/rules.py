"""Binokel's house rules as data (RULES §2-§6, §10): every rule difference is a named option,
a preset is a set of options. Kreuzbinokel plays under the same rules.

>>> r = Rules.from_preset("turnier", lost_factor=2)
>>> r.card_points, r.lost_factor, r.meld_needs_trick
('tournament', 2, True)
>>> Rules.from_preset("standard", lost_factr=2)
Traceback (most recent call last):
...
binokel.core.errors.RulesError: unknown option 'lost_factr' (did you mean 'lost_factor'?)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.cards import CARD_POINTS
from ...core.rules import RulesError
from ...core.rules import RuleSet
from ...core.rules import SeriesEnd
from ...core.rules import option
from ...core.rules import round_to_ten
from .texts import TEXTS

# The most bids a deal may offer: (max_bid - min_bid) / bid_step + 1 (standard: 136).
MAX_BIDS = 300


def _pattern(v: Any) -> bool:
    if not isinstance(v, str) or len(v) > 60:
        return False
    if v == "auto":
        return True
    try:
        return all(0 <= int(p) <= 48 for p in v.split("-"))
    except ValueError:
        return False


def _abgehen_bonus(v: Any) -> bool:
    return v in ("per_player", "half_bid") or (isinstance(v, int) and 0 <= v <= 1000)


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "turnier": {
        "card_points": "tournament", "lost_factor": 1, "abgehen_bonus": 40,
        "meld_needs_trick": True, "rounding": "none", "durch_loss": 1000,
        "untendurch": False, "double_trump_family": 1000,
    },
    "aks": {
        "card_points": "classic", "min_bid": 150, "meld_needs_trick": True, "durch": False,
        "untendurch": False, "double_family": 1000, "double_trump_family": 1000,
        "eight_of_a_rank": 1000, "rundgang": 350, "abgehen_bonus": "half_bid",
        "abgehen_others_meld": True, "lost_factor": 2, "lost_bonus_others": True,
        "overbid_unreachable": True, "deals_per_series": 15,
    },
}


@dataclass(frozen=True)
class Rules(RuleSet, presets=PRESETS, texts=TEXTS):
    """The complete rule set of Binokel: a preset name plus the value of every option."""

    preset: str = "standard"
    # deck and deal
    sevens: bool = option(False, "deal")
    deal_48_3p: str = option("15+3", "deal", allowed=("15+3", "14+6", "16+0"))
    dapp: bool = option(True, "deal")
    deal_pattern: str = option("auto", "deal", check=_pattern,
                               check_text="'auto' or packet sizes like 4-2-4-2-4")
    # card points
    card_points: str = option("classic", "points", allowed=("classic", "tournament"))
    last_trick_bonus: int = option(10, "points", low=0, high=100)
    bonus_trick: str = option("last", "points", allowed=("last", "first"))
    # bidding
    min_bid: int = option(150, "bidding", low=10, high=1000)
    bid_step: int = option(10, "bidding", low=5, high=100)
    max_bid: int = option(1500, "bidding", low=10, high=5000)
    vorhand_must_open: bool = option(True, "bidding")
    all_pass: str = option("redeal", "bidding", allowed=("redeal", "vorhand_plays"))
    # play
    first_lead: str = option("vorhand", "play", allowed=("vorhand", "declarer"))
    must_overtrump: bool = option(True, "play")
    must_trump_lower: bool = option(True, "play")
    partner_exemption: bool = option(False, "play")
    rufen: bool = option(False, "play")
    claims: bool = option(False, "play")
    # melds
    eight_of_a_rank: int | str = option(1000, "melds", allowed=(1000, "double"))
    double_family: int = option(200, "melds", allowed=(200, 1000, 1500))
    double_trump_family: int = option(300, "melds", allowed=(300, 1000, 1500))
    rundgang: int | str = option("parts", "melds", allowed=("parts", 350, "none"))
    four_tens: int = option(0, "melds", allowed=(0, 80, 100))
    dix: bool = option(False, "melds")
    meld_needs_trick: bool = option(False, "melds")
    meld_needs_points: bool = option(False, "melds")
    # abgehen
    abgehen_bonus: int | str = option(
        30, "abgehen", check=_abgehen_bonus,
        check_text="a number from 0 to 1000, 'per_player' or 'half_bid'")
    abgehen_others_meld: bool = option(True, "abgehen")
    # lost game
    lost_factor: int = option(2, "scoring", allowed=(1, 2))
    lost_bonus_others: bool = option(False, "scoring")
    overbid_unreachable: bool = option(False, "scoring")
    rounding: str = option("others", "scoring", allowed=("others", "all", "none"))
    bid_check: str = option("exact", "scoring", allowed=("exact", "rounded"))
    # special games
    durch: bool = option(True, "special")
    untendurch: bool = option(True, "special")
    durch_win: int = option(1000, "special", low=0, high=10000)
    durch_loss: int = option(2000, "special", low=0, high=10000)
    durch_open: int = option(0, "special", low=0, high=10000)
    durch_separate: bool = option(False, "special")
    open_game: int = option(0, "special", low=0, high=10000)
    # end of round
    target: int = option(1000, "round", low=1, high=100000)
    deals_per_series: int = option(0, "round", low=0, high=1000)
    out_only_by_declarer: bool = option(False, "round")

    def _check_consistency(self) -> None:
        if self.min_bid % self.bid_step:
            raise RulesError(f"option 'min_bid': {self.min_bid} is not a multiple of "
                             f"bid_step {self.bid_step}")
        if self.max_bid < self.min_bid:
            raise RulesError("option 'max_bid': must be at least min_bid")
        # A deal lists every bid from min_bid to max_bid (legal_actions, every view of the
        # seat to move): a stranger's options must not make that list long.
        if (self.max_bid - self.min_bid) // self.bid_step + 1 > MAX_BIDS:
            raise RulesError(f"option 'max_bid': at most {MAX_BIDS} bids from min_bid to "
                             f"max_bid (in steps of bid_step)")
        if self.dix and not self.sevens:
            raise RulesError("option 'dix': needs sevens = yes")
        # Packets alternate player, Dapp, player, ...: a Dapp packet contradicts dapp = no.
        if not self.dapp and self.deal_pattern != "auto" and any(
                int(p) for p in self.deal_pattern.split("-")[1::2]):
            raise RulesError(f"option 'deal_pattern': {self.deal_pattern} deals a Dapp, "
                             "but dapp = no")

    @property
    def points(self) -> tuple[int, ...]:
        """Card points indexed by rank slot."""
        return CARD_POINTS[self.card_points]

    def round_points(self, x: int) -> int:
        """Round to the nearest ten, 5 up."""
        return round_to_ten(x)

    def series_end(self) -> SeriesEnd:
        return SeriesEnd(target=self.target, deals=self.deals_per_series,
                         only_declarer_out=self.out_only_by_declarer,
                         separate=frozenset({"durch", "untendurch"}) if self.durch_separate
                         else frozenset())


OPTIONS = Rules.options()
