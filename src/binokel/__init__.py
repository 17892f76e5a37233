"""Binokel: a rules engine for the Swabian card game and its family.

>>> import binokel
>>> state = binokel.DealState.new(binokel.Rules.from_preset("standard"), dealer=2, seed=1)
>>> state.phase, state.to_move
('bidding', 0)
"""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

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
from .games.binokel.state import BinokelView
from .games.binokel.state import DealState
from .registry import GAMES
from .registry import find_game
from .registry import new_series

try:
    # One version, pyproject.toml's, as the installed package's metadata says it.
    __version__ = _version("binokel")
except PackageNotFoundError:   # run from a source tree that was never installed
    __version__ = "0+unknown"

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
