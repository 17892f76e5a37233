"""The registry: every game the engine knows, as an explicit, typed list of game specs.

Adding a game is one new package under :mod:`binokel.games` and one line here.

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
_BY_NAME = {spec.name: spec for spec in GAMES}


def find_game(name: str) -> GameSpec:
    """The game called ``name``; an unknown name is a ``ValueError`` that lists the known."""
    spec = _BY_NAME.get(name)
    if spec is None:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(_BY_NAME))})")
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
    return sorted(_BY_NAME)


__all__ = ["GAMES", "GameSpec", "find_game", "game_names", "new_series"]
