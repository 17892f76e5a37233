"""Doppelkopf's actions besides ``play C``, for the research adapters
(:attr:`binokel.core.spec.GameSpec.vocabulary`): the reservations and their answers, the
announcements, the Armut's ``give`` and ``return`` with every three cards, and, numbered
last, the Genscher's ``genscher SEAT`` (with the option on) so that every other id is the
same with the option on or off.

>>> v = vocabulary(DokoRules(), 4)
>>> v.words[:4], v.later
(('gesund', 'vorbehalt', 'hochzeit', 'armut'), ())
>>> vocabulary(DokoRules(genscher="first"), 4).later
('genscher 0', 'genscher 1', 'genscher 2', 'genscher 3')
"""

from __future__ import annotations

from ...core.rules import RuleSet
from ...core.vocabulary import Vocabulary
from ...core.vocabulary import multisets
from .announcements import ABSAGEN
from .deal import SOLOS
from .deal import full_deck
from .genscher import VERB as GENSCHER
from .reservations import PASS
from .reservations import SCHMEISSEN
from .rules import DokoRules


def vocabulary(rules: RuleSet, players: int) -> Vocabulary:
    """Doppelkopf's vocabulary under ``rules`` with ``players`` seats."""
    if not isinstance(rules, DokoRules):
        raise TypeError(f"Doppelkopf's rules, not {type(rules).__name__}")
    words = ("gesund", "vorbehalt", "hochzeit", "armut", *SOLOS, "accept", "decline",
             "re", "kontra", *ABSAGEN, PASS, SCHMEISSEN)
    three = tuple(multisets(full_deck(rules, players), [3]))
    later = (tuple(f"{GENSCHER} {seat}" for seat in range(players))
             if rules.genscher != "off" else ())
    return Vocabulary(words, (), (("give", three), ("return", three)), later)


__all__ = ["vocabulary"]
