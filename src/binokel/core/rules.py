"""House rules as data: every rule difference is a named option, a preset is a set of options.

A game's rules are a frozen dataclass deriving from :class:`RuleSet`, one field per option.
Each field is declared once with :func:`option`: its default, its group and which values it
takes. What it means, in German and English, is text and stays with the game's other texts
(``texts.toml``, section ``[options]``, read into ``RuleSet.option_texts``). The option table
(:meth:`RuleSet.options`), the checks, the rules help and the lobby are all read off those.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(RuleSet):
...     presets_table = {"standard": {}, "hard": {"penalty": 2}}
...     option_texts = {"penalty": ("Penalty factor", "Strafe"),
...                     "open": ("Open hands", "Offene Hände")}
...     preset: str = "standard"
...     penalty: int = option(1, "scoring", low=1, high=3)
...     open: bool = option(False, "play")
>>> Demo.from_preset("hard").penalty, Demo.from_preset("standard", open="yes").open
(2, True)
>>> Demo.from_preset("standard", penalty=9)
Traceback (most recent call last):
...
binokel.core.errors.RulesError: option 'penalty': 9 is not allowed (a number from 1 to 3)
>>> Demo.from_preset("standard", penalti=2)
Traceback (most recent call last):
...
binokel.core.errors.RulesError: unknown option 'penalti' (did you mean 'penalty'?)
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import ClassVar
from typing import Self
from typing import TypeVar
from typing import cast

from .errors import RulesError
from .texts import GameTexts

T = TypeVar("T")

# The words of the options' check texts, in German (the values themselves stay as typed).
_CHECK_DE: tuple[tuple[str, str], ...] = (
    ("a number", "eine Zahl"), ("packet sizes like", "Paketgrößen wie"),
    ("seat digits such as", "Platznummern wie"), (" or ", " oder "), ("from ", "von "),
    (" to ", " bis "),
)

# Option groups every game may use, in the order the help and the lobby show them
# (German, English); a game adds its own in ``RuleSet.group_names``.
GROUP_NAMES: dict[str, tuple[str, str]] = {
    "deal": ("Geben", "Deck and deal"), "points": ("Augen", "Card points"),
    "bidding": ("Reizen", "Bidding"), "play": ("Spiel", "Play"), "melds": ("Meldungen", "Melds"),
    "abgehen": ("Abgehen", "Going out"), "scoring": ("Abrechnung", "Scoring"),
    "special": ("Sonderspiele", "Special games"), "round": ("Runde", "End of a round"),
    "reservations": ("Vorbehalte", "Reservations"),
}


@dataclass(frozen=True)
class Option:
    """One house rule: its name, default, group, meaning (English, German) and values.

    The values are ``allowed`` (a list), or a yes/no (a ``bool`` default), or a whole number
    from ``low`` to ``high``, or whatever ``check`` accepts (``check_text`` says what).
    ``value_texts`` says what allowed values mean, ``(value, English, German)`` each: a
    player chooses "beim ersten Karo-König", not ``first``; the value stays what a record and
    ``-o NAME=VALUE`` say.
    """

    name: str
    default: Any
    allowed: tuple[Any, ...] | None
    group: str
    en: str
    de: str
    check: Callable[[Any], bool] | None = None
    check_text: str = ""
    low: int | None = None
    high: int | None = None
    value_texts: tuple[tuple[str, str, str], ...] = ()

    def value_label(self, value: Any, lang: str = "en") -> str:
        """What ``value`` means, in ``lang``, for a player to choose; the value itself where
        it says enough (a number).

        >>> o = Option("x", "a", ("a", 2), "g", "", "", value_texts=(("a", "all", "alle"),))
        >>> o.value_label("a", "de"), o.value_label(2, "de")
        ('alle', '2')
        >>> Option("x", False, None, "g", "", "").value_label(True, "de")
        'ja'
        """
        if isinstance(value, bool):
            return ("ja" if value else "nein") if lang == "de" else ("yes" if value else "no")
        key = str(value)
        for v, en, de in self.value_texts:
            if v == key:
                return de if lang == "de" else en
        return key

    def accepts(self, lang: str = "en") -> str:
        """What the option accepts, in ``lang``, for any kind of option.

        >>> Option("x", "a", ("a", "b"), "g", "", "").accepts("de")
        'eins von: a, b'
        >>> Option("x", "a", ("a", "b"), "g", "", "", value_texts=(("a", "all", "alle"),)
        ...        ).accepts("de")
        'eins von: a = alle; b'
        >>> Option("x", False, None, "g", "", "").accepts()
        'yes or no'
        """
        if self.allowed is not None:
            # a value's meaning may hold a comma: the values part by semicolons then
            sep = "; " if self.value_texts else ", "
            return ("eins von: " if lang == "de" else "one of: ") + sep.join(
                self.value_choice(a, lang) for a in self.allowed)
        if isinstance(self.default, bool):
            return "ja oder nein" if lang == "de" else "yes or no"
        return self.check_label(lang)

    def value_choice(self, value: Any, lang: str = "en") -> str:
        """The value as typed, and what it means where that says more: ``first = beim
        ersten Karo-König``."""
        label = self.value_label(value, lang)
        return str(value) if label == str(value) else f"{value} = {label}"

    def check_label(self, lang: str = "en") -> str:
        """What the option accepts, in ``lang``.

        >>> Option("x", 0, None, "g", "", "", low=0, high=5).check_label("de")
        'eine Zahl von 0 bis 5'
        """
        text = self.check_text
        if not text and self.low is not None:
            text = (f"a number from {self.low} to {self.high}" if self.high is not None
                    else f"a number >= {self.low}")
        if lang != "de":
            return text
        for en, de in _CHECK_DE:
            text = text.replace(en, de)
        return text

    def _in_range(self, value: Any) -> bool:
        return (isinstance(value, int) and not isinstance(value, bool)
                and (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high))

    def validate(self, value: Any) -> Any:
        """The checked value (a yes/no or a number may be given as text); raises
        :class:`RulesError` for anything else."""
        if isinstance(self.default, bool):
            if isinstance(value, str) and value.lower() in ("yes", "true", "on", "1", "ja"):
                return True
            if isinstance(value, str) and value.lower() in ("no", "false", "off", "0", "nein"):
                return False
            if isinstance(value, bool):
                return value
            raise RulesError(f"option {self.name!r}: {value!r} is not yes/no", self)
        if self.allowed is not None:
            for a in self.allowed:
                # True == 1 and False == 0 in Python: a yes/no is no number.
                if (value == a and not isinstance(value, bool)) or (
                        isinstance(value, str) and str(a) == value):
                    return a
            shown = ", ".join(str(a) for a in self.allowed)
            raise RulesError(f"option {self.name!r}: {value!r} is not allowed (allowed: {shown})",
                             self)
        if isinstance(value, str) and isinstance(self.default, int):
            with contextlib.suppress(ValueError):
                value = int(value)
        ok = self._in_range(value) if self.check is None else (
            not isinstance(value, bool) and self.check(value)
            and (self.low is None or not isinstance(value, int) or self._in_range(value)))
        if not ok:
            raise RulesError(f"option {self.name!r}: {value!r} is not allowed "
                             f"({self.check_label()})", self)
        return value


def option(default: T, group: str, *, allowed: tuple[Any, ...] | None = None,
           check: Callable[[Any], bool] | None = None, check_text: str = "",
           low: int | None = None, high: int | None = None,
           texts: tuple[str, str] | None = None,
           value_texts: tuple[tuple[str, str, str], ...] | None = None) -> T:
    """Declare a rule set's field as an option: the default is written here and only here
    (its meaning, English and German, is in the rule set's ``option_texts`` and what its
    values mean in ``option_value_texts``, or in ``texts`` and ``value_texts`` for an
    option declared like another game's).

    A whole-number option without ``allowed`` values needs a range (``low``, and ``high``
    where a stranger's value could make the game grow with it) or a ``check``.
    """
    if (allowed is None and check is None and not isinstance(default, bool)
            and low is None):
        raise TypeError("a number option needs low (and high), allowed values or a check")
    info = {"group": group, "allowed": allowed, "check": check,
            "check_text": check_text, "low": low, "high": high, "texts": texts,
            "value_texts": value_texts}
    # The dataclass sees a Field; the type checker sees the default's type.
    field: Any = dataclasses.field(default=default, metadata={"option": info})
    return cast(T, field)


def same_option(rules: type[RuleSet], name: str) -> Any:
    """A field declared like ``rules``' option ``name``: the same default, values and
    meaning (for games that share an option with another game)."""
    o = rules.options()[name]
    return option(o.default, o.group, allowed=o.allowed, check=o.check,
                  check_text=o.check_text, low=o.low, high=o.high, texts=(o.en, o.de),
                  value_texts=o.value_texts)


def _check_value_texts(cls: type, o: Option) -> None:
    """A value's text must name an allowed value, and every named value (not a number) needs
    one: a player would otherwise choose between ``vorhand_plays`` and ``redeal``."""
    named = {v for v, _, _ in o.value_texts}
    stale = sorted(named - {str(a) for a in o.allowed or ()})
    if stale:
        raise TypeError(f"{cls.__name__}: option {o.name!r} has texts for values it does "
                        f"not take: {stale}")
    bare = [a for a in o.allowed or () if isinstance(a, str) and a not in named]
    if bare:
        raise TypeError(f"{cls.__name__}: option {o.name!r}: say what {bare} mean(s) "
                        "(the game's texts.toml, [option_values." + o.name + "])")


def is_bool(v: Any) -> bool:
    return isinstance(v, bool)


@dataclass(frozen=True)
class SeriesEnd:
    """When a series of deals ends, as a game's rules say."""

    target: int | None = None          # the points that win (None: no target)
    deals: int = 0                     # a fixed number of deals instead (0: play to target)
    only_declarer_out: bool = False    # only a successful declarer may reach the target
    separate: frozenset[str] = frozenset()  # contracts booked on a separate tally


_TABLES: dict[type, dict[str, Option]] = {}


class RuleSet:
    """What the rules of every game share: a preset name plus the value of every option,
    with every name and value checked.

    A game's rules are a frozen dataclass deriving from this, one :func:`option` field per
    option, that names its presets and texts in the class line; ``presets_table`` maps each
    preset to the options it changes, ``preset_texts`` describes each preset and
    ``option_texts`` each option (English, German), ``option_value_texts`` the values of
    options with named values.
    """

    presets_table: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    preset_texts: ClassVar[Mapping[str, tuple[str, str]]] = {}
    option_texts: ClassVar[Mapping[str, tuple[str, str]]] = {}
    option_value_texts: ClassVar[Mapping[str, tuple[tuple[str, str, str], ...]]] = {}
    group_names: ClassVar[Mapping[str, tuple[str, str]]] = GROUP_NAMES
    preset: str

    def __init_subclass__(cls, *, presets: Mapping[str, Mapping[str, Any]] | None = None,
                          texts: GameTexts | None = None, **kwargs: Any) -> None:
        """A game's rules name their presets and texts in the class line:
        ``class Rules(RuleSet, presets=PRESETS, texts=TEXTS)``."""
        super().__init_subclass__(**kwargs)
        if presets is not None:
            cls.presets_table = presets
        if texts is not None:
            cls.preset_texts = texts.presets
            cls.option_texts = texts.options
            cls.option_value_texts = texts.option_values

    @classmethod
    def options(cls) -> Mapping[str, Option]:
        """Every option of this rule set, in declaration order."""
        table = _TABLES.get(cls)
        if table is None:
            table = {}
            for f in dataclasses.fields(cast(Any, cls)):
                info = f.metadata.get("option")
                if info is None:
                    continue
                info = dict(info)
                texts = info.pop("texts", None) or cls.option_texts.get(f.name)
                if texts is None:
                    raise TypeError(f"{cls.__name__}: option {f.name!r} has no text "
                                    "(add it to the game's texts.toml, [options])")
                values = info.pop("value_texts", None) or cls.option_value_texts.get(f.name, ())
                table[f.name] = Option(f.name, f.default, en=texts[0], de=texts[1],
                                       value_texts=values, **info)
                _check_value_texts(cls, table[f.name])
            stale = sorted((set(cls.option_texts) | set(cls.option_value_texts)) - set(table))
            if stale:
                # A text left behind by a renamed option would silently describe nothing.
                raise TypeError(f"{cls.__name__}: texts for unknown options {stale}")
            _TABLES[cls] = table
        return table

    @classmethod
    def from_preset(cls, preset: str = "standard", **options: Any) -> Self:
        """The preset's rules with ``options`` changed; every name and value is checked."""
        table = cls.options()
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
        preset = data.get("preset", next(iter(cls.presets_table), "standard"))
        return cls.from_preset(str(preset), **dict(options))

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from the preset (what a record stores)."""
        base = type(self).from_preset(self.preset)
        return {name: getattr(self, name) for name in self.options()
                if getattr(self, name) != getattr(base, name)}

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "options": self.changed_options()}

    def replace(self, **options: Any) -> Self:
        merged = self.changed_options()
        merged.update(options)
        return type(self).from_preset(self.preset, **merged)

    def series_end(self) -> SeriesEnd:
        """When a series under these rules ends (by default: never, the caller stops it)."""
        return SeriesEnd()

    def series_end_for(self, players: int) -> SeriesEnd:
        """When a series under these rules ends at a table of ``players`` (a game whose
        series length depends on the table, Doppelkopf's five-table, overrides this)."""
        return self.series_end()

    def _check_consistency(self) -> None:
        """Options that contradict each other raise :class:`RulesError` (none by default)."""


def round_to_ten(x: int) -> int:
    """Round trick points to the nearest ten, 5 up (``rounding``).

    >>> round_to_ten(125), round_to_ten(124), round_to_ten(-125)
    (130, 120, -120)
    """
    return (x + 5) // 10 * 10 if x >= 0 else -((-x + 4) // 10 * 10)


__all__ = ["GROUP_NAMES", "Option", "RuleSet", "RulesError", "SeriesEnd", "is_bool", "option",
           "round_to_ten", "same_option"]
