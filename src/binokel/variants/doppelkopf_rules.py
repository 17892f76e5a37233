"""Doppelkopf house rules as data (RULES §8): the seed's game is the ``standard`` preset, every
common house rule beyond it is a named option, off by default.

>>> r = DokoRules.from_preset("standard", armut=True)
>>> r.armut, r.nines, r.to_dict()
(True, True, {'preset': 'standard', 'options': {'armut': True}})
>>> DokoRules.from_dict({"options": {"dulle_second_win": True}})
Traceback (most recent call last):
...
binokel.rules.RulesError: unknown option 'dulle_second_win' (did you mean 'dulle_second_wins'?)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..rules import Option, RuleSet


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _positive(v: Any) -> bool:
    return isinstance(v, int) and v > 0


def _owed(v: Any) -> bool:
    # "all", or the seats (digits) that still owe their Pflichtsolo, e.g. "013"; "" = nobody.
    return isinstance(v, str) and (v == "all" or all(ch in "01234" for ch in v))


_O = Option
DOKO_OPTIONS: dict[str, Option] = {o.name: o for o in [
    _O("nines", True, None, "deal", "Play with the nines (48 cards); off: 40 cards, 10 each",
       "Mit Neunen (48 Karten); aus: ohne Neunen, 40 Karten, je 10", check=_is_bool),
    _O("dulle_second_wins", False, None, "play",
       "Of two Herz-Zehnen (Dullen) in a trick the second wins",
       "Von zwei Dullen in einem Stich sticht die zweite die erste", check=_is_bool),
    _O("schweinchen", False, None, "play",
       "Both Karo-Asse in one hand become the highest trumps (normal game, Hochzeit, Armut)",
       "Beide Füchse in einer Hand werden höchste Trümpfe (Normalspiel, Hochzeit, Armut)",
       check=_is_bool),
    _O("armut", False, None, "reservations",
       "A player with at most 3 trumps may declare Armut and pass 3 cards to a partner",
       "Wer höchstens 3 Trümpfe hat, darf Armut ansagen und 3 Karten abgeben",
       check=_is_bool),
    _O("pflichtsolo", False, None, "reservations",
       "Each player owes one solo per session; a Pflichtsolo beats a Lustsolo",
       "Jeder schuldet ein Solo je Sitzung; ein Pflichtsolo geht vor einem Lustsolo",
       check=_is_bool),
    _O("pflicht_owed", "all", None, "reservations",
       "Seats that still owe their Pflichtsolo in this session ('all' or digits like '02')",
       "Plätze, die ihr Pflichtsolo noch schulden ('all' oder Ziffern wie '02')",
       check=_owed, check_text="'all' or seat digits such as '013'"),
    _O("reach_absage_wins", False, None, "scoring",
       "DKV: against an Absage the other party wins by reaching 90/60/30/one trick",
       "DKV: gegen eine Absage gewinnt die Gegenpartei schon mit 90/60/30/einem Stich",
       check=_is_bool),
    # A series (DokoRound): as at a DKV table, 24 deals; Pflichtsoli come on top of them.
    _O("deals_per_series", 24, None, "round",
       "Deals in a series (Pflichtsoli are played on top); the highest total wins",
       "Spiele einer Runde (Pflichtsoli kommen dazu); die höchste Summe gewinnt",
       check=_positive, check_text="a number > 0"),
]}

DOKO_PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    # The rules of the Deutscher Doppelkopf-Verband differ from the seed in the win condition
    # against an Absage; a convenience preset, not a full tournament rule set.
    "dkv": {"reach_absage_wins": True},
}
DOKO_PRESET_TEXT = {
    "standard": ("Seed 002: Doppelkopf-Kurzregeln, no house rules",
                 "Text 002: Doppelkopf-Kurzregeln, ohne Hausregeln"),
    "dkv": ("Seed 002 with the DKV win condition against an Absage",
            "Text 002 mit der DKV-Gewinnbedingung gegen eine Absage"),
}


@dataclass(frozen=True)
class DokoRules(RuleSet):
    """The Doppelkopf rule set: a preset name plus every option's value."""

    options_table: ClassVar[Mapping[str, Option]] = DOKO_OPTIONS
    presets_table: ClassVar[Mapping[str, Mapping[str, Any]]] = DOKO_PRESETS

    preset: str = "standard"
    nines: bool = True
    dulle_second_wins: bool = False
    schweinchen: bool = False
    armut: bool = False
    pflichtsolo: bool = False
    pflicht_owed: str = "all"
    reach_absage_wins: bool = False
    deals_per_series: int = 24

    def owes_pflichtsolo(self, seat: int) -> bool:
        """Whether ``seat`` still owes its Pflichtsolo (only with ``pflichtsolo``)."""
        if not self.pflichtsolo:
            return False
        return self.pflicht_owed == "all" or str(seat) in self.pflicht_owed

    @property
    def hand_size(self) -> int:
        return 12 if self.nines else 10
