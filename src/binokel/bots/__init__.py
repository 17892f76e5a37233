"""Computer players. A bot sees only a player's view and returns a legal action.

A bot *kind* (``random``, ``heuristic``, ``strong``, ...) names a playing style; each game
registers its own implementation of the kinds it supports, and :func:`make_bot` returns a bot
that picks the implementation for the game of the view it is shown. So ``heuristic`` plays
Binokel, Kreuzbinokel, Doppelkopf, ... each by its own rules.

>>> from binokel.bots import make_bot
>>> bot = make_bot("random", seed=1)
>>> "heuristic" in bot_names("doppelkopf"), "strong" in bot_names("doppelkopf")
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol


class Bot(Protocol):
    """A computer player: ``choose(view)`` returns one of ``view.legal_actions``."""

    name: str

    def choose(self, view: Any) -> str: ...


BotFactory = Callable[[int | None], Bot]


def legal_actions_of(view: Any) -> list[str]:
    """The actions a bot may choose from; a view of a player not to move is a caller's bug."""
    actions = [str(a) for a in view.legal_actions]
    if not actions:
        raise ValueError("the bot is not to move in this view")
    return actions


class RandomBot:
    """Uniformly random legal actions (deterministic under its seed); plays every game."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        return actions[self.rng.randrange(len(actions))]


ANY_GAME = "*"
# (kind, game) -> factory; game ANY_GAME: the kind plays every game.
_REGISTRY: dict[tuple[str, str], BotFactory] = {("random", ANY_GAME): RandomBot}


def register_bot(name: str, factory: BotFactory, game: str = "binokel") -> None:
    """Register ``factory`` as the implementation of bot kind ``name`` for ``game``."""
    _REGISTRY[(name, game)] = factory


class GameBot:
    """A bot kind across games: the first view of a game creates that game's implementation
    (seeded alike, so a seat's play is reproducible whatever it played before)."""

    def __init__(self, kind: str, seed: int | None = None) -> None:
        self.name = kind
        self.seed = seed
        self._impls: dict[str, Bot] = {}

    def implementation(self, game: str) -> Bot:
        impl = self._impls.get(game)
        if impl is None:
            factory = _REGISTRY.get((self.name, game)) or _REGISTRY.get((self.name, ANY_GAME))
            if factory is None:
                raise ValueError(f"bot {self.name!r} does not play {game} "
                                 f"(bots for {game}: {', '.join(bot_names(game))})")
            impl = self._impls[game] = factory(self.seed)
        return impl

    def choose(self, view: Any) -> str:
        return self.implementation(str(getattr(view, "game", "binokel"))).choose(view)


def make_bot(kind: str, seed: int | None = None, game: str | None = None) -> GameBot:
    """A bot by kind: ``random``, ``heuristic``, ... (see :func:`bot_names`).

    With ``game``, a kind that does not play that game is an error now rather than at its
    first move.
    """
    _load_builtin()
    if kind not in bot_names():
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(bot_names())})")
    bot = GameBot(kind, seed)
    if game is not None:
        bot.implementation(game)
    return bot


def bot_names(game: str | None = None) -> list[str]:
    """Every bot kind, or the kinds that play ``game``."""
    _load_builtin()
    return sorted({k for k, g in _REGISTRY if game is None or g in (game, ANY_GAME)})


def _load_builtin() -> None:
    import importlib
    for mod in ("heuristic", "strong", "doppelkopf_heuristic", "zweier_heuristic",
                "zweier_strong", "luxus_heuristic"):
        try:
            importlib.import_module(f"binokel.bots.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"binokel.bots.{mod}":
                raise
