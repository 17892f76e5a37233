"""Luxusfamilie's actions besides ``play C``, for the research adapters
(:attr:`binokel.core.spec.GameSpec.vocabulary`): the trump maker's ``trump S``.

>>> from binokel.games.luxusfamilie.rules import LuxusRules
>>> vocabulary(LuxusRules(), 4).words
('trump E', 'trump B', 'trump H', 'trump S')
"""

from __future__ import annotations

from ...core.claims import claim_words
from ...core.rules import RuleSet
from ...core.vocabulary import Vocabulary
from .trump import TRUMP_ACTIONS


def vocabulary(rules: RuleSet, players: int) -> Vocabulary:
    """The same under every player count; with ``claims`` the claim actions last."""
    return Vocabulary(tuple(TRUMP_ACTIONS),
                      later=claim_words(bool(getattr(rules, "claims", False))))


__all__ = ["vocabulary"]
