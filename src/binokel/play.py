"""Letting computer players move: one driver for the web game, the terminal game and the arena.

A bot's turn is taken from the deal as it stands (:func:`bot_turn`): the seat, its view and
where the deal stood. The bot thinks on the view alone (:func:`decide`; a searching bot takes
up to seconds, so front ends call it off their event loop), and its answer goes in only if the
deal has not moved on meanwhile (:meth:`BotTurn.still_current`): a restart, a new deal, or a
person who acted first.

Some games let a seat speak when it is not to move (Doppelkopf's announcements at any time).
After every action the driver asks each bot that may do so now (:func:`interjection_turns`,
the seats after the one to move, in playing order) through its optional ``announce(view)``
(:class:`~binokel.core.spec.Announcer`; :func:`decide_interjection`); the first answer goes
in as that seat's interjection (``2: kontra``) and the others are asked again, since the
position changed (:func:`interject`). An answer comes in only while the deal stands where
the bot was asked, as on its turn.

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
from typing import cast

from .core.spec import Announcer
from .core.spec import Bot
from .core.state import AnyState
from .core.state import by_seat


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


def interjection_turns(state: AnyState, bots: Mapping[int, Bot]) -> list[BotTurn]:
    """The bots that may speak now although not to move, each with its view: the seats
    after the one to move, in playing order, that have something to say
    (``state.interjections``) and can say it (an ``announce`` method)."""
    if state.is_over:
        return []
    n = state.players
    seats = [(state.to_move + k) % n for k in range(1, n)]
    return [BotTurn(s, state.view(s), state, len(state.history)) for s in seats
            if s in bots and getattr(bots[s], "announce", None) is not None
            and state.interjections(s)]


def decide_interjection(turn: BotTurn, bot: Bot) -> str | None:
    """What the bot says out of turn now (without the seat mark), or None; like
    :func:`decide` it touches only the view."""
    if getattr(bot, "announce", None) is None:
        return None
    return cast(Announcer, bot).announce(turn.view)


def interject(state: AnyState, bots: Mapping[int, Bot]) -> list[str]:
    """Ask the bots that may speak out of turn, one after the other, until none has
    anything to say; what they said goes in (as ``2: kontra``) and is returned. Each answer
    changes the position, so everybody is asked again; the announcements a deal allows are
    few, so this ends."""
    said: list[str] = []
    while True:
        for turn in interjection_turns(state, bots):
            action = decide_interjection(turn, bots[turn.seat])
            if action is not None:
                state.apply(by_seat(turn.seat, action))
                said.append(state.history[-1][1])
                break
        else:
            return said


def play_deal(state: AnyState, bots: Sequence[Bot]) -> None:
    """Let the bots (one per seat) play ``state`` to its end: the one to move acts, and
    after every action the others may speak out of turn (:func:`interject`)."""
    by_seat_ = dict(enumerate(bots))
    while True:
        interject(state, by_seat_)
        turn = bot_turn(state, by_seat_)
        if turn is None:
            return
        state.apply(decide(turn, by_seat_[turn.seat]))


__all__ = ["BotTurn", "bot_turn", "decide", "decide_interjection", "interject",
           "interjection_turns", "play_deal"]
