"""Luxusfamilie, Binokel for three to eight without bidding (seed 004, RULES §7).

- :mod:`.rules`: the options and presets (the seed's missing tables are ours);
- :mod:`.state`: the deal (:class:`LuxusState`): melds, the trump maker, play, scoring;
- :mod:`.texts`: the rules in brief, German and English;
- :mod:`.present`: the table a front end draws;
- :mod:`.bots`: the heuristic player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.spec import BotFactory, GameSpec
from .rules import LuxusRules
from .state import PLAYER_COUNTS, LuxusState, full_deck
from .texts import HELP


def _presenter() -> Callable[..., Any]:
    from .present import present_luxus
    return present_luxus


def _bots() -> Mapping[str, BotFactory]:
    from .bots import LuxusHeuristicBot
    return {"heuristic": LuxusHeuristicBot}


SPEC = GameSpec(
    name="luxusfamilie", title=("Luxusfamilie", "Luxusfamilie"), players=PLAYER_COUNTS,
    default_players=4, rules=LuxusRules, new_deal=LuxusState.new, full_deck=full_deck,
    help=HELP, presenter=_presenter, bots=_bots)

__all__ = ["SPEC", "LuxusRules", "LuxusState"]
