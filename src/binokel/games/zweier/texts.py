"""The texts of this game, German and English, kept as data in ``texts.toml`` next to it:
the rules in brief (``binokel rules``), what each preset is, and the words of its table (the
presenter looks them up with :func:`binokel.present.tr`)."""

from __future__ import annotations

from typing import Any

from ...core.texts import by_language
from ...core.texts import load_texts
from ...core.texts import presets

_DATA: dict[str, Any] = load_texts(__package__ or __name__)
HELP: dict[str, str] = _DATA["help"]
PRESET_TEXTS: dict[str, tuple[str, str]] = presets(_DATA)
TABLE_TEXTS: dict[str, dict[str, str]] = by_language(_DATA["table"])

__all__ = ["HELP", "PRESET_TEXTS", "TABLE_TEXTS"]
