"""Binokel: a rules engine for the Swabian card game and its family.

>>> import binokel
>>> state = binokel.DealState.new(binokel.Rules.from_preset("standard"), dealer=2, seed=1)
>>> state.phase, state.to_move
('bidding', 0)
"""

from .core.cards import card_name, card_token, format_cards, parse_card, parse_cards
from .core.errors import IllegalAction, RulesError
from .games.binokel.rules import PRESETS, Rules
from .games.binokel.state import DealResult, DealState, View

__all__ = [
    "PRESETS", "DealResult", "DealState", "IllegalAction", "Rules", "RulesError", "View",
    "card_name", "card_token", "format_cards", "parse_card", "parse_cards",
]
__version__ = "0.1.0"
