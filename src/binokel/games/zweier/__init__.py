"""Zweierbinokel, two-player Binokel with a stock (seed 001, RULES §7).

- :mod:`.rules`: the options and presets;
- :mod:`.state`: the deal (:class:`ZweierState`), the meld table and melding, scoring;
- :mod:`.texts`: the rules in brief, German and English;
- :mod:`.present`: the table a front end draws;
- :mod:`.bots`: the heuristic and the strong player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.spec import BotFactory, GameSpec
from .rules import ZweierRules
from .state import ZweierState, full_deck
from .texts import HELP


def _presenter() -> Callable[..., Any]:
    from .present import present_zweier
    return present_zweier


def _bots() -> Mapping[str, BotFactory]:
    from .bots.heuristic import ZweierHeuristicBot
    from .bots.strong import ZweierStrongBot
    return {"heuristic": ZweierHeuristicBot, "strong": ZweierStrongBot}


SPEC = GameSpec(
    name="zweier", title=("Zweierbinokel", "Two-player Binokel"), players=(2,),
    default_players=2, rules=ZweierRules, new_deal=ZweierState.new, full_deck=full_deck,
    help=HELP, presenter=_presenter, bots=_bots)

__all__ = ["SPEC", "ZweierRules", "ZweierState"]
