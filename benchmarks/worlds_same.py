"""Is a strong player as strong after a change as before it? Run this once with each version
of the code and compare the two outputs.

Each deal (seeds ``--seed``, ``--seed`` + 1, ...) is dealt the same in both runs; the player
``--kind`` sits in one seat (the deal's number modulo the players, or the next seat in play)
against the heuristic in the others, each bot seeded from the deal's seed. One JSON line per
decision of that seat (the step, the action and the values the bot reports) and one per deal
(its score, and the player's process time). Run the old version from a copy of its source
on ``PYTHONPATH``:

    nice -n 19 env PYTHONPATH=/tmp/worlds-old/src .venv/bin/python benchmarks/worlds_same.py \\
        --game binokel --kind strong --deals 6 > /tmp/worlds-old-binokel.jsonl
    nice -n 19 .venv/bin/python benchmarks/worlds_same.py --game binokel --kind strong \\
        --deals 6 > /tmp/worlds-new-binokel.jsonl
    .venv/bin/python benchmarks/worlds_same.py --compare /tmp/worlds-old-binokel.jsonl \\
        /tmp/worlds-new-binokel.jsonl

``--compare`` counts the decisions that are the same (action and values) and, over the deals
both played, the duplicate difference of the player's score (new less old: the same cards,
the same opponents, the same seat), its mean with a 95% interval. Bots whose every decision
is the same are equally strong whatever the interval says.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

import binokel
from binokel.bots import make_bot
from binokel.registry import find_game


def play(game: str, players: int, kind: str, deals: int, seed: int) -> None:
    spec = find_game(game)
    rules = spec.make_rules({})
    print(json.dumps({"code": binokel.__file__}), flush=True)
    for d in range(deals):
        s = seed + d
        state = spec.new_deal(rules, s % players, seed=s, players=players)
        seat = d % players
        while not state.view(seat).hand:   # a seat that sits this deal out (Binokel's dealer)
            seat = (seat + 1) % players
        bots = [make_bot(kind if i == seat else "heuristic", s * 31 + i, game=game)
                for i in range(players)]
        spent = 0.0
        step = 0
        while not state.is_over:
            who = state.to_move
            view = state.view(who)
            if who == seat:
                t0 = time.process_time()
                action = bots[who].choose(view)
                spent += time.process_time() - t0
                values = getattr(bots[who], "last_values", {})
                print(json.dumps({"deal": s, "step": step, "action": action,
                                  "values": {a: round(v, 6) for a, v in sorted(
                                      values.items())}}), flush=True)
            else:
                action = bots[who].choose(view)
            state.apply(action)
            step += 1
        assert state.result is not None
        print(json.dumps({"deal": s, "seat": seat, "score": float(state.result.scores[seat]),
                          "seconds": round(spent, 3)}), flush=True)


def _read(path: str) -> tuple[dict[tuple[int, int], Any], dict[int, dict[str, Any]]]:
    decisions: dict[tuple[int, int], Any] = {}
    results: dict[int, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if "step" in row:
                decisions[(row["deal"], row["step"])] = (row["action"], row["values"])
            elif "score" in row:
                results[row["deal"]] = row
    return decisions, results


def compare(old_path: str, new_path: str) -> None:
    old, old_results = _read(old_path)
    new, new_results = _read(new_path)
    deals = sorted(set(old_results) & set(new_results))
    same_deals = [d for d in deals
                  if all(old.get(k) == new.get(k) for k in set(old) | set(new) if k[0] == d)]
    both = [k for k in old if k in new and k[0] in deals]
    same = sum(1 for k in both if old[k] == new[k])
    same_action = sum(1 for k in both if old[k][0] == new[k][0])
    print(f"deals played by both: {len(deals)}, of them decided the same throughout: "
          f"{len(same_deals)}")
    print(f"decisions at the same step: {len(both)}, the same action: {same_action}, the same "
          f"action and values: {same}")
    diffs = [new_results[d]["score"] - old_results[d]["score"] for d in deals]
    if diffs:
        n = len(diffs)
        mean = sum(diffs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n) if n > 1 else math.inf
        print(f"score, new less old, per deal: {mean:+.2f} (95% interval "
              f"{mean - half:+.2f} .. {mean + half:+.2f}, n = {n})")
    for name, results in (("old", old_results), ("new", new_results)):
        secs = [results[d]["seconds"] for d in deals]
        if secs:
            print(f"{name}: {sum(secs) / len(secs):.2f} s of process time per deal "
                  f"(the player's decisions), max {max(secs):.2f}")


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--game", default="binokel")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--kind", default="strong")
    p.add_argument("--deals", type=int, default=4)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    args = p.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    spec = find_game(args.game)
    if args.deals < 1 or args.deals > 10_000:
        sys.exit("--deals: 1..10000")
    play(spec.name, args.players or spec.default_players, args.kind, args.deals, args.seed)


if __name__ == "__main__":
    main()
