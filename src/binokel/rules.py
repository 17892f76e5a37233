"""House rules as data: every rule difference is a named option, a preset is a set of options.

>>> r = Rules.from_preset("turnier", lost_factor=2)
>>> r.card_points, r.lost_factor, r.meld_needs_trick
('tournament', 2, True)
>>> Rules.from_preset("standard", lost_factr=2)
Traceback (most recent call last):
...
binokel.rules.RulesError: unknown option 'lost_factr' (did you mean 'lost_factor'?)
"""

from __future__ import annotations

import contextlib
import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self, cast


class RulesError(ValueError):
    """An unknown option, a bad value, or options that contradict each other."""


# The words of the options' check texts, in German (the values themselves stay as typed).
_CHECK_DE: tuple[tuple[str, str], ...] = (
    ("a number", "eine Zahl"), ("packet sizes like", "Paketgrößen wie"),
    ("seat digits such as", "Platznummern wie"), (" or ", " oder "),
)


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    allowed: tuple[Any, ...] | None  # None: checked by ``check``
    group: str
    en: str
    de: str
    check: Callable[[Any], bool] | None = None
    check_text: str = ""

    def check_label(self, lang: str = "en") -> str:
        """``check_text`` (what ``check`` accepts) in ``lang``.

        >>> Option("x", 0, None, "g", "", "", check_text="a number >= 0").check_label("de")
        'eine Zahl >= 0'
        """
        if lang != "de":
            return self.check_text
        text = self.check_text
        for en, de in _CHECK_DE:
            text = text.replace(en, de)
        return text

    def validate(self, value: Any) -> Any:
        if isinstance(self.default, bool):
            if isinstance(value, str) and value.lower() in ("yes", "true", "on", "1", "ja"):
                return True
            if isinstance(value, str) and value.lower() in ("no", "false", "off", "0", "nein"):
                return False
            if isinstance(value, bool):
                return value
            raise RulesError(f"option {self.name!r}: {value!r} is not yes/no")
        if isinstance(value, str) and self.allowed is None and isinstance(self.default, int):
            with contextlib.suppress(ValueError):
                value = int(value)
        if self.allowed is not None:
            for a in self.allowed:
                # True == 1 and False == 0 in Python: a yes/no is no number.
                if (value == a and not isinstance(value, bool)) or (
                        isinstance(value, str) and str(a) == value):
                    return a
            shown = ", ".join(str(a) for a in self.allowed)
            raise RulesError(f"option {self.name!r}: {value!r} is not allowed (allowed: {shown})")
        assert self.check is not None
        if isinstance(value, bool) or not self.check(value):
            raise RulesError(f"option {self.name!r}: {value!r} is not allowed ({self.check_text})")
        return value


def _nonneg_int(v: Any) -> bool:
    return isinstance(v, int) and v >= 0


def _pos_int(v: Any) -> bool:
    return isinstance(v, int) and v > 0


def _pattern(v: Any) -> bool:
    if not isinstance(v, str):
        return False
    if v == "auto":
        return True
    try:
        return all(int(p) >= 0 for p in v.split("-")) and len(v.split("-")) >= 1
    except ValueError:
        return False


_O = Option
OPTIONS: dict[str, Option] = {o.name: o for o in [
    # deck and deal
    _O("sevens", False, None, "deal", "Play with the sevens (48 cards)",
       "Mit Siebenern (Dissle) spielen, 48 Karten", check=lambda v: isinstance(v, bool)),
    _O("deal_48_3p", "15+3", ("15+3", "14+6", "16+0"), "deal",
       "With 48 cards and 3 players: cards per player + Dapp",
       "Bei 48 Karten und 3 Spielern: Karten je Spieler + Dapp"),
    _O("dapp", True, None, "deal", "Deal a Dapp (widow) that the declarer takes",
       "Mit Dapp spielen, den der Spielmacher aufnimmt", check=lambda v: isinstance(v, bool)),
    _O("deal_pattern", "auto", None, "deal",
       "Packets: player packet, Dapp packet, player packet, ... (e.g. 4-2-4-2-4)",
       "Austeilen in Paketen: Spieler, Dapp, Spieler, ... (z. B. 4-2-4-2-4)",
       check=_pattern, check_text="'auto' or packet sizes like 4-2-4-2-4"),
    # card points
    _O("card_points", "classic", ("classic", "tournament"), "points",
       "Card points: classic A11 10 10 K4 O3 U2, tournament A10 10 10 K10 O0 U0",
       "Augen: klassisch A11 Z10 K4 O3 U2, Turnier A10 Z10 K10 O0 U0"),
    _O("last_trick_bonus", 10, None, "points", "Bonus for the last (or first) trick",
       "Zuschlag für den letzten (oder ersten) Stich", check=_nonneg_int,
       check_text="a number >= 0"),
    _O("bonus_trick", "last", ("last", "first"), "points", "Which trick earns the bonus",
       "Welcher Stich den Zuschlag bekommt"),
    # bidding
    _O("min_bid", 150, None, "bidding", "Lowest bid", "Niedrigstes Reizgebot",
       check=_pos_int, check_text="a number > 0"),
    _O("bid_step", 10, None, "bidding", "Bids are multiples of this",
       "Reizschritte", check=_pos_int, check_text="a number > 0"),
    _O("max_bid", 1500, None, "bidding", "Highest bid offered", "Höchstes Reizgebot",
       check=_pos_int, check_text="a number > 0"),
    _O("vorhand_must_open", True, None, "bidding", "Vorhand must open the bidding",
       "Vorhand muss anreizen", check=lambda v: isinstance(v, bool)),
    _O("all_pass", "redeal", ("redeal", "vorhand_plays"), "bidding",
       "If all pass: deal again, or Vorhand plays at the minimum bid",
       "Wenn alle passen: neu geben, oder Vorhand spielt zum Mindestgebot"),
    # play
    _O("first_lead", "vorhand", ("vorhand", "declarer"), "play",
       "Who leads the first trick of a normal game", "Wer im Normalspiel zuerst ausspielt"),
    _O("must_overtrump", True, None, "play",
       "A player who must trump must beat the best trump if he can",
       "Überstechen: wer trumpfen muss, muss den höchsten Trumpf schlagen, wenn er kann",
       check=lambda v: isinstance(v, bool)),
    _O("must_trump_lower", True, None, "play",
       "A void player who cannot overtrump must still play a trump",
       "Wer nicht überstechen kann, muss trotzdem Trumpf zugeben",
       check=lambda v: isinstance(v, bool)),
    _O("partner_exemption", False, None, "play",
       "Kreuzbinokel: while the partner wins the trick, no duty to beat or trump",
       "Kreuzbinokel: liegt der Partner vorn, entfällt Stich- und Trumpfzwang",
       check=lambda v: isinstance(v, bool)),
    _O("rufen", False, None, "play", "The declarer may call a card he lacks",
       "Der Spielmacher darf eine fehlende Karte rufen", check=lambda v: isinstance(v, bool)),
    # melds
    _O("eight_of_a_rank", 1000, (1000, "double"), "melds",
       "All 8 of a rank: 1000, or twice the four", "Acht Gleiche: 1000 oder doppelter Vierer"),
    _O("double_family", 200, (200, 1000, 1500), "melds", "Double family in a plain suit",
       "Doppelte Familie in einer Fehlfarbe"),
    _O("double_trump_family", 300, (300, 1000, 1500), "melds", "Double family in trump",
       "Doppelte Familie in Trumpf"),
    _O("rundgang", "parts", ("parts", 350, "none"), "melds",
       "Rundgang (a pair in every suit): 240 as its parts, 350, or not shown",
       "Rundgang (ein Paar in jeder Farbe): 240 als Summe, 350, oder nicht gezeigt"),
    _O("four_tens", 0, (0, 80, 100), "melds", "Four tens (0 = no meld)",
       "Vier Zehner (0 = keine Meldung)"),
    _O("dix", False, None, "melds", "With sevens: each trump seven melds 10",
       "Mit Siebenern: jede Trumpf-Sieben (Dix) zählt 10", check=lambda v: isinstance(v, bool)),
    _O("meld_needs_trick", False, None, "melds",
       "A player (team) who takes no trick loses his melds",
       "Wer keinen Stich macht, verliert seine Meldung", check=lambda v: isinstance(v, bool)),
    # abgehen
    _O("abgehen_bonus", 30, None, "abgehen",
       "What the others get when the declarer goes out: points, 'per_player' (10 x players) "
       "or 'half_bid'",
       "Was die anderen beim Abgehen bekommen: Punkte, 'per_player' (10 x Spieler) oder "
       "'half_bid'",
       check=lambda v: v in ("per_player", "half_bid") or _nonneg_int(v),
       check_text="a number >= 0, 'per_player' or 'half_bid'"),
    _O("abgehen_others_meld", True, None, "abgehen",
       "After abgehen the others also score their melds",
       "Nach dem Abgehen schreiben die anderen auch ihre Meldung",
       check=lambda v: isinstance(v, bool)),
    # lost game
    _O("lost_factor", 2, (1, 2), "scoring", "A lost game costs the bid once or twice",
       "Ein verlorenes Spiel kostet das Gebot einfach oder doppelt"),
    _O("lost_bonus_others", False, None, "scoring",
       "When the declarer loses, each other player also gets half the bid",
       "Verliert der Spielmacher, bekommt jeder andere zusätzlich das halbe Gebot",
       check=lambda v: isinstance(v, bool)),
    _O("overbid_unreachable", False, None, "scoring",
       "A bid that melds plus all trick points cannot reach is lost double",
       "Ein Gebot, das Meldung plus alle Stichpunkte nicht erreichen, zählt doppelt verloren",
       check=lambda v: isinstance(v, bool)),
    _O("rounding", "others", ("others", "all", "none"), "scoring",
       "Round trick points to tens (5 up): for the others, for everyone, or never",
       "Stichpunkte auf Zehner runden (ab 5 auf): für die anderen, für alle, nie"),
    _O("bid_check", "exact", ("exact", "rounded"), "scoring",
       "Compare the declarer's points with the bid exactly or rounded",
       "Spielmacherpunkte genau oder gerundet mit dem Gebot vergleichen"),
    # special games
    _O("durch", True, None, "special", "Durch (take every trick) allowed",
       "Durch (alle Stiche) erlaubt", check=lambda v: isinstance(v, bool)),
    _O("untendurch", True, None, "special", "Untendurch (take no trick) allowed",
       "Untendurch (keinen Stich) erlaubt", check=lambda v: isinstance(v, bool)),
    _O("durch_win", 1000, None, "special", "Value of a won Durch/Untendurch",
       "Wert eines gewonnenen Durch/Untendurch", check=_nonneg_int, check_text="a number >= 0"),
    _O("durch_loss", 2000, None, "special", "Cost of a lost Durch/Untendurch",
       "Kosten eines verlorenen Durch/Untendurch", check=_nonneg_int,
       check_text="a number >= 0"),
    _O("durch_open", 0, None, "special",
       "Open Durch (hand shown) allowed, worth this much (0 = not allowed)",
       "Offener Durch (Karten aufgelegt) erlaubt, mit diesem Wert (0 = nicht erlaubt)",
       check=_nonneg_int, check_text="a number >= 0"),
    _O("durch_separate", False, None, "special",
       "Durch and Untendurch are scored on a separate tally, not towards the target",
       "Durch und Untendurch werden getrennt gewertet, nicht fürs Ziel",
       check=lambda v: isinstance(v, bool)),
    # end of round
    _O("target", 1000, None, "round", "Points that win a round", "Punkte für einen Rundensieg",
       check=_pos_int, check_text="a number > 0"),
    _O("deals_per_series", 0, None, "round",
       "Play a fixed number of deals instead of a target (0 = play to target)",
       "Feste Anzahl Spiele statt Zielpunktzahl (0 = bis zum Ziel)",
       check=_nonneg_int, check_text="a number >= 0"),
    _O("out_only_by_declarer", False, None, "round",
       "Only a successful declarer can reach the target",
       "Nur ein erfolgreicher Spielmacher kann ausgehen",
       check=lambda v: isinstance(v, bool)),
]}

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
PRESET_TEXT = {
    "standard": ("Seeds 000 + 001: classic card points, lost game costs double, Abgehen +30",
                 "Texte 000 + 001: klassische Augen, verlorenes Spiel doppelt, Abgehen +30"),
    "turnier": ("Tournament rules (seed 003): A/10/K = 10, meld needs a trick, Abgehen +40",
                "Turnierregeln (Text 003): A/10/K = 10, Meldung nur mit Stich, Abgehen +40"),
    "aks": ("A Swabian club tournament sheet: 15 deals, Rundgang 350, no Durch",
            "Turnierblatt eines schwäbischen Vereins: 15 Spiele, Rundgang 350, kein Durch"),
}

CARD_POINTS = {
    # by rank slot: 7, 9, U, O, K, 10, A
    "classic": (0, 0, 2, 3, 4, 10, 11),
    "tournament": (0, 0, 0, 0, 10, 10, 10),
}


class RuleSet:
    """What the rules of every game share: a preset name plus the value of every option,
    built from ``options_table`` and ``presets_table`` with every name and value checked.

    A game's rules are a frozen dataclass deriving from this, one field per option.
    """

    options_table: ClassVar[Mapping[str, Option]] = {}
    presets_table: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    preset: str

    @classmethod
    def from_preset(cls, preset: str = "standard", **options: Any) -> Self:
        """The preset's rules with ``options`` changed; every name and value is checked."""
        table = cls.options_table
        if preset not in cls.presets_table:
            raise RulesError(f"unknown preset {preset!r} "
                             f"(allowed: {', '.join(cls.presets_table)})")
        values = {name: opt.default for name, opt in table.items()}
        values.update(cls.presets_table[preset])
        for name, value in options.items():
            if name not in table:
                close = difflib.get_close_matches(name, table, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise RulesError(f"unknown option {name!r}{hint}")
            values[name] = table[name].validate(value)
        make = cast(Callable[..., Self], cls)  # the dataclass's own __init__
        rules = make(preset=preset, **values)
        rules._check_consistency()
        return rules

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """From a record's ``rules`` field: ``{"preset": ..., "options": {...}}``."""
        if not isinstance(data, Mapping):
            raise RulesError("rules must be an object with 'preset' and 'options'")
        unknown = set(data) - {"preset", "options"}
        if unknown:
            raise RulesError(f"rules: unknown field {sorted(unknown)[0]!r}")
        options = data.get("options", {}) or {}
        if not isinstance(options, Mapping):
            raise RulesError("rules.options must be an object")
        return cls.from_preset(str(data.get("preset", "standard")), **dict(options))

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from the preset (what a record stores)."""
        base = type(self).from_preset(self.preset)
        return {name: getattr(self, name) for name in self.options_table
                if getattr(self, name) != getattr(base, name)}

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "options": self.changed_options()}

    def replace(self, **options: Any) -> Self:
        merged = self.changed_options()
        merged.update(options)
        return type(self).from_preset(self.preset, **merged)

    def _check_consistency(self) -> None:
        """Options that contradict each other raise :class:`RulesError` (none by default)."""


@dataclass(frozen=True)
class Rules(RuleSet):
    """The complete rule set of Binokel: a preset name plus the value of every option."""

    options_table: ClassVar[Mapping[str, Option]] = OPTIONS
    presets_table: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    preset: str = "standard"
    sevens: bool = False
    deal_48_3p: str = "15+3"
    dapp: bool = True
    deal_pattern: str = "auto"
    card_points: str = "classic"
    last_trick_bonus: int = 10
    bonus_trick: str = "last"
    min_bid: int = 150
    bid_step: int = 10
    max_bid: int = 1500
    vorhand_must_open: bool = True
    all_pass: str = "redeal"
    first_lead: str = "vorhand"
    must_overtrump: bool = True
    must_trump_lower: bool = True
    partner_exemption: bool = False
    rufen: bool = False
    eight_of_a_rank: Any = 1000
    double_family: int = 200
    double_trump_family: int = 300
    rundgang: Any = "parts"
    four_tens: int = 0
    dix: bool = False
    meld_needs_trick: bool = False
    abgehen_bonus: Any = 30
    abgehen_others_meld: bool = True
    lost_factor: int = 2
    lost_bonus_others: bool = False
    overbid_unreachable: bool = False
    rounding: str = "others"
    bid_check: str = "exact"
    durch: bool = True
    untendurch: bool = True
    durch_win: int = 1000
    durch_loss: int = 2000
    durch_open: int = 0
    durch_separate: bool = False
    target: int = 1000
    deals_per_series: int = 0
    out_only_by_declarer: bool = False

    def _check_consistency(self) -> None:
        if self.min_bid % self.bid_step:
            raise RulesError(f"option 'min_bid': {self.min_bid} is not a multiple of "
                             f"bid_step {self.bid_step}")
        if self.max_bid < self.min_bid:
            raise RulesError("option 'max_bid': must be at least min_bid")
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
        return (x + 5) // 10 * 10 if x >= 0 else -((-x + 4) // 10 * 10)
