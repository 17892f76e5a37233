"""Doppelkopf bot-vs-bot deals: speed, contracts and who wins. A benchmark, not a test.

``python benchmarks/doppelkopf_bots.py [--deals 1000] [--seed 1]`` plays the deals twice:
random vs random, and heuristic (seats 0 and 2) vs random (seats 1 and 3), and once four
heuristic bots; it prints deals per second, the contracts and the mean score per seat.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from binokel.bots import RandomBot
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.state import DokoRules
from binokel.games.doppelkopf.state import DokoState


def run(kinds: list[str], n: int, seed: int) -> None:
    rules = DokoRules()
    contracts: Counter[str] = Counter()
    totals = [0] * 4
    won_solo = solos = 0
    actions = 0
    t0 = time.process_time()
    for i in range(n):
        bots = [DokoHeuristicBot(seed + 4 * i + k) if kind == "heuristic"
                else RandomBot(seed + 4 * i + k) for k, kind in enumerate(kinds)]
        state = DokoState.new(rules, dealer=i % 4, seed=seed * 100003 + i)
        while not state.is_over:
            state.apply(bots[state.to_move].choose(state.view(state.to_move)))
        r = state.result
        assert r is not None and sum(r.scores) == 0
        actions += len(state.history)
        contracts[r.contract] += 1
        for k in range(4):
            totals[k] += r.scores[k]
        if r.contract.startswith("solo") and kinds[r.re_seats[0]] == "heuristic":
            solos += 1
            won_solo += r.winner == "re"
    dt = time.process_time() - t0
    print(f"{'/'.join(kinds)}: {n} deals in {dt:.2f} s CPU ({n / dt:.0f} deals/s, "
          f"{actions / n:.1f} actions/deal)")
    print("  contracts:", dict(contracts.most_common()))
    print("  mean score per seat:", [round(t / n, 2) for t in totals])
    if solos:
        print(f"  heuristic solos won: {won_solo}/{solos}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    run(["random"] * 4, a.deals, a.seed)
    run(["heuristic", "random", "heuristic", "random"], a.deals, a.seed)
    run(["heuristic"] * 4, a.deals, a.seed)


if __name__ == "__main__":
    main()
