"""What one seat of a Stichel deal may know: :class:`StichelView` (the kernel's
:class:`~binokel.core.view.View` protocol, plus trump and the points taken)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from binokel.core.cards import SUIT_LETTERS
from binokel.core.cards import Card
from binokel.core.cards import card_token
from binokel.core.trick import Trick

from .rules import StichelRules
from .scoring import StichelResult


@dataclass(frozen=True)
class StichelView:
    """One seat's view (``player`` -1: a spectator's, without a hand)."""

    player: int
    players: int
    rules: StichelRules
    dealer: int
    phase: str
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    aside_count: int
    history: tuple[tuple[int, str], ...]
    trump: int
    tricks: tuple[Trick, ...]
    trick_leader: int
    trick: tuple[Card, ...]
    points: tuple[int, ...]
    legal_actions: tuple[str, ...]
    result: StichelResult | None
    game: str = "stichel"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "player": self.player, "players": self.players,
            "rules": self.rules.to_dict(), "dealer": self.dealer, "phase": self.phase,
            "to_move": self.to_move, "hand": [card_token(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes), "aside_count": self.aside_count,
            "history": [[s, a] for s, a in self.history],
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "tricks": [t.to_json() for t in self.tricks], "trick_leader": self.trick_leader,
            "trick": [card_token(c) for c in self.trick], "points": list(self.points),
            "legal_actions": list(self.legal_actions),
            "result": self.result.to_json() if self.result else None,
        }


__all__ = ["StichelView"]
