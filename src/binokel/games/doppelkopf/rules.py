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

BOCK_EVENTS = ("tie", "solo_lost", "kontra_won", "both_announced", "announced_lost",
               "herz_trick", "schwarz")


def _bock_events(v: Any) -> bool:
    # "" (no Bockrunden) or events from BOCK_EVENTS separated by commas, e.g. "tie,solo_lost".
    return isinstance(v, str) and len(v) <= 120 and (
        v == "" or all(e in BOCK_EVENTS for e in v.split(",")))


def _throw_points(v: Any) -> bool:
    # 0 (never) or more Augen than a quarter of the deck (240 / 4 + 1) up to 128.
    return isinstance(v, int) and (v == 0 or 61 <= v <= 128)


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
            "fuchs_last_trick": False, "fuchs_double": False, "karlchen_karo_dame": False,
            "dulle_caught": False, "herz_trick_point": False,
            "schweinchen": False, "armut": False, "pflichtsolo": True, "vorfuehren": True,
            "pflichtsolo_lead": "soloist", "absage_skip": False,
            "hochzeit_klaerung": "fremd", "hochzeit_tricks": 3, "koenigssolo": False,
            "damen_buben_solo": False,
            "koenige_buben_solo": False, "koenige_damen_solo": False, "koehler_solo": False,
            "lustsolo_leads": False,
            "fleischlos": True, "throw_nines": 0, "throw_kings": 0, "throw_nines_kings": 0,
            "throw_points": 0, "throw_one_trump": False, "throw_fuchs_highest": False,
            "throw_before_solo": False,
            "ansage_played": 1, "absage_step": 1, "reach_absage_wins": True,
            "announce_any_time": True, "erwiderung_no_absage": True,
            "announce_first_trick_30": False, "re_kontra_doubles": False,
            "score_sheet": "plusminus",
            "genscher": "off", "deals_per_series": 24, "five_table": "per_player",
            "claims": True},
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
    # FreeDoko's extra points: the Fuchs that wins the last trick with the other Fuchs in it
    # scores a second point; Karlchen gefangen only by a Karo-Dame; a Dulle that catches the
    # other party's Dulle; a trick of four plain Herz cards.
    fuchs_double: bool = option(False, "scoring")
    karlchen_karo_dame: bool = option(False, "scoring")
    dulle_caught: bool = option(False, "scoring")
    herz_trick_point: bool = option(False, "scoring")
    schweinchen: bool = option(False, "play")
    # When the Schweinchen count (schweinchen.py): at once, when the first is played, or
    # only the second Fuchs (FreeDoko's options).
    schweinchen_when: str = option("begin", "play", allowed=("begin", "played", "second"))
    schweinchen_in_solos: bool = option(False, "play")
    # In a Hochzeit and an Armut too (an Armut's Schweinchen go with the cards passed: they
    # belong to whoever holds both when the play starts).
    schweinchen_hochzeit: bool = option(True, "play")
    schweinchen_armut: bool = option(True, "play")
    superschweine: bool = option(False, "play")
    # Off: no Schweinchen in a stille Hochzeit (how versions before 0.2 played it).
    schweinchen_stille_hochzeit: bool = option(True, "play")
    # The first Dulle beats the second while Schweinchen are out (FreeDoko).
    dulle_first_with_schweine: bool = option(False, "play")
    koenigssolo: bool = option(False, "special")
    damen_buben_solo: bool = option(False, "special")
    fleischlos: bool = option(True, "special")
    # FreeDoko's other picture solos: Könige over Buben, Könige over Damen, and Köhler
    # (Könige, Damen, Buben).
    koenige_buben_solo: bool = option(False, "special")
    koenige_damen_solo: bool = option(False, "special")
    koehler_solo: bool = option(False, "special")
    # The soloist leads his Lustsolo (FreeDoko's default); off: Vorhand (DDV 5.1).
    lustsolo_leads: bool = option(False, "special")
    # Throw the deal in with at least so many cards of a kind (0: never).
    throw_nines: int = option(0, "reservations", allowed=(0, 5, 6, 7, 8))
    throw_kings: int = option(0, "reservations", allowed=(0, 5, 6, 7, 8))
    throw_nines_kings: int = option(0, "reservations", allowed=(0, 7, 8, 9, 10))
    # FreeDoko's other reasons to throw in: a hand of at least so many Augen (0: never), at
    # most one trump, the Fuchs as the highest trump; and throwing in before the solos.
    throw_points: int = option(0, "reservations", low=0, high=128, check=_throw_points,
                               check_text="0 or a number from 61 to 128")
    throw_one_trump: bool = option(False, "reservations")
    throw_fuchs_highest: bool = option(False, "reservations")
    throw_before_solo: bool = option(False, "reservations")
    armut: bool = option(False, "reservations")
    # FreeDoko's Armut variants: the Füchse do not count as trumps for being poor; what is
    # passed (three cards with every trump, only the trumps, or three and the Füchse on
    # top); the Füchse passed are shown to everybody.
    armut_fuchs_uncounted: bool = option(False, "reservations")
    armut_pass: str = option("three", "reservations", allowed=("three", "trumps", "fuchs_extra"))
    armut_fuchs_open: bool = option(False, "reservations")
    # wahl: the bride names the kind when she declares (FreeDoko): "hochzeit fehl".
    hochzeit_klaerung: str = option("fremd", "reservations",
                                    allowed=("fremd", "fehl", "trumpf", "erster", "wahl"))
    # The tricks that may clarify a Hochzeit (FreeDoko: the period is an option; seed: 3).
    hochzeit_tricks: int = option(3, "reservations", low=1, high=6)
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
    # Announcements while another player is to move (DDV TSR 6.3, FreeDoko): "2: kontra".
    announce_any_time: bool = option(False, "play")
    # A party whose Re / Kontra came only as an Erwiderung makes no Absage (DDV, FreeDoko).
    erwiderung_no_absage: bool = option(False, "play")
    # The winner of a first trick of 30 Augen or more must announce (FreeDoko).
    announce_first_trick_30: bool = option(False, "play")
    # On: an Absage needs only its own deadline, even where a lower one it includes is late.
    absage_skip: bool = option(False, "play")
    reach_absage_wins: bool = option(False, "scoring")
    # Re and Kontra each double the game value instead of adding 2 points (FreeDoko).
    re_kontra_doubles: bool = option(False, "scoring")
    # How the score sheet writes a deal: both sides (zero-sum), only the winners' points, or
    # only the losers' (FreeDoko's and the clubs' score sheets).
    score_sheet: str = option("plusminus", "scoring", allowed=("plusminus", "plus", "minus"))
    # The Genscher (a house rule, docs/doppelkopf.md): with both Karo-Könige, name a new
    # partner when playing the first or the second of them.
    genscher: str = option("off", "play", allowed=("off", "first", "second"))
    claims: bool = option(False, "play")
    genscher_hochzeit: bool = option(True, "play")
    genscher_announcements: str = option("ansagen", "play",
                                         allowed=("ansagen", "all", "void"))
    bock_after: str = option(
        "", "round", check=_bock_events,
        check_text="'' or events from " + ", ".join(BOCK_EVENTS))
    bock_rounds: int = option(1, "round", low=1, high=4)
    bock_stack: int = option(1, "round", low=1, high=3)
    bock_level: int = option(0, "round", low=0, high=3)
    # A Bock deal counts bock_factor times (a Doppelbock bock_factor squared).
    bock_factor: int = option(2, "round", low=2, high=4)
    # Whether a thrown-in deal, and a Pflichtsolo played on top of the round, use up a Bock
    # deal (off: the Bock level waits for the next deal; the Pflichtsolo counts without it).
    bock_thrown: bool = option(True, "round")
    bock_pflichtsolo: bool = option(True, "round")
    # A series (DokoSeries): as at a DKV table, 24 deals; Pflichtsoli come on top of them.
    deals_per_series: int = option(24, "round", low=1, high=1000)
    # Five at the table (the dealer sits out): ``deals_per_series`` deals at the table
    # (versions before 0.3), or as many that everybody plays that many deals and deals
    # equally often, as DDV tournaments and clubs play a five-table (24 -> 30).
    five_table: str = option("table", "round", allowed=("table", "per_player"))

    def series_deals(self, players: int) -> int:
        """The deals that make a series at a table of ``players`` (Pflichtsoli on top):
        ``deals_per_series``, or with five players and ``five_table = per_player`` five
        deals for every four (rounded up to whole rounds of five), so that each player deals
        equally often and plays at least ``deals_per_series`` deals; his one Pflichtsolo
        stays one.

        >>> r = DokoRules(five_table="per_player")
        >>> r.series_deals(4), r.series_deals(5), r.replace(deals_per_series=10).series_deals(5)
        (24, 30, 15)
        >>> DokoRules().series_deals(5)
        24
        """
        if players == 5 and self.five_table == "per_player":
            return 5 * -(-self.deals_per_series // 4)
        return self.deals_per_series

    @property
    def throws(self) -> bool:
        """Whether a hand may throw the deal in under these rules at all (``throw_*``)."""
        return bool(self.throw_nines or self.throw_kings or self.throw_nines_kings
                    or self.throw_points or self.throw_one_trump or self.throw_fuchs_highest)

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

    def bock_multiplier(self) -> int:
        """What the deal's Bock level multiplies its scores by: ``bock_factor`` to the
        ``bock_level``.

        >>> DokoRules(bock_level=2).bock_multiplier(), DokoRules(bock_level=2,
        ...                                                     bock_factor=3).bock_multiplier()
        (4, 9)
        """
        return int(self.bock_factor ** self.bock_level)

    @property
    def hand_size(self) -> int:
        return 12 if self.nines else 10

    def series_end(self) -> SeriesEnd:
        return SeriesEnd(deals=self.deals_per_series)

    def series_end_for(self, players: int) -> SeriesEnd:
        return SeriesEnd(deals=self.series_deals(players))


DOKO_OPTIONS = DokoRules.options()
