"""The deal sampler behind ``resample_from_infostate``: over random deals and random points
of play, for every game and player count, a sampled world shows the seat exactly its real
view and offers it the same legal actions, and the sampler never reports "no world" for a real
state (the real world is consistent, so one exists)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.registry import GAMES
from binokel.registry import find_game
from binokel.research.sampler import _view_json
from binokel.research.sampler import continue_from
from binokel.research.sampler import resample

CASES = [(spec.name, n) for spec in GAMES for n in spec.players]


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), pick=st.integers(0, 7))
def test_sample_keeps_the_view_and_never_fails(game: str, players: int, seed: int,
                                               steps: int, pick: int) -> None:
    spec = find_game(game)
    state = spec.new_deal(spec.rules(), seed % players, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(legal[rng.randrange(len(legal))])
    seat = pick % players
    # Few proposals, so that the random walk (the stage that must never fail) is used too.
    world = resample(state, seat, rng, tries=pick % 3)
    assert _view_json(world, seat) == _view_json(state, seat)
    assert list(world.view(seat).legal_actions) == list(state.view(seat).legal_actions)
    assert sorted(world.deck) == sorted(state.deck)
    # The same actions as far as the seat can tell: its own and every public one alike.
    assert list(world.view(seat).history) == list(state.view(seat).history)


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), later=st.integers(0, 12),
       pick=st.integers(0, 7))
def test_continue_from_keeps_the_view(game: str, players: int, seed: int, steps: int,
                                      later: int, pick: int) -> None:
    """A bot's world walked on from an earlier world of the deal fits the new view; from a
    world that already explains the view (here the real one) it never fails."""
    spec = find_game(game)
    state = spec.new_deal(spec.rules(), seed % players, seed=seed, players=players)
    rng = random.Random(seed)
    seat = pick % players
    earlier = state.clone()
    for i in range(steps + later):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(legal[rng.randrange(len(legal))])
        if i < steps:
            earlier = state.clone()
    view = state.view(seat)
    here = continue_from(state, view, rng, swaps=10)
    assert here is not None
    assert _view_json(here, seat) == _view_json(state, seat)
    walked = continue_from(earlier, view, rng, swaps=10)
    if walked is not None:
        assert _view_json(walked, seat) == _view_json(state, seat)
