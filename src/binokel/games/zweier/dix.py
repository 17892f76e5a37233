"""The Dix of Zweierbinokel: the seven of trump, in play only with option ``sevens``.

- A turned-up Dix scores 10 for the dealer at the deal (option ``dix``).
- ``exchange``: at the moment a meld is allowed (:func:`~.melds.turn_problem`), the holder of
  a trump seven in hand may exchange it for the turned-up card (option ``dix_exchange``) and
  scores 10 (``dix``). The card he takes was face up and stays public (``shown``); the second
  trump seven may be exchanged for the first, each trump seven scoring once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import SEVEN
from ...core.cards import bit
from ...core.cards import card
from ...core.cards import card_token
from ...core.cards import count
from ...core.errors import IllegalAction
from ..family.melds import Meld
from .melds import score
from .melds import turn_problem

if TYPE_CHECKING:
    from .state import ZweierState

DIX_POINTS = 10


def turned_up_dix(state: ZweierState) -> None:
    """At the deal: a turned-up trump seven is declared, for the dealer (Bezique's custom)."""
    if state.rules.sevens and state.turned_up & 7 == SEVEN:
        state.dix_count = 1
        if state.rules.dix:
            score(state, state.dealer, Meld("dix", (state.turned_up,), DIX_POINTS))


def exchange_problem(state: ZweierState) -> str | None:
    """Why the player to move may not exchange a trump seven now (None: he may)."""
    r = state.rules
    if not r.sevens:
        return "exchange: only when playing with sevens (option sevens)"
    if not r.dix_exchange:
        return "exchange: not played under these rules (dix_exchange = no)"
    problem = turn_problem(state, "exchange")
    if problem is not None:
        return problem
    seven = card(state.trump, SEVEN)
    seat = state.to_move
    if not count(state.hands[seat], seven):
        return f"exchange: seat {seat} holds no trump seven ({card_token(seven)}) in hand"
    if state.turned_up == seven and not (r.dix and state.dix_count < 2):
        return f"exchange: the turned-up card is already {card_token(seven)}"
    return None


def exchange(state: ZweierState, arg: str) -> str:
    """``exchange``: the trump seven from the hand for the turned-up card (a handler of the
    state)."""
    if arg:
        raise IllegalAction("exchange takes no argument (the trump seven is implied)")
    problem = exchange_problem(state)
    if problem is not None:
        raise IllegalAction(problem)
    seat, seven = state.to_move, card(state.trump, SEVEN)
    taken = state.turned_up
    state.hands[seat] += bit(taken) - bit(seven)
    state.turned_up = seven
    state.dix_count += 1
    if taken != seven:
        state.shown.append((seat, "exchange", taken))
    if state.rules.dix:
        score(state, seat, Meld("dix", (seven,), DIX_POINTS))
    return "exchange"


__all__ = ["DIX_POINTS", "exchange", "exchange_problem", "turned_up_dix"]
