"""Stichel's result: every seat scores the card points it took (the last trick's bonus
included); nobody declares anything."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from binokel.core.outcome import Outcome


@dataclass(frozen=True)
class StichelResult(Outcome):
    """The scores are the points taken; ``trump`` the suit Vorhand named."""

    tricks_won: tuple[int, ...] = ()
    trump: int = -1
    last_trick: int = 0          # the bonus the last trick carried

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "tricks_won": list(self.tricks_won),
                "trump": "EBHS"[self.trump] if self.trump >= 0 else None,
                "last_trick": self.last_trick}


__all__ = ["StichelResult"]
