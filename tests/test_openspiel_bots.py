"""OpenSpiel's bots in the arena: ``openspiel-ismcts`` and ``openspiel-random`` by kind name,
in every game, choosing legal actions from their seat's view only."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")

from binokel.arena import run_match
from binokel.bots import bot_names
from binokel.bots import make_bot
from binokel.registry import GAMES
from binokel.research.openspiel_bots import OpenSpielBot

CASES = [(spec.name, n) for spec in GAMES for n in spec.players]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_openspiel_bots_choose_legal_actions_in_every_game(game: str, players: int) -> None:
    spec = next(s for s in GAMES if s.name == game)
    rules = spec.make_rules({})
    state = spec.new_deal(rules, 0, seed=4, players=players)
    ismcts = OpenSpielBot("openspiel-ismcts", game, seed=1, simulations=4, worlds=2, tries=30)
    uniform = make_bot("openspiel-random", seed=2, game=game)
    uniform.implementation(game).tries = 30  # type: ignore[attr-defined]
    rng = random.Random(3)
    for move in range(12):
        if state.is_over:
            break
        view = state.view(state.to_move)
        bot = ismcts if move < 4 else uniform
        action = bot.choose(view)
        assert action in view.legal_actions
        state.apply(action)
        while not state.is_over and rng.random() < 0.5:  # others move at random
            state.apply(state.random_action(rng))
    assert ismcts.decisions > 0


def test_the_arena_seats_openspiel_bots_by_kind() -> None:
    assert "openspiel-ismcts" not in bot_names("doppelkopf")  # not offered in the lobby
    result = run_match(["openspiel-random", "random"], deals=1, seed=1, game="luxusfamilie",
                       players=3, workers=1, progress=False)
    assert set(result.table().split()) >= {"openspiel-random", "random"}
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("openspiel-cfr")


@pytest.mark.parametrize(("game", "players"), [("doppelkopf", 4), ("luxusfamilie", 5)])
def test_a_deal_sampled_from_a_view_shows_that_view(game: str, players: int) -> None:
    from binokel.research.sampler import sample_from_view
    spec = next(s for s in GAMES if s.name == game)
    rng = random.Random(6)
    found = 0
    for d in range(6):
        state = spec.new_deal(spec.make_rules({}), d % players, seed=d, players=players)
        for _ in range(rng.randrange(30)):
            if state.is_over:
                break
            state.apply(state.random_action(rng))
        if state.is_over:
            continue
        seat = state.to_move
        view = state.view(seat)
        world = sample_from_view(view, random.Random(d))
        assert world.view(seat).to_json() == view.to_json()
        found += 1
    assert found > 0
