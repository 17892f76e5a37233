"""What a long list of bids costs the seat to move: Binokel's legal actions (cached per
position), the seat's view (which copies them) and its presented table (which offers a bid
range, not the list), for the standard 136 bids, the old limit of 300, the 999 of max_bid 5000
in fives, and max_bid 0 (no ceiling: up to what the cards can reach). A benchmark, not a test:

    python benchmarks/bid_list.py --repeat 2000
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from binokel.present import present


def per_call(f: Any, repeat: int) -> float:
    """Microseconds per call (CPU time, best of three rounds)."""
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for _ in range(repeat):
            f()
        best = min(best, time.process_time() - t0)
    return best / repeat * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=2000)
    a = ap.parse_args()
    cases = [("standard", {}), ("300 bids", {"max_bid": 3140}),
             ("max_bid 5000, step 5", {"min_bid": 10, "bid_step": 5, "max_bid": 5000}),
             ("max_bid 0", {"max_bid": 0})]
    print(f"{'rules':<22} {'bids':>5} {'legal µs':>9} {'view µs':>9} {'table µs':>9} "
          f"{'view JSON bytes':>16}")
    for name, options in cases:
        s = DealState.new(Rules.from_preset("standard", **options), 2, seed=1)
        seat = s.to_move
        bids = len(s.legal_actions())
        legal = per_call(s.legal_actions, a.repeat)
        view = per_call(lambda s=s, seat=seat: s.view(seat), a.repeat)
        v = s.view(seat)
        table = per_call(lambda v=v: present(v, "de", ["A", "B", "C"]), max(1, a.repeat // 10))
        size = len(str(v.to_json()))
        print(f"{name:<22} {bids:>5} {legal:>9.1f} {view:>9.1f} {table:>9.1f} {size:>16}")


if __name__ == "__main__":
    main()
