"""Today's Doppelkopf players, frozen (28 Nov 2026, main at 5c89f80): the yardstick of
issue 35, kept outside the wheel (``benchmarks/``, never installed).

``strong.py``, ``simulate.py``, ``heuristic.py`` and ``pimc.py`` are verbatim copies of
``games/doppelkopf/strong.py``, ``simulate.py``, ``bots.py`` and ``search/pimc.py`` with the
imports pointed here or at the engine (``binokel.games.doppelkopf.*``), whose rules do not
change. Matches seat them with :func:`register`, which adds the kinds ``doko-strong-2026-11``
and ``doko-heuristic-2026-11`` (and the lower and higher levels) to the arena's external
kinds in this process::

    import doko_strong_2026_11
    doko_strong_2026_11.register()
    run_match(["strong", "doko-strong-2026-11"], ..., workers=1)   # one process

``benchmarks/doko_match.py`` does that from the command line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PREFIX = "doko-"
SUFFIX = "-2026-11"
KINDS = ("strong-easy", "strong", "strong-hard", "heuristic")


def bot_kinds(game: str) -> dict[str, Callable[[int | None], Any]]:
    """The frozen players as external bot kinds: they play Doppelkopf only."""
    if game != "doppelkopf":
        return {}
    from .heuristic import DokoHeuristicBot
    from .strong import kinds
    out: dict[str, Callable[[int | None], Any]] = {
        PREFIX + k + SUFFIX: f for k, f in kinds().items()}
    out[PREFIX + "heuristic" + SUFFIX] = DokoHeuristicBot
    return out


def register() -> None:
    """Make the frozen kinds known to :func:`binokel.bots.make_bot` in this process."""
    from binokel import bots
    bots.EXTERNAL_KINDS[__name__] = tuple(PREFIX + k + SUFFIX for k in KINDS)


__all__ = ["KINDS", "bot_kinds", "register"]
