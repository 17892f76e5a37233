"""The PIMC players of Doppelkopf and Luxusfamilie (binokel.search.pimc) and their worlds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from binokel.core.cards import cards_of
from binokel.core.cards import distinct
from binokel.core.trick import PLAY_ACTIONS
from binokel.games.doppelkopf.state import DokoState
from binokel.games.doppelkopf.strong import DokoStrongBot
from binokel.games.luxusfamilie.state import LuxusState
from binokel.games.luxusfamilie.strong import LuxusStrongBot
from binokel.registry import find_game


@pytest.mark.parametrize("game", ["doppelkopf", "luxusfamilie"])
def test_levels_are_offered_by_the_game(game: str) -> None:
    kinds = find_game(game).bots()
    assert {"heuristic", "strong-easy", "strong", "strong-hard"} <= set(kinds)
    assert kinds["strong-easy"](1).name == "strong-easy"


def _doko_at(seed: int, tricks_left: int) -> DokoState:
    rng = random.Random(seed)
    s = DokoState.new(dealer=seed % 4, seed=seed)
    for _ in range(4):
        s.apply("gesund")
    while not s.is_over and (len(cards_of(s.hands[s.to_move])) > tricks_left or s.trick):
        s.apply(PLAY_ACTIONS[rng.choice(list(distinct(s.legal_cards())))])
    return s


@pytest.mark.parametrize("seed", range(6))
def test_doppelkopf_worlds_agree_with_the_view(seed: int) -> None:
    s = _doko_at(seed, 5)
    assert not s.is_over, f"seed {seed} ends early: choose another"   # fixed seeds
    view = s.view(s.to_move)
    bot = DokoStrongBot(seed, samples=8)
    worlds = list(bot.worlds(view) or ())
    assert worlds
    for p in worlds:
        assert p.hands[view.player] == s.hands[view.player]
        assert sum(p.maximiser) in (1, 2)
        # what the view knows of the parties holds in every world
        for seat in s.active:
            if view.parties[seat] is not None:
                assert p.maximiser[seat] == (view.parties[seat] == "re")
        assert sorted(c for h in p.hands for c in cards_of(h)) == sorted(
            c for h in s.hands for c in cards_of(h))


@pytest.mark.parametrize("seed", range(4))
def test_doppelkopf_strong_picks_its_best_average(seed: int) -> None:
    s = _doko_at(seed, 4)
    assert not s.is_over, f"seed {seed} ends early: choose another"   # fixed seeds
    bot = DokoStrongBot(seed, samples=6)
    a = bot.choose(s.view(s.to_move))
    assert a in s.legal_actions()
    if bot.last_values:
        assert bot.last_values[a] == max(bot.last_values.values())
        assert set(bot.last_values) == {PLAY_ACTIONS[c] for c in distinct(s.legal_cards())}
    again = DokoStrongBot(seed, samples=6).choose(s.view(s.to_move))
    assert again == a   # the work is counted in nodes: the same seed, the same card


@pytest.mark.parametrize("players", [3, 5])
def test_luxus_strong_plays_whole_deals(players: int) -> None:
    s = LuxusState.new(dealer=0, seed=players, players=players)
    bots = [LuxusStrongBot(seed=i, samples=4, budget=50_000) for i in range(players)]
    seen_values = False
    while not s.is_over:
        bot = bots[s.to_move]
        a = bot.choose(s.view(s.to_move))
        assert a in s.legal_actions()
        if bot.last_values:
            seen_values = True
            assert bot.last_values[a] == max(bot.last_values.values())
        s.apply(a)
    assert seen_values


def test_luxus_worlds_keep_shown_melds_with_their_owners() -> None:
    checked = 0
    for seed in range(30):
        s = LuxusState.new(dealer=0, seed=seed, players=4)
        rng = random.Random(seed)
        while not s.is_over and len(cards_of(s.hands[s.to_move])) > 5:
            s.apply(s.random_action(rng))
        if s.is_over or s.phase != "play":
            continue
        view = s.view(s.to_move)
        played: dict[int, Counter[int]] = {seat: Counter() for seat in range(4)}
        for t in view.tricks:
            for k, c in enumerate(t.cards):
                played[(t.leader + k) % 4][c] += 1
        for k, c in enumerate(view.trick):
            played[(view.trick_leader + k) % 4][c] += 1
        worlds = [p for p, _ in LuxusStrongBot(seed, samples=4).counted_worlds(view) or ()]
        for seat in range(4):
            if seat == view.player:
                continue
            still = Counter(cards_of(view.melds[seat].cards())) - played[seat]
            for p in worlds:
                if still:
                    checked += 1
                    assert not still - Counter(cards_of(p.hands[seat]))
    assert checked
