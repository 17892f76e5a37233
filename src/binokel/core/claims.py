"""Claiming the rest of the tricks (Spielabkürzung): one procedure for every game.

At his turn in the play a player may lay his hand down and **claim** the rest (his side takes
every remaining trick) or **concede** it (the other side takes every remaining trick). His
hand is open to everyone from that moment to the end of the deal. The other players in play
then answer in playing order, starting after him: ``accept`` or ``refuse`` (play on). When
all have accepted, the game books the rest as claimed and the deal ends
(:class:`~binokel.core.outcome.Termination` ``DECIDED``) with every hand in play laid open
(the rest is counted as it lies, so the result tells nothing the table does not show); the
first ``refuse`` ends the claim
and play goes on where it stood, with the claimer to move and his hand still open. Right
after a refused claim he must play a card before he may claim again, so a claim costs the
others one answer per turn at most.

The kernel carries the procedure out (the verbs, the phase ``claim`` while answers are
pending, whose turn it is, the open hands); a game says

- which claims the player to move may make now (:meth:`State.claim_kinds`; none by default),
- who answers (:meth:`State.claim_responders`; by default every other seat, in order),
- which cards a seat holds (:meth:`State.hand_of`, for the open hands of the views),
- and what an accepted claim scores (:meth:`State.settle_claim`).

Its ``legal_actions`` lists :meth:`State.claim_actions` in the play and
:data:`ANSWERS` in the phase :data:`CLAIM_PHASE`; its view carries :meth:`State.claim_fields`.

>>> c = Claim(seat=1, kind=CLAIM, resume="play", waiting=(2, 0))
>>> c.to_json()
{'seat': 1, 'kind': 'claim', 'waiting': [2, 0]}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Final

CLAIM_PHASE: Final = "claim"
"""The phase while the others answer a claim (``to_move`` is the seat to answer)."""

CLAIM: Final = "claim"          # the claimer's side takes every remaining trick
CONCEDE: Final = "concede"      # the other side takes every remaining trick
ACCEPT: Final = "accept"
REFUSE: Final = "refuse"        # play on
KINDS: Final = (CLAIM, CONCEDE)
ANSWERS: Final = (ACCEPT, REFUSE)
VERBS: Final = frozenset((CLAIM, CONCEDE, ACCEPT, REFUSE))


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim being answered: who laid his hand down, ``kind`` (:data:`CLAIM` or
    :data:`CONCEDE`), the phase the play goes on in if it is refused, and the seats that
    still have to answer, in order."""

    seat: int
    kind: str
    resume: str
    waiting: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "waiting": list(self.waiting)}


OpenHands = tuple[tuple[int, tuple[int, ...]], ...]
"""The hands laid open: (seat, the cards it still holds), by seat."""


def claim_json(claim: Claim | None, open_hands: OpenHands) -> dict[str, Any]:
    """The claim part of a view's JSON: nothing while no hand was ever laid down (so the
    views of a deal without a claim read as they always did)."""
    from .cards import card_token
    out: dict[str, Any] = {}
    if claim is not None:
        out["claim"] = claim.to_json()
    if open_hands:
        out["open_hands"] = {str(s): [card_token(c) for c in cs] for s, cs in open_hands}
    return out


def offered(phase: str, actions: Sequence[str]) -> list[str]:
    """The claim actions among a view's legal ``actions``: the answers in the phase of a
    claim, ``claim`` and ``concede`` in any other (where a game may use the same words for
    something else: Doppelkopf's Armut is ``accept``-ed).

    >>> offered("play", ["play EA", "claim"]), offered("armut_offer", ["accept", "decline"])
    (['claim'], [])
    """
    if phase == CLAIM_PHASE:
        return [a for a in actions if a in ANSWERS]
    return [a for a in actions if a in KINDS]


def claim_words(offered: bool, taken: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The claim actions for a game's action vocabulary (the research adapters' ids, numbered
    after the game's own: ``Vocabulary.later``): none when its rules offer no claims, and a
    verb its words hold already (Doppelkopf's Armut ``accept``) not twice.

    >>> claim_words(True, ("accept", "decline")), claim_words(False)
    (('claim', 'concede', 'refuse'), ())
    """
    return tuple(v for v in (CLAIM, CONCEDE, ACCEPT, REFUSE) if v not in taken) if offered \
        else ()


def split_evenly(points: int, seats: tuple[int, ...]) -> list[int]:
    """``points`` shared by ``seats`` in whole points, the earlier seats getting the odd ones
    (for a rest that goes to several players who score on their own).

    >>> split_evenly(25, (2, 0)), split_evenly(10, (1,))
    ([13, 12], [10])
    """
    n = len(seats)
    return [points // n + (1 if i < points % n else 0) for i in range(n)]


__all__ = ["ACCEPT", "ANSWERS", "CLAIM", "CLAIM_PHASE", "CONCEDE", "KINDS", "REFUSE", "VERBS",
           "Claim", "OpenHands", "claim_json", "claim_words", "offered", "split_evenly"]
