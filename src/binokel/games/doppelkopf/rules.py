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

from dataclasses import dataclass
from typing import Any

from ...core.errors import RulesError
from ...core.rules import RuleSet
from ...core.rules import SeriesEnd
from ...core.rules import option
from .texts import TEXTS

BOCK_EVENTS = ("tie", "solo_lost", "kontra_won", "both_announced")


def _bock_events(v: Any) -> bool:
    # "" (no Bockrunden) or events from BOCK_EVENTS separated by commas, e.g. "tie,solo_lost".
    return isinstance(v, str) and len(v) <= 80 and (
        v == "" or all(e in BOCK_EVENTS for e in v.split(",")))


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
    # no Schweinchen, no throwing in, one Pflichtsolo each in 24 deals (forced by the
    # Vorführen at the end of the round), the DDV win condition against an Absage;
    # everything else is the seed's and DDV's alike.
    "ddv": {"nines": True, "dulle_second_wins": False, "karlchen": "kreuz",
            "karlchen_gefangen": False, "doppel_karlchen": False, "karlchen_double": False,
            "fuchs_last_trick": False,
            "schweinchen": False, "armut": False, "pflichtsolo": True, "vorfuehren": True,
            "pflichtsolo_lead": "soloist", "absage_skip": False,
            "hochzeit_klaerung": "fremd", "koenigssolo": False, "damen_buben_solo": False,
            "fleischlos": True, "throw_nines": 0, "throw_kings": 0, "throw_nines_kings": 0,
            "ansage_played": 1, "absage_step": 1, "reach_absage_wins": True,
            "genscher": "off", "deals_per_series": 24},
}


@dataclass(frozen=True)
class DokoRules(RuleSet, presets=DOKO_PRESETS, texts=TEXTS):
    """The Doppelkopf rule set: a preset name plus every option's value."""

    preset: str = "standard"
    nines: bool = option(True, "deal")
    dulle_second_wins: bool = option(False, "play")
    dulle_first_in_last_trick: bool = option(False, "play")
    karlchen: str = option("karo", "scoring", allowed=("karo", "kreuz", "off"))
    karlchen_gefangen: bool = option(False, "scoring")
    doppel_karlchen: bool = option(False, "scoring")
    karlchen_double: bool = option(False, "scoring")
    fuchs_last_trick: bool = option(False, "scoring")
    schweinchen: bool = option(False, "play")
    schweinchen_in_solos: bool = option(False, "play")
    superschweine: bool = option(False, "play")
    # Off: no Schweinchen in a stille Hochzeit (how versions before 0.2 played it).
    schweinchen_stille_hochzeit: bool = option(True, "play")
    koenigssolo: bool = option(False, "special")
    damen_buben_solo: bool = option(False, "special")
    fleischlos: bool = option(True, "special")
    # Throw the deal in with at least so many cards of a kind (0: never).
    throw_nines: int = option(0, "reservations", allowed=(0, 5, 6, 7, 8))
    throw_kings: int = option(0, "reservations", allowed=(0, 5, 6, 7, 8))
    throw_nines_kings: int = option(0, "reservations", allowed=(0, 7, 8, 9, 10))
    armut: bool = option(False, "reservations")
    hochzeit_klaerung: str = option("fremd", "reservations",
                                    allowed=("fremd", "fehl", "trumpf", "erster"))
    armut_over_hochzeit: bool = option(False, "reservations")
    pflichtsolo: bool = option(False, "reservations")
    # Who leads a Pflichtsolo: its player (DDV) or Vorhand, as in every other game (DKV).
    pflichtsolo_lead: str = option("soloist", "reservations", allowed=("soloist", "vorhand"))
    pflicht_owed: str = option("all", "reservations", check=_owed,
                               check_text="'all' or seat digits such as '013'")
    # DDV Vorführen: when no more deals of the series are left than Pflichtsoli owed, the
    # first seat in play that owes one must play it (the series decides, DokoSeries).
    vorfuehren: bool = option(False, "reservations")
    # The deal is a Vorführung for this seat (-1: none), set by the series like pflicht_owed.
    vorgefuehrt: int = option(-1, "reservations", low=-1, high=4)
    ansage_played: int = option(1, "play", low=0, high=9)
    absage_step: int = option(1, "play", low=0, high=2)
    # On: an Absage needs only its own deadline, even where a lower one it includes is late.
    absage_skip: bool = option(False, "play")
    reach_absage_wins: bool = option(False, "scoring")
    # The Genscher (a house rule, docs/doppelkopf.md): with both Karo-Könige, name a new
    # partner when playing the first or the second of them.
    genscher: str = option("off", "play", allowed=("off", "first", "second"))
    genscher_hochzeit: bool = option(True, "play")
    genscher_announcements: str = option("ansagen", "play",
                                         allowed=("ansagen", "all", "void"))
    bock_after: str = option(
        "", "round", check=_bock_events,
        check_text="'' or events from tie, solo_lost, kontra_won, both_announced")
    bock_rounds: int = option(1, "round", low=1, high=4)
    bock_stack: int = option(1, "round", low=1, high=3)
    bock_level: int = option(0, "round", low=0, high=3)
    # A series (DokoSeries): as at a DKV table, 24 deals; Pflichtsoli come on top of them.
    deals_per_series: int = option(24, "round", low=1, high=1000)

    def owes_pflichtsolo(self, seat: int) -> bool:
        """Whether ``seat`` still owes its Pflichtsolo (only with ``pflichtsolo``)."""
        if not self.pflichtsolo:
            return False
        return self.pflicht_owed == "all" or str(seat) in self.pflicht_owed

    def _check_consistency(self) -> None:
        self.check_vorgefuehrt()

    def check_vorgefuehrt(self) -> None:
        """A seat vorgeführt (``vorgefuehrt``) needs ``pflichtsolo`` and ``vorfuehren`` and
        must owe its Pflichtsolo; raises :class:`RulesError` otherwise."""
        seat = self.vorgefuehrt
        if seat < 0:
            return
        if not (self.pflichtsolo and self.vorfuehren):
            raise RulesError(f"option 'vorgefuehrt': seat {seat} is vorgeführt, which needs "
                             "the options pflichtsolo and vorfuehren")
        if not self.owes_pflichtsolo(seat):
            raise RulesError(f"option 'vorgefuehrt': seat {seat} does not owe a Pflichtsolo "
                             f"(pflicht_owed {self.pflicht_owed!r})")

    @property
    def hand_size(self) -> int:
        return 12 if self.nines else 10

    def series_end(self) -> SeriesEnd:
        return SeriesEnd(deals=self.deals_per_series)


DOKO_OPTIONS = DokoRules.options()
