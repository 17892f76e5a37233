"""Binokel's melds: the Binokel family's meld tables and meld finder
(:mod:`binokel.games.family.melds`, which Zweierbinokel and Luxusfamilie share), under the
name they have always had here.

>>> from binokel.core.cards import parse_cards, cardset, EICHEL
>>> from binokel.games.binokel.rules import Rules
>>> best_melds(cardset(parse_cards("EA E10 EK EO EU")), EICHEL, Rules()).total
150
"""

from __future__ import annotations

from ..family.melds import BO
from ..family.melds import FAMILY_RANKS
from ..family.melds import FOUR_VALUES
from ..family.melds import MELD_NAMES
from ..family.melds import NO_MELDS
from ..family.melds import NO_TRUMP
from ..family.melds import SU
from ..family.melds import Meld
from ..family.melds import MeldResult
from ..family.melds import best_melds
from ..family.melds import binokel_melds
from ..family.melds import rank_melds

__all__ = ["BO", "FAMILY_RANKS", "FOUR_VALUES", "MELD_NAMES", "NO_MELDS", "NO_TRUMP", "SU",
           "Meld", "MeldResult", "best_melds", "binokel_melds", "rank_melds"]
