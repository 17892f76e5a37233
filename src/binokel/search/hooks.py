"""What every game's search adapter does the same way: a position exists only in the phase
the search models (the play, for Zweierbinokel the play after the stock), and the spec's
``position`` hook answers None in any other phase instead of failing.

>>> from binokel.games.binokel import SPEC
>>> from binokel.games.binokel.search import search_position
>>> state = SPEC.new_deal(SPEC.make_rules({}), 0, seed=1)
>>> search_position(state) is None   # the bidding: nothing to search
True
>>> require_phase(state, "play")
Traceback (most recent call last):
...
ValueError: the search needs a position in the play phase, not bidding
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import TypeVar

from ..core.spec import PositionOf
from ..core.state import AnyState
from ..core.state import State
from .position import Position

StateT = TypeVar("StateT", bound=State[Any, Any, Any])


def require_phase(state: State[Any, Any, Any], phase: str) -> None:
    """A ValueError unless ``state`` is in ``phase``, the phase the search models."""
    if state.phase != phase:
        raise ValueError(f"the search needs a position in the {phase} phase, not {state.phase}")


def phase_hook(state_type: type[StateT], phase: str,
               position: Callable[[StateT], Position]) -> PositionOf:
    """A spec's ``position`` hook: ``position(state)`` for a state of the game
    (``state_type``) in ``phase``, else None (the search models no other phase)."""
    def hook(state: AnyState) -> Position | None:
        if isinstance(state, state_type) and state.phase == phase:
            return position(state)
        return None
    return hook


__all__ = ["phase_hook", "require_phase"]
