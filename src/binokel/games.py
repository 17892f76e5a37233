"""The common game API and the registry of every game the engine knows.

Every game's deal state follows :class:`GameState` (in the spirit of OpenSpiel): a player to
move, legal actions as strings, ``apply``, ``is_over``, ``result.scores`` and per-player views.
Records, bots, the terminal game, the server and the arena only talk to this protocol.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .cards import Card
from .rules import Option


class GameResult(Protocol):
    @property
    def scores(self) -> tuple[int, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


class GameView(Protocol):
    @property
    def player(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    @property
    def legal_actions(self) -> tuple[str, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


class GameState(Protocol):
    players: int
    dealer: int
    deck: tuple[Card, ...]
    history: list[tuple[int, str]]
    to_move: int

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> Any: ...

    def legal_actions(self) -> list[str]: ...

    def apply(self, action: str) -> None: ...

    def clone(self) -> Any: ...

    def random_action(self, rng: random.Random) -> str: ...

    def view(self, player: int) -> Any: ...

    def public_view(self) -> Any: ...


@dataclass(frozen=True)
class GameSpec:
    """How to make rules and deals of one game, and how to explain it (``binokel rules``)."""

    name: str
    players: tuple[int, ...]                      # allowed player counts
    default_players: int
    make_rules: Callable[[Mapping[str, Any]], Any]  # from a record's "rules" object
    new_deal: Callable[..., Any]                  # (rules, dealer, seed=, deck_order=, players=)
    full_deck: Callable[[Any, int], list[Card]]   # (rules, players) -> the deck
    title: tuple[str, str]                        # (German, English)
    options: Mapping[str, Option] = field(default_factory=dict)   # the game's house rules
    presets: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # name -> (en, de)
    help: Mapping[str, str] = field(default_factory=dict)  # "de"/"en" -> the rules in brief


GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    GAMES[spec.name] = spec


def get_game(name: str) -> GameSpec:
    _load_builtin()
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})")
    return GAMES[name]


def all_games() -> dict[str, GameSpec]:
    _load_builtin()
    return dict(GAMES)


def _load_builtin() -> None:
    if "binokel" in GAMES:
        return
    from .game import DealState, full_deck
    from .rules import Rules

    register(GameSpec(
        name="binokel", players=(3,), default_players=3,
        make_rules=Rules.from_dict,
        new_deal=lambda rules, dealer, seed=None, deck_order=None, players=3: DealState.new(
            rules, dealer, seed=seed, deck_order=deck_order, players=players),
        full_deck=lambda rules, players: full_deck(rules),
        title=("Binokel zu dritt", "Three-player Binokel"),
    ))
    # Further games register themselves when their module is imported here.
    import importlib
    for mod in ("kreuz", "zweier", "luxus", "doppelkopf"):
        try:
            importlib.import_module(f"binokel.variants.{mod}")
        except ModuleNotFoundError as e:
            if e.name != f"binokel.variants.{mod}":
                raise
