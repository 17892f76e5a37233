"""``binokel simulate``: random legal deals of any game, and how many a core plays per second."""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from ..registry import find_game
from .common import UserError
from .common import add_rule_arguments
from .common import rules_from_args


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play random legal deals and print the rate")
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=None)
    add_rule_arguments(p)
    p.set_defaults(handler=cmd_simulate)


def cmd_simulate(args: argparse.Namespace) -> int:
    if not 0 < args.deals <= 10_000_000:
        raise UserError("--deals must be from 1 to 10,000,000")
    spec = find_game(args.game) if args.game else find_game("binokel")
    players = args.players or spec.default_players
    if players not in spec.players:
        raise UserError(f"{spec.name} is for {' or '.join(map(str, spec.players))} players")
    rules = rules_from_args(args)
    rng = random.Random(args.seed)
    contracts: dict[str, int] = {}
    actions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(args.deals):
        state = spec.new_deal(rules, i % players, rng=rng, players=players)
        state.play_randomly(rng)  # a game's own fast path where it has one (Binokel's play)
        actions += len(state.history)
        assert state.result is not None
        contracts[state.result.contract] = contracts.get(state.result.contract, 0) + 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    # CPU time is what one core delivers even when the machine is busy with other work.
    print(f"{args.deals} random deals in {dt:.2f} s ({cpu:.2f} s CPU): "
          f"{args.deals / cpu:,.0f} deals/s, {actions / cpu:,.0f} actions/s per core")
    print("contracts: " + ", ".join(f"{k} {v}" for k, v in sorted(contracts.items())))
    return 0
