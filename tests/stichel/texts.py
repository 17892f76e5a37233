"""Stichel's German and English texts, kept as data in ``texts.toml`` next to it."""

from __future__ import annotations

from binokel.core.texts import GameTexts

TEXTS = GameTexts.load(__package__ or __name__)
