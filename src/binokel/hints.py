"""Hints for a person who asks: what the strong player would do in his seat, and what each
card is worth. The engine side of the web game's hint (a table setting that is off unless
the table allows it; the server decides whether a seat may ask, this module only answers).

:func:`hint` takes the asking seat's own view (never more: a hint knows no hidden card) and
plays the game's strongest offered bot (``strong``, else ``heuristic``) on it within a node
budget; the bot draws its worlds from the game's one sampler (``spec.worlds``, see
:mod:`binokel.core.worlds`), from that view alone. The values are the bot's estimates for
the asking player (higher is better), per action, in the unit the game's texts name
(``hint_unit``, German or English); they exist for card plays the bot evaluates by search
and for the decisions the strong bots simulate (Binokel's bid against passing,
Doppelkopf's Vorbehalt, announcements and cards before the last tricks, Zweierbinokel's
stock: the expected score of each choice); in the other decisions, and early in the deal
where a game's strong bot still plays by rule of thumb, only the choice is given.

>>> from binokel.games.doppelkopf.state import DokoState
>>> import random
>>> s = DokoState.new(dealer=0, seed=7)
>>> rng = random.Random(2)
>>> while s.phase != "play" or len(s.view(s.to_move).hand) > 3:
...     s.apply(s.random_action(rng))
>>> h = hint(s.view(s.to_move), node_budget=100_000)
>>> h.action in s.legal_actions(), h.bot, h.unit
(True, 'strong', 'expected game points (+ Augen / 100)')
>>> hint(s.view(s.to_move), node_budget=100_000, lang="de").unit
'erwartete Spielpunkte (+ Augen / 100)'
>>> h.values[h.action] == max(h.values.values())
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from .bots import claim_choice
from .bots import legal_actions_of
from .core import claims
from .registry import find_game

MAX_HINT_BUDGET = 20_000_000
"""The most nodes a hint may search (a stranger controls the budget through the table)."""

DEFAULT_HINT_BUDGET = 400_000


@dataclass(frozen=True)
class Hint:
    """The strong player's choice for the asking seat and its estimate per action."""

    action: str
    values: dict[str, float]   # per action (where searched or simulated): for the asker
    unit: str                  # what the values count, in the asker's language
    bot: str                   # the bot kind that answered

    def to_json(self) -> dict[str, Any]:
        """The hint as JSON data for the client: ``{"action", "values", "unit", "bot"}``,
        values rounded to one decimal."""
        return {"action": self.action, "unit": self.unit, "bot": self.bot,
                "values": {a: round(v, 1) for a, v in self.values.items()}}


def hint(view: Any, node_budget: int = DEFAULT_HINT_BUDGET, seed: int = 0,
         lang: str = "en") -> Hint:
    """The hint for the seat of ``view`` (a seat's own view, to move), searching at most
    about ``node_budget`` solver nodes, its unit in ``lang`` ("de" or "en"). The same view,
    budget and seed give the same hint."""
    if isinstance(node_budget, bool) or not isinstance(node_budget, int) \
            or not 1_000 <= node_budget <= MAX_HINT_BUDGET:
        raise ValueError(f"node_budget must be 1000..{MAX_HINT_BUDGET}, not {node_budget!r}")
    legal_actions_of(view)    # a view of a seat not to move is the caller's error
    game = str(view.game)
    spec = find_game(game)
    if lang not in spec.hint_unit:
        raise ValueError(f"lang must be one of {', '.join(spec.hint_unit)}, not {lang!r}")
    kinds = spec.bots()
    kind = "strong" if "strong" in kinds else "heuristic"
    offered = claims.offered(str(view.phase), view.legal_actions)
    if offered:
        # Claims are answered and made alike by every bot (binokel.bots.claim_choice).
        said = claim_choice(view, random.Random(seed))
        if said is not None:
            return Hint(said, {}, spec.hint_unit[lang], kind)
        view = replace(view, legal_actions=tuple(a for a in view.legal_actions
                                                 if a not in offered))
    bot = kinds[kind](seed)
    if hasattr(bot, "budget"):
        bot.budget = node_budget
    action = bot.choose(view)
    values = {a: float(v) for a, v in getattr(bot, "last_values", {}).items()}
    return Hint(action, values, spec.hint_unit[lang], kind)


__all__ = ["DEFAULT_HINT_BUDGET", "MAX_HINT_BUDGET", "Hint", "hint"]
