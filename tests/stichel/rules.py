"""Stichel's one option and its presets.

>>> StichelRules.from_preset("plain").last_trick, StichelRules().series_end().deals
(0, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from binokel.core.rules import RuleSet
from binokel.core.rules import SeriesEnd
from binokel.core.rules import option

from .texts import TEXTS

PRESETS: dict[str, dict[str, Any]] = {"standard": {}, "plain": {"last_trick": 0}}
DEALS_PER_SERIES = 3


@dataclass(frozen=True)
class StichelRules(RuleSet, presets=PRESETS, texts=TEXTS):
    """The rules of Stichel: a preset name and the bonus of the last trick."""

    preset: str = "standard"
    last_trick: int = option(10, "points", low=0, high=50)

    def series_end(self) -> SeriesEnd:
        return SeriesEnd(deals=DEALS_PER_SERIES)


__all__ = ["StichelRules"]
