"""Binokel: a rules engine for the Swabian card game and its family.

>>> import binokel
>>> state = binokel.DealState.new(binokel.Rules.from_preset("standard"), dealer=2, seed=1)
>>> state.phase, state.to_move
('bidding', 0)
"""

from .cards import card_name, card_token, format_cards, parse_card, parse_cards
from .game import DealResult, DealState, IllegalAction, View
from .rules import PRESETS, Rules, RulesError

__all__ = [
    "PRESETS", "DealResult", "DealState", "IllegalAction", "Rules", "RulesError", "View",
    "card_name", "card_token", "format_cards", "parse_card", "parse_cards",
]
__version__ = "0.1.0"
