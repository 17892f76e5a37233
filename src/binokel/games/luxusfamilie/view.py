"""What one seat of a Luxusfamilie deal may know: :class:`LuxusView`.

It follows the kernel's :class:`binokel.core.view.View` protocol and adds what only this
game has: everyone's shown melds, the trump maker and why, the number of set-aside cards, the
known voids per seat and the power points taken so far.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.cards import SUIT_LETTERS
from ...core.cards import SUITS
from ...core.view import SeatView
from ...core.view import view_json
from ..family.melds import MeldResult
from .rules import LuxusRules
from .scoring import LuxusResult


def voids_text(mask: int) -> str:
    """The suit letters of a void mask (a bit per suit), e.g. ``EH``."""
    return "".join(SUIT_LETTERS[s] for s in SUITS if mask >> s & 1)


@dataclass(frozen=True)
class LuxusView(SeatView[LuxusRules, LuxusResult]):
    """What one player may know: his hand, the shown melds, the public play. Never another
    player's hand or the set-aside cards (those only in ``result``, after the deal)."""

    leftover_count: int                   # how many cards lie aside, face down
    melds: tuple[MeldResult, ...]         # everyone's melds, shown after the deal
    trump: int                            # -1 until named
    trump_maker: int
    trump_reason: str
    voids: tuple[str, ...]                # per seat: suit letters he is known to lack
    power_points: tuple[int, ...]         # per seat, from won tricks
    game: str = "luxusfamilie"

    def to_json(self) -> dict[str, Any]:
        return {
            **view_json(self), "leftover_count": self.leftover_count,
            "melds": [[m.to_json() for m in mr.melds] for mr in self.melds],
            "meld_totals": [m.total for m in self.melds],
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "trump_maker": self.trump_maker, "trump_reason": self.trump_reason,
            "voids": list(self.voids), "power_points": list(self.power_points),
        }


__all__ = ["LuxusView", "voids_text"]
