"""The facts of a finished deal of Binokel or Kreuzbinokel: everything its scoring reads.

A deal's score depends on who sits where (the parties), the game played and its bid, the
melds shown, the card points and tricks taken, and nothing else. The engine's state states
them at the end of a deal (:func:`facts_of`); the score pad gathers them from what players
say (:mod:`.pad`). Both score them with :func:`.scoring.score`.

>>> from .melds import MeldResult
>>> f = BinokelFacts(party=(0, 1, 2), contract="normal", declarer=1, bid=300,
...                  melds=(MeldResult((), 40), MeldResult((), 200), MeldResult((), 0)),
...                  trick_points=(60, 150, 40), tricks_won=(3, 6, 3))
>>> f.players, f.parties, f.in_play
(3, ((0,), (1,), (2,)), (0, 1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.cards import CardSet
from ...core.cards import count
from ...core.cards import distinct
from ...core.claims import CLAIM
from ..family.melds import NO_MELDS
from ..family.melds import NO_TRUMP
from ..family.melds import MeldResult
from .deal import NORMAL
from .deal import THROWN_IN
from .rules import Rules

if TYPE_CHECKING:
    from .state import DealPlay


def set_points(rules: Rules, s: CardSet) -> int:
    """The card points of the cards of ``s``."""
    pts = rules.points
    return sum(pts[c & 7] * count(s, c) for c in distinct(s))


def party_seats(party: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The parties as tuples of seats, ordered by their lowest seat (sitting-out seats left
    out).

    >>> party_seats((0, 1, -1, 1))
    ((0,), (1, 3))
    """
    groups: dict[int, list[int]] = {}
    for s, p in enumerate(party):
        if p >= 0:
            groups.setdefault(p, []).append(s)
    return tuple(tuple(g) for g in sorted(groups.values()))


@dataclass(frozen=True)
class BinokelFacts:
    """What decides the score of one finished deal.

    ``party``: per seat who scores together (-1: the dealer sits out; Kreuzbinokel: the
    teams); ``contract``: the game played (``normal``, ``abgehen``, ``durch``,
    ``untendurch``, ``thrown_in``); ``declarer`` and ``bid`` (None when all passed);
    ``melds`` per seat as shown (with the best choice, not yet voided); ``trick_points`` per
    seat: the card points taken, the last-trick bonus and the declarer's pushed cards
    included; ``tricks_won`` per seat; ``trump`` (for the result only); ``open_durch``: a
    Durch played with the hand shown; ``decided_early``: cards were left in a hand (a Durch
    or Untendurch decided before the last trick, or the rest claimed); ``laid_down``: the
    declarer of a trump game laid his hand down before his first card (an open game,
    ``open_game``); ``discard_points``: the card points of the declarer's pushed cards,
    which ``trick_points`` includes (they are no trick: ``meld_needs_points``)."""

    party: tuple[int, ...]
    contract: str
    declarer: int | None = None
    bid: int | None = None
    melds: tuple[MeldResult, ...] = ()
    trick_points: tuple[int, ...] = ()
    tricks_won: tuple[int, ...] = ()
    trump: int = NO_TRUMP
    open_durch: bool = False
    decided_early: bool = False
    laid_down: bool = False
    discard_points: int = 0

    def __post_init__(self) -> None:
        n = len(self.party)
        # Unset per-seat facts are zeros: what a deal with nothing shown or taken states.
        if not self.melds:
            object.__setattr__(self, "melds", (NO_MELDS,) * n)
        if not self.trick_points:
            object.__setattr__(self, "trick_points", (0,) * n)
        if not self.tricks_won:
            object.__setattr__(self, "tricks_won", (0,) * n)
        if not len(self.melds) == len(self.trick_points) == len(self.tricks_won) == n:
            raise ValueError("melds, trick points and tricks: one per seat")

    @property
    def players(self) -> int:
        return len(self.party)

    @property
    def parties(self) -> tuple[tuple[int, ...], ...]:
        """The parties' seats, by their lowest seat."""
        return party_seats(self.party)

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats that play (not the dealer sitting out)."""
        return tuple(s for s, p in enumerate(self.party) if p >= 0)


def facts_of(state: DealPlay) -> BinokelFacts:
    """The facts of the finished deal ``state``."""
    return BinokelFacts(
        party=state.party, contract=state.contract or THROWN_IN, declarer=state.declarer,
        bid=state.bid,
        melds=tuple(state.melds) if state.melds is not None else (),
        trick_points=state.points_taken(), tricks_won=tuple(state.tricks_won),
        trump=state.trump, open_durch=state.open_durch,
        decided_early=any(state.hands[s] for s in state.order),
        laid_down=laid_down(state),
        discard_points=set_points(state.rules, state.discard) if state.discard else 0)


def laid_down(state: DealPlay) -> bool:
    """Whether the declarer of a trump game claimed every trick before he played a card (an
    open game, "aufgelegt")."""
    if state.contract != NORMAL or state.declarer is None:
        return False
    for seat, action in state.history:
        if seat == state.declarer:
            if action == CLAIM:
                return True
            if action.startswith("play "):
                return False
    return False


__all__ = ["BinokelFacts", "facts_of", "laid_down", "party_seats", "set_points"]
