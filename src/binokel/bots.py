"""Computer players. A bot sees only a player's view and returns a legal action.

A bot *kind* (``random``, ``heuristic``, ``strong``, ...) names a playing style. ``random``
plays every game; every other kind is implemented by each game that offers it (the game's
spec in :mod:`binokel.registry` lists its kinds), so ``heuristic`` plays Binokel,
Kreuzbinokel, Doppelkopf, ... each by its own rules.

>>> bot = make_bot("random", seed=1, game="binokel")
>>> "heuristic" in bot_names("doppelkopf"), "strong-hard" in bot_names("zweier")
(True, True)
"""

from __future__ import annotations

import importlib
import os
import random
from typing import Any

from .core.spec import Bot
from .core.spec import BotFactory
from .registry import find_game
from .registry import games


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


def kinds_of(game: str) -> dict[str, BotFactory]:
    """The bot kinds that play ``game``, by name."""
    kinds: dict[str, BotFactory] = {"random": RandomBot}
    kinds.update(find_game(game).bots())
    return kinds


# Bot kinds from outside our games, for the arena and the command line (the lobby does not
# offer them): module -> the kinds it makes by ``bot_kinds(game)``. A module is imported only
# when one of its kinds is asked for (OpenSpiel's need the extra ``research``).
EXTERNAL_KINDS: dict[str, tuple[str, ...]] = {
    "binokel.research.openspiel_bots": ("openspiel-ismcts", "openspiel-random"),
}
# More such modules from outside the package, comma-separated, each with ``KINDS`` and
# ``bot_kinds(game)``: e.g. the frozen strong player of November 2026, a yardstick kept in
# benchmarks/ (``PYTHONPATH=benchmarks BINOKEL_BOT_MODULES=strong_2026_11``). An
# environment variable, so that the arena's worker processes know them too.
BOT_MODULES_ENV = "BINOKEL_BOT_MODULES"


def external_kinds() -> dict[str, tuple[str, ...]]:
    """Every external bot module and its kinds: :data:`EXTERNAL_KINDS` and the modules named
    in ``BINOKEL_BOT_MODULES`` (imported here; one that cannot be is a ``ValueError``)."""
    out = dict(EXTERNAL_KINDS)
    for module in filter(None, (m.strip() for m in os.environ.get(BOT_MODULES_ENV, "")
                                .split(","))):
        try:
            kinds = importlib.import_module(module).KINDS
        except (ImportError, AttributeError) as e:
            raise ValueError(f"{BOT_MODULES_ENV}: cannot load bot kinds from {module!r} "
                             f"({e})") from None
        out[module] = tuple(kinds)
    return out


def external_kind(kind: str, game: str) -> BotFactory | None:
    """The factory of an external bot kind for ``game`` (None: no such kind)."""
    for module, kinds in external_kinds().items():
        if kind in kinds:
            factory: BotFactory | None = importlib.import_module(module).bot_kinds(game).get(kind)
            return factory
    return None


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
            factory = kinds_of(game).get(self.name) or external_kind(self.name, game)
            if factory is None:
                raise ValueError(f"bot {self.name!r} does not play {game} "
                                 f"(bots for {game}: {', '.join(bot_names(game))})")
            impl = self._impls[game] = factory(self.seed)
        return impl

    def choose(self, view: Any) -> str:
        return self.implementation(str(view.game)).choose(view)


def make_bot(kind: str, seed: int | None = None, game: str | None = None) -> GameBot:
    """A bot by kind: ``random``, ``heuristic``, ... (see :func:`bot_names`).

    With ``game``, a kind that does not play that game is an error now rather than at its
    first move.
    """
    external = [k for kinds in external_kinds().values() for k in kinds]
    if kind not in bot_names() and kind not in external:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(bot_names() + external)})")
    bot = GameBot(kind, seed)
    if game is not None:
        bot.implementation(game)
    return bot


def bot_names(game: str | None = None) -> list[str]:
    """Every bot kind, or the kinds that play ``game``."""
    if game is not None:
        return sorted(kinds_of(game))
    return sorted({kind for spec in games() for kind in kinds_of(spec.name)})


__all__ = ["BOT_MODULES_ENV", "EXTERNAL_KINDS", "Bot", "BotFactory", "GameBot", "RandomBot",
           "bot_names", "external_kind", "external_kinds", "kinds_of", "legal_actions_of",
           "make_bot"]
