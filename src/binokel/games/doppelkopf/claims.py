"""Claiming the rest in Doppelkopf (DDV TSR 5.4, Spielabkürzung), on the kernel's procedure
(:mod:`binokel.core.claims`): option ``claims``, on in the ``ddv`` preset.

- Who and when: the player to move in the play, while the parties are settled: not during a
  Hochzeit's clarification (the partner is not yet known) and not while a Genscher's
  Karo-König is due.
- What: ``claim``, his party takes every remaining trick; ``concede``, the other party does.
  Every other player in the deal answers (also his partner, whom he may not know: asking
  only the opponents would tell who they are).
- Scoring: the remaining cards' Augen and tricks go to the receiving party (booked to the
  claimer, or to the first seat of the other party after him), so the game is won or lost,
  and schwarz or not, as the parties' Augen and tricks then stand. The tricks that were
  never played give no special points (no Doppelkopf, Fuchs or Karlchen): nobody can say
  which cards would have met; and no trick played is the last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import bit
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import size
from ...core.claims import CLAIM
from ...core.claims import KINDS
from ...core.claims import Claim
from .deal import HOCHZEIT
from .deal import PLAY

if TYPE_CHECKING:
    from .state import DokoState

_POINTS = (0, 0, 2, 3, 4, 10, 11, 0)   # the Augen by rank slot (9 = 0, U 2, O 3, K 4 ...)


def kinds(state: DokoState) -> tuple[str, ...]:
    """The claims the player to move may make now (none without the option)."""
    if not state.rules.claims or state.phase != PLAY or state.genscher_due:
        return ()
    if state.contract == HOCHZEIT and state.clarified_in == 0:
        return ()
    return KINDS


def side(state: DokoState, seat: int) -> tuple[int, ...]:
    """The seats that take the rest with ``seat``: his party."""
    return tuple(s for s in state.active if state.party(s) == state.party(seat))


def settle(state: DokoState, claim: Claim) -> None:
    """Book the rest (the cards still held and the trick in progress) to the party that
    takes it."""
    mine = side(state, claim.seat)
    i = state.active.index(claim.seat)
    after = [state.active[(i + k) % 4] for k in range(4)]
    takes = next(s for s in after if (s in mine) == (claim.kind == CLAIM))
    rest = sum(state.hands[s] for s in state.active) + sum(bit(c) for c in state.trick)
    state.trick_points[takes] += sum(_POINTS[c & 7] * count(rest, c) for c in distinct(rest))
    state.tricks_won[takes] += max(size(state.hands[s]) for s in state.active)


__all__ = ["kinds", "settle", "side"]
