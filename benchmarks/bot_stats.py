"""Bot figures for 3-player Binokel: heuristic against two random bots (every seat rotated)
and heuristic against heuristic. A benchmark, not a test:

    python benchmarks/bot_stats.py --deals 1000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from binokel.bots import Bot
from binokel.bots import make_bot
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState


def play(state: DealState, bots: list[Bot], times: list[float]) -> None:
    while not state.is_over:
        seat = state.to_move
        t0 = time.perf_counter()
        action = bots[seat].choose(state.view(seat))
        times.append(time.perf_counter() - t0)
        state.apply(action)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default="standard")
    args = ap.parse_args()
    rules = Rules.from_preset(args.preset)
    rng = random.Random(args.seed)
    times: list[float] = []

    scores: list[int] = []
    declared = made = abgehen = 0
    for i in range(args.deals):
        seat = i % 3  # the heuristic bot sits at every seat in turn
        bots = [make_bot("heuristic" if s == seat else "random", rng.getrandbits(32))
                for s in range(3)]
        state = DealState.new(rules, dealer=(i // 3) % 3, seed=rng.getrandbits(63))
        play(state, bots, times)
        res = state.result
        assert res is not None
        scores.append(res.scores[seat])
        if res.declarer == seat:
            declared += 1
            made += bool(res.made)
            abgehen += res.contract == "abgehen"
    print(f"heuristic vs 2 x random, {args.deals} deals ({args.preset}):")
    print(f"  heuristic's mean score per deal: {statistics.mean(scores):+.1f} "
          f"(sd {statistics.pstdev(scores):.0f})")
    print(f"  declarer in {declared} deals; made the bid in {made} "
          f"({made / max(1, declared):.1%}); abgehen {abgehen}")

    declared = made = abgehen = durch = played = 0
    all_scores: list[int] = []
    for _ in range(args.deals):
        bots = [make_bot("heuristic", rng.getrandbits(32)) for _ in range(3)]
        state = DealState.new(rules, dealer=rng.randrange(3), seed=rng.getrandbits(63))
        play(state, bots, times)
        res = state.result
        assert res is not None
        all_scores.extend(res.scores)
        if res.declarer is not None:
            declared += 1
            made += bool(res.made)
            abgehen += res.contract == "abgehen"
            durch += res.contract in ("durch", "untendurch")
            played += res.contract == "normal"
    print(f"heuristic x 3, {args.deals} deals:")
    print(f"  declarer made the bid in {made} of {played} played games "
          f"({made / max(1, played):.1%}); of all {declared} declarer deals "
          f"{made / max(1, declared):.1%} (abgehen {abgehen}, Durch/Untendurch {durch})")
    times.sort()
    print(f"decision time: median {times[len(times) // 2] * 1e3:.2f} ms, "
          f"p95 {times[int(len(times) * 0.95)] * 1e3:.2f} ms, max {times[-1] * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
