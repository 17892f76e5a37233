"""Binokel: a rules engine for the Swabian card game and its family.

The package root is neutral and light: ``import binokel`` loads no game. The names below are
loaded on first use (``binokel.DealState``, ``from binokel import find_game``), each from the
module that defines it; importing :mod:`binokel.registry` loads the games.

>>> import binokel
>>> state = binokel.DealState.new(binokel.Rules.from_preset("standard"), dealer=2, seed=1)
>>> state.phase, state.to_move
('bidding', 0)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING
from typing import Any

if TYPE_CHECKING:
    from .core.cards import card_name
    from .core.cards import card_token
    from .core.cards import format_cards
    from .core.cards import parse_card
    from .core.cards import parse_cards
    from .core.errors import IllegalAction
    from .core.errors import RulesError
    from .games.binokel.rules import PRESETS
    from .games.binokel.rules import Rules
    from .games.binokel.scoring import DealResult
    from .games.binokel.state import DealState
    from .games.binokel.view import BinokelView
    from .registry import GAMES
    from .registry import find_game
    from .registry import new_series

    __version__: str

# Each public name and the module that defines it.
_WHERE = {
    "card_name": ".core.cards", "card_token": ".core.cards", "format_cards": ".core.cards",
    "parse_card": ".core.cards", "parse_cards": ".core.cards",
    "IllegalAction": ".core.errors", "RulesError": ".core.errors",
    "PRESETS": ".games.binokel.rules", "Rules": ".games.binokel.rules",
    "DealResult": ".games.binokel.scoring",
    "BinokelView": ".games.binokel.view", "DealState": ".games.binokel.state",
    "GAMES": ".registry", "find_game": ".registry", "new_series": ".registry",
}


def _version() -> str:
    """pyproject.toml's version, as the installed package's metadata says it."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version
    try:
        return version("binokel")
    except PackageNotFoundError:   # run from a source tree that was never installed
        return "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        value: Any = _version()
    elif name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    else:
        raise AttributeError(f"module 'binokel' has no attribute {name!r}")
    globals()[name] = value   # once loaded, a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "GAMES",
    "PRESETS",
    "BinokelView",
    "DealResult",
    "DealState",
    "IllegalAction",
    "Rules",
    "RulesError",
    "__version__",
    "card_name",
    "card_token",
    "find_game",
    "format_cards",
    "new_series",
    "parse_card",
    "parse_cards",
]
