"""Letting computer players move: one driver for the web game, the terminal game and the arena.

A bot's turn is taken from the deal as it stands (:func:`bot_turn`): the seat, its view and
where the deal stood. The bot thinks on the view alone (:func:`decide`; a searching bot takes
up to seconds, so front ends call it off their event loop), and its answer goes in only if the
deal has not moved on meanwhile (:meth:`BotTurn.still_current`): a restart, a new deal, or a
person who acted first.

>>> from binokel.bots import make_bot
>>> from binokel.registry import find_game
>>> spec = find_game("binokel")
>>> state = spec.new_deal(spec.make_rules({}), 0, seed=3, players=3)
>>> play_deal(state, [make_bot("heuristic", s, game="binokel") for s in range(3)])
>>> state.is_over
True
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .core.spec import Bot
from .core.state import AnyState


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn: the seat to move, what it sees, and where the deal stood when asked."""

    seat: int
    view: Any
    state: AnyState
    moves: int

    def still_current(self, state: AnyState) -> bool:
        """Whether ``state`` is still the deal, at the position, this turn was taken from."""
        return state is self.state and len(state.history) == self.moves


def bot_turn(state: AnyState, bots: Mapping[int, Bot]) -> BotTurn | None:
    """The turn of the bot at the seat to move; None when the deal is over or a person is to
    move."""
    if state.is_over or state.to_move not in bots:
        return None
    seat = state.to_move
    return BotTurn(seat, state.view(seat), state, len(state.history))


def decide(turn: BotTurn, bot: Bot) -> str:
    """The bot's action for ``turn``. It may take long and touches only the view, so it may
    run in a worker thread while the deal itself stays with its owner."""
    return bot.choose(turn.view)


def play_deal(state: AnyState, bots: Sequence[Bot]) -> None:
    """Let the bots (one per seat) play ``state`` to its end."""
    by_seat = dict(enumerate(bots))
    while (turn := bot_turn(state, by_seat)) is not None:
        state.apply(decide(turn, by_seat[turn.seat]))


__all__ = ["BotTurn", "bot_turn", "decide", "play_deal"]
