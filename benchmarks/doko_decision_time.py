"""CPU time per decision of a Doppelkopf bot kind: one seat the bot, three heuristic players,
``ddv`` without Pflichtsolo and Vorführen (the rules of the FreeDoko field match, issue 35).
A benchmark, not a test.

    nice -n 19 .venv/bin/python benchmarks/doko_decision_time.py --bot strong --deals 8

Prints the median, 95th percentile and maximum CPU seconds of the decisions with more than
one legal action, over all of them and split into the cards before the last tricks (the
strong player's early simulation), the cards of the last tricks and the rest (reservations,
announcements). The bot sits in every seat in turn (deal ``i`` in seat ``i % 4``).
"""

from __future__ import annotations

import argparse
import statistics
import time

from binokel.bots import make_bot
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.state import DokoState

MAX_DEALS = 1_000


def percentile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank below).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.95)
    3.0
    """
    s = sorted(xs)
    return s[int(q * (len(s) - 1))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="strong", help="a Doppelkopf bot kind")
    ap.add_argument("--deals", type=int, default=8, help=f"1..{MAX_DEALS}")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    if not 1 <= a.deals <= MAX_DEALS:
        ap.error(f"--deals must be 1..{MAX_DEALS}")
    rules = DokoRules.from_preset("ddv", pflichtsolo=False, vorfuehren=False, claims=False)
    heuristic = DokoHeuristicBot(a.seed)
    times: dict[str, list[float]] = {"early card": [], "endgame card": [], "other": []}
    for i in range(a.deals):
        seat = i % 4
        bot = make_bot(a.bot, a.seed + i, game="doppelkopf")
        state = DokoState.new(rules, dealer=(i + 3) % 4, seed=a.seed * 100_003 + i)
        while not state.is_over:
            view = state.view(state.to_move)
            if state.to_move != seat:
                state.apply(heuristic.choose(view))
                continue
            t0 = time.process_time()
            action = bot.choose(view)
            spent = time.process_time() - t0
            if len(view.legal_actions) > 1:
                impl = bot.implementation("doppelkopf")
                solve_tricks = getattr(impl, "solve_tricks", 0)
                kind = "other" if not action.startswith("play ") else \
                    "early card" if len(view.hand) > solve_tricks else "endgame card"
                times[kind].append(spent)
            state.apply(action)
    every = [t for ts in times.values() for t in ts]
    print(f"{a.bot}, {a.deals} deals, CPU s per decision with a choice:")
    for name, ts in [("all", every), *times.items()]:
        if ts:
            print(f"  {name:13s} n {len(ts):4d}  median {statistics.median(ts):.3f}  "
                  f"p95 {percentile(ts, 0.95):.3f}  max {max(ts):.2f}")


if __name__ == "__main__":
    main()
