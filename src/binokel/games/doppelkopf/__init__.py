"""Doppelkopf (seed 002, RULES §8), four players (five: the dealer sits out).

- :mod:`.rules`: the options and presets;
- :mod:`.state`: the deal (:class:`DokoState`): card orders, Vorbehalte, Armut, Hochzeit,
  announcements, play and scoring;
- :mod:`.series`: a series with its Pflichtsoli;
- :mod:`.texts`: the rules in brief, German and English;
- :mod:`.present`: the table a front end draws;
- :mod:`.bots`: the heuristic player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.spec import BotFactory, GameSpec
from .rules import DokoRules
from .series import DokoSeries
from .state import DokoState, full_deck
from .texts import HELP


def _presenter() -> Callable[..., Any]:
    from .present import present_doppelkopf
    return present_doppelkopf


def _bots() -> Mapping[str, BotFactory]:
    from .bots import DokoHeuristicBot
    return {"heuristic": DokoHeuristicBot}


SPEC = GameSpec(
    name="doppelkopf", title=("Doppelkopf", "Doppelkopf"), players=(4, 5), default_players=4,
    rules=DokoRules, new_deal=DokoState.new, full_deck=full_deck, help=HELP,
    presenter=_presenter, bots=_bots, series=DokoSeries)

__all__ = ["SPEC", "DokoRules", "DokoSeries", "DokoState"]
