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
from functools import lru_cache
from typing import Any

from ...core.cards import ASS
from ...core.cards import CARD_POINTS
from ...core.cards import KOENIG
from ...core.cards import OBER
from ...core.cards import UNTER
from ...core.cards import ZEHN
from ...core.rules import RulesError
from ...core.rules import RuleSet
from ...core.rules import SeriesEnd
from ...core.rules import option
from ...core.rules import round_to_ten
from ...core.rules import same_option
from ..family.melds import FOUR_VALUES
from ..family.rules import FamilyRules
from .texts import TEXTS

# The most bids a deal may offer: (highest bid - min_bid) / bid_step + 1 (standard: 136).
# Every bid is an action the seat to move is offered (legal_actions, its view), so a
# stranger's options must not make the list long; but it must never cut the bids off below
# what the cards can make (see ``reach``). It was 300, which with bid_step 5 stopped the
# bids at 1645 from 150, below a double trump family of 1500 with its tricks.
MAX_BIDS = 2000


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
        # Seed 003 also has the open game ("Aufgelegte Spiele werden mit 1000 Punkten
        # gutgeschrieben": open_game 1000) and no meld for a trick worth no points ("keinen
        # Stich macht, also null Stichpunkte hat": meld_needs_points). They join this preset
        # with the golden corpus renewed for them (branch claims-turnier); until then a club
        # sets them as options, so that today's turnier deals stay as they were.
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
    sevens: bool = same_option(FamilyRules, "sevens")
    deal_48_3p: str = option("15+3", "deal", allowed=("15+3", "14+6", "16+0"))
    dapp: bool = option(True, "deal")
    deal_pattern: str = option("auto", "deal", check=_pattern,
                               check_text="'auto' or packet sizes like 4-2-4-2-4")
    # card points
    card_points: str = same_option(FamilyRules, "card_points")
    last_trick_bonus: int = same_option(FamilyRules, "last_trick_bonus")
    bonus_trick: str = same_option(FamilyRules, "bonus_trick")
    # bidding
    min_bid: int = option(150, "bidding", low=10, high=1000)
    bid_step: int = option(10, "bidding", low=5, high=100)
    max_bid: int = option(1500, "bidding", low=0, high=5000)
    vorhand_must_open: bool = option(True, "bidding")
    all_pass: str = option("redeal", "bidding", allowed=("redeal", "vorhand_plays"))
    # play
    first_lead: str = option("vorhand", "play", allowed=("vorhand", "declarer"))
    must_overtrump: bool = option(True, "play")
    must_trump_lower: bool = option(True, "play")
    partner_exemption: bool = option(False, "play")
    rufen: bool = option(False, "play")
    claims: bool = same_option(FamilyRules, "claims")
    # melds
    eight_of_a_rank: int | str = same_option(FamilyRules, "eight_of_a_rank")
    double_family: int = same_option(FamilyRules, "double_family")
    double_trump_family: int = same_option(FamilyRules, "double_trump_family")
    rundgang: int | str = option("parts", "melds", allowed=("parts", 350, "none"))
    four_tens: int = same_option(FamilyRules, "four_tens")
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
    target: int = same_option(FamilyRules, "target")
    deals_per_series: int = same_option(FamilyRules, "deals_per_series")
    out_only_by_declarer: bool = option(False, "round")

    def _check_consistency(self) -> None:
        if self.min_bid % self.bid_step:
            raise RulesError(f"option 'min_bid': {self.min_bid} is not a multiple of "
                             f"bid_step {self.bid_step}")
        if 0 < self.max_bid < self.min_bid:
            raise RulesError("option 'max_bid': must be at least min_bid (or 0: no ceiling)")
        # A deal lists every bid from min_bid to the highest (legal_actions, every view of
        # the seat to move): a stranger's options must not make that list long.
        if (self.highest_bid - self.min_bid) // self.bid_step + 1 > MAX_BIDS:
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

    @property
    def highest_bid(self) -> int:
        """The highest bid offered: ``max_bid``, or with ``max_bid`` 0 (no ceiling) the
        highest multiple of ``bid_step`` the declarer's party could make under these rules
        (:func:`reach`; at least ``min_bid``).

        >>> Rules().highest_bid, Rules(max_bid=0).highest_bid >= 1500
        (1500, True)
        """
        if self.max_bid:
            return self.max_bid
        top = reach(self)
        return max(self.min_bid, self.min_bid + (top - self.min_bid) // self.bid_step
                   * self.bid_step)

    def round_points(self, x: int) -> int:
        """Round to the nearest ten, 5 up."""
        return round_to_ten(x)

    def series_end(self) -> SeriesEnd:
        return SeriesEnd(target=self.target, deals=self.deals_per_series,
                         only_declarer_out=self.out_only_by_declarer,
                         separate=frozenset({"durch", "untendurch"}) if self.durch_separate
                         else frozenset())


@lru_cache(maxsize=64)
def reach(rules: Rules) -> int:
    """An upper bound of what a declarer's party can score in a normal game under
    ``rules``, in Binokel or Kreuzbinokel: for every hand of the party the best of each meld
    class with as many cards as the hand keeps (a card serves once per class, so the classes
    are bounded apart), the trump sevens, and every card point of the deck with the trick
    bonus. It is never below what the cards can make (RULES §3: every meld is in one class).

    >>> reach(Rules())      # Kreuzbinokel's two hands of nine bound it
    3270
    """
    n_cards = 48 if rules.sevens else 40
    hands = [(1, (n_cards - (0 if not rules.dapp else 4 if not rules.sevens else
                             int(rules.deal_48_3p.split("+")[1]))) // 3),  # three players
             (2, (n_cards - 4) // 4)]                                      # Kreuzbinokel
    if not rules.dapp:
        hands = [(1, n_cards // 3), (2, n_cards // 4)]
    pts = CARD_POINTS[rules.card_points]
    # Two copies in four suits of U O K 10 A (a seven counts nothing), and the bonus.
    tricks = 2 * 4 * sum(pts[r] for r in (UNTER, OBER, KOENIG, ZEHN, ASS)) \
        + rules.last_trick_bonus

    def suit_class(k: int) -> int:
        def options(trump: bool) -> list[tuple[int, int]]:
            pair, fam = (40, 150) if trump else (20, 100)
            dfam = rules.double_trump_family if trump else rules.double_family
            return [(0, 0), (2, pair), (4, 2 * pair), (5, fam), (7, fam + pair), (10, dfam)]
        return _groups_best([options(True)] + [options(False)] * 3, k)

    def rank_class(k: int) -> int:
        groups = []
        for four in [*FOUR_VALUES.values(), rules.four_tens]:
            if not four:
                continue
            eight = 2 * four if rules.eight_of_a_rank == "double" else int(rules.eight_of_a_rank)
            groups.append([(0, 0), (4, four), (8, eight)])
        extra = 350 if rules.rundgang == 350 else 0  # counted on top, generously
        return _groups_best(groups, k) + extra

    def binokel_class(k: int) -> int:
        return max(v for c, v in ((0, 0), (2, 40), (4, 300)) if c <= k)

    out = 0
    for partners, k in hands:
        per_hand = suit_class(k) + rank_class(k) + binokel_class(k) + (20 if rules.dix else 0)
        out = max(out, partners * per_hand + tricks)
    return out


def _groups_best(groups: list[list[tuple[int, int]]], k: int) -> int:
    """The most points of one choice (cards, points) per group within ``k`` cards."""
    best = [0] * (k + 1)  # best[j]: the most points with at most j cards
    for options in groups:
        best = [max(best[j - c] + v for c, v in options if c <= j) for j in range(k + 1)]
    return best[k]


OPTIONS = Rules.options()
