"""What one seat of a Stichel deal may know: :class:`StichelView` (the kernel's
:class:`~binokel.core.view.View` protocol, plus trump and the points taken)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from binokel.core.cards import SUIT_LETTERS
from binokel.core.view import SeatView
from binokel.core.view import view_json

from .rules import StichelRules
from .scoring import StichelResult


@dataclass(frozen=True)
class StichelView(SeatView[StichelRules, StichelResult]):
    """One seat's view (``player`` -1: a spectator's, without a hand)."""

    aside_count: int
    trump: int
    points: tuple[int, ...]
    game: str = "stichel"

    def to_json(self) -> dict[str, Any]:
        return {
            **view_json(self), "aside_count": self.aside_count,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "points": list(self.points),
        }


__all__ = ["StichelView"]
