"""Stichel's actions besides ``play C`` for the research adapters: ``trump S``.

>>> vocabulary(StichelRules(), 3).words
('trump E', 'trump B', 'trump H', 'trump S')
"""

from __future__ import annotations

from binokel.core.rules import RuleSet
from binokel.core.vocabulary import Vocabulary

from .rules import StichelRules
from .state import TRUMP_ACTIONS


def vocabulary(rules: RuleSet, players: int) -> Vocabulary:
    """The same under every rule set and player count."""
    if not isinstance(rules, StichelRules):
        raise TypeError(f"Stichel's rules, not {type(rules).__name__}")
    return Vocabulary(TRUMP_ACTIONS)


__all__ = ["vocabulary"]
