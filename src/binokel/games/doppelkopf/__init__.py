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

from collections.abc import Mapping
from typing import Any

from ...core.spec import BotFactory
from ...core.spec import GameSpec
from ...core.spec import hook
from .deal import full_deck
from .deal import seating
from .rules import DokoRules
from .series import DokoSeries
from .state import DokoState
from .texts import TEXTS


def _bots() -> Mapping[str, BotFactory]:
    from .bots import DokoHeuristicBot
    from .strong import kinds
    return {"heuristic": DokoHeuristicBot, **kinds()}


def _re_seats(result: Any) -> tuple[int, ...]:
    """The Re party of a finished deal (a soloist alone): the side the ratings see."""
    return tuple(result.re_seats)


def _dealt_in(players: int, dealer: int) -> tuple[int, ...]:
    """The four seats in play (with five the dealer sits out)."""
    return tuple(sorted(seating(dealer, players)[0]))


SPEC = GameSpec(
    name="doppelkopf", title=("Doppelkopf", "Doppelkopf"), players=(4, 5), default_players=4,
    rules=DokoRules, new_deal=DokoState.new, full_deck=full_deck, help=TEXTS.help,
    presenter=hook(__name__, "present:present_doppelkopf"), bots=_bots, dealt_in=_dealt_in,
    pad=hook(__name__, "pad:DokoPad", make=True), series=DokoSeries,
    worlds=hook(__name__, "worlds:DokoWorlds", make=True),
    hint_unit=TEXTS.words("hint_unit"), points_word=TEXTS.words("points_word"),
    deck="french", position=hook(__name__, "search:search_position"),
    vocabulary=hook(__name__, "vocabulary:vocabulary"), score_scale=2.0,
    old_records=hook(__name__, "old_records:READERS"), side_of=_re_seats,
    # level with FreeDoko's profi player (the heuristic is a point a deal behind it) and
    # thinking 0.1 s a card (median; docs/search.md, issue 35)
    default_bot="strong")

__all__ = ["SPEC", "DokoRules", "DokoSeries", "DokoState"]
