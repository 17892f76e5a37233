"""Worlds: whole deals that one seat cannot tell from the real one (its information set).

Every game owns exactly one world sampler, next to its state (``games/<game>/worlds.py``),
and the spec loads it on demand (:attr:`binokel.core.spec.GameSpec.worlds`). The strong
players, the hints, the analysis and the research adapters (OpenSpiel's
``resample_from_infostate``, the arena's OpenSpiel bots) all draw their worlds from it, so a
game reads cards in one place: what a void, a meld shown, a bid, a push or an announcement
says about the hidden hands is written once.

A sampler answers in one of two ways (:class:`Sampling`):

- ``UNIFORM``: every deal consistent with the view is equally likely (exactly where the game
  can count them, otherwise as close as the game documents). This is what the research
  toolkits assume of ``resample_from_infostate``.
- ``READ``: card reading. The worlds are also weighted by how likely the others' choices
  (bids, pushes, reservations, announcements, the cards they chose to play) make them under
  the game's model of a player, and drawn in proportion to that weight.

Either way each returned :class:`World` is a whole deal at the view's point: its
``state.view(view.player)`` equals ``view`` (nothing the seat saw is contradicted). A world
that was drawn more than once is returned once, with ``count`` saying how often, so that a
caller may average with ``count`` as the weight without playing the same deal twice.

>>> from binokel.core.worlds import Sampling, World
>>> Sampling("read") is Sampling.READ
True
>>> World(state="a deal", count=2).count
2
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic
from typing import Protocol
from typing import TypeVar

from .view import View

StateT_co = TypeVar("StateT_co", covariant=True)


class Sampling(enum.Enum):
    """How worlds are drawn: uniformly over the consistent deals, or read from play."""

    UNIFORM = "uniform"
    READ = "read"


class NoWorldFound(RuntimeError):
    """The sampler found no deal consistent with the view within its budget (a view that no
    deal explains, or constraints too tight for the game's sampler)."""


@dataclass(frozen=True, slots=True)
class World(Generic[StateT_co]):
    """One consistent deal, and how many of the draws fell on it."""

    state: StateT_co
    count: int = 1


class WorldSampler(Protocol[StateT_co]):
    """A game's one sampler of worlds (see the module's text)."""

    def sample(self, view: View, rng: random.Random, n: int,
               sampling: Sampling = Sampling.READ) -> Sequence[World[StateT_co]]:
        """Up to ``n`` distinct worlds consistent with ``view`` (fewer when the view allows
        few deals), each with how often it was drawn: the counts are the weights to average
        with (a sampler may draw more than ``n`` times to find ``n`` distinct worlds, so
        they may add up to more than ``n``). Raises :class:`NoWorldFound` when none is
        found."""
        ...


def total(worlds: Sequence[World[object]]) -> int:
    """How many draws the worlds stand for.

    >>> total([World("x", 2), World("y")])
    3
    """
    return sum(w.count for w in worlds)


__all__ = ["NoWorldFound", "Sampling", "World", "WorldSampler", "total"]
