"""Texts as data: each game keeps its German and English texts in a ``texts.toml`` next to
its code (the rules in brief, what each preset is, the words of its table), so that the
wording can be read and changed without reading code, and both languages stay side by side.

A table text is a pair ``[German, English]`` with ``{placeholders}`` that the presenter fills;
:func:`by_language` turns the pairs into one lookup per language.

>>> by_language({"dealer": ["Geber {name}", "dealer {name}"]})["en"]
{'dealer': 'dealer {name}'}
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from importlib import resources
from typing import Any

LANGUAGES = ("de", "en")


def load_texts(package: str, name: str = "texts.toml") -> dict[str, Any]:
    """The texts file ``name`` of ``package`` (a game's package)."""
    with resources.files(package).joinpath(name).open("rb") as f:
        return tomllib.load(f)


def by_language(pairs: Mapping[str, Sequence[str]]) -> dict[str, dict[str, str]]:
    """``{key: [German, English]}`` -> ``{"de": {key: German}, "en": {key: English}}``."""
    for key, pair in pairs.items():
        if len(pair) != len(LANGUAGES):
            raise ValueError(f"text {key!r}: expected [German, English], got {pair!r}")
    return {lang: {key: pair[i] for key, pair in pairs.items()}
            for i, lang in enumerate(LANGUAGES)}


def presets(data: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """What each preset is, as ``RuleSet.preset_texts`` has it: name -> (English, German)."""
    return {name: (text["en"], text["de"]) for name, text in data["presets"].items()}


def options(data: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """What each option means, as ``RuleSet.option_texts`` has it: the file's
    ``[options]`` pairs ``[German, English]`` -> name -> (English, German)."""
    langs = by_language(data.get("options", {}))
    return {name: (langs["en"][name], langs["de"][name]) for name in langs["en"]}


def option_values(data: Mapping[str, Any]) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """What each value of an option with named values means, as ``Option.value_texts`` has
    it: the file's ``[option_values.NAME]`` tables (value -> ``[German, English]``) ->
    name -> ((value, English, German), ...).

    >>> option_values({"option_values": {"genscher": {"off": ["nie", "never"]}}})
    {'genscher': (('off', 'never', 'nie'),)}
    """
    out = {}
    for name, values in data.get("option_values", {}).items():
        langs = by_language(values)
        out[name] = tuple((v, langs["en"][v], langs["de"][v]) for v in values)
    return out


@dataclass(frozen=True)
class GameTexts:
    """A game's texts: ``help`` (language -> the rules in brief), ``presets`` (name ->
    (English, German), as ``RuleSet.preset_texts``), ``options`` (likewise, as
    ``RuleSet.option_texts``), ``table`` (language -> key -> words, for
    :func:`binokel.present.tr`), ``sections``, every section of the file, and
    ``option_values``, what the values of options with named values mean (as
    :func:`option_values`)."""

    help: dict[str, str]
    presets: dict[str, tuple[str, str]]
    options: dict[str, tuple[str, str]]
    table: dict[str, dict[str, str]]
    sections: dict[str, Any]
    option_values: dict[str, tuple[tuple[str, str, str], ...]] = field(default_factory=dict)

    def words(self, key: str) -> dict[str, str]:
        """One table text in every language: language -> words."""
        return {lang: self.table[lang][key] for lang in LANGUAGES}

    @classmethod
    def load(cls, package: str) -> GameTexts:
        data = load_texts(package)
        return cls(data["help"], presets(data), options(data), by_language(data["table"]),
                   data, option_values(data))


__all__ = ["LANGUAGES", "GameTexts", "by_language", "load_texts", "option_values", "options",
           "presets"]
