"""The strong Binokel player's bidding decisions, one by one: in deals against two
``strong-2026-11`` players (the strong player in each seat in turn), every bid it had the
choice to make or pass, with the lowest bid, the heuristic's estimate of the hand, the
simulated values of bidding and passing, the choice and its CPU time. A benchmark, not a
test:

    python benchmarks/bid_scan.py --deals 15 --seed 8000
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from binokel.bots import BOT_MODULES_ENV
from binokel.bots import make_bot
from binokel.games.binokel.bots.strong import StrongBot
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState

# The frozen strong player of November 2026 (strong_2026_11.py beside this script) by name.
os.environ.setdefault(BOT_MODULES_ENV, "strong_2026_11")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=15)
    ap.add_argument("--seed", type=int, default=8000)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--preset", default="standard")
    a = ap.parse_args()
    rules = Rules.from_preset(a.preset)
    cpu: list[float] = []
    bids = 0
    print("deal  lowest  estimate    bid   pass  choice      CPU s")
    for i in range(a.deals):
        s = DealState.new(rules, i % 3, seed=a.seed + i, players=3)
        me = i % 3
        bots = [make_bot(a.level if k == me else "strong-2026-11", 7 * i + k) for k in range(3)]
        strong = bots[me].implementation("binokel")
        assert isinstance(strong, StrongBot)
        while s.phase == "bidding":
            seat, legal = s.to_move, s.legal_actions()
            t0 = time.process_time()
            action = bots[seat].choose(s.view(seat))
            dt = time.process_time() - t0
            offered = [x for x in legal if x.startswith("bid ")]
            if seat == me and "pass" in legal and offered:
                st = strong.last_stats
                est = strong.heuristic.hand_value(s.view(seat))
                play = f"{st['play']:6.1f}" if "play" in st else "     -"
                pas = f"{st['pass']:6.1f}" if "pass" in st else "     -"
                print(f"{i:4d}  {offered[0].split()[1]:>6}  {est:8.1f}  {play} {pas}  "
                      f"{action:<10} {dt:6.2f}")
                cpu.append(dt)
                bids += action != "pass"
            s.apply(action)
    if cpu:
        cpu.sort()
        print(f"{len(cpu)} decisions ({bids} bids): CPU median {statistics.median(cpu):.2f} s, "
              f"95th percentile {cpu[int(0.95 * len(cpu))]:.2f} s, max {cpu[-1]:.2f} s")


if __name__ == "__main__":
    main()
