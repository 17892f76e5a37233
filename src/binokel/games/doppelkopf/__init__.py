"""Doppelkopf (seed 002, RULES §8), four players (five: the dealer sits out).

The engine:

- :mod:`.rules`: the options and presets;
- :mod:`.state`: the deal (:class:`DokoState`) and the play of the cards;
- :mod:`.deal`: the deck, the seats in play, dealing, the names of phases and contracts;
- :mod:`.order`: the card orders (which cards are trump) and who wins a trick;
- :mod:`.reservations`: Vorbehalte, Soli, Hochzeit and its Klärungsstich;
- :mod:`.armut`: the Armut's exchange (option);
- :mod:`.announcements`: Re / Kontra, the Absagen and their deadlines;
- :mod:`.scoring`: the result (:class:`~.scoring.DokoResult`);
- :mod:`.view`: what a seat may know (:class:`~.view.DokoView`);
- :mod:`.series`: a series with its Pflichtsoli;
- :mod:`.texts`: every text, German and English.

Above the engine (loaded only when asked): :mod:`.present`, the table a front end draws,
:mod:`.bots`, the heuristic player, :mod:`.worlds`, the world sampler (card reading), and
:mod:`.strong`, the strong player; :mod:`.old_records` reads records of older versions.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from ...core.pad import PadAdapter
from ...core.spec import BotFactory
from ...core.spec import GameSpec
from ...core.spec import OldRecordReader
from ...core.spec import PositionOf
from ...core.spec import VocabularyOf
from ...core.worlds import WorldSampler
from .deal import full_deck
from .rules import DokoRules
from .series import DokoSeries
from .state import DokoState
from .texts import TEXTS


def _presenter() -> Callable[..., Any]:
    from .present import present_doppelkopf
    return present_doppelkopf


def _worlds() -> WorldSampler[DokoState]:
    from .worlds import DokoWorlds
    return DokoWorlds()


def _bots() -> Mapping[str, BotFactory]:
    from .bots import DokoHeuristicBot
    from .strong import kinds
    return {"heuristic": DokoHeuristicBot, **kinds()}


def _pad() -> PadAdapter[Any]:
    from .pad import DokoPad
    return DokoPad()


def _position() -> PositionOf:
    from .search import search_position
    return search_position


def _vocabulary() -> VocabularyOf:
    from .vocabulary import vocabulary
    return vocabulary


def _old_records() -> Sequence[tuple[str, OldRecordReader]]:
    from .old_records import READERS
    return READERS


SPEC = GameSpec(
    name="doppelkopf", title=("Doppelkopf", "Doppelkopf"), players=(4, 5), default_players=4,
    rules=DokoRules, new_deal=DokoState.new, full_deck=full_deck, help=TEXTS.help,
    presenter=_presenter, bots=_bots, pad=_pad, series=DokoSeries, worlds=_worlds,
    hint_unit=TEXTS.words("hint_unit"), points_word=TEXTS.words("points_word"),
    deck="french", position=_position, vocabulary=_vocabulary, score_scale=2.0,
    old_records=_old_records)

__all__ = ["SPEC", "DokoRules", "DokoSeries", "DokoState"]
