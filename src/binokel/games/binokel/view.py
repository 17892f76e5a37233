"""What one player of a Binokel deal may know (:class:`BinokelView`): his hand, the public
play and what the bidding, the Dapp and the melds have shown.

Its own module, outside the engine core that ``BINOKEL_COMPILE=1`` compiles with mypyc
(setup.py): it extends the interpreted :class:`~binokel.core.view.SeatView`, which a class
compiled by mypyc may not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.cards import SUIT_LETTERS
from ...core.cards import Card
from ...core.cards import card_token
from ...core.view import SeatView
from ...core.view import view_json
from ..family.melds import MeldResult
from .deal import BINOKEL
from .rules import Rules
from .scoring import DealResult


@dataclass(frozen=True)
class BinokelView(SeatView[Rules, DealResult]):
    """What one player may know. Never contains another player's hidden cards (``history``
    with hidden parts masked)."""

    high_bid: int | None
    high_bidder: int | None
    declarer: int | None
    contract: str | None
    trump: int
    dapp: tuple[Card, ...] | None          # once revealed
    discard: tuple[Card, ...] | None       # only the declarer's own
    melds: tuple[MeldResult, ...] | None   # once shown
    trick_points: tuple[int, ...]          # from won tricks (+ own discard, declarer only)
    open_hand: tuple[Card, ...] | None = None  # an open Durch shows the declarer's hand
    game: str = BINOKEL
    order: tuple[int, ...] = ()            # the seats in play, Vorhand first
    parties: tuple[tuple[int, ...], ...] = ()  # who scores together (Kreuzbinokel: teams)

    def seat_after(self, seat: int) -> int:
        """The seat in play after ``seat`` (a dealer sitting out is skipped)."""
        return self.order[(self.order.index(seat) + 1) % len(self.order)]

    def trick_seats(self, leader: int, n_cards: int) -> list[int]:
        """Who played the cards of a trick led by ``leader``, in playing order."""
        i = self.order.index(leader)
        return [self.order[(i + k) % len(self.order)] for k in range(n_cards)]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s party (Kreuzbinokel: the partner opposite)."""
        return next((tuple(s for s in p if s != seat) for p in self.parties if seat in p), ())

    def to_json(self) -> dict[str, Any]:
        def toks(cs: tuple[Card, ...] | None) -> list[str] | None:
            return [card_token(c) for c in cs] if cs is not None else None

        return {
            **view_json(self), "high_bid": self.high_bid, "high_bidder": self.high_bidder,
            "declarer": self.declarer, "contract": self.contract,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "dapp": toks(self.dapp), "discard": toks(self.discard),
            "melds": [[m.to_json() for m in mr.melds] for mr in self.melds]
            if self.melds is not None else None,
            "meld_totals": [m.total for m in self.melds] if self.melds is not None else None,
            "trick_points": list(self.trick_points), "open_hand": toks(self.open_hand),
            "order": list(self.order), "parties": [list(p) for p in self.parties],
        }


__all__ = ["BinokelView"]
