"""Our games as PettingZoo AEC environments: PettingZoo's ``api_test`` for every game and
player count, deals replayed by seed, observations from the seat's view only."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from binokel.registry import GAMES
from binokel.research.pettingzoo import env

CASES = [(spec.name, n) for spec in GAMES for n in spec.players]


def play_out(e: object, seed: int) -> tuple[list[str], dict[str, float]]:
    """The docs' loop: each agent takes its first legal action; the actions and rewards."""
    e.reset(seed=seed)  # type: ignore[attr-defined]
    actions: list[str] = []
    rewards: dict[str, float] = {}
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, termination, truncation, _info = e.last()  # type: ignore[attr-defined]
        rewards[agent] = rewards.get(agent, 0.0) + float(reward)
        if termination or truncation:
            action = None
        else:
            action = int(np.flatnonzero(obs["action_mask"])[0])
            actions.append(e.codec.decode(action))  # type: ignore[attr-defined]
        e.step(action)  # type: ignore[attr-defined]
    return actions, rewards


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    with warnings.catch_warnings():
        # Like PettingZoo's own card games: a dict observation with an action mask.
        warnings.filterwarnings("ignore", message="Observation (space for each agent|is not)")
        api_test(env(game, players), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_seed_replays_the_deal_and_rewards_are_the_scores(game: str, players: int) -> None:
    e = env(game, players)
    first = play_out(e, seed=7)
    assert play_out(e, seed=7) == first
    scores = e.deal.result.scores
    assert first[1] == {f"player_{i}": float(s) for i, s in enumerate(scores)}


@pytest.mark.parametrize(("game", "players"), CASES)
def test_observations_show_the_own_hand_and_mask_the_legal_actions(game: str,
                                                                    players: int) -> None:
    e = env(game, players)
    e.reset(seed=3)
    for _ in range(25):
        agent = e.agent_selection
        if e.terminations[agent]:
            break
        seat = int(agent.split("_")[1])
        for other in e.agents:
            obs = e.observe(other)
            hand = np.zeros(32, np.float32)
            for c in e.deal.view(int(other.split("_")[1])).hand:
                hand[c] += 1
            assert (obs["observation"][:32] == hand).all()
            assert obs["action_mask"].any() == (other == agent)
        legal = {e.codec.encode(a) for a in e.deal.legal_actions()}
        assert set(np.flatnonzero(e.observe(agent)["action_mask"])) == legal
        e.step(min(legal))
        assert e.infos[agent]["action"] == e.codec.decode(min(legal))
        assert e.deal.history[-1][0] == seat


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="played by"):
        env("zweier", 3)
    with pytest.raises(ValueError, match="unknown game"):
        env("skat")


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_observation_of_whole_deals_is_in_its_space(game: str, players: int) -> None:
    """Whole deals at random, every agent's observation after every step inside the space
    (Zweierbinokel melds a card again and again: a count of mentions once reached 4 in a
    space bounded by 2, and PettingZoo's api_test caught it only when its random play met
    such a deal)."""
    e = env(game, players)
    rng = np.random.default_rng(5)
    for seed in range(6):
        e.reset(seed=seed)
        for _ in range(400):
            agent = e.agent_selection
            if e.terminations[agent] or e.truncations[agent]:
                break
            for other in e.agents:
                assert e.observation_space(other).contains(e.observe(other)), (seed, other)
            legal = [int(i) for i in np.flatnonzero(e.observe(agent)["action_mask"])]
            # melds whenever one is offered: the views that name a card most often
            melds = [i for i in legal if e.codec.decode(i).startswith("meld ")]
            e.step(int(rng.choice(melds or legal)))
