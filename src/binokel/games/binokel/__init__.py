"""Binokel (three players, or four with the dealer sitting out) and Kreuzbinokel (four, in
teams): one engine, two entries in the registry.

- :mod:`.rules`: the options and presets;
- :mod:`.state`: the deal (:class:`DealState`): dealing, seating, the play;
- :mod:`.melds`: finding the best melding of a hand;
- :mod:`.scoring`: scoring a finished deal;
- :mod:`.kreuz`: the Kreuzbinokel deal;
- :mod:`.texts`: the rules in brief, German and English;
- :mod:`.present`: the table a front end draws;
- :mod:`.worlds`: the deals a seat cannot tell from the real one (uniform, or read from
  the others' play), for the strong player, the hints and the research adapters;
- :mod:`.bots`: the heuristic and the strong (PIMC) players; :mod:`.solver`: the
  perfect-information solver behind the strong player and ``binokel solve``.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from ...core.pad import PadAdapter
from ...core.spec import BotFactory
from ...core.spec import GameSpec
from ...core.spec import PositionOf
from ...core.spec import VocabularyOf
from ...core.spec import sampler
from .deal import full_deck
from .deal import seating
from .kreuz import new_deal as new_kreuz_deal
from .rules import Rules
from .state import DealState
from .texts import TEXTS


def _presenter() -> Callable[..., Any]:
    from .present import present_binokel
    return present_binokel


def _bots() -> Mapping[str, BotFactory]:
    from .bots.heuristic import HeuristicBot
    from .bots.strong import LEVELS
    from .bots.strong import level_factory
    kinds: dict[str, BotFactory] = {"heuristic": HeuristicBot}
    for level in LEVELS:
        kinds[level] = level_factory(level)
    return kinds


def _pad(game: str) -> Callable[[], PadAdapter[Any]]:
    def load() -> PadAdapter[Any]:
        from .pad import BinokelPad
        return BinokelPad(game)
    return load


def _position() -> PositionOf:
    from .search import search_position
    return search_position


def _vocabulary() -> VocabularyOf:
    from .vocabulary import vocabulary
    return vocabulary


def _kreuz_vocabulary() -> VocabularyOf:
    from .vocabulary import kreuz_vocabulary
    return kreuz_vocabulary


def _dealt_in(game: str) -> Callable[[int, int], tuple[int, ...]]:
    """The seats dealt in: the seats in play (with four at Binokel the dealer sits out)."""
    def dealt_in(players: int, dealer: int) -> tuple[int, ...]:
        return tuple(sorted(seating(game, players, dealer)[0]))
    return dealt_in


SPEC = GameSpec(
    name="binokel", title=("Binokel (zu dritt oder zu viert)", "Binokel (three or four)"),
    players=(3, 4), default_players=3, rules=Rules, new_deal=DealState.new,
    full_deck=lambda rules, players: full_deck(rules), help=TEXTS.help,
    presenter=_presenter, bots=_bots, dealt_in=_dealt_in("binokel"), pad=_pad("binokel"),
    hint_unit=TEXTS.words("hint_unit"),
    position=_position, vocabulary=_vocabulary, score_scale=300.0,
    rest_word=TEXTS.words("rest_word"),
    worlds=sampler(__name__, "worlds:BinokelWorlds"))

KREUZ_SPEC = GameSpec(
    name="kreuzbinokel", title=("Kreuzbinokel (zu viert, über Kreuz)",
                                "Kreuzbinokel (four, partners opposite)"),
    players=(4,), default_players=4, rules=Rules, new_deal=new_kreuz_deal,
    full_deck=lambda rules, players: full_deck(rules), help=TEXTS.sections["help_kreuzbinokel"],
    presenter=_presenter, bots=_bots, dealt_in=_dealt_in("kreuzbinokel"),
    pad=_pad("kreuzbinokel"), teams=((0, 2), (1, 3)),
    hint_unit=TEXTS.words("hint_unit"),
    position=_position, vocabulary=_kreuz_vocabulary, score_scale=300.0,
    rest_word=TEXTS.words("rest_word"),
    worlds=sampler(__name__, "worlds:BinokelWorlds", "KREUZ_SPEC"))

__all__ = ["KREUZ_SPEC", "SPEC", "DealState", "Rules"]
