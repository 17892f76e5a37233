"""How long the web replay's whole-deal analysis takes per game, and how much of a deal it
covers within the server's node budget (:data:`binokel.web.documents.ANALYSIS_BUDGET`).

Per game, ``--deals`` seeded deals played to the end by heuristic bots are analysed as the
server does (:func:`binokel.analysis.analyse_back`, from the last trick backwards while
every position is solved and the budget lasts). Printed per game: the deals with tricks,
the share of them analysed from their first card-play trick, the median and worst share of
tricks covered, the median and worst CPU seconds and the median nodes.

    nice -n 19 .venv/bin/python benchmarks/replay_analysis.py --deals 12
    nice -n 19 .venv/bin/python benchmarks/replay_analysis.py --games doppelkopf --deals 6 \
        --node-budget 10000000

Times are CPU seconds of this process; on a shared machine they vary, the nodes do not.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from binokel.analysis import analyse_back
from binokel.analysis import position_of
from binokel.play import play_deal
from binokel.registry import find_game
from binokel.web.documents import ANALYSIS_BUDGET
from binokel.web.documents import ANALYSIS_NODE_BUDGET

GAMES = ("binokel", "kreuzbinokel", "doppelkopf", "luxusfamilie", "zweier")


def one_deal(game: str, seed: int, budget: int, node_budget: int
             ) -> tuple[int, int, int, float, int] | None:
    """(tricks with a card play the search models, first trick of them, first trick
    analysed, CPU seconds, nodes) of one deal, None when no card was played."""
    spec = find_game(game)
    rules = spec.rules()
    bots = [spec.bots()["heuristic"](seed * 10 + s) for s in range(spec.default_players)]
    state = spec.new_deal(rules, seed % spec.default_players, seed=seed,
                          players=spec.default_players)
    play_deal(state, bots)
    replay = spec.new_deal(rules, seed % spec.default_players, seed=seed,
                           players=spec.default_players)
    states, actions = [], []
    for _, action in state.history:
        states.append(replay.clone())
        actions.append(action)
        replay.apply(action)
    modelled = [len(st.tricks) + 1 for st, a in zip(states, actions, strict=True)
                if a.startswith("play ") and position_of(st) is not None]
    if not modelled:
        return None
    t0 = time.process_time()
    result = analyse_back(states, actions, node_budget=node_budget, total_budget=budget)
    dt = time.process_time() - t0
    return max(modelled), min(modelled), result.from_trick, dt, result.nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--budget", type=int, default=ANALYSIS_BUDGET,
                    help="nodes of one deal's whole analysis")
    ap.add_argument("--node-budget", type=int, default=ANALYSIS_NODE_BUDGET,
                    help="nodes of one position")
    args = ap.parse_args()
    print(f"budget {args.budget:,} nodes per deal, {args.node_budget:,} per position; "
          f"load {os.getloadavg()[0]:.2f}")
    for game in args.games:
        rows = [r for s in range(args.seed, args.seed + args.deals)
                if (r := one_deal(game, s, args.budget, args.node_budget)) is not None]
        if not rows:
            print(f"{game:13} no deal with a card play")
            continue
        whole = sum(1 for last, first, got, _, _ in rows if got <= first)
        share = [(last - got + 1) / (last - first + 1) for last, first, got, _, _ in rows]
        secs = [dt for *_, dt, _ in rows]
        nodes = [n for *_, n in rows]
        print(f"{game:13} deals {len(rows):3}  whole {whole:3}/{len(rows)}  "
              f"tricks covered median {statistics.median(share):.0%} worst {min(share):.0%}  "
              f"cpu median {statistics.median(secs):.2f}s worst {max(secs):.2f}s  "
              f"nodes median {statistics.median(nodes):,.0f}")
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
