"""The facts of a finished deal of Doppelkopf: everything its scoring reads.

Who was Re, the game played, the Augen and tricks of each party, the announcements, the
special points the tricks gave (all but gegen die Alten, which follows from the winner) and
what a score sheet notes (a Pflichtsolo, a Genscher). The engine's state states them at the
end of a deal (:func:`facts_of`); the score pad gathers them from what players say
(:mod:`.pad`). Both score them with :func:`.scoring.score` under the deal's rules (the Bock
level is a rule of the deal: ``bock_level``).

>>> f = DokoFacts(players=4, active=(0, 1, 2, 3), contract="normal", re_seats=(0, 2),
...               augen=(151, 89), tricks=(7, 5), announced=(0, -1))
>>> f.kontra_seats, f.solo
((1, 3), False)
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.cards import EO
from ...core.cards import count
from ...core.trick import Trick
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import NORMAL
from .deal import RE
from .deal import STILLE_HOCHZEIT
from .rules import DokoRules
from .specials import of_tricks

if TYPE_CHECKING:
    from .state import DokoState

# The parties' counts (Augen, tricks) as a pair: Re's first, then Kontra's.
PartyPair = tuple[int, int]
PARTY_INDEX = {RE: 0, KONTRA: 1}


def scored_as_solo(contract: str, partner_found: bool = True) -> bool:
    """A declared solo, a stille Hochzeit, or a Hochzeit without partner (a Karo-Solo).

    >>> scored_as_solo("solo damen"), scored_as_solo("hochzeit"), scored_as_solo("hochzeit", False)
    (True, False, True)
    """
    return (contract.startswith("solo") or contract == STILLE_HOCHZEIT
            or (contract == HOCHZEIT and not partner_found))


@dataclass(frozen=True)
class DokoFacts:
    """What decides the score of one finished deal.

    ``active``: the four seats in play; ``contract``: the game as it ended (a stille
    Hochzeit ended by a Genscher is a normal game); ``re_seats``: Re at the end (the soloist
    alone; after a Genscher its player and the partner he named); ``augen`` and ``tricks``:
    (Re, Kontra); ``announced``: the levels of Re and Kontra (-1 none, 0 Re/Kontra, 1-4 keine
    90 / 60 / 30 / schwarz); ``specials``: the special points of the tricks as (what, party),
    gegen die Alten left out; ``partner_found``: False for a Hochzeit whose partner was never
    found (played alone); ``genscher``: (its player, the partner he named);
    ``stille_genscher``: that Genscher ended a stille Hochzeit (a note); ``pflicht``: the
    solo is a Pflichtsolo; ``armut_declined``: thrown in because nobody took the Armut (else
    a hand threw it in)."""

    players: int
    active: tuple[int, ...]
    contract: str
    re_seats: tuple[int, ...] = ()
    augen: PartyPair = (0, 0)
    tricks: PartyPair = (0, 0)
    announced: PartyPair = (-1, -1)
    specials: tuple[tuple[str, str], ...] = ()
    partner_found: bool = True
    genscher: tuple[int, int] | None = None
    stille_genscher: bool = False
    pflicht: bool = False
    armut_declined: bool = False

    @property
    def kontra_seats(self) -> tuple[int, ...]:
        return tuple(s for s in self.active if s not in self.re_seats)

    @property
    def solo(self) -> bool:
        """Scored as a solo (three times the value, no special points)."""
        return scored_as_solo(self.contract, self.partner_found)


def special_points(tricks: Sequence[Trick], re_seats: Collection[int],
                   active: tuple[int, ...], winner: str | None, foxes: bool,
                   rules: DokoRules | None = None) -> list[tuple[str, str, int]]:
    """The special points, each worth 1, as (what, party, trick number; 0: the deal):
    gegen die Alten (Kontra wins) and those the tricks give (:mod:`.specials`: Doppelkopf,
    Fuchs gefangen unless ``foxes`` is False (Schweinchen), the Karlchen points, Fuchs im
    letzten Stich, as the rules score them)."""
    out = [("gegen die Alten", KONTRA, 0)] if winner == KONTRA else []
    return out + of_tricks(tricks, re_seats, active, foxes, rules or DokoRules())


def facts_of(state: DokoState) -> DokoFacts:
    """The facts of the finished deal ``state``."""
    contract = state.contract or NORMAL
    re_seats = tuple(sorted(state.re_seats))
    ko_seats = tuple(s for s in state.active if s not in state.re_seats)
    tp, tw = state.trick_points, state.tricks_won
    specials = special_points(state.tricks, state.re_seats, state.active, None,
                              state.schweine is None, state.rules)
    return DokoFacts(
        players=state.players, active=state.active, contract=contract, re_seats=re_seats,
        augen=(sum(tp[s] for s in re_seats), sum(tp[s] for s in ko_seats)),
        tricks=(sum(tw[s] for s in re_seats), sum(tw[s] for s in ko_seats)),
        announced=(state.announced[0], state.announced[1]),
        specials=tuple((what, p) for what, p, _ in specials),
        partner_found=not (contract == HOCHZEIT and state.clarified_in > 0
                           and state.partner is None),
        genscher=state.genscher,
        stille_genscher=state.genscher is not None and contract == NORMAL and any(
            count(state.initial_hands[s], EO) == 2 for s in state.active),
        pflicht=state.pflicht, armut_declined=bool(state.armut_offer))


__all__ = ["PARTY_INDEX", "DokoFacts", "PartyPair", "facts_of", "scored_as_solo",
           "special_points"]
