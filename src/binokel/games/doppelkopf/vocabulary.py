"""Doppelkopf's actions besides ``play C``, for the research adapters
(:attr:`binokel.core.spec.GameSpec.vocabulary`): the reservations and their answers, the
announcements, the Armut's ``give`` and ``return`` with every three cards, and, numbered
last, what later options add (with the option on): the Genscher's ``genscher SEAT``, the
König-Buben, König-Damen and Köhler solos, so that every other id is the same with the
options on or off; with ``hochzeit_klaerung = wahl`` the bride's ``hochzeit fremd`` ...
``hochzeit H`` come last of all.

>>> v = vocabulary(DokoRules(), 4)
>>> v.words[:4], v.later
(('gesund', 'vorbehalt', 'hochzeit', 'armut'), ())
>>> vocabulary(DokoRules(genscher="first"), 4).later
('genscher 0', 'genscher 1', 'genscher 2', 'genscher 3')
"""

from __future__ import annotations

from ...core.claims import claim_words
from ...core.rules import RuleSet
from ...core.vocabulary import Vocabulary
from ...core.vocabulary import multisets
from .announcements import ABSAGEN
from .deal import FIRST_SOLOS
from .deal import full_deck
from .genscher import VERB as GENSCHER
from .reservations import BRIDE_CHOICES
from .reservations import PASS
from .reservations import SCHMEISSEN
from .reservations import solos_of
from .rules import DokoRules


def vocabulary(rules: RuleSet, players: int) -> Vocabulary:
    """Doppelkopf's vocabulary under ``rules`` with ``players`` seats."""
    if not isinstance(rules, DokoRules):
        raise TypeError(f"Doppelkopf's rules, not {type(rules).__name__}")
    words = ("gesund", "vorbehalt", "hochzeit", "armut", *FIRST_SOLOS, "accept", "decline",
             "re", "kontra", *ABSAGEN, PASS, SCHMEISSEN)
    three = tuple(multisets(full_deck(rules, players), armut_sizes(rules)))
    later = (tuple(f"{GENSCHER} {seat}" for seat in range(players))
             if rules.genscher != "off" else ())
    # The solos added later, with their options on.
    later += tuple(s for s in solos_of(rules) if s not in FIRST_SOLOS)
    later += claim_words(rules.claims, words)
    if rules.hochzeit_klaerung == "wahl":   # the bride names the Klärungsstich
        later += tuple(f"hochzeit {k}" for k in BRIDE_CHOICES)
    return Vocabulary(words, (), (("give", three), ("return", three)), later)


def armut_sizes(rules: DokoRules) -> list[int]:
    """How many cards an Armut may pass (and get back) under ``rules``: three, unless a
    variant of FreeDoko's (``armut_pass``, ``armut_fuchs_uncounted``) passes more or fewer.

    >>> armut_sizes(DokoRules()), armut_sizes(DokoRules(armut_pass="trumps"))
    ([3], [0, 1, 2, 3])
    """
    most = 5 if rules.armut_fuchs_uncounted else 3
    if rules.armut_pass == "trumps":
        return list(range(most + 1))
    if rules.armut_pass == "fuchs_extra":
        return [3, 4, 5]
    return list(range(3, most + 1))


__all__ = ["armut_sizes", "vocabulary"]
