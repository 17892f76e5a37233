"""Zweierbinokel's strong players: worlds sampled from a view, the simulation while the
stock lasts, exact play after it on the compiled search core (against the pure-Python
StrictSolver it replaced)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from binokel.bots import make_bot
from binokel.core.cards import Card
from binokel.core.cards import bit
from binokel.core.cards import cards_of
from binokel.core.cards import size
from binokel.core.trick import PLAY_ACTIONS
from binokel.games.zweier import ZweierRules
from binokel.games.zweier import ZweierState
from binokel.games.zweier.bots.heuristic import StrictSolver
from binokel.games.zweier.bots.heuristic import ZweierHeuristicBot
from binokel.games.zweier.bots.strong import LEVELS
from binokel.games.zweier.bots.strong import ZweierStrongBot
from binokel.games.zweier.deal import FREE
from binokel.games.zweier.deal import STRICT
from binokel.games.zweier.search import position
from binokel.games.zweier.view import ZweierView
from binokel.games.zweier.worlds import sample_world
from binokel.games.zweier.worlds import unseen
from binokel.search import solve


def _rules(seed: int) -> ZweierRules:
    return ZweierRules(sevens=seed % 3 == 0, must_beat=seed % 4 != 0,
                       upgrade_melds=seed % 5 != 1,
                       bonus_trick="first" if seed % 7 == 0 else "last",
                       card_points="tournament" if seed % 6 == 5 else "classic")


# ----------------------------------------------------------------------- after the stock
@pytest.mark.parametrize("chunk", range(3))
def test_the_core_agrees_with_the_strict_solver(chunk: int) -> None:
    """On 240 positions after the stock (2 to 9 cards in hand, a card led or not, mixed
    rules) the compiled core's value of every card is the StrictSolver's."""
    checked = 0
    for seed in range(80 * chunk, 80 * chunk + 80):
        rules = _rules(seed)
        rng = random.Random(seed)
        s = ZweierState.new(rules, seed % 2, seed=seed)
        left = 2 + seed % 8
        while not (s.phase == STRICT and size(s.hands[s.to_move]) <= left):
            s.apply(s.random_action(rng))
        if seed % 2 and not s.trick:
            s.apply(s.random_action(rng))   # half of them with a card led
        if s.is_over:
            continue
        me = s.to_move
        mine, his = s.hands[me], s.hands[1 - me]
        strict = StrictSolver.for_rules(s.trump, rules)
        sol = solve(position(s, me), values=True)
        assert sol.values is not None
        led = s.trick[0] if s.trick else -1
        for c, v in sol.values.items():
            assert v == strict.after(mine - bit(c), his, c, led), (seed, c)
        if not s.trick:
            assert sol.value == strict.value(mine, his, we_lead=True)
        checked += 1
    assert checked >= 75


class _StrictSolverBot(ZweierHeuristicBot):
    """The former strong player's play after the stock: the StrictSolver's first best card
    (from eight cards in hand on, to keep the pure-Python search quick)."""

    exact_from = 8

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.solver: StrictSolver | None = None

    def _solver(self, v: ZweierView) -> StrictSolver:
        if self.solver is None or self.solver.trump != v.trump:
            self.solver = StrictSolver.for_rules(v.trump, v.rules)
        return self.solver


def test_after_the_stock_every_level_plays_the_strict_solvers_card() -> None:
    """Whole deals: from eight cards on, strong-easy (one search session a deal, moved on
    card by card) picks exactly the card the StrictSolver picked, at every decision."""
    compared = 0
    for seed in range(6):
        rules = _rules(seed)
        s = ZweierState.new(rules, seed % 2, seed=seed)
        easy = ZweierStrongBot(seed, name="strong-easy", worlds=0)
        old = _StrictSolverBot(seed)
        other = ZweierHeuristicBot(0)
        while not s.is_over:
            v = s.view(s.to_move)
            if s.to_move == 0:
                a = easy.choose(v)
                if v.phase == STRICT and len(v.hand) <= 8:
                    assert a == old.choose(v), (seed, len(v.history))
                    compared += 1
                    if len(v.legal_actions) > 1:
                        assert easy.last_values[a] == max(easy.last_values.values())
            else:
                a = other.choose(v)
            s.apply(a)
    assert compared >= 40


def test_the_session_follows_the_deal_and_restarts_for_another() -> None:
    bot = ZweierStrongBot(1, worlds=0)
    for seed in (3, 4):
        s = ZweierState.new(ZweierRules(), 0, seed=seed)
        h = ZweierHeuristicBot(0)
        while not s.is_over:
            v = s.view(s.to_move)
            a = bot.choose(v) if s.to_move == 0 else h.choose(v)
            if s.to_move == 0 and v.phase == STRICT and len(v.legal_actions) > 1:
                # the session's values are those of a fresh solve of the same position
                # (as score differences: twice the card points, plus what is already scored)
                fresh = solve(position(s, 0), values=True).values
                assert fresh is not None
                left = sum(s.rules.points[c & 7] for h in s.hands for c in cards_of(h))
                left += sum(s.rules.points[c & 7] for c in s.trick)
                left += s.rules.last_trick_bonus if s.rules.bonus_trick == "last" else 0
                now = s.meld_points[0] + s.trick_points[0] - s.meld_points[1] - s.trick_points[1]
                assert bot.last_values == {PLAY_ACTIONS[c]: float(now + 2 * x - left)
                                           for c, x in fresh.items()
                                           if PLAY_ACTIONS[c] in v.legal_actions}
            s.apply(a)


# ----------------------------------------------------------------------- worlds
def _views(seeds: range, every: int = 1) -> list[tuple[ZweierState, ZweierView]]:
    """Views of the player to move while the stock lasts, in deals of mixed rules played by
    the heuristic and random actions."""
    out = []
    for seed in seeds:
        s = ZweierState.new(_rules(seed), seed % 2, seed=seed)
        rng = random.Random(seed)
        h = ZweierHeuristicBot(0)
        k = 0
        while s.phase == FREE:
            v = s.view(s.to_move)
            if k % every == 0:
                out.append((s.clone(), v))
            k += 1
            s.apply(h.choose(v) if rng.random() < 0.6 else s.random_action(rng))
    return out


def test_every_sampled_world_shows_the_player_exactly_his_view() -> None:
    """2,000-odd views (melds, upgrades, Dix exchanges, table plays): a world is found for
    each, the player's view of it is the given view, and the opponent holds only cards the
    player has not seen (the real deal's hidden cards are among them)."""
    n = 0
    for state, v in _views(range(120)):
        w = sample_world(v, random.Random(n))
        assert w is not None, (n, v.history)
        assert w.view(v.player) == v
        opp = 1 - v.player
        hidden = Counter(unseen(v))
        assert not Counter(cards_of(w.hands[opp])) - hidden
        assert Counter(cards_of(state.hands[opp])) + Counter(
            state.deck[state.stock_next:]) == hidden
        n += 1
    assert n > 2000


def test_worlds_vary_what_is_hidden_and_keep_what_was_shown() -> None:
    """The opponent's hand differs from world to world, and every unseen card is dealt to
    him in some world; a card he took by exchanging the Dix stays in his hand."""
    views = _views(range(3, 4))
    _, v = views[len(views) // 2]
    rng = random.Random(5)
    hands = [sample_world(v, rng) for _ in range(60)]
    opp = 1 - v.player
    seen = {cards_of(w.hands[opp]).__repr__() for w in hands if w is not None}
    assert len(seen) > 50
    dealt: set[Card] = set()
    for w in hands:
        assert w is not None
        dealt |= set(cards_of(w.hands[opp]))
    assert dealt == set(unseen(v))
    exchanges = 0
    for state, v in _views(range(0, 90, 3)):   # sevens in every one of these deals
        opp = 1 - v.player
        took = [c for seat, why, c in v.shown if why == "exchange" and seat == opp]
        if not took or state.hands[opp] & (3 * bit(took[0])) == 0:
            continue
        if any(a == PLAY_ACTIONS[took[0]] for seat, a in v.history if seat == opp) or \
                took[0] in v.table[opp]:
            continue
        exchanges += 1
        for i in range(5):
            w = sample_world(v, random.Random(i))
            assert w is not None and w.hands[opp] & (3 * bit(took[0]))
    assert exchanges >= 3


# ----------------------------------------------------------------------- the simulation
def _midgame(seed: int) -> tuple[ZweierState, ZweierView]:
    views = [(s, v) for s, v in _views(range(seed, seed + 1))
             if len(v.legal_actions) > 2 and v.to_move == v.player]
    return views[len(views) // 3]


def test_the_simulation_is_reproducible_and_counts_its_work() -> None:
    _, v = _midgame(7)
    a = ZweierStrongBot(3, worlds=4, cards=3)
    b = ZweierStrongBot(3, worlds=4, cards=3)
    assert a.choose(v) == b.choose(v)
    assert a.last_values == b.last_values and a.last_worlds == 4
    # every card play is there: the heuristic's choice and the cheapest cards
    assert len([x for x in a.last_values if x.startswith("play")]) >= 3
    assert set(a.last_values) <= set(v.legal_actions)
    best = max(a.last_values.values())
    assert a.last_values[a.choose(v)] == best
    # budgets in work: one rollout move, or one solver node, ends the decision after a world
    for opts in ({"moves": 1}, {"budget": 1}):
        c = ZweierStrongBot(3, worlds=4, cards=3, **opts)
        c.choose(v)
        assert c.last_worlds == 1
    # no world: the heuristic's choice
    assert ZweierStrongBot(3, worlds=0).choose(v) == ZweierHeuristicBot(3).choose(v)


def test_a_rollout_value_is_the_deal_score_difference() -> None:
    """A world played out with the candidate, the heuristic until the stock is empty and the
    rest solved exactly is worth our deal score less the opponent's when both play the rest
    perfectly."""
    _, v = _midgame(11)
    world = sample_world(v, random.Random(1))
    assert world is not None
    bot = ZweierStrongBot(0)
    a = v.legal_actions[0]
    value, moves, nodes = bot._play_out(world, a, v.player)
    s = world.clone()
    s.apply(a)
    h = ZweierHeuristicBot(0)
    while s.phase == FREE:
        s.apply(h.choose(s.view(s.to_move)))
    assert moves == len(s.history) - len(world.history) - 1 and nodes > 0
    me = v.player
    perfect = solve(position(s, me)).value
    left = sum(s.rules.points[c & 7] for hand in s.hands for c in cards_of(hand))
    bonus = s.rules.last_trick_bonus if s.rules.bonus_trick == "last" else 0
    mine = s.meld_points[me] + s.trick_points[me] + perfect
    his = s.meld_points[1 - me] + s.trick_points[1 - me] + left + bonus - perfect
    assert value == mine - his


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_whole_deals(level: str) -> None:
    rules = ZweierRules(sevens=True)
    s = ZweierState.new(rules, 1, seed=21)
    bots: list[Any] = [make_bot(level, seed=2, game="zweier"), ZweierHeuristicBot(1)]
    if LEVELS[level]["worlds"]:   # the full budget is for people; here a taste of it
        bots[0] = ZweierStrongBot(2, name=level, **{**LEVELS[level], "worlds": 2})
    while not s.is_over:
        v = s.view(s.to_move)
        a = bots[s.to_move].choose(v)
        assert a in v.legal_actions
        s.apply(a)
    assert s.result is not None and sum(s.result.trick_points) == 250
