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
from ...core.cards import Card
from ...core.cards import card_token
from ...core.claims import Claim
from ...core.claims import OpenHands
from ...core.claims import claim_json
from ...core.trick import Trick
from ..family.melds import MeldResult
from .rules import LuxusRules
from .scoring import LuxusResult


def _tokens(cs: tuple[Card, ...]) -> list[str]:
    return [card_token(c) for c in cs]


def voids_text(mask: int) -> str:
    """The suit letters of a void mask (a bit per suit), e.g. ``EH``."""
    return "".join(SUIT_LETTERS[s] for s in SUITS if mask >> s & 1)


@dataclass(frozen=True)
class LuxusView:
    """What one player may know: his hand, the shown melds, the public play. Never another
    player's hand or the set-aside cards (those only in ``result``, after the deal)."""

    player: int
    players: int
    rules: LuxusRules
    dealer: int
    phase: str
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    leftover_count: int                   # how many cards lie aside, face down
    history: tuple[tuple[int, str], ...]
    melds: tuple[MeldResult, ...]         # everyone's melds, shown after the deal
    trump: int                            # -1 until named
    trump_maker: int
    trump_reason: str
    tricks: tuple[Trick, ...]
    trick_leader: int
    trick: tuple[Card, ...]
    voids: tuple[str, ...]                # per seat: suit letters he is known to lack
    power_points: tuple[int, ...]         # per seat, from won tricks
    legal_actions: tuple[str, ...]
    result: LuxusResult | None
    game: str = "luxusfamilie"
    claim: Claim | None = None            # a claim being answered (core.claims)
    open_hands: OpenHands = ()            # hands laid down by a claim

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "player": self.player, "players": self.players,
            "rules": self.rules.to_dict(), "dealer": self.dealer, "phase": self.phase,
            "to_move": self.to_move, "hand": _tokens(self.hand),
            "hand_sizes": list(self.hand_sizes), "leftover_count": self.leftover_count,
            "history": [[s, a] for s, a in self.history],
            "melds": [[m.to_json() for m in mr.melds] for mr in self.melds],
            "meld_totals": [m.total for m in self.melds],
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "trump_maker": self.trump_maker, "trump_reason": self.trump_reason,
            "tricks": [t.to_json() for t in self.tricks], "trick_leader": self.trick_leader,
            "trick": _tokens(self.trick), "voids": list(self.voids),
            "power_points": list(self.power_points),
            "legal_actions": list(self.legal_actions),
            "result": self.result.to_json() if self.result else None,
            **claim_json(self.claim, self.open_hands),
        }


__all__ = ["LuxusView", "voids_text"]
