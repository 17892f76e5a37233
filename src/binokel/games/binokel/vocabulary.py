"""Binokel's and Kreuzbinokel's actions besides ``play C``, for the research adapters
(:attr:`binokel.core.spec.GameSpec.vocabulary`).

In the order of the numbering (docs/research.md): ``pass``, every bid from the lowest to the
highest, ``abgehen S`` and ``trump S`` for every suit, ``durch``, ``untendurch``,
``call none``; the verbs naming one card (``call``, ``give``); ``discard`` with every card
set of the Dapp's size the deck allows.

>>> v = vocabulary(Rules(), 3)
>>> v.words[:3], v.words[-3:], v.one_card, v.multi_card[0][0]
(('pass', 'bid 150', 'bid 160'), ('durch', 'untendurch', 'call none'), ('call', 'give'), 'discard')
"""

from __future__ import annotations

from ...core.cards import SUIT_LETTERS
from ...core.rules import RuleSet
from ...core.vocabulary import Vocabulary
from ...core.vocabulary import multisets
from .deal import full_deck
from .kreuz import new_deal as new_kreuz_deal
from .rules import Rules
from .state import DealState


def _vocabulary(rules: Rules, state: DealState) -> Vocabulary:
    bids = [f"bid {x}" for x in range(rules.min_bid, rules.max_bid + 1, rules.bid_step)]
    dapp = len(state.dapp_cards)
    words = ("pass", *bids, *(f"abgehen {s}" for s in SUIT_LETTERS),
             *(f"trump {s}" for s in SUIT_LETTERS), "durch", "untendurch", "call none")
    multi = (("discard", tuple(multisets(full_deck(rules), [dapp]))),) if dapp else ()
    return Vocabulary(words, ("call", "give"), multi)


def _rules(rules: RuleSet) -> Rules:
    if not isinstance(rules, Rules):
        raise TypeError(f"Binokel's rules, not {type(rules).__name__}")
    return rules


def vocabulary(rules: RuleSet, players: int) -> Vocabulary:
    """Binokel's vocabulary under ``rules`` with ``players`` seats (the Dapp's size from a
    deal of those)."""
    r = _rules(rules)
    return _vocabulary(r, DealState.new(r, 0, seed=0, players=players))


def kreuz_vocabulary(rules: RuleSet, players: int) -> Vocabulary:
    """Kreuzbinokel's vocabulary (its Dapp is the Kreuzbinokel deal's)."""
    r = _rules(rules)
    return _vocabulary(r, new_kreuz_deal(r, 0, seed=0, players=players))


__all__ = ["kreuz_vocabulary", "vocabulary"]
