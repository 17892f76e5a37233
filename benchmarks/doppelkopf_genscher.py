"""What the heuristic's Genscher is worth. A benchmark, not a test.

``python benchmarks/doppelkopf_genscher.py [--deals 400] [--seed 1] [--mode first]`` deals
only hands where one seat holds both Karo-Könige, and plays each deal twice with four
heuristic bots under ``genscher=MODE``: once as they are, once with that seat's bot never
calling a Genscher (the other three are the same in both). It prints deals per second, how
often the Genscher was called, and the holder's mean score both ways with the difference and
its 95% interval (paired over the same deals).
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import replace
from typing import Any

from binokel.core.cards import SK
from binokel.core.cards import count
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.state import DokoRules
from binokel.games.doppelkopf.state import DokoState


class _NoGenscher(DokoHeuristicBot):
    """The heuristic bot that never names a Genscher partner."""

    def choose(self, view: Any) -> str:
        if any(a.startswith("genscher ") for a in view.legal_actions):
            view = _without_genscher(view)
        return super().choose(view)


def _without_genscher(view: Any) -> Any:
    return replace(view, legal_actions=tuple(a for a in view.legal_actions
                                              if not a.startswith("genscher ")))


def holder_deal(rules: DokoRules, seed: int) -> tuple[DokoState, int, int]:
    """The first deal from ``seed`` on where one seat in play holds both Karo-Könige: the
    deal, that seat and the seed that dealt it."""
    while True:
        state = DokoState.new(rules, dealer=seed % 4, seed=seed)
        for s in state.active:
            if count(state.hands[s], SK) == 2:
                return state, s, seed
        seed += 1


def play(state: DokoState, holder: int, genscher: bool) -> DokoState:
    bots = [DokoHeuristicBot(k) if genscher or k != holder else _NoGenscher(k)
            for k in range(4)]
    while not state.is_over:
        state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    return state


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", choices=("first", "second"), default="first")
    a = ap.parse_args()
    rules = DokoRules(genscher=a.mode)
    diffs: list[int] = []
    called = 0
    with_sum = without_sum = 0
    seed = a.seed * 1_000_003
    t0 = time.process_time()
    for _ in range(a.deals):
        state, holder, seed = holder_deal(rules, seed)
        on = play(state.clone(), holder, True)
        off = play(state, holder, False)
        assert on.result is not None and off.result is not None
        called += on.genscher is not None
        x, y = on.result.scores[holder], off.result.scores[holder]
        with_sum += x
        without_sum += y
        diffs.append(x - y)
        seed += 1
    dt = time.process_time() - t0
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    half = 1.96 * sd / math.sqrt(n)
    print(f"genscher={a.mode}: {n} deals with a holder of both Karo-Könige, played twice in "
          f"{dt:.1f} s CPU ({2 * n / dt:.0f} deals/s)")
    print(f"  Genscher called in {called} of {n} deals ({100 * called / n:.0f}%)")
    print(f"  holder's mean score: with the Genscher {with_sum / n:+.3f}, "
          f"never calling it {without_sum / n:+.3f}")
    print(f"  difference {mean:+.3f} per deal, 95% interval [{mean - half:+.3f}, "
          f"{mean + half:+.3f}]")


if __name__ == "__main__":
    main()
