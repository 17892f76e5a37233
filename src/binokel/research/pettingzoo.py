"""Every game of the family as a PettingZoo AEC environment (needs the extra ``research``).

``env(game, players=None, **options)`` makes the environment of one game. Agents are
``player_0 .. player_{n-1}`` in our seat numbers (a seat that sits the deal out, such as the
dealer of four-handed Binokel, is an agent that is never selected). Like PettingZoo's own card
games, an observation is a dict:

- ``observation``: the seat's view as a tensor (:mod:`binokel.research.tensor`), so it holds
  only what the seat may know;
- ``action_mask``: 1 for each legal action id (:class:`~binokel.research.actions.ActionCodec`,
  the same ids as the OpenSpiel games).

Rewards come at the end of the deal: each seat's score. ``reset(seed=...)`` deals by that seed,
so a seed replays the same deal; ``info["action"]`` after a step is the action as text.

>>> e = env("zweier")
>>> e.reset(seed=1)
>>> agent = e.agent_selection
>>> obs = e.observe(agent)
>>> int(obs["action_mask"].sum()) > 0
True
"""

from __future__ import annotations

import random
from typing import Any
from typing import ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.cards import format_cards
from ..core.spec import GameSpec
from ..core.state import AnyState
from ..registry import find_game
from .actions import ActionCodec
from .tensor import ViewEncoder


class BinokelEnv(AECEnv):  # type: ignore[misc]
    """One game of the family as an AEC environment; one deal per episode."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"],
                                          "name": "binokel_v0", "is_parallelizable": False}

    def __init__(self, spec: GameSpec, players: int | None = None, dealer: int = 0,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        n = players or spec.default_players
        if n not in spec.players:
            raise ValueError(f"{spec.name} is played by {spec.players}, not {n}")
        if not 0 <= dealer < n:
            raise ValueError(f"no seat {dealer} to deal")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.spec = spec
        self.rules = spec.make_rules({"options": options})
        self.players = n
        self.dealer = dealer
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"binokel_{spec.name}_v0"}  # type: ignore[misc]
        self.codec = ActionCodec.of(spec, self.rules, n)
        self.encoder = ViewEncoder(self.codec, n)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 2.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size)
                              for a in self.possible_agents}
        self.state_: AnyState | None = None
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def deal(self) -> AnyState:
        """Our deal state (after :meth:`reset`)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state_ = self.spec.new_deal(self.rules, self.dealer, rng=self._rng,
                                         players=self.players)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        deal = self.deal
        if deal.is_over:
            scores = deal.result.scores if deal.result is not None else (0,) * self.players
            for a in self.agents:
                self.rewards[a] = float(scores[self._seat[a]])
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[deal.to_move]

    def observe(self, agent: str) -> dict[str, Any]:
        deal = self.deal
        seat = self._seat[agent]
        mask = np.zeros(self.codec.size, np.int8)
        if not deal.is_over and deal.to_move == seat:
            for a in deal.legal_actions():
                mask[self.codec.encode(a)] = 1
        return {"observation": self.encoder.encode(deal.view(seat)).copy(),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and must act")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        text = self.codec.decode(int(action))
        self.deal.apply(text)  # an illegal action raises IllegalAction, changing nothing
        self.infos[agent] = {"action": text}
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        view = self.deal.public_view()
        text = (f"{self.spec.name}: {view.phase}, to move {view.to_move}, "
                f"trick {format_cards(view.trick)}, "
                f"last {view.history[-1] if view.history else None}")
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state_ = None


def env(game: str, players: int | None = None, dealer: int = 0,
        render_mode: str | None = None, **options: Any) -> BinokelEnv:
    """The AEC environment of ``game`` (rule ``options`` by name, as in ``-o NAME=VALUE``)."""
    return BinokelEnv(find_game(game), players, dealer, render_mode, **options)


__all__ = ["BinokelEnv", "env"]
