"""Doppelkopf house rules as data (RULES §8): the seed's game is the ``standard`` preset, every
common house rule beyond it is a named option, off by default.

>>> r = DokoRules.from_preset("standard", armut=True)
>>> r.armut, r.nines, r.to_dict()
(True, True, {'preset': 'standard', 'options': {'armut': True}})
>>> DokoRules.from_dict({"options": {"dulle_second_win": True}})
Traceback (most recent call last):
...
binokel.core.errors.RulesError: unknown option 'dulle_second_win' (did you mean ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import ClassVar

from ...core.rules import RuleSet
from ...core.rules import SeriesEnd
from ...core.rules import option
from .texts import TEXTS

BOCK_EVENTS = ("tie", "solo_lost", "kontra_won", "both_announced")


def _bock_events(v: Any) -> bool:
    # "" (no Bockrunden) or events from BOCK_EVENTS separated by commas, e.g. "tie,solo_lost".
    return isinstance(v, str) and len(v) <= 80 and (
        v == "" or all(e in BOCK_EVENTS for e in v.split(",")))


def _throw(what: str, was: str, allowed: tuple[int, ...]) -> Any:
    """An option to throw the deal in with at least so many cards of a kind (0: never)."""
    return option(0, "reservations", f"Throw the deal in with at least this many {what} "
                  "(0: never)", f"Schmeißen mit mindestens so vielen {was} (0: nie)",
                  allowed=allowed)


def _owed(v: Any) -> bool:
    # "all", or the seats (digits) that still owe their Pflichtsolo, e.g. "013"; "" = nobody.
    return isinstance(v, str) and (v == "all" or (len(v) <= 5 and all(ch in "01234" for ch in v)))


DOKO_PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    # The rules of the Deutscher Doppelkopf-Verband differ from the seed in the win condition
    # against an Absage; a convenience preset, not a full tournament rule set.
    "dkv": {"reach_absage_wins": True},
    # The DDV Turnierspielregeln point by point (docs/doppelkopf.md has the table): 48 cards,
    # the first of two equal cards wins (Dullen too), Karlchen is the Kreuz-Bube, no Armut,
    # no Schweinchen, no throwing in, one Pflichtsolo each in 24 deals, the DDV win condition
    # against an Absage; everything else is the seed's and DDV's alike.
    "ddv": {"nines": True, "dulle_second_wins": False, "karlchen": "kreuz",
            "karlchen_gefangen": False, "doppel_karlchen": False, "karlchen_double": False,
            "fuchs_last_trick": False,
            "schweinchen": False, "armut": False, "pflichtsolo": True,
            "hochzeit_klaerung": "fremd", "koenigssolo": False, "damen_buben_solo": False,
            "fleischlos": True, "throw_nines": 0, "throw_kings": 0, "throw_nines_kings": 0,
            "ansage_played": 1, "absage_step": 1, "reach_absage_wins": True,
            "deals_per_series": 24},
}


@dataclass(frozen=True)
class DokoRules(RuleSet):
    """The Doppelkopf rule set: a preset name plus every option's value."""

    presets_table: ClassVar[Mapping[str, Mapping[str, Any]]] = DOKO_PRESETS
    preset_texts: ClassVar[Mapping[str, tuple[str, str]]] = TEXTS.presets

    preset: str = "standard"
    nines: bool = option(True, "deal", "Play with the nines (48 cards); off: 40 cards, 10 each",
                         "Mit Neunen (48 Karten); aus: ohne Neunen, 40 Karten, je 10")
    dulle_second_wins: bool = option(False, "play",
                                     "Of two Herz-Zehnen (Dullen) in a trick the second wins",
                                     "Von zwei Dullen in einem Stich sticht die zweite die erste")
    dulle_first_in_last_trick: bool = option(
        False, "play",
        "With the second Dulle winning: in the last trick the first Dulle wins after all",
        "Wenn die zweite Dulle sticht: im letzten Stich sticht doch die erste")
    karlchen: str = option(
        "karo", "scoring",
        "Karlchen (special point for winning the last trick): the Karo-Bube (seed), the "
        "Kreuz-Bube (DDV) or none",
        "Karlchen (Sonderpunkt für den letzten Stich): der Karo-Bube (Text 002), der "
        "Kreuz-Bube (DDV) oder keiner", allowed=("karo", "kreuz", "off"))
    karlchen_gefangen: bool = option(
        False, "scoring",
        "A Karlchen of the other party taken in the last trick: 1 special point",
        "Ein Karlchen der Gegenpartei im letzten Stich gefangen: 1 Sonderpunkt")
    doppel_karlchen: bool = option(
        False, "scoring",
        "Both Karlchen in the last trick: the second beats the first",
        "Beide Karlchen im letzten Stich: das zweite sticht das erste")
    karlchen_double: bool = option(
        False, "scoring",
        "Doppel-Karlchen: a Karlchen that wins the last trick with the other Karlchen in it "
        "scores 2 special points instead of 1",
        "Doppel-Karlchen: macht ein Karlchen den letzten Stich, in dem auch das andere "
        "liegt, zählt es 2 Sonderpunkte statt 1")
    fuchs_last_trick: bool = option(
        False, "scoring",
        "A Fuchs (Karo-As) that wins the last trick: 1 special point",
        "Ein Fuchs (Karo-As), der den letzten Stich macht: 1 Sonderpunkt")
    schweinchen: bool = option(
        False, "play",
        "Both Karo-Asse in one hand become the highest trumps (every game in the normal "
        "order: normal game, Hochzeit, Armut, stille Hochzeit)",
        "Beide Füchse in einer Hand werden höchste Trümpfe (jedes Spiel in der normalen "
        "Folge: Normalspiel, Hochzeit, Armut, stille Hochzeit)")
    schweinchen_in_solos: bool = option(
        False, "play",
        "Schweinchen also in a Farbsolo: both Asse of the trump suit",
        "Schweinchen auch im Farbsolo: beide Asse der Trumpffarbe")
    superschweine: bool = option(
        False, "play",
        "Superschweine: where Schweinchen are played, both trump Neunen (without nines: "
        "Könige) in one hand rank above them",
        "Superschweine: wo Schweinchen gelten, stehen beide Trumpf-Neunen (ohne Neunen: "
        "-Könige) in einer Hand noch über ihnen")
    koenigssolo: bool = option(
        False, "special", "Königssolo: the four Könige are the only trumps",
        "Königssolo: nur die vier Könige sind Trumpf")
    damen_buben_solo: bool = option(
        False, "special", "Damen-Buben-Solo (Köhler): the Damen, then the Buben are trumps",
        "Damen-Buben-Solo (Köhler): Trumpf sind die Damen, dann die Buben")
    fleischlos: bool = option(
        True, "special", "Fleischloser: a solo without trumps",
        "Fleischloser: ein Solo ohne Trümpfe")
    throw_nines: int = _throw("nines", "Neunen", (0, 5, 6, 7, 8))
    throw_kings: int = _throw("kings", "Königen", (0, 5, 6, 7, 8))
    throw_nines_kings: int = _throw("nines and kings together", "Neunen und Königen zusammen",
                                    (0, 7, 8, 9, 10))
    armut: bool = option(
        False, "reservations",
        "A player with at most 3 trumps may declare Armut and pass 3 cards to a partner",
        "Wer höchstens 3 Trümpfe hat, darf Armut ansagen und 3 Karten abgeben")
    hochzeit_klaerung: str = option(
        "fremd", "reservations",
        "Which trick finds the Hochzeit's partner, up to trick 3: fremd = the first won by "
        "another player, fehl = the first led in a plain suit, trumpf = the first led with "
        "trump, erster = only the first trick; none: the Hochzeit player plays alone",
        "Welcher Stich den Hochzeitspartner bestimmt, bis Stich 3: fremd = der erste fremde, "
        "fehl = der erste Fehlstich, trumpf = der erste Trumpfstich, erster = nur der erste "
        "Stich; sonst spielt der Hochzeiter allein",
        allowed=("fremd", "fehl", "trumpf", "erster"))
    armut_over_hochzeit: bool = option(
        False, "reservations",
        "Armut is asked for (and played) before a Hochzeit; off: the Hochzeit goes first",
        "Nach Armut wird vor der Hochzeit gefragt (sie geht vor); aus: Hochzeit vor Armut")
    pflichtsolo: bool = option(
        False, "reservations",
        "Each player owes one solo per session; a Pflichtsolo beats a Lustsolo",
        "Jeder schuldet ein Solo je Sitzung; ein Pflichtsolo geht vor einem Lustsolo")
    pflicht_owed: str = option(
        "all", "reservations",
        "Seats that still owe their Pflichtsolo in this session ('all' or digits like '02')",
        "Plätze, die ihr Pflichtsolo noch schulden ('all' oder Ziffern wie '02')",
        check=_owed, check_text="'all' or seat digits such as '013'")
    ansage_played: int = option(
        1, "play", "Re / Kontra while at most this many own cards are played (seed: 1)",
        "Re / Kontra, solange höchstens so viele eigene Karten gespielt sind (Text 002: 1)",
        low=0, high=9)
    absage_step: int = option(1, "play", "Cards between two Absage levels (seed: 1)",
                              "Karten zwischen zwei Absagestufen (Text 002: 1)", low=0, high=2)
    reach_absage_wins: bool = option(
        False, "scoring",
        "DKV: against an Absage the other party wins by reaching 90/60/30/one trick",
        "DKV: gegen eine Absage gewinnt die Gegenpartei schon mit 90/60/30/einem Stich")
    bock_after: str = option(
        "", "round",
        "Bockrunden after these events (comma-separated; empty: none): tie (120 each), "
        "solo_lost, kontra_won (gegen die Alten), both_announced (Re and Kontra)",
        "Bockrunden nach diesen Ereignissen (mit Komma; leer: keine): tie (120:120), "
        "solo_lost (verlorenes Solo), kontra_won (gegen die Alten), both_announced (Re und "
        "Kontra angesagt)", check=_bock_events,
        check_text="'' or events from tie, solo_lost, kontra_won, both_announced")
    bock_rounds: int = option(
        1, "round", "How long a Bockrunde lasts, in rounds (one deal per player)",
        "Wie lange eine Bockrunde dauert, in Runden (ein Spiel je Spieler)", low=1, high=4)
    bock_stack: int = option(
        1, "round",
        "Bockrunden that count at once (2: a Doppelbock counts four times); more wait their "
        "turn", "Wie viele Bockrunden zugleich zählen (2: Doppelbock zählt vierfach); weitere "
        "warten", low=1, high=3)
    bock_level: int = option(
        0, "round", "This deal is a Bock deal: its scores count 2^level times (the series "
        "sets it)", "Dieses Spiel ist ein Bockspiel: es zählt 2^Stufe-fach (setzt die Serie)",
        low=0, high=3)
    # A series (DokoSeries): as at a DKV table, 24 deals; Pflichtsoli come on top of them.
    deals_per_series: int = option(
        24, "round", "Deals in a series (Pflichtsoli are played on top); the highest total wins",
        "Spiele einer Runde (Pflichtsoli kommen dazu); die höchste Summe gewinnt",
        low=1, high=1000)

    def owes_pflichtsolo(self, seat: int) -> bool:
        """Whether ``seat`` still owes its Pflichtsolo (only with ``pflichtsolo``)."""
        if not self.pflichtsolo:
            return False
        return self.pflicht_owed == "all" or str(seat) in self.pflicht_owed

    @property
    def hand_size(self) -> int:
        return 12 if self.nines else 10

    def series_end(self) -> SeriesEnd:
        return SeriesEnd(deals=self.deals_per_series)


DOKO_OPTIONS = DokoRules.options()
