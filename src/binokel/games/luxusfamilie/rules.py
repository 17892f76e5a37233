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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import ClassVar

from ...core.rules import RuleSet
from ...core.rules import SeriesEnd
from ...core.rules import option
from ...core.rules import same_option
from ..binokel.rules import Rules as BinokelRules
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
class LuxusRules(RuleSet):
    """The Luxusfamilie rule set: a preset name plus every option's value."""

    presets_table: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    preset_texts: ClassVar[Mapping[str, tuple[str, str]]] = TEXTS.presets

    preset: str = "standard"
    # melds (the seed's table is missing: every value here is ours)
    luxusfamilie: int = option(
        150, "melds",
        "Luxusfamilie (A 10 K O U 7 of one suit) is worth this (0 = no such meld: a family)",
        "Luxusfamilie (A Z K O U 7 einer Farbe) zählt so viel (0 = keine Meldung: Familie)",
        check=_family_plus, check_text="0 or a number from 100 to 5000")
    double_family: int = option(200, "melds", "Double family (the family twice in one suit)",
                                "Doppelte Familie (die Familie zweimal in einer Farbe)",
                                allowed=(200, 1000, 1500))
    double_luxusfamilie: int = option(
        300, "melds", "Double Luxusfamilie (all 12 cards of one suit; 0 = no such meld)",
        "Doppelte Luxusfamilie (alle 12 Karten einer Farbe; 0 = keine Meldung)",
        low=0, high=10000)
    # The rank class is Binokel's, with Binokel's options.
    eight_of_a_rank: int | str = same_option(BinokelRules, "eight_of_a_rank")
    four_tens: int = same_option(BinokelRules, "four_tens")
    trump_melds: bool = option(
        False, "melds",
        "Once trump is named, suit melds in trump count more for everyone "
        "(+20 per pair, +50 per family); the trump maker is still found by plain values",
        "Nach der Trumpfwahl zählen Meldungen in Trumpf für alle mehr (+20 je Paar, +50 je "
        "Familie); wer Trumpf bestimmt, entscheiden weiter die einfachen Werte")
    meld_needs_trick: bool = option(False, "melds", "A player who takes no trick loses his melds",
                                    "Wer keinen Stich macht, verliert seine Meldung")
    # play
    trump_duty: str = option(
        "always", "play",
        "Void in the led suit: must trump (always; 'untrumped': only while no trump lies in "
        "the trick; 'none': any card). Never when trump was led",
        "Wer nicht bedienen kann, muss trumpfen (always; 'untrumped': nur solange kein Trumpf "
        "im Stich liegt; 'none': beliebig). Nie, wenn Trumpf ausgespielt wurde",
        allowed=("always", "untrumped", "none"))
    # points
    last_trick_bonus: int = option(
        0, "points", "Power points for the last trick (the seed's 240 check implies none)",
        "Machtpunkte für den letzten Stich (die 240-Probe des Textes spricht für keine)",
        low=0, high=100)
    leftover: str = option(
        "nobody", "points",
        "With 5 or 7 players: the set-aside cards' power points count for nobody, or for the "
        "winner of the last trick",
        "Bei 5 oder 7 Spielern: die Machtpunkte der übrigen Karten zählen für niemanden oder "
        "für den Gewinner des letzten Stichs", allowed=("nobody", "last_trick"))
    conversion: str = option(
        "tens", "points",
        "Power points to trick points: to the nearest ten (5 up), unchanged, or down to tens",
        "Machtpunkte in Stichpunkte: auf Zehner gerundet (ab 5 auf), unverändert, oder auf "
        "Zehner abgerundet", allowed=("tens", "identity", "floor"))
    # session
    deals_per_series: int = option(
        12, "round", "Deals in a session (Runden); the highest total wins",
        "Anzahl Spiele (Runden) einer Sitzung; die höchste Summe gewinnt", low=1, high=1000)

    def series_end(self) -> SeriesEnd:
        return SeriesEnd(deals=self.deals_per_series)

