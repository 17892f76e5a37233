"""Schweinchen and Superschweine (options ``schweinchen``, ``superschweine``): when the
holder of both Füchse (the trump suit's Asse) and of both Superschweine (its Neunen, without
nines its Könige) shows them, so that they rank above every other trump.

Which cards they are and in which games they count is :func:`.order.schweine_cards`; this
module says when they count (``schweinchen_when``):

- ``begin`` (default, versions before 0.3): at once, when the play starts; every view names
  the holder from the first card on;
- ``played`` (FreeDoko's "announced when played"): when the holder plays the first of them;
  until then nobody but the holder knows, and that card already ranks as a Schweinchen;
- ``second`` (FreeDoko's "only the second Fuchs"): the first of them is played as a plain
  Fuchs; the second is the Schweinchen, declared when it is played.

Superschweine count only once the Schweinchen are out (at ``begin`` both are shown at
once; else each pair is declared by the same moment of its own). Nobody says a verb: the
holder cannot keep them quiet, as with every Schweinchen in this engine. A card order that
changes in the middle of the play changes for the rest of the deal; tricks already taken
stay as they were.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import Card
from ...core.cards import count
from .order import game_order
from .order import schweine_cards

if TYPE_CHECKING:
    from .state import DokoState


def at_start(state: DokoState) -> None:
    """The play starts: with ``schweinchen_when = begin`` the Schweinchen and Superschweine
    are found in the hands and shown; otherwise none is known yet. Sets the card order."""
    state.schweine = state.superschweine = None
    sw, sup = schweine_cards(state.rules, state.contract or "")
    if sw is not None and state.rules.schweinchen_when == "begin":
        state.schweine = _holder(state, sw)
        if sup is not None and state.schweine is not None:
            state.superschweine = _holder(state, sup)
    _set_order(state)


def on_play(state: DokoState, seat: int, c: Card) -> None:
    """``seat`` is about to play ``c`` (still in his hand): declare the Schweinchen or the
    Superschweine it shows (``played``: the first of two in one hand; ``second``: the second
    of two the seat held together), before the card is compared in the trick."""
    when = state.rules.schweinchen_when
    if when == "begin":
        return
    sw, sup = schweine_cards(state.rules, state.contract or "")
    if sw is None:
        return
    if state.schweine is None and c == sw and _shows(state, seat, c, when):
        state.schweine = seat
    elif (state.schweine is not None and state.superschweine is None and c == sup
          and _shows(state, seat, c, when)):
        state.superschweine = seat
    else:
        return
    _set_order(state)


def pending(state: DokoState) -> bool:
    """Whether a Schweinchen or Superschweine may still be declared in this deal, so that
    the card order may still change: some seat still holds both copies, or with
    ``second`` holds the second after playing the first (the searches, which play on a
    fixed order, stop there)."""
    when = state.rules.schweinchen_when
    if when == "begin":
        return False
    sw, sup = schweine_cards(state.rules, state.contract or "")
    cards = [sw] if sw is not None and state.schweine is None else []
    if sw is not None and sup is not None and state.superschweine is None:
        cards.append(sup)
    for c in cards:
        for s in state.active:
            held = count(state.hands[s], c)
            if held == 2 or (when == "second" and held == 1 and _played_by(state, s, c)):
                return True
    return False


def _shows(state: DokoState, seat: int, c: Card, when: str) -> bool:
    held = count(state.hands[seat], c)
    if when == "played":
        return held == 2
    # "second": his last copy, and he played the other himself after holding both.
    # No card changes hands in the play (an Armut's exchange is over when it starts): a
    # seat that played one copy and plays the other held both when the play began.
    return held == 1 and _played_by(state, seat, c)


def _played_by(state: DokoState, seat: int, c: Card) -> bool:
    """Whether ``seat`` has played a copy of ``c`` in this deal."""
    for trick in [*state.tricks, None]:
        leader = state.trick_leader if trick is None else trick.leader
        cards = state.trick if trick is None else trick.cards
        s = leader
        for x in cards:
            if s == seat and x == c:
                return True
            s = state.next_seat[s]
    return False


def _holder(state: DokoState, c: Card) -> int | None:
    return next((s for s in state.active if count(state.hands[s], c) == 2), None)


def _set_order(state: DokoState) -> None:
    state.order = game_order(state.rules, state.contract or "", state.schweine is not None,
                             state.superschweine is not None)


__all__ = ["at_start", "on_play", "pending"]
