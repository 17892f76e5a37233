"""What the options the Binokel family shares mean, German and English, kept as data in
``texts.toml`` next to it (the family has no table, help or presets of its own)."""

from __future__ import annotations

from ...core.texts import GameTexts
from ...core.texts import load_texts
from ...core.texts import option_values
from ...core.texts import options

_DATA = load_texts(__package__ or __name__)
TEXTS = GameTexts(help={}, presets={}, options=options(_DATA), table={}, sections=_DATA,
                  option_values=option_values(_DATA))
