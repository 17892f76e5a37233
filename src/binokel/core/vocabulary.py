"""A game's action vocabulary: every action it can offer besides ``play C``, as data.

The research adapters (OpenSpiel, PettingZoo: :mod:`binokel.research.actions`) number a
game's actions ``0 .. n-1``; what those actions are is the game's own knowledge, so each game
answers it through its spec (:attr:`binokel.core.spec.GameSpec.vocabulary`) with a
:class:`Vocabulary`: small typed values, in the spirit of OpenSpiel, where the game declares
its ``num_distinct_actions`` and spells its actions itself.

>>> from binokel.core.cards import parse_cards, cards_of, format_cards
>>> v = Vocabulary(words=("pass", "bid 150"), one_card=("call",),
...                multi_card=(("discard", tuple(multisets(parse_cards("EA EA EK"), [2]))),))
>>> [format_cards(cards_of(s)) for s in v.multi_card[0][1]]
['EA EK', 'EA EA']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card
from .cards import CardSet
from .cards import cardset


@dataclass(frozen=True)
class Vocabulary:
    """Every action of a game under given rules and player count besides ``play C``.

    ``words``: actions without cards (``pass``, ``bid 150``, ``trump H``, ``gesund``), in the
    game's order; ``one_card``: verbs that name one card (``call C``); ``multi_card``: verbs
    that name several cards, each with every card set it may name (``discard``, the Armut's
    ``give``); ``later``: actions without cards that were added to the game later, numbered
    after all others so that the ids of the rest stay as they were."""

    words: tuple[str, ...] = ()
    one_card: tuple[str, ...] = ()
    multi_card: tuple[tuple[str, tuple[CardSet, ...]], ...] = ()
    later: tuple[str, ...] = ()


def multisets(deck: Iterable[Card], sizes: Iterable[int]) -> list[CardSet]:
    """Every card set of the given sizes that ``deck`` (a list with copies) can supply.

    >>> len(multisets([0, 0, 1, 1, 2], [2]))  # 00 01 02 11 12
    5
    """
    copies = Counter(deck)
    out: set[CardSet] = set()
    for n in sizes:
        for combo in itertools.combinations_with_replacement(sorted(copies), n):
            if all(combo.count(c) <= copies[c] for c in set(combo)):
                out.add(cardset(combo))
    return sorted(out)


__all__ = ["Vocabulary", "multisets"]
