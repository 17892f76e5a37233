"""Stichel: a small trick game that exists for the tests alone, to prove that a game is one
package and nothing outside it (issue 30). It is registered by the tests, never by the
project: in a test's process by ``binokel.registry.load_games(["stichel"])`` (the fixtures
of ``tests/test_stichel*.py``), for a command and its workers by the environment
(``BINOKEL_GAMES=stichel PYTHONPATH=tests binokel arena --game stichel ...``).

Two to four players, 16 cards (A 10 K O of each suit), Vorhand names trump, follow suit,
the highest trump or card of the led suit wins; card points, the last trick's bonus is the
one option. The package holds what every game holds: rules and presets, deal, state, view,
result, texts (German and English), a presenter, a heuristic bot, a score pad, a search
position (so the analysis, the solver and the hints work) and its action vocabulary (so
OpenSpiel and PettingZoo do); its spec names them.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from binokel.core.spec import BotFactory
from binokel.core.spec import GameSpec
from binokel.core.spec import PositionOf
from binokel.core.spec import VocabularyOf
from binokel.core.spec import every_seat
from binokel.core.spec import hook

from .deal import PLAYER_COUNTS
from .deal import full_deck
from .rules import StichelRules
from .state import StichelState
from .texts import TEXTS


def _presenter() -> Callable[..., Any]:
    from .present import present_stichel
    return present_stichel


def _bots() -> Mapping[str, BotFactory]:
    from .bots import StichelHeuristicBot
    return {"heuristic": StichelHeuristicBot}


def _position() -> PositionOf:
    from .search import search_position
    return search_position


def _vocabulary() -> VocabularyOf:
    from .vocabulary import vocabulary
    return vocabulary


SPEC = GameSpec(
    name="stichel", title=("Stichel (nur für Tests)", "Stichel (for the tests)"),
    players=PLAYER_COUNTS, default_players=3, rules=StichelRules, new_deal=StichelState.new,
    full_deck=full_deck, help=TEXTS.help, presenter=_presenter, bots=_bots, dealt_in=every_seat,
    hint_unit=TEXTS.words("hint_unit"), points_word=TEXTS.words("points_word"),
    rest_word=TEXTS.words("rest_word"), position=_position, vocabulary=_vocabulary,
    pad=hook(__name__, "pad:StichelPad", make=True), score_scale=30.0)

__all__ = ["SPEC", "StichelRules", "StichelState"]
