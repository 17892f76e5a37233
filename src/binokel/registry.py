"""The registry: every game the engine knows, as an explicit, typed list of game specs.

Adding a game to the project is one new package under :mod:`binokel.games` and one line in
``GAMES`` here. A game from outside (a test's own game, a plug-in) is registered at run time:

- in a process, :func:`register` (and :func:`unregister`, for a test's fixture), or
  :func:`load_games` with the names of modules that export ``SPEC`` (or ``SPECS``);
- for a whole command and the processes it starts, the environment variable
  ``BINOKEL_GAMES``: module names separated by commas, loaded by :func:`load_games` the first
  time a game is looked up (``BINOKEL_GAMES=stichel PYTHONPATH=tests binokel serve``).

Code above the engine lists the games with :func:`games` (the built-in ones and the
registered ones) and finds one with :func:`find_game`; a process that starts workers hands
them :func:`extra_modules` (see :func:`binokel.arena.run_match`).

>>> [spec.name for spec in GAMES]
['binokel', 'kreuzbinokel', 'zweier', 'luxusfamilie', 'doppelkopf']
>>> find_game("doppelkopf").players
(4, 5)
>>> find_game("skat")
Traceback (most recent call last):
...
ValueError: unknown game 'skat' (known: binokel, doppelkopf, kreuzbinokel, luxusfamilie, zweier)
"""

from __future__ import annotations

import importlib
import os
import re
import threading
from collections.abc import Iterable

from .core.rules import RuleSet
from .core.series import Series
from .core.spec import GameSpec
from .games import binokel
from .games import doppelkopf
from .games import luxusfamilie
from .games import zweier

GAMES: tuple[GameSpec, ...] = (
    binokel.SPEC,
    binokel.KREUZ_SPEC,
    zweier.SPEC,
    luxusfamilie.SPEC,
    doppelkopf.SPEC,
)
"""The games of the project, in the order the lobby lists them."""

ENV = "BINOKEL_GAMES"
"""The environment variable naming modules of further games (comma-separated)."""

_BY_NAME = {spec.name: spec for spec in GAMES}
_EXTRA: dict[str, GameSpec] = {}          # registered at run time, by name
_MODULES: dict[str, tuple[str, ...]] = {}  # module -> the games it brought (load_games)
_LOCK = threading.Lock()
_env_loaded = False
_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
_MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the games of this process (a game from outside the project). Its name
    is a lower-case word (as records and the command line spell games) that no other game
    has; returns the spec."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"a game is registered by its GameSpec, not {type(spec).__name__}")
    if not _NAME.fullmatch(spec.name):
        raise ValueError(f"a game's name is a lower-case word of up to 40 letters, digits "
                         f"and _, not {spec.name!r}")
    with _LOCK:
        if spec.name in _BY_NAME or _EXTRA.get(spec.name, spec) is not spec:
            raise ValueError(f"there is already a game called {spec.name!r}")
        _EXTRA[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Remove the registered game ``name`` (a built-in game cannot be removed)."""
    if name in _BY_NAME:
        raise ValueError(f"{name!r} is a game of the project, it cannot be unregistered")
    with _LOCK:
        spec = _EXTRA.pop(name, None)
        if spec is None:
            raise ValueError(f"no registered game {name!r}")


def load_games(modules: Iterable[str]) -> list[GameSpec]:
    """Import each module and register the games it exports (``SPECS``, a sequence of
    specs, or ``SPEC``); a module loaded before is not loaded again. Returns the specs of
    the modules named, in order."""
    out: list[GameSpec] = []
    for name in modules:
        if not _MODULE.fullmatch(name):
            raise ValueError(f"{name!r} is not a module name (games come from modules)")
        try:
            module = importlib.import_module(name)
        except ImportError as e:
            raise ValueError(f"cannot load the games of {name!r}: {e}") from None
        specs = getattr(module, "SPECS", None)
        if specs is None:
            specs = (getattr(module, "SPEC", None),)
        names: list[str] = []
        for spec in specs:
            if not isinstance(spec, GameSpec):
                raise ValueError(f"the module {name!r} exports no GameSpec as SPEC or SPECS")
            if _EXTRA.get(spec.name) is not spec:
                register(spec)
            out.append(spec)
            names.append(spec.name)
        with _LOCK:
            _MODULES[name] = tuple(names)
    return out


def extra_modules() -> tuple[str, ...]:
    """The modules of the games loaded by :func:`load_games` or ``BINOKEL_GAMES`` (for a
    worker process, which loads them again)."""
    _load_env()
    with _LOCK:
        return tuple(m for m, names in _MODULES.items() if all(n in _EXTRA for n in names))


def _load_env() -> None:
    global _env_loaded
    if _env_loaded:
        return
    _env_loaded = True
    names = [m.strip() for m in os.environ.get(ENV, "").split(",") if m.strip()]
    if names:
        load_games(names)


def games() -> tuple[GameSpec, ...]:
    """Every game: the project's (``GAMES``) and the registered ones."""
    _load_env()
    return GAMES + tuple(_EXTRA.values())


def find_game(name: str) -> GameSpec:
    """The game called ``name``; an unknown name is a ``ValueError`` that lists the known."""
    spec = _BY_NAME.get(name)
    if spec is None:
        _load_env()
        spec = _EXTRA.get(name)
    if spec is None:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    return spec


def new_series(game: str, rules: RuleSet | None = None, players: int | None = None,
               first_dealer: int = 0, seed: int | None = None) -> Series:
    """A series of deals of ``game`` (its own kind of series where it has one) under
    ``rules`` (default: the game's first preset)."""
    spec = find_game(game)
    return spec.new_series(rules if rules is not None else spec.make_rules({}), players,
                           first_dealer, seed)


def game_names() -> list[str]:
    """Every game's name, sorted."""
    return sorted(spec.name for spec in games())


__all__ = ["ENV", "GAMES", "GameSpec", "extra_modules", "find_game", "game_names", "games",
           "load_games", "new_series", "register", "unregister"]
