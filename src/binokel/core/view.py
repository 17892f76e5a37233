"""What a seat may know: the :class:`View` protocol every game's view follows.

A view is built by the game from its state for one seat (or, with ``player`` -1, for a
spectator) and never holds a card that seat may not see. Bots, presenters, the terminal game
and the server only ever read views; each game adds the fields only it has (the Dapp, the
stock, Re and Kontra, ...).
"""

from __future__ import annotations

from dataclasses import Field
from dataclasses import dataclass
from typing import Any
from typing import ClassVar
from typing import Generic
from typing import Protocol
from typing import TypeVar

from .cards import Card
from .cards import card_token
from .claims import Claim
from .claims import OpenHands
from .claims import claim_json
from .outcome import Outcome
from .rules import RuleSet
from .trick import Trick


class View(Protocol):
    """The fields every game's view has. A view is a frozen dataclass (the tools above the
    games copy it with a field changed, ``dataclasses.replace``)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def game(self) -> str: ...

    @property
    def player(self) -> int:
        """The seat this view is for; -1 for a spectator."""

    @property
    def players(self) -> int: ...

    @property
    def rules(self) -> RuleSet: ...

    @property
    def dealer(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def to_move(self) -> int:
        """The seat to act; -1 once the deal is over."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own hidden cards (empty for a spectator)."""

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        """(seat, action) so far, with what this seat may not know masked."""

    @property
    def tricks(self) -> tuple[Trick, ...]: ...

    @property
    def trick(self) -> tuple[Card, ...]: ...

    @property
    def trick_leader(self) -> int: ...

    @property
    def legal_actions(self) -> tuple[str, ...]:
        """The seat's legal actions when it is to move, else empty."""

    @property
    def result(self) -> Outcome | None: ...

    @property
    def claim(self) -> Claim | None:
        """The claim being answered (:mod:`binokel.core.claims`), if any."""

    @property
    def open_hands(self) -> OpenHands:
        """The hands laid down by a claim: (seat, its cards), open to everyone."""

    def to_json(self) -> dict[str, Any]: ...


R_co = TypeVar("R_co", bound=RuleSet, covariant=True)
O_co = TypeVar("O_co", bound=Outcome, covariant=True)


@dataclass(frozen=True, kw_only=True)
class SeatView(Generic[R_co, O_co]):
    """The fields of :class:`View`, declared once for the games' views: a game's view is a
    frozen dataclass that subclasses this with its rules and result types and adds its own
    fields and its ``game`` name (these are keyword-only, so the game's own fields may come
    without defaults)."""

    player: int
    players: int
    rules: R_co
    dealer: int
    phase: str
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    history: tuple[tuple[int, str], ...]
    tricks: tuple[Trick, ...]
    trick_leader: int
    trick: tuple[Card, ...]
    legal_actions: tuple[str, ...]
    result: O_co | None
    claim: Claim | None = None            # a claim being answered (core.claims)
    open_hands: OpenHands = ()            # hands laid down by a claim, open to everyone


def view_json(view: View) -> dict[str, Any]:
    """The JSON of the fields every view has, cards as tokens; a game's ``to_json`` adds its
    own fields to it (the same keys in every game, so the clients read them alike)."""
    return {
        "game": view.game, "player": view.player, "players": view.players,
        "rules": view.rules.to_dict(), "dealer": view.dealer, "phase": view.phase,
        "to_move": view.to_move, "hand": [card_token(c) for c in view.hand],
        "hand_sizes": list(view.hand_sizes), "history": [[s, a] for s, a in view.history],
        "tricks": [t.to_json() for t in view.tricks], "trick_leader": view.trick_leader,
        "trick": [card_token(c) for c in view.trick],
        "legal_actions": list(view.legal_actions),
        "result": view.result.to_json() if view.result else None,
        **claim_json(view.claim, view.open_hands),
    }


__all__ = ["SeatView", "View", "view_json"]
