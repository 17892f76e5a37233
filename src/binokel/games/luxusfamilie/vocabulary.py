"""Luxusfamilie's actions besides ``play C``, for the research adapters
(:attr:`binokel.core.spec.GameSpec.vocabulary`): the trump maker's ``trump S``.

>>> from binokel.games.luxusfamilie.rules import LuxusRules
>>> vocabulary(LuxusRules(), 4).words
('trump E', 'trump B', 'trump H', 'trump S')
"""

from __future__ import annotations

from ...core.rules import RuleSet
from ...core.vocabulary import Vocabulary
from .trump import TRUMP_ACTIONS


def vocabulary(rules: RuleSet, players: int) -> Vocabulary:
    """The same under every rule set and player count."""
    return Vocabulary(tuple(TRUMP_ACTIONS))


__all__ = ["vocabulary"]
