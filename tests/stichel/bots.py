"""Stichel's heuristic player (``random`` is every game's own): names the suit with the most
points as trump, wins a trick as cheaply as it can, else throws its cheapest card.

>>> from stichel.state import StichelState
>>> from binokel.core.cards import format_cards
>>> s = StichelState.new(dealer=0, seed=1, players=2)
>>> format_cards(s.view(1).hand), StichelHeuristicBot().choose(s.view(1))
('EA EK EO BK BO SO', 'trump E')
"""

from __future__ import annotations

from typing import Any

from binokel.core.cards import SUIT_LETTERS
from binokel.core.cards import card_token
from binokel.core.cards import parse_card
from binokel.core.trick import beats

from .deal import POINTS
from .view import StichelView


class StichelHeuristicBot:
    """Plays by rule of thumb; the seed is accepted and not needed (it never draws)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Any) -> str:
        assert isinstance(view, StichelView)
        actions = list(view.legal_actions)
        if not actions:
            raise ValueError("the bot is not to move in this view")
        if view.phase == "trump":
            weight = {s: sum(POINTS[c & 7] + 1 for c in view.hand if c >> 3 == s)
                      for s in range(4)}
            best = max(range(4), key=lambda s: (weight[s], -s))
            return f"trump {SUIT_LETTERS[best]}"
        cards = [parse_card(a.split()[1]) for a in actions]
        cheap = sorted(cards, key=lambda c: (POINTS[c & 7], c))
        if not view.trick:
            return f"play {card_token(max(cards, key=lambda c: (POINTS[c & 7], c)))}"
        best = view.trick[0]
        for c in view.trick[1:]:
            if beats(c, best, view.trump):
                best = c
        winners = [c for c in cheap if beats(c, best, view.trump)]
        return f"play {card_token(winners[0] if winners else cheap[0])}"


__all__ = ["StichelHeuristicBot"]
