"""How fast a front end gets its table: presented tables a second, late in a deal, for every
game at its largest table (a front end builds one after every action).

    .venv/bin/python benchmarks/present_rate.py --repeat 200
"""

from __future__ import annotations

import argparse
import random
import time

from binokel.present import present
from binokel.registry import GAMES


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    for spec in GAMES:
        players = max(spec.players)
        state = spec.new_deal(spec.rules(), 0, seed=1, players=players)
        rng = random.Random(1)
        # Late in the deal: two thirds of the actions a random deal of this size takes.
        actions = []
        probe = state.clone()
        while not probe.is_over:
            a = probe.random_action(rng)
            actions.append(a)
            probe.apply(a)
        for a in actions[: 2 * len(actions) // 3]:
            state.apply(a)
        view = state.view(state.to_move)
        start = time.perf_counter()
        for i in range(args.repeat):
            present(view, "de" if i % 2 else "en")
        took = time.perf_counter() - start
        print(f"{spec.name:14} {players} players: {args.repeat / took:8.0f} tables/s "
              f"({1000 * took / args.repeat:.2f} ms each)")


if __name__ == "__main__":
    main()
