"""Zweierbinokel's actions besides ``play C``, for the research adapters
(:attr:`binokel.core.spec.GameSpec.vocabulary`): ``exchange`` (the turned-up trump's seven),
and ``meld`` with every card set of the meld table under any trump.

>>> from binokel.games.zweier.rules import ZweierRules
>>> v = vocabulary(ZweierRules(), 2)
>>> v.words, v.multi_card[0][0], len(v.multi_card[0][1]) > 10
(('exchange',), 'meld', True)
"""

from __future__ import annotations

from ...core.cards import SUITS
from ...core.cards import cardset
from ...core.cards import parse_cards
from ...core.rules import RuleSet
from ...core.vocabulary import Vocabulary
from .melds import meld_kinds
from .rules import ZweierRules


def vocabulary(rules: RuleSet, players: int) -> Vocabulary:
    """Zweierbinokel's vocabulary under ``rules`` (always two seats)."""
    if not isinstance(rules, ZweierRules):
        raise TypeError(f"Zweierbinokel's rules, not {type(rules).__name__}")
    melds = {cardset(parse_cards(k.action.split(" ", 1)[1]))
             for t in SUITS for k in meld_kinds(t, rules)}
    return Vocabulary(("exchange",), (), (("meld", tuple(sorted(melds))),))


__all__ = ["vocabulary"]
