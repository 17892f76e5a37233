"""The tournament's German and English words, kept as data in ``texts.toml`` next to it.

>>> tr("en", "after_round", n=2)
'after round 2'
"""

from __future__ import annotations

from typing import Any

from ..core.texts import LANGUAGES
from ..core.texts import by_language
from ..core.texts import load_texts

_ALL = load_texts(__package__ or "binokel.tournament")
TEXTS = by_language(_ALL["table"])
PAGE = by_language(_ALL["page"])   # the web pages' words, sent to the browser as they are


def tr(lang: str, key: str, **values: Any) -> str:
    """The words ``key`` in ``lang`` with ``values`` filled in."""
    if lang not in LANGUAGES:
        raise ValueError(f"language: one of {', '.join(LANGUAGES)}")
    return TEXTS[lang][key].format(**values)


__all__ = ["PAGE", "TEXTS", "tr"]
