"""Engine speed: random complete deals per second on one core, legal-move generation and one
trick. A benchmark, not a test: run ``python benchmarks/perft.py`` and read the figures.

Random deals include the bidding, the declarer's choice, melding, the play and the scoring.
Each figure is the best of several repetitions of CPU time (``time.process_time``), which is
what one core delivers.
"""

from __future__ import annotations

import argparse
import random
import time

from binokel.core.cards import cards_of
from binokel.core.cards import format_cards
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from binokel.games.binokel.state import random_deal


def random_deals(rules: Rules, n: int, seed: int) -> tuple[float, int, dict[str, int]]:
    rng = random.Random(seed)
    contracts: dict[str, int] = {}
    actions = 0
    t0 = time.process_time()
    for i in range(n):
        state = random_deal(rules, i % 3, rng)
        actions += len(state.history)
        assert state.result is not None
        c = state.result.contract
        contracts[c] = contracts.get(c, 0) + 1
    return time.process_time() - t0, actions, contracts


def played_positions(rules: Rules, n: int, seed: int) -> list[DealState]:
    """States at the start of the play phase of normal games."""
    rng = random.Random(seed)
    out: list[DealState] = []
    while len(out) < n:
        s = DealState.new(rules, dealer=len(out) % 3, seed=rng.getrandbits(63))
        s.apply("bid 150")
        s.apply("pass")
        s.apply("pass")
        s.apply("discard " + format_cards(cards_of(s.hands[s.to_move])[:4]))
        s.apply("trump " + "EBHS"[rng.randrange(4)])
        # advance a few cards so that following positions are measured too
        for _ in range(rng.randrange(0, 30)):
            s.apply(s.random_action(rng))
        if s.phase == PLAY:
            out.append(s)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--preset", default="standard")
    args = ap.parse_args()
    rules = Rules.from_preset(args.preset)
    best = min(random_deals(rules, args.deals, seed=r)[0] for r in range(args.repeat))
    _, _actions, contracts = random_deals(rules, args.deals, seed=0)
    print(f"random complete deals: {args.deals / best:,.0f} deals/s on one core "
          f"({args.deals} deals, best of {args.repeat}; "
          + ", ".join(f"{k} {v}" for k, v in sorted(contracts.items())) + ")")

    # Only normal games, played to the end (the longest kind of deal).
    rng = random.Random(1)
    t0 = time.process_time()
    n_full = 2000
    for i in range(n_full):
        s = DealState.new(rules, dealer=i % 3, seed=rng.getrandbits(63))
        s.apply("bid 150")
        s.apply("pass")
        s.apply("pass")
        s.apply("discard " + format_cards(cards_of(s.hands[s.to_move])[:4]))
        s.apply("trump H")
        s.random_playout(rng)
    dt = time.process_time() - t0
    print(f"complete normal games (36 cards played): {n_full / dt:,.0f} deals/s")

    positions = played_positions(rules, 2000, seed=2)
    loops = 20
    t0 = time.process_time()
    for _ in range(loops):
        for s in positions:
            s._mask = -1
            s.legal_actions()
    dt = time.process_time() - t0
    print(f"legal-move generation (play phase): {dt / (loops * len(positions)) * 1e6:.2f} µs "
          f"per call")

    starts = [p for p in positions if not p.trick]
    t0 = time.process_time()
    for _ in range(loops):
        for s in starts:
            c = s.clone()
            for _ in range(3):
                c.apply(c.legal_actions()[0])
    dt = time.process_time() - t0
    print(f"one trick (3 x legal moves + apply, on a cloned state): "
          f"{dt / (loops * len(starts)) * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
