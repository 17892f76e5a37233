"""Luxusfamilie, Binokel for three to eight without bidding (seed 004, RULES §7).

The engine, one module per rule topic:

- :mod:`.rules`: the options and presets (the seed's missing tables are ours);
- :mod:`.deal`: the deck, the packets per player count, the set-aside cards;
- :mod:`.melds`: the meld table and the best melding of a hand;
- :mod:`.trump`: who names trump (meld totals and the tie-break) and ``trump T``;
- :mod:`.play`: what may be played (Farbzwang, Trumpfzwang) and the known voids;
- :mod:`.scoring`: power points, their conversion, the result (:class:`LuxusResult`);
- :mod:`.view`: what a seat may know (:class:`LuxusView`);
- :mod:`.state`: the deal (:class:`LuxusState`) and the play;
- :mod:`.texts`: every German and English text: the rules in brief and the table's words.

Above the engine, loaded only when asked: :mod:`.present` (the table a front end draws) and
:mod:`.bots` (the heuristic player).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.spec import BotFactory
from ...core.spec import GameSpec
from ...core.spec import every_seat
from ...core.spec import hook
from ...core.spec import sampler
from .deal import PLAYER_COUNTS
from .deal import full_deck
from .rules import LuxusRules
from .state import LuxusState
from .texts import TEXTS


def _bots() -> Mapping[str, BotFactory]:
    from .bots import LuxusHeuristicBot
    from .strong import kinds
    return {"heuristic": LuxusHeuristicBot, **kinds()}


SPEC = GameSpec(
    name="luxusfamilie", title=("Luxusfamilie", "Luxusfamilie"), players=PLAYER_COUNTS,
    default_players=4, rules=LuxusRules, new_deal=LuxusState.new, full_deck=full_deck,
    help=TEXTS.help, presenter=hook(__name__, "present:present_luxus"), bots=_bots,
    dealt_in=every_seat,
    pad=hook(__name__, "pad:LuxusPad", make=True), hint_unit=TEXTS.words("hint_unit"),
    points_word=TEXTS.words("points_word"),
    position=hook(__name__, "search:search_position"),
    vocabulary=hook(__name__, "vocabulary:vocabulary"), score_scale=100.0,
    rest_word=TEXTS.words("rest_word"),
    worlds=sampler(__name__, "worlds:sampler"))

__all__ = ["SPEC", "LuxusRules", "LuxusState"]
