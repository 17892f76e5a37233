"""Samples per second of the deal sampler (:func:`binokel.research.sampler.resample`), and
how often its first stage (independent proposals) found no world so the random walk from
the real state answered, per game and player count; failures must be 0.

    nice .venv/bin/python benchmarks/sampler_rate.py --deals 3 --seed 1
"""

from __future__ import annotations

import argparse
import random
import time

from binokel.registry import GAMES
from binokel.research import sampler


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--every", type=int, default=4, help="sample at every n-th action")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", default=None)
    args = p.parse_args()
    walks = 0
    original = sampler._walk

    def counted(*a: object, **k: object) -> object:
        nonlocal walks
        walks += 1
        return original(*a, **k)  # type: ignore[arg-type]
    sampler._walk = counted  # type: ignore[assignment]
    for spec in GAMES:
        if args.game and spec.name != args.game:
            continue
        for n in spec.players:
            rng = random.Random(args.seed)
            walks = samples = failures = 0
            seconds = 0.0
            for d in range(args.deals):
                state = spec.new_deal(spec.rules(), 0, seed=args.seed * 1000 + d,
                                      players=n)
                step = 0
                while state.legal_actions():
                    if step % args.every == 0:
                        seat = rng.randrange(n)
                        start = time.perf_counter()
                        try:
                            sampler.resample(state, seat, rng)
                        except sampler.NoWorldFound:
                            failures += 1
                        seconds += time.perf_counter() - start
                        samples += 1
                    legal = state.legal_actions()
                    state.apply(legal[rng.randrange(len(legal))])
                    step += 1
            print(f"{spec.name:12} {n} players: {samples} samples, "
                  f"{samples / seconds:7.1f} samples/s, walk needed {walks} "
                  f"({walks / samples:.0%}), failures {failures}", flush=True)


if __name__ == "__main__":
    main()
