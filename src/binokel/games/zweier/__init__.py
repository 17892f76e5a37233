"""Zweierbinokel, two-player Binokel with a stock (seed 001, RULES §7).

The engine, one module per rule topic:

- :mod:`.rules`: the options and presets;
- :mod:`.state`: the deal (:class:`ZweierState`): its fields, the legal actions, the views;
- :mod:`.deal`: the deck, dealing in threes, the turned-up card, drawing from the stock;
- :mod:`.play`: playing a card: free play, the duties after the stock, the trick;
- :mod:`.melds`: the meld table and melding (when, which cards, upgrades);
- :mod:`.dix`: the trump seven (with ``sevens``): the turned-up Dix and the exchange;
- :mod:`.scoring`: the result (:class:`~.scoring.ZweierResult`);
- :mod:`.view`: what a seat may know (:class:`~.view.ZweierView`);
- :mod:`.texts`: every text of the game, German and English.

Above the engine: :mod:`.present`, the table a front end draws, and :mod:`.bots`, the
heuristic and the strong player (loaded only when asked for).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.spec import BotFactory
from ...core.spec import GameSpec
from ...core.spec import every_seat
from ...core.spec import hook
from ...core.spec import sampler
from .deal import full_deck
from .rules import ZweierRules
from .state import ZweierState
from .texts import TEXTS


def _bots() -> Mapping[str, BotFactory]:
    from .bots.heuristic import ZweierHeuristicBot
    from .bots.strong import level_bots
    return {"heuristic": ZweierHeuristicBot, **level_bots()}


SPEC = GameSpec(
    name="zweier", title=("Zweierbinokel", "Two-player Binokel"), players=(2,),
    default_players=2, rules=ZweierRules, new_deal=ZweierState.new, full_deck=full_deck,
    help=TEXTS.help, presenter=hook(__name__, "present:present_zweier"), bots=_bots,
    dealt_in=every_seat,
    pad=hook(__name__, "pad:ZweierPad", make=True), hint_unit=TEXTS.words("hint_unit"),
    position=hook(__name__, "search:search_position"),
    vocabulary=hook(__name__, "vocabulary:vocabulary"), score_scale=100.0,
    rest_word=TEXTS.words("rest_word"),
    worlds=sampler(__name__, "worlds:ZweierWorlds"))

__all__ = ["SPEC", "ZweierRules", "ZweierState"]
