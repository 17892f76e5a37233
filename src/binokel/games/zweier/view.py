"""What one seat of a Zweierbinokel deal may know: :class:`ZweierView` (the kernel's
:class:`~binokel.core.view.View` with the tables, the stock and the shown cards).

Never the opponent's hand or the stock's order: only what lies face up (the tables, the
turned-up card, the tricks) and the cards shown as drawn or exchanged (``shown``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from ...core.cards import SUIT_LETTERS
from ...core.cards import Card
from ...core.cards import card_token
from ...core.cards import cards_of
from ...core.cards import size
from ...core.view import SeatView
from ...core.view import view_json
from ..family.melds import Meld
from .rules import ZweierRules
from .scoring import ZweierResult

if TYPE_CHECKING:
    from .state import ZweierState


@dataclass(frozen=True)
class ZweierView(SeatView[ZweierRules, ZweierResult]):
    """What one player (or, with ``player`` -1, a spectator) may know. ``hand`` is his own
    hidden hand without his table cards, ``hand_sizes`` counts the hands without the table
    cards, ``history`` has every action (draws are no actions)."""

    table: tuple[tuple[Card, ...], ...]     # each player's face-up melded cards
    stock_size: int                         # face-down stock cards + the turned-up card
    trump: int
    trump_card: Card | None                 # while it lies under the stock
    shown: tuple[tuple[int, str, Card], ...]  # (seat, why, card) of cards shown as drawn
    melds: tuple[tuple[Meld, ...], ...]
    meld_points: tuple[int, ...]
    trick_points: tuple[int, ...]
    game: str = "zweier"


    def to_json(self) -> dict[str, Any]:
        return {
            **view_json(self), "table": [[card_token(c) for c in t] for t in self.table],
            "stock_size": self.stock_size, "trump": SUIT_LETTERS[self.trump],
            "trump_card": card_token(self.trump_card) if self.trump_card is not None else None,
            "shown": [[s, why, card_token(c)] for s, why, c in self.shown],
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "meld_points": list(self.meld_points), "trick_points": list(self.trick_points),
        }


def make_view(state: ZweierState, player: int) -> ZweierView:
    """``player``'s view of ``state`` (-1: a spectator's, without any hand)."""
    legal = tuple(state.legal_actions()) if player == state.to_move and player >= 0 else ()
    return ZweierView(
        player=player, players=2, rules=state.rules, dealer=state.dealer, phase=state.phase,
        to_move=state.to_move,
        hand=tuple(cards_of(state.hands[player])) if player >= 0 else (),
        table=(tuple(cards_of(state.tables[0])), tuple(cards_of(state.tables[1]))),
        hand_sizes=(size(state.hands[0]), size(state.hands[1])),
        stock_size=state.stock_size, trump=state.trump,
        trump_card=state.turned_up if state.turned_up >= 0 else None,
        history=tuple(state.history), shown=tuple(state.shown), tricks=tuple(state.tricks),
        trick=tuple(state.trick), trick_leader=state.trick_leader,
        melds=(tuple(state.melds[0]), tuple(state.melds[1])),
        meld_points=(state.meld_points[0], state.meld_points[1]),
        trick_points=(state.trick_points[0], state.trick_points[1]),
        legal_actions=legal, result=state.result, claim=state.claim,
        open_hands=state.open_hands() if state.laid_open else (),
    )


__all__ = ["ZweierView", "make_view"]
