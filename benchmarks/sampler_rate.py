"""Speed and fallbacks of the deal samplers, per game and player count.

At every ``--every``-th action of deals played by uniformly random legal actions (``--bots
heuristic``: by the heuristic bots, whose bids and melds are a real game's), for a random
seat:

- ``resample(state, seat)`` (OpenSpiel's ``resample_from_infostate``): samples per second,
  and how often it found no world by its own means and walked from the real state
  (``walk``); failures must be 0;
- ``sample_from_view(view)`` (the arena's OpenSpiel bots, which have only a view: the
  game's own sampler, ``spec.worlds``, uniformly): the first world of a view (samples per
  second, and how often none was found: ``NoWorldFound``), then ``--more`` further worlds
  of the same view, as IS-MCTS draws them (the exact sampler counts once per view and draws
  cheaply after);
- (``binokel.core.sampling.STATS``): how many worlds the exact constraint samplers drew,
  how many of their draws the final check refused, and how many views they did not model.

Every measurement starts without the counts of earlier views.

    nice .venv/bin/python benchmarks/sampler_rate.py --deals 3 --seed 1
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from binokel.bots import make_bot
from binokel.registry import GAMES
from binokel.research import sampler


def forget() -> None:
    """Drop the exact samplers' counts of earlier views (each game's own sampler)."""
    for spec in GAMES:
        if spec.worlds is None:
            continue
        drop = getattr(spec.worlds(), "forget", None)
        if drop is not None:
            drop()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--every", type=int, default=4, help="sample at every n-th action")
    p.add_argument("--more", type=int, default=9, help="further worlds per view")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", default=None)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--bots", default="random", choices=["random", "heuristic"])
    args = p.parse_args()
    walks = 0
    original = sampler._walk

    def counted(*a: Any, **k: Any) -> Any:
        nonlocal walks
        walks += 1
        return original(*a, **k)
    sampler._walk = counted  # type: ignore[assignment]
    for spec in GAMES:
        if args.game and spec.name != args.game:
            continue
        for n in spec.players:
            if args.players and n != args.players:
                continue
            rng = random.Random(args.seed)
            stats = sampler.STATS
            if stats is not None:
                stats.clear()
            walks = samples = failures = firsts = first_failures = mores = more_failures = 0
            seconds = first_seconds = more_seconds = 0.0
            for d in range(args.deals):
                state = spec.new_deal(spec.rules(), d % n, seed=args.seed * 1000 + d,
                                      players=n)
                bots = ([make_bot("heuristic", s, game=spec.name) for s in range(n)]
                        if args.bots == "heuristic" else None)
                step = 0
                while state.legal_actions():
                    if step % args.every == 0:
                        seat = rng.randrange(n)
                        view = state.view(seat)
                        forget()
                        start = time.perf_counter()
                        try:
                            sampler.resample(state, seat, rng)
                        except sampler.NoWorldFound:
                            failures += 1
                        seconds += time.perf_counter() - start
                        samples += 1
                        forget()
                        for i in range(1 + args.more):
                            start = time.perf_counter()
                            failed = False
                            try:
                                sampler.sample_from_view(view, rng)
                            except sampler.NoWorldFound:
                                failed = True
                            took = time.perf_counter() - start
                            if i == 0:
                                firsts += 1
                                first_failures += failed
                                first_seconds += took
                            else:
                                mores += 1
                                more_failures += failed
                                more_seconds += took
                    if bots is not None:
                        seat = state.to_move
                        state.apply(bots[seat].choose(state.view(seat)))
                    else:
                        legal = state.legal_actions()
                        state.apply(legal[rng.randrange(len(legal))])
                    step += 1
            line = (f"{spec.name:12} {n} players: resample {samples / seconds:6.1f}/s, walk "
                    f"{walks}/{samples} ({walks / samples:.0%}), failures {failures}; "
                    f"sample_from_view first {firsts / first_seconds:6.1f}/s, no world "
                    f"{first_failures}/{firsts} ({first_failures / firsts:.0%})")
            if mores:
                line += (f", more {mores / more_seconds:6.1f}/s, no world "
                         f"{more_failures}/{mores} ({more_failures / mores:.0%})")
            if stats is not None:
                line += (f"; exact {stats['exact']}, refused {stats['exact_rejected']}, "
                         f"not modelled {stats['unsupported']}")
            print(line, flush=True)


if __name__ == "__main__":
    main()
