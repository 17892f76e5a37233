"""How a deal ended: the typed :class:`Outcome` that every game's result derives from.

Everything above the engine (the series, the score sheet, the arena, records) reads results
through this type, whatever the game: the scores per seat, how the deal ended
(:class:`Termination`), the contract played, who declared it at which bid and whether he made
it. A game's own result adds what only it has (melds, Re and Kontra, power points, ...).

>>> o = Outcome(scores=(-300, 30, 30), termination=Termination.CONCEDED, contract="abgehen",
...             declarer=0, bid=150, made=False)
>>> o.termination.value, o.decided_by_declarer
('conceded', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from mypy_extensions import mypyc_attr


class Termination(Enum):
    """How a deal ended."""

    PLAYED = "played"          # every trick was played
    DECIDED = "decided"        # play stopped once decided (Durch, Untendurch; a claim accepted)
    CONCEDED = "conceded"      # the declarer went out (abgehen) before the play
    THROWN_IN = "thrown_in"    # no game: everybody passed, or the cards were thrown in


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, kw_only=True)
class Outcome:
    """The result of one deal: scores per seat (a seat that sits out scores 0) and the
    contract. ``declarer`` is the seat that chose the contract where there is one (the
    declarer, the soloist, the trump maker), ``bid`` his bid where there was bidding, and
    ``made`` whether he made it (None where nobody played alone against the others)."""

    scores: tuple[int, ...]
    termination: Termination = Termination.PLAYED
    contract: str = "normal"
    declarer: int | None = None
    bid: int | None = None
    made: bool | None = None

    @property
    def decided_by_declarer(self) -> bool:
        """Whether a declarer played (or conceded) a contract of his own."""
        return self.declarer is not None and self.termination is not Termination.THROWN_IN

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "contract": self.contract,
                "declarer": self.declarer, "bid": self.bid, "made": self.made}


__all__ = ["Outcome", "Termination"]
