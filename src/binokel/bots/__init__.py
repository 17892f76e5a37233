"""Computer players. A bot sees only a player's view and returns a legal action.

>>> from binokel.bots import make_bot
>>> bot = make_bot("random", seed=1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol


class Bot(Protocol):
    """A computer player: ``choose(view)`` returns one of ``view.legal_actions``."""

    name: str

    def choose(self, view: Any) -> str: ...


def legal_actions_of(view: Any) -> list[str]:
    """The actions a bot may choose from; a view of a player not to move is a caller's bug."""
    actions = [str(a) for a in view.legal_actions]
    if not actions:
        raise ValueError("the bot is not to move in this view")
    return actions


class RandomBot:
    """Uniformly random legal actions (deterministic under its seed)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        return actions[self.rng.randrange(len(actions))]


BOTS: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot}


def register_bot(name: str, factory: Callable[[int | None], Bot]) -> None:
    BOTS[name] = factory


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A bot by name: ``random``, ``heuristic``, ... (see :data:`BOTS`)."""
    _load_builtin()
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(sorted(BOTS))})")
    return BOTS[kind](seed)


def bot_names() -> list[str]:
    _load_builtin()
    return sorted(BOTS)


def _load_builtin() -> None:
    import importlib
    for mod in ("heuristic", "strong", "doppelkopf_heuristic"):
        try:
            importlib.import_module(f"binokel.bots.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"binokel.bots.{mod}":
                raise
