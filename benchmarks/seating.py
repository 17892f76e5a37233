"""Tournament seating: repeats found against the lower bound, and the time taken.

A benchmark, not a test: run ``python benchmarks/seating.py`` and read the tables. For 9 to 60
players and 3 to 6 rounds, at Binokel tables (3, or 4 where 3 do not divide) and Doppelkopf
tables (4, or 5), each cell shows

    repeats/bound  seconds  seq: repeats

- ``repeats``: of ``plan_tournament`` (all rounds at once, default budget, one seed);
- ``bound``: the lower bound (no seating has fewer; equal means optimal);
- ``seconds``: CPU time of the plan (``time.process_time``, one core);
- ``seq``: repeats when the rounds are drawn one by one with ``seat_round`` instead.

Then the time of one round for 60 players with ``seat_round``, both when the search reaches
the bound early and when it spends the whole default budget, and the work rate.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from binokel.tournament import BINOKEL
from binokel.tournament import DEFAULT_ROUND_BUDGET
from binokel.tournament import DOPPELKOPF
from binokel.tournament import RoundSeating
from binokel.tournament import Seat
from binokel.tournament import TableSizes
from binokel.tournament import plan_tournament
from binokel.tournament import seat_round

PLAYERS = (9, 12, 15, 16, 18, 20, 21, 24, 27, 30, 36, 40, 45, 48, 50, 60)
ROUNDS = (3, 4, 5, 6)


def cell(n: int, rounds: int, sizes: TableSizes, seed: int) -> tuple[str, float, int]:
    t0 = time.process_time()
    plan = plan_tournament(range(1, n + 1), rounds, sizes, seed=seed)
    dt = time.process_time() - t0
    history: list[RoundSeating] = []
    for r in range(rounds):
        history.append(seat_round(range(1, n + 1), history, sizes, seed=seed + r))
    seq = sum(rs.repeats for rs in history)
    mark = "" if plan.optimal else "*"
    text = f"{plan.repeats:>3}/{plan.lower_bound.value:<3}{mark:1} {dt:5.2f}s seq {seq:>3}"
    return text, dt, plan.work


def grid(sizes: TableSizes, name: str, seed: int) -> tuple[float, int]:
    print(f"\n{name}: repeats/bound (* above the bound), CPU seconds, seq = round by round")
    print("players | " + " | ".join(f"{r} rounds".center(24) for r in ROUNDS))
    print("-" * 8 + "+" + "+".join("-" * 26 for _ in ROUNDS))
    total_t, total_w = 0.0, 0
    for n in PLAYERS:
        cells = []
        for rounds in ROUNDS:
            text, dt, work = cell(n, rounds, sizes, seed)
            cells.append(text)
            total_t += dt
            total_w += work
        print(f"{n:>7} | " + " | ".join(f"{c:24}" for c in cells), flush=True)
    return total_t, total_w


def random_history(n: int, rounds: int, k: int, rng: random.Random
                   ) -> list[list[list[Seat]]]:
    out: list[list[list[Seat]]] = []
    for _ in range(rounds):
        ids: list[Seat] = list(range(1, n + 1))
        rng.shuffle(ids)
        out.append([ids[i:i + k] for i in range(0, n, k)])
    return out


def one_round(seed: int) -> None:
    print(f"\nseat_round, 60 players, default budget ({DEFAULT_ROUND_BUDGET:,} work), "
          f"5 random histories each:")
    rng = random.Random(seed)
    cases = (("Binokel after 5 random rounds", 5, 3, BINOKEL),
             ("Doppelkopf after 10 random rounds", 10, 4, DOPPELKOPF),
             ("Doppelkopf after 25 random rounds", 25, 4, DOPPELKOPF))
    for label, past, k, sizes in cases:
        times, works, gaps = [], [], []
        for s in range(5):
            history = random_history(60, past, k, rng)
            t0 = time.process_time()
            rs = seat_round(range(1, 61), history, sizes, seed=s)
            times.append(time.process_time() - t0)
            works.append(rs.work)
            gaps.append(f"{rs.repeats}/{rs.lower_bound}")
        print(f"  {label:34} median {statistics.median(times) * 1000:6.1f} ms, "
              f"max {max(times) * 1000:6.1f} ms, work median {statistics.median(works):>9,.0f}"
              f"  (repeats/bound {', '.join(gaps)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t3, w3 = grid(BINOKEL, "Binokel tables: 3, or 4 where 3 do not divide", args.seed)
    t4, w4 = grid(DOPPELKOPF, "Doppelkopf tables: 4, or 5 where 4 do not divide", args.seed)
    one_round(args.seed)
    total_t, total_w = t3 + t4, w3 + w4
    print(f"\nplans: {total_t:.1f} s CPU in all, {total_w / total_t:,.0f} work units/s")


if __name__ == "__main__":
    main()
