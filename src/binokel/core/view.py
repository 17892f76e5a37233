"""What a seat may know: the :class:`View` protocol every game's view follows.

A view is built by the game from its state for one seat (or, with ``player`` -1, for a
spectator) and never holds a card that seat may not see. Bots, presenters, the terminal game
and the server only ever read views; each game adds the fields only it has (the Dapp, the
stock, Re and Kontra, ...).
"""

from __future__ import annotations

from dataclasses import Field
from typing import Any
from typing import ClassVar
from typing import Protocol

from .cards import Card
from .claims import Claim
from .claims import OpenHands
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


__all__ = ["View"]
