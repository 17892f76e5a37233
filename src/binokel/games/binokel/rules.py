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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import ClassVar

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
class Rules(RuleSet):
    """The complete rule set of Binokel: a preset name plus the value of every option."""

    presets_table: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    preset_texts: ClassVar[Mapping[str, tuple[str, str]]] = TEXTS.presets

    preset: str = "standard"
    # deck and deal
    sevens: bool = option(False, "deal", "Play with the sevens (48 cards)",
                          "Mit Siebenern (Dissle) spielen, 48 Karten")
    deal_48_3p: str = option(
        "15+3", "deal", "With 48 cards and 3 players: cards per player + Dapp",
        "Bei 48 Karten und 3 Spielern: Karten je Spieler + Dapp",
        allowed=("15+3", "14+6", "16+0"))
    dapp: bool = option(True, "deal", "Deal a Dapp (widow) that the declarer takes",
                        "Mit Dapp spielen, den der Spielmacher aufnimmt")
    deal_pattern: str = option(
        "auto", "deal",
        "Packets: player packet, Dapp packet, player packet, ... (e.g. 4-2-4-2-4)",
        "Austeilen in Paketen: Spieler, Dapp, Spieler, ... (z. B. 4-2-4-2-4)",
        check=_pattern, check_text="'auto' or packet sizes like 4-2-4-2-4")
    # card points
    card_points: str = option(
        "classic", "points",
        "Card points: classic A11 10 10 K4 O3 U2, tournament A10 10 10 K10 O0 U0",
        "Augen: klassisch A11 Z10 K4 O3 U2, Turnier A10 Z10 K10 O0 U0",
        allowed=("classic", "tournament"))
    last_trick_bonus: int = option(10, "points", "Bonus for the last (or first) trick",
                                   "Zuschlag für den letzten (oder ersten) Stich",
                                   low=0, high=100)
    bonus_trick: str = option("last", "points", "Which trick earns the bonus",
                              "Welcher Stich den Zuschlag bekommt", allowed=("last", "first"))
    # bidding
    min_bid: int = option(150, "bidding", "Lowest bid", "Niedrigstes Reizgebot",
                          low=10, high=1000)
    bid_step: int = option(10, "bidding", "Bids are multiples of this", "Reizschritte",
                           low=5, high=100)
    max_bid: int = option(1500, "bidding", "Highest bid offered", "Höchstes Reizgebot",
                          low=10, high=5000)
    vorhand_must_open: bool = option(True, "bidding", "Vorhand must open the bidding",
                                     "Vorhand muss anreizen")
    all_pass: str = option(
        "redeal", "bidding", "If all pass: deal again, or Vorhand plays at the minimum bid",
        "Wenn alle passen: neu geben, oder Vorhand spielt zum Mindestgebot",
        allowed=("redeal", "vorhand_plays"))
    # play
    first_lead: str = option("vorhand", "play", "Who leads the first trick of a normal game",
                             "Wer im Normalspiel zuerst ausspielt",
                             allowed=("vorhand", "declarer"))
    must_overtrump: bool = option(
        True, "play", "A player who must trump must beat the best trump if he can",
        "Überstechen: wer trumpfen muss, muss den höchsten Trumpf schlagen, wenn er kann")
    must_trump_lower: bool = option(
        True, "play", "A void player who cannot overtrump must still play a trump",
        "Wer nicht überstechen kann, muss trotzdem Trumpf zugeben")
    partner_exemption: bool = option(
        False, "play", "Kreuzbinokel: while the partner wins the trick, no duty to beat or trump",
        "Kreuzbinokel: liegt der Partner vorn, entfällt Stich- und Trumpfzwang")
    rufen: bool = option(False, "play", "The declarer may call a card he lacks",
                         "Der Spielmacher darf eine fehlende Karte rufen")
    # melds
    eight_of_a_rank: int | str = option(
        1000, "melds", "All 8 of a rank: 1000, or twice the four",
        "Acht Gleiche: 1000 oder doppelter Vierer", allowed=(1000, "double"))
    double_family: int = option(200, "melds", "Double family in a plain suit",
                                "Doppelte Familie in einer Fehlfarbe", allowed=(200, 1000, 1500))
    double_trump_family: int = option(300, "melds", "Double family in trump",
                                      "Doppelte Familie in Trumpf", allowed=(300, 1000, 1500))
    rundgang: int | str = option(
        "parts", "melds",
        "Rundgang (a pair in every suit): 240 as its parts, 350, or not shown",
        "Rundgang (ein Paar in jeder Farbe): 240 als Summe, 350, oder nicht gezeigt",
        allowed=("parts", 350, "none"))
    four_tens: int = option(0, "melds", "Four tens (0 = no meld)",
                            "Vier Zehner (0 = keine Meldung)", allowed=(0, 80, 100))
    dix: bool = option(False, "melds", "With sevens: each trump seven melds 10",
                       "Mit Siebenern: jede Trumpf-Sieben (Dix) zählt 10")
    meld_needs_trick: bool = option(False, "melds",
                                    "A player (team) who takes no trick loses his melds",
                                    "Wer keinen Stich macht, verliert seine Meldung")
    # abgehen
    abgehen_bonus: int | str = option(
        30, "abgehen",
        "What the others get when the declarer goes out: points, 'per_player' (10 x players) "
        "or 'half_bid'",
        "Was die anderen beim Abgehen bekommen: Punkte, 'per_player' (10 x Spieler) oder "
        "'half_bid'",
        check=_abgehen_bonus, check_text="a number from 0 to 1000, 'per_player' or 'half_bid'")
    abgehen_others_meld: bool = option(True, "abgehen",
                                       "After abgehen the others also score their melds",
                                       "Nach dem Abgehen schreiben die anderen auch ihre Meldung")
    # lost game
    lost_factor: int = option(2, "scoring", "A lost game costs the bid once or twice",
                              "Ein verlorenes Spiel kostet das Gebot einfach oder doppelt",
                              allowed=(1, 2))
    lost_bonus_others: bool = option(
        False, "scoring", "When the declarer loses, each other player also gets half the bid",
        "Verliert der Spielmacher, bekommt jeder andere zusätzlich das halbe Gebot")
    overbid_unreachable: bool = option(
        False, "scoring", "A bid that melds plus all trick points cannot reach is lost double",
        "Ein Gebot, das Meldung plus alle Stichpunkte nicht erreichen, zählt doppelt verloren")
    rounding: str = option(
        "others", "scoring",
        "Round trick points to tens (5 up): for the others, for everyone, or never",
        "Stichpunkte auf Zehner runden (ab 5 auf): für die anderen, für alle, nie",
        allowed=("others", "all", "none"))
    bid_check: str = option("exact", "scoring",
                            "Compare the declarer's points with the bid exactly or rounded",
                            "Spielmacherpunkte genau oder gerundet mit dem Gebot vergleichen",
                            allowed=("exact", "rounded"))
    # special games
    durch: bool = option(True, "special", "Durch (take every trick) allowed",
                         "Durch (alle Stiche) erlaubt")
    untendurch: bool = option(True, "special", "Untendurch (take no trick) allowed",
                              "Untendurch (keinen Stich) erlaubt")
    durch_win: int = option(1000, "special", "Value of a won Durch/Untendurch",
                            "Wert eines gewonnenen Durch/Untendurch", low=0, high=10000)
    durch_loss: int = option(2000, "special", "Cost of a lost Durch/Untendurch",
                             "Kosten eines verlorenen Durch/Untendurch", low=0, high=10000)
    durch_open: int = option(
        0, "special", "Open Durch (hand shown) allowed, worth this much (0 = not allowed)",
        "Offener Durch (Karten aufgelegt) erlaubt, mit diesem Wert (0 = nicht erlaubt)",
        low=0, high=10000)
    durch_separate: bool = option(
        False, "special",
        "Durch and Untendurch are scored on a separate tally, not towards the target",
        "Durch und Untendurch werden getrennt gewertet, nicht fürs Ziel")
    # end of round
    target: int = option(1000, "round", "Points that win a round", "Punkte für einen Rundensieg",
                         low=1, high=100000)
    deals_per_series: int = option(
        0, "round", "Play a fixed number of deals instead of a target (0 = play to target)",
        "Feste Anzahl Spiele statt Zielpunktzahl (0 = bis zum Ziel)", low=0, high=1000)
    out_only_by_declarer: bool = option(False, "round",
                                        "Only a successful declarer can reach the target",
                                        "Nur ein erfolgreicher Spielmacher kann ausgehen")

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
