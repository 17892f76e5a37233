"""An online duplicate round on the web server: how long a round of bots takes, how fast
its deals are played, and what one read of the tournament page costs.

A benchmark, not a test: run ``python benchmarks/duplicate_round.py`` (options below). It
starts the app in-process (Starlette's TestClient, SQLite in a temporary folder, bots
without delay), creates a tournament of ``--entrants`` computer players (at most the
server's 12, the rest filled by bots of the same level), starts one round of ``--deals``
deals at tables of ``--size`` and prints

- the time to start the round (seating, drawing the deals, opening the tables),
- the time until it is settled, and the deals per second over all tables,
- the median and 95th percentile of ``GET /api/duplicates/{id}`` while it runs and after
  it is settled (the page polls every 3 s per reader), and the ratio of the two. With
  ``--bot-delay 0`` the bots keep the server's event loop busy, and a read waits for it;
  ``--bot-delay 0.5`` (the server's default) shows the read's own cost.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from typing import Any

from starlette.testclient import TestClient

from binokel.web.app import create_app
from binokel.web.duplicate import MAX_BOT_ENTRANTS


def timed_get(client: TestClient, path: str) -> tuple[float, Any]:
    t0 = time.perf_counter()
    r = client.get(path)
    return time.perf_counter() - t0, r.json()


def quantiles(xs: list[float]) -> tuple[float, float]:
    xs = sorted(xs)
    return statistics.median(xs), xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="binokel")
    ap.add_argument("--size", type=int, default=3)
    ap.add_argument("--entrants", type=int, default=MAX_BOT_ENTRANTS)
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--bot-delay", type=float, default=0.0,
                    help="seconds a bot waits before each move (the server's default: 0.5)")
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="binokel-dup-bench-")
    with TestClient(create_app(f"sqlite:///{folder}/web.sqlite3",
                                       bot_delay=args.bot_delay)) as c:
        r = c.post("/api/duplicates", json={"game": args.game, "table_size": args.size,
                                            "rounds": 1, "deals": args.deals,
                                            "bot": args.bot})
        did, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
        for i in range(min(args.entrants, MAX_BOT_ENTRANTS)):
            c.post(f"/api/duplicates/{did}/players",
                   json={"nickname": f"P{i + 1}", "bot": args.bot}, headers=own)
        t0 = time.perf_counter()
        started = c.post(f"/api/duplicates/{did}/rounds", json={}, headers=own)
        t_start = time.perf_counter() - t0
        tables = started.json()["result"]["tables"]
        running: list[float] = []
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < args.timeout:
            dt, got = timed_get(c, f"/api/duplicates/{did}")
            if got["duplicate"]["played"][0]["finished"]:
                break
            running.append(dt)
            time.sleep(0.05)
        t_round = time.perf_counter() - t0
        settled = [timed_get(c, f"/api/duplicates/{did}")[0] for _ in range(50)]
    deals = tables * args.deals
    print(f"{args.game}, tables of {args.size}, {tables} tables, {args.deals} deals each, "
          f"bots: {args.bot}, bot delay {args.bot_delay} s")
    print(f"start of the round:   {t_start * 1000:8.1f} ms")
    print(f"round settled after:  {t_round:8.2f} s   ({deals / t_round:.1f} deals/s over "
          f"all tables)")
    if running:
        m, p95 = quantiles(running)
        print(f"GET while running:    {m * 1000:8.2f} ms median, {p95 * 1000:.2f} ms p95 "
              f"({len(running)} reads)")
    ms, ps = quantiles(settled)
    print(f"GET once settled:     {ms * 1000:8.2f} ms median, {ps * 1000:.2f} ms p95")
    if running:
        print(f"ratio settled/running (median): {ms / statistics.median(running):.2f}")


if __name__ == "__main__":
    main()
