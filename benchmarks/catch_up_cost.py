"""What it costs a server process to catch up a table another process changed (a benchmark,
not a unit test).

Two stores (two "processes") on one PostgreSQL database hold one Binokel table; the first
plays whole deals, and after every action the second catches its copy up, once
incrementally (``reload()``: only the actions since its move) and once by the full replay
(``reload(full=True)``, what every catch-up did before). Prints the time and the SQL
statements per catch-up of each, and their ratio. The database should be a throwaway one.

    python benchmarks/catch_up_cost.py --deals 3 \\
        --database-url 'postgresql+psycopg://postgres@/binokel?host=/tmp/pg&port=5432'
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from sqlalchemy import event

from binokel.web.store import Store
from binokel.web.tables import LiveTable
from binokel.web.tables import Registry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--database-url", required=True, help="a throwaway PostgreSQL database")
    ap.add_argument("--deals", type=int, default=3, help="deals to play (1 to 50)")
    args = ap.parse_args()
    if not args.database_url.startswith("postgres"):
        ap.error("the catch-up between processes needs PostgreSQL")
    if not 1 <= args.deals <= 50:
        ap.error("--deals must be 1 to 50")
    one, two = Store(args.database_url), Store(args.database_url)
    statements = [0]

    def count(*_: Any) -> None:
        statements[0] += 1

    event.listen(two.engine, "before_cursor_execute", count)
    try:
        r1, r2 = Registry(one, bot_delay=0.0), Registry(two, bot_delay=0.0)
        t1 = r1.create({"bots": [None, None, None], "deals": args.deals})
        for seat in range(3):
            t1.seats.join(seat, f"P{seat}")
        t2 = r2.get(t1.id)
        rng = random.Random(1)
        cost: dict[str, list[float]] = {"incremental": [], "full replay": []}
        queries: dict[str, list[int]] = {"incremental": [], "full replay": []}
        compute: dict[str, list[float]] = {"incremental": [], "full replay": []}

        def measure(kind: str, copy: LiveTable, full: bool) -> None:
            before = statements[0]
            start = time.perf_counter()
            copy.reload(full=full)
            cost[kind].append(time.perf_counter() - start)
            queries[kind].append(statements[0] - before)

        deals = 0
        while deals < args.deals:
            assert t1.round is not None
            st = t1.round.current
            if st.is_over:
                deals += 1
                if deals < args.deals:
                    for seat in range(3):
                        t1.ready_next(seat)
                continue
            t1.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
            # The second copy, one action behind: the same increment both ways (the full
            # replay on a copy of its own, so the incremental one stays one action behind).
            fresh = r2._load(snapshot(two, t1.id))
            measure("full replay", fresh, True)
            # The replay alone, without the database: what the event loop computes.
            assert t2.round is not None
            snap = snapshot(two, t1.id)
            start = time.perf_counter()
            r2._load(snap)
            compute["full replay"].append(time.perf_counter() - start)
            probe = r2._load(snapshot(two, t1.id, before=True))
            assert probe.round is not None
            part = snapshot(two, t1.id, probe.deal_number, len(probe.round.current.history))
            start = time.perf_counter()
            assert probe._advance(part)
            compute["incremental"].append(time.perf_counter() - start)
            measure("incremental", t2, False)
            assert t2.round is not None and fresh.round is not None
            assert t2.round.current.history == fresh.round.current.history
        print(f"{len(cost['incremental'])} catch-ups of one action each over {args.deals} "
              "deal(s) of Binokel (3 players), PostgreSQL")
        for kind in cost:
            ms = statistics.mean(cost[kind]) * 1e3
            print(f"{kind:12s}: {ms:6.2f} ms per catch-up ({1e3 / ms:,.0f}/s), "
                  f"{statistics.mean(queries[kind]):.1f} SQL statements")
        ratio = statistics.mean(cost["full replay"]) / statistics.mean(cost["incremental"])
        print(f"the full replay costs {ratio:.1f}x the incremental catch-up")
        for kind in compute:
            print(f"{kind:12s}: {statistics.mean(compute[kind]) * 1e3:6.2f} ms of it "
                  "computed (the snapshot read beforehand)")
        ratio = statistics.mean(compute["full replay"]) / statistics.mean(compute["incremental"])
        print(f"computed alone, the full replay costs {ratio:.1f}x the increment")
    finally:
        one.close()
        two.close()


def snapshot(store: Store, table_id: str, from_deal: int = 0, from_action: int = 0,
             before: bool = False) -> Any:
    """The table's snapshot (``before``: without its newest action, as the copy one
    action behind has it)."""
    with store.reading() as s:
        snap = store.snapshot(s, table_id, from_deal=from_deal, from_action=from_action)
    if before:
        snap.deals[-1].actions.pop()
        snap.deals[-1].finished = False
    return snap


if __name__ == "__main__":
    main()
