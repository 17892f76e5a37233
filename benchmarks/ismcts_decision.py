"""Seconds per decision of OpenSpiel's IS-MCTS (the arena kind ``openspiel-ismcts``) on our
games, and where the time goes: deals are played by ``heuristic`` bots up to random points
and IS-MCTS decides there (the first decision of each bot is not counted: it imports
OpenSpiel and builds the game). ``--profile`` prints cProfile's top functions over all
decisions; ``--slow-rollouts`` uses OpenSpiel's own ``RandomRolloutEvaluator`` (one pyspiel
call per roll-out action) instead of :class:`~binokel.research.openspiel_bots.EngineRollouts`.

    nice .venv/bin/python benchmarks/ismcts_decision.py --game doppelkopf --simulations 50
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from binokel.bots import make_bot
from binokel.registry import find_game
from binokel.research.openspiel_bots import OpenSpielBot


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="doppelkopf")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--decisions", type=int, default=20)
    p.add_argument("--simulations", type=int, default=50)
    p.add_argument("--worlds", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profile", action="store_true")
    p.add_argument("--slow-rollouts", action="store_true")
    args = p.parse_args()
    spec = find_game(args.game)
    n = args.players or spec.default_players
    rules = spec.make_rules({})
    rng = random.Random(args.seed)
    bot = OpenSpielBot("openspiel-ismcts", args.game, seed=args.seed,
                       simulations=args.simulations, worlds=args.worlds)
    bot.slow_rollouts = args.slow_rollouts
    profile = cProfile.Profile() if args.profile else None
    seconds: list[float] = []
    warm = False
    deal = 0
    while len(seconds) < args.decisions:
        deal += 1
        state = spec.new_deal(rules, deal % n, seed=args.seed * 1000 + deal, players=n)
        ours = [make_bot("heuristic", s, game=args.game) for s in range(n)]
        stop = rng.randrange(60)
        for _ in range(stop):
            if state.is_over:
                break
            state.apply(ours[state.to_move].choose(state.view(state.to_move)))
        if state.is_over or len(state.legal_actions()) < 2:
            continue
        view = state.view(state.to_move)
        if not warm:
            bot.choose(view)
            warm = True
            continue
        start = time.perf_counter()
        if profile is not None:
            profile.enable()
        bot.choose(view)
        if profile is not None:
            profile.disable()
        seconds.append(time.perf_counter() - start)
    mean = sum(seconds) / len(seconds)
    print(f"{args.game} ({n} seats), IS-MCTS {args.simulations} simulations over "
          f"{args.worlds} worlds, {'OpenSpiel' if args.slow_rollouts else 'engine'} roll-outs: "
          f"{mean:.3f} s per decision over {len(seconds)} decisions (max {max(seconds):.3f}); "
          f"random fallbacks {bot.fallbacks} of {bot.decisions}")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
