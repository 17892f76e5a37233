"""The strong Zweierbinokel players: simulation while the stock lasts, exact play after it.

**After the stock** Zweierbinokel is a game of open information: every card a player has not
seen is in the opponent's hand (:func:`~binokel.games.zweier.bots.heuristic.opponent_hand`
reads it off the view, nothing hidden). From the first card after the stock every level
plays the rest of the deal perfectly with the compiled search core
(:mod:`binokel.search`, the position from :func:`binokel.games.zweier.search.position_of`),
one :class:`~binokel.search.Session` per deal; of the best cards it plays the first in the
order of the legal actions, as the pure-Python
:class:`~binokel.games.zweier.bots.heuristic.StrictSolver` did (the two agree on every value,
``tests/test_zweier_strong.py``).

**While the stock lasts** (``strong``, ``strong-hard``) it simulates: it deals the
opponent's hidden hand and the stock's order at random consistently with its view
(the game's sampler, :mod:`binokel.games.zweier.worlds`: the cards seen, the melds shown,
the turned-up card and the Dix; one world at a time, so that a decision whose budget ends
draws no more), and evaluates each candidate action (a card, a meld, the Dix
exchange) on the same sampled worlds: the action, then both players as the heuristic until
the stock is empty, then the rest solved exactly. The value of a world is the difference of
the two players' deal scores (melds + trick points); the action with the best average wins
(on a tie, the heuristic's choice). ``strong-easy`` plays the heuristic while the stock lasts.

Every budget counts work, never the clock, so a seed gives the same play on a busy machine as
on an idle one: worlds per decision, rollout moves and solver nodes per decision (a world
that would pass them is not started), solver nodes per world.

>>> from binokel.games.zweier import ZweierRules, ZweierState
>>> state = ZweierState.new(ZweierRules(), dealer=0, seed=11)
>>> bots = [ZweierStrongBot(seed=1, worlds=2), ZweierStrongBot(seed=2, worlds=0)]
>>> while not state.is_over:
...     state.apply(bots[state.to_move].choose(state.view(state.to_move)))
>>> sum(state.result.trick_points)
250
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from ....bots import legal_actions_of
from ....core.cards import Card
from ....core.cards import CardSet
from ....core.cards import cards_of
from ....core.cards import cardset
from ....core.trick import PLAY_ACTIONS
from ....core.trick import beats
from ....core.trick import play_card
from ....core.worlds import NoWorldFound
from ....search import SearchLimit
from ....search import Session
from ..deal import DEALT
from ..deal import FREE
from ..deal import STRICT
from ..deal import full_deck
from ..search import position
from ..search import position_of
from ..state import ZweierState
from ..view import ZweierView
from ..worlds import ZweierWorlds
from .heuristic import ZweierHeuristicBot
from .heuristic import opponent_hand

LEVELS: dict[str, dict[str, int]] = {
    "strong-easy": {"worlds": 0},
    "strong": {"worlds": 8, "cards": 4, "moves": 3_000, "budget": 6_000_000},
    "strong-hard": {"worlds": 24, "cards": 12, "moves": 30_000, "budget": 60_000_000},
}
"""The levels: keyword arguments of :class:`ZweierStrongBot`."""


class ZweierStrongBot(ZweierHeuristicBot):
    """Simulation while the stock lasts (``worlds`` > 0), exact play after it.

    ``worlds``: sampled worlds per decision (0: the heuristic's free play); ``cards``: card
    plays evaluated (the heuristic's choice and its cheapest cards; melds and the exchange
    always); ``moves`` and ``budget``: rollout moves and solver nodes a decision may spend
    (a world is only started while both remain); ``world_budget``: solver nodes for one
    world's play after the stock (past it, the heuristic plays that world out)."""

    name = "strong"

    def __init__(self, seed: int | None = None, *, name: str = "strong", worlds: int = 8,
                 cards: int = 4, moves: int = 3_000, budget: int = 6_000_000,
                 world_budget: int = 1_000_000) -> None:
        super().__init__(seed)
        self.name = name
        self.rng = random.Random(seed)
        self.sampler = _sampler()
        self.worlds = worlds
        self.cards = cards
        self.moves = moves
        self.budget = budget          # solver nodes per decision (the hint sets it)
        self.world_budget = world_budget
        # The last decision's value per action: our deal score less the opponent's.
        self.last_values: dict[str, float] = {}
        self.last_worlds = 0          # worlds the last decision averaged over
        self._session: Session | None = None
        self._session_key: tuple[Any, ...] = ()
        self._session_played: list[Card] = []

    def choose(self, view: Any) -> str:
        self.last_values = {}
        self.last_worlds = 0
        actions = legal_actions_of(view)
        v: ZweierView = view
        if len(actions) > 1 and v.phase == FREE and self.worlds > 0:
            return self._simulate(v, actions)
        return super().choose(view)

    # ---------------------------------------------------------------- after the stock
    def _strict(self, v: ZweierView, cards: list[Card], pts: tuple[int, ...]) -> Card:
        session = self._session_for(v)
        try:
            sol = session.solve(self.budget, values=True)
        except SearchLimit:
            return super()._strict(v, cards, pts)
        values = sol.values
        assert values is not None
        best = max(values[c] for c in cards)
        # As while the stock lasts: our deal score less his, the rest played perfectly.
        me, opp = v.player, 1 - v.player
        left = sum(pts[c & 7] for c in (*v.hand, *cards_of(opponent_hand(v)), *v.trick))
        left += v.rules.last_trick_bonus if v.rules.bonus_trick == "last" else 0
        offset = (v.meld_points[me] + v.trick_points[me] - v.meld_points[opp]
                  - v.trick_points[opp] - left)
        self.last_values = {PLAY_ACTIONS[c]: float(2 * values[c] + offset) for c in cards}
        return next(c for c in cards if values[c] == best)

    def _session_for(self, v: ZweierView) -> Session:
        """The search session of this deal's play after the stock, moved on to the view's
        position (a new one when the view is of another deal)."""
        played = [c for t in v.tricks for c in t.cards] + list(v.trick)
        strict = len(full_deck(v.rules)) - DEALT   # two cards a trick, two drawn a trick
        since = played[strict:]
        key = (v.player, v.rules, v.trump, v.dealer, tuple(played[:strict]))
        s = self._session
        if (s is None or key != self._session_key
                or since[:len(self._session_played)] != self._session_played):
            # The position at the first card after the stock: our cards and his.
            after = _strict_plays(v, strict // 2)
            mine = cardset(v.hand) + cardset(c for t, c in after if t == v.player)
            his = opponent_hand(v) + cardset(c for t, c in after if t != v.player)
            first = v.tricks[strict // 2].leader if strict // 2 < len(v.tricks) else (
                v.trick_leader)
            hands: tuple[CardSet, CardSet] = (mine, his) if v.player == 0 else (his, mine)
            s = Session(position_of(v.rules, hands, v.player, v.trump, first, ()))
            self._session, self._session_key, self._session_played = s, key, []
        for c in since[len(self._session_played):]:
            s.play(c)
            self._session_played.append(c)
        return s

    # ---------------------------------------------------------------- while the stock lasts
    def _candidates(self, v: ZweierView, actions: list[str], favourite: str) -> list[str]:
        """The actions worth simulating: every meld and the exchange; of the card plays the
        heuristic's choice, the cheapest winner of a led card and the cheapest cards."""
        cards = {a: c for a in actions if (c := play_card(a)) is not None}
        out = [a for a in actions if a not in cards]
        if len(cards) <= self.cards:
            return out + list(cards)
        keep = self._keep(v)
        pts = v.rules.points

        def cost(a: str) -> tuple[int, int]:
            return (pts[cards[a] & 7] + keep.get(cards[a], 0), cards[a])

        chosen = [favourite] if favourite in cards else []
        if v.trick:
            winners = [a for a, c in cards.items() if beats(c, v.trick[0], v.trump)]
            if winners:
                chosen.append(min(winners, key=cost))
        for a in sorted(cards, key=cost):
            if len(dict.fromkeys(chosen)) >= self.cards:
                break
            chosen.append(a)
        return out + [a for a in cards if a in set(chosen)]

    def _simulate(self, v: ZweierView, actions: list[str]) -> str:
        favourite = super().choose(v)
        candidates = self._candidates(v, actions, favourite)
        if len(candidates) == 1:
            return candidates[0]
        me = v.player
        totals = dict.fromkeys(candidates, 0.0)
        moves = nodes = done = 0
        for _ in range(self.worlds):
            if moves >= self.moves or nodes >= self.budget:
                break
            try:
                world = self.sampler.sample(v, self.rng, 1)[0].state
            except NoWorldFound:
                break
            for a in candidates:
                value, m, n = self._play_out(world, a, me)
                totals[a] += value
                moves += m
                nodes += n
            done += 1
        if not done:
            return favourite
        self.last_worlds = done
        self.last_values = {a: t / done for a, t in totals.items()}
        return max(candidates, key=lambda a: (self.last_values[a], a == favourite))

    def _play_out(self, world: ZweierState, action: str, me: int) -> tuple[float, int, int]:
        """``action`` in ``world``, then the heuristic for both until the stock is empty,
        then exact play: our deal score less his, the rollout moves and solver nodes."""
        s = world.clone()
        s.apply(action)
        moves = 0
        policy = _ROLLOUT
        while s.phase == FREE:
            s.apply(policy.choose(s.view(s.to_move)))
            moves += 1
        nodes = 0
        rest = 0.0
        if s.phase == STRICT:
            session = Session(position(s, me))
            try:
                mine = session.value(self.world_budget)
                left = sum(s.rules.points[c & 7] for h in s.hands for c in cards_of(h))
                bonus = s.rules.last_trick_bonus if s.rules.bonus_trick == "last" else 0
                rest = 2 * mine - left - bonus
                nodes = session.nodes
            except SearchLimit:
                nodes = session.nodes
                while not s.is_over:
                    s.apply(policy.choose(s.view(s.to_move)))
                    moves += 1
        opp = 1 - me
        score = (s.meld_points[me] + s.trick_points[me]) - (s.meld_points[opp]
                                                             + s.trick_points[opp])
        return score + rest, moves, nodes


def _sampler() -> ZweierWorlds:
    """The game's world sampler (the spec's)."""
    from .. import SPEC
    assert SPEC.worlds is not None
    sampler = SPEC.worlds()
    assert isinstance(sampler, ZweierWorlds)
    return sampler


_ROLLOUT = ZweierHeuristicBot(0)   # draws no lots: one instance serves every rollout


def _strict_plays(v: ZweierView, first_trick: int) -> list[tuple[int, Card]]:
    """(seat, card) of every card played from trick ``first_trick`` on."""
    out: list[tuple[int, Card]] = []
    for t in v.tricks[first_trick:]:
        out.append((t.leader, t.cards[0]))
        out.append((1 - t.leader, t.cards[1]))
    if v.trick:
        out.append((v.trick_leader, v.trick[0]))
    return out


def level_bots() -> dict[str, Callable[[int | None], ZweierStrongBot]]:
    """A factory per level, for the game's ``_bots()``."""
    def factory(level: str, opts: Mapping[str, int]) -> Callable[[int | None], ZweierStrongBot]:
        return lambda seed: ZweierStrongBot(seed, name=level, **opts)
    return {level: factory(level, opts) for level, opts in LEVELS.items()}


__all__ = ["LEVELS", "ZweierStrongBot", "level_bots"]
