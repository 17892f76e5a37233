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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import ClassVar

from ...core.cards import CARD_POINTS
from ...core.rules import RuleSet
from ...core.rules import SeriesEnd
from ...core.rules import option
from ...core.rules import same_option
from ..binokel.rules import Rules as BinokelRules
from .texts import TEXTS

ZWEIER_PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    # Seed 003's card values and double trump family on the two-player game: a convenience.
    "turnier": {"card_points": "tournament", "double_trump_family": 1000},
}


@dataclass(frozen=True)
class ZweierRules(RuleSet):
    """The Zweierbinokel rule set: a preset name plus every option's value.

    ``must_overtrump`` and ``must_trump_lower`` are not among the options: with two players
    the trick holds only the led card when the second one plays, so a trump in it means trump
    was led, and then the duty to follow (and beat) decides.
    """

    presets_table: ClassVar[Mapping[str, Mapping[str, Any]]] = ZWEIER_PRESETS
    preset_texts: ClassVar[Mapping[str, tuple[str, str]]] = TEXTS.presets

    preset: str = "standard"
    # shared with three-player Binokel: the same name, values and meaning
    sevens: bool = same_option(BinokelRules, "sevens")
    card_points: str = same_option(BinokelRules, "card_points")
    last_trick_bonus: int = same_option(BinokelRules, "last_trick_bonus")
    bonus_trick: str = same_option(BinokelRules, "bonus_trick")
    eight_of_a_rank: int | str = same_option(BinokelRules, "eight_of_a_rank")
    double_family: int = same_option(BinokelRules, "double_family")
    double_trump_family: int = same_option(BinokelRules, "double_trump_family")
    four_tens: int = same_option(BinokelRules, "four_tens")
    target: int = same_option(BinokelRules, "target")
    deals_per_series: int = same_option(BinokelRules, "deals_per_series")
    # only in Zweierbinokel
    dix: bool = option(
        True, "melds",
        "With sevens: the trump seven (Dix) scores 10, for the dealer when it is turned up and "
        "for a player who exchanges it for the turned-up card",
        "Mit Siebenern: die Trumpf-Sieben (Dix) zählt 10, für den Geber, wenn sie aufgedeckt "
        "wird, und für den, der sie gegen die aufgedeckte Karte tauscht")
    dix_exchange: bool = option(
        True, "play",
        "With sevens: after winning a trick, the holder of a trump seven may exchange it for "
        "the turned-up card (while the stock lasts)",
        "Mit Siebenern: wer einen Stich gemacht hat, darf eine Trumpf-Sieben gegen die "
        "aufgedeckte Karte tauschen (solange der Stoß reicht)")
    show_last_card: bool = option(
        True, "play",
        "The last face-down card drawn from the stock is shown to the opponent (seed 001)",
        "Die letzte verdeckte Karte vom Stoß wird dem Gegenspieler gezeigt (Text 001)")
    must_beat: bool = option(
        True, "play",
        "After the stock: who follows a plain suit must beat the led card if he can "
        "(Stichzwang, RULES §4); no: only a led trump must be beaten (seed 001)",
        "Nach dem Stoß: wer eine Fehlfarbe bedient, muss überstechen, wenn er kann "
        "(Stichzwang, RULES §4); nein: nur ein ausgespielter Trumpf (Text 001)")
    upgrade_melds: bool = option(
        True, "melds",
        "A meld may be extended to a bigger one of its kind (pair to family, family to double "
        "family, four to eight of a rank, Binokel to Doppelbinokel); it scores in full",
        "Eine Meldung darf zu einer größeren ihrer Art ergänzt werden (Paar zur Familie, "
        "Familie zur doppelten, Vierer zu Achtern, Binokel zum Doppelbinokel); sie zählt voll")
    rounding: str = option(
        "none", "scoring",
        "Round each player's trick points to tens (5 up) at the end of the deal, or never",
        "Stichpunkte jedes Spielers am Ende auf Zehner runden (ab 5 auf) oder nie",
        allowed=("none", "all"))

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
