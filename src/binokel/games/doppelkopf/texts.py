"""This game's German and English texts, kept as data in ``texts.toml`` next to it: the rules
in brief (``binokel rules``), what each preset is, and the words of its table."""

from __future__ import annotations

from ...core.texts import GameTexts

TEXTS = GameTexts.load(__package__ or __name__)
