"""Every registered game's world sampler (``spec.worlds``, else the generic one of
:mod:`binokel.core.sampling`), both ways of sampling: every world is a whole deal whose view
for the seat is exactly the given view, the counts are draws, the same seed draws the same
worlds; and the uniform worlds are uniform (Binokel and Luxusfamilie in test_sampler.py,
over the deck orders; Zweierbinokel here, over the unseen cards; each on a small position
whose consistent deals are found without the sampler)."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import make_bot
from binokel.core.cards import cards_of
from binokel.core.errors import IllegalAction
from binokel.core.sampling import ReplaySampler
from binokel.core.sampling import worlds_of
from binokel.core.worlds import NoWorldFound
from binokel.core.worlds import Sampling
from binokel.core.worlds import total
from binokel.registry import GAMES
from binokel.registry import find_game

CASES = [(spec.name, n) for spec in GAMES for n in spec.players]


def played_to(game: str, players: int, seed: int, steps: int) -> Any:
    """A deal of the heuristic bots after ``steps`` actions (or at its end)."""
    spec = find_game(game)
    state = spec.new_deal(spec.rules(), seed % players, seed=seed, players=players)
    bots = [make_bot("heuristic", seed + s, game=game) for s in range(players)]
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    return state


def test_every_game_has_a_sampler() -> None:
    """Each game brings its own; a spec without one gets the generic sampler."""
    for spec in GAMES:
        assert spec.worlds is not None, spec.name
        assert callable(getattr(worlds_of(spec), "sample", None))
    bare = dataclasses.replace(find_game("binokel"), worlds=None)
    assert isinstance(worlds_of(bare), ReplaySampler)


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 70), pick=st.integers(0, 7),
       how=st.sampled_from(list(Sampling)))
def test_every_world_shows_the_seat_its_view(game: str, players: int, seed: int, steps: int,
                                            pick: int, how: Sampling) -> None:
    spec = find_game(game)
    state = played_to(game, players, seed, steps)
    seat = pick % players
    view = state.view(seat)
    sampler = worlds_of(spec)
    try:
        worlds = sampler.sample(view, random.Random(seed), 3, how)
    except NoWorldFound:
        # Only the generic proposals may fail on a real view (they are not exhaustive): in a
        # game without a sampler, or in Zweierbinokel after the stock (where nothing is
        # hidden but the past order of the stock, which its sampler does not model).
        assert spec.worlds is None or (game == "zweier" and view.phase != "free")
        return
    assert 1 <= len(worlds) <= 3 and all(w.count >= 1 for w in worlds)
    assert total(worlds) >= len(worlds)
    for w in worlds:
        assert w.state.view(seat) == view
        assert sorted(w.state.deck) == sorted(state.deck)
    again = sampler.sample(view, random.Random(seed), 3, how)
    assert [list(w.state.deck) for w in again] == [list(w.state.deck) for w in worlds]


@pytest.mark.parametrize("game", ["binokel", "kreuzbinokel"])
def test_read_worlds_weigh_and_uniform_ones_do_not_break_the_view(game: str) -> None:
    """In the play both ways answer with whole deals (READ: the card reading's worlds, as
    the strong player takes them)."""
    players = 4 if game == "kreuzbinokel" else 3
    spec = find_game(game)
    assert spec.worlds is not None
    checked = 0
    for seed in range(12):
        state = played_to(game, players, seed, 14)
        if state.phase != "play":
            continue
        view = state.view(state.to_move)
        for how in Sampling:
            worlds = spec.worlds().sample(view, random.Random(seed), 8, how)
            assert 1 <= len(worlds) <= 8
            assert all(w.state.view(view.player) == view for w in worlds)
            checked += 1
    assert checked >= 6


# ---------------------------------------------------------------------- Zweier: uniform
def _zweier_last_stock_card(seed: int) -> tuple[Any, int] | None:
    """A Zweierbinokel deal while one face-down card is left in the stock and no Dix was
    exchanged, and the seat to move (None: no such point in this deal)."""
    state = played_to("zweier", 2, seed, 0)
    bots = [make_bot("heuristic", seed + s, game="zweier") for s in range(2)]
    while not state.is_over and state.phase == "free":
        view = state.view(state.to_move)
        facedown = view.stock_size - (1 if view.trump_card is not None else 0)
        if facedown == 1 and not view.trick and not view.shown:
            return state, state.to_move
        state.apply(bots[state.to_move].choose(view))
    return None


def _consistent_stock_cards(state: Any, seat: int) -> set[int]:
    """The cards that may be the face-down one left, found without the sampler: the real
    deck with its last card swapped with each other position and replayed, kept where the
    seat's view is the same."""
    spec = find_game("zweier")
    view = state.view(seat)
    out = {state.deck[-1]}
    for q in range(len(state.deck) - 1):
        deck = list(state.deck)
        deck[q], deck[-1] = deck[-1], deck[q]
        world = spec.new_deal(state.rules, state.dealer, deck_order=deck)
        try:
            for _, action in state.history:
                world.apply(action)
        except IllegalAction:
            continue
        if world.view(seat) == view:
            out.add(deck[-1])
    return out


def test_zweier_worlds_are_uniform_over_the_unseen_cards() -> None:
    """Each unseen card (a physical copy: the opponent's hidden cards and the stock's) that
    may lie in the stock is drawn there equally often (the sampler's documented measure:
    uniform over the assignments of the unseen cards, not weighted by the number of deck
    orders each stands for)."""
    found = next(f for f in map(_zweier_last_stock_card, range(60)) if f is not None)
    state, seat = found
    possible = _consistent_stock_cards(state, seat)
    assert len(possible) >= 3
    unseen = Counter(cards_of(state.hands[1 - seat])) + Counter([state.deck[-1]])
    ways = {c: unseen[c] for c in possible}
    view = state.view(seat)
    spec = find_game("zweier")
    assert spec.worlds is not None
    seen: Counter[int] = Counter()
    for w in spec.worlds().sample(view, random.Random(11), 2000, Sampling.UNIFORM):
        assert w.state.view(seat) == view
        seen[w.state.deck[-1]] += w.count
    assert set(seen) <= set(ways)
    n = sum(seen.values())
    assert n > 1500
    weight = sum(ways.values())
    chi2 = sum((seen[c] - n * k / weight) ** 2 / (n * k / weight) for c, k in ways.items())
    df = len(ways) - 1
    bound = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3  # p = 0.001
    assert chi2 < bound, (chi2, ways, seen)
