"""Who does what among several server processes on one PostgreSQL database: the sweep runs
in one process at a time, a process whose lock connection dropped stops driving and takes
its tables again, and the running tables spread over the live processes."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import text

from binokel.web.store import SWEEP_LOCK
from binokel.web.store import Store
from binokel.web.store import now
from binokel.web.tables import LiveTable
from binokel.web.tables import Registry
from test_web_postgres import BIN
from test_web_postgres import pg_url  # noqa: F401 - the fixture

pytestmark = pytest.mark.skipif(not (BIN / "initdb").exists(), reason="no PostgreSQL server")


@pytest.fixture
def stores(pg_url: str) -> Iterator[list[Store]]:  # noqa: F811
    made = [Store(pg_url) for _ in range(3)]
    yield made
    for s in made:
        s.close()
    # Each test starts from no live table (earlier ones would count in the shares).
    with made[0].engine.begin() as conn:
        conn.execute(text("UPDATE tables SET status = 'closed'"))
    made[0].engine.dispose()


def playing_table(registry: Registry) -> LiveTable:
    """A running table of three people (nobody moves: it stays running)."""
    t = registry.create({"bots": [None, None, None]})
    for seat in range(3):
        t.seats.join(seat, f"P{seat}")
    assert t.status == "playing"
    return t


def rounds(registries: list[Registry], until: Callable[[], bool]) -> None:
    """Take-over rounds of every process until ``until()`` (at most ~5 s: PostgreSQL drops
    a closed connection's locks when its backend has ended, a moment later)."""
    for _ in range(50):
        for r in registries:
            asyncio.run(r.take_over())
        if until():
            return
        time.sleep(0.1)
    raise AssertionError([sorted(r.driving) for r in registries])


def test_the_sweep_runs_in_one_process_at_a_time(stores: list[Store]) -> None:
    one, two, _ = stores
    r1 = Registry(one, bot_delay=0.0)
    waiting = [r1.create({"bots": [None, None, None]}).id for _ in range(4)]
    later = now() + timedelta(seconds=1)
    # Another process is closing tables at this moment (it holds the sweep lock) ...
    with one.engine.connect() as busy:
        busy.execute(text("SELECT pg_advisory_lock(:ns, 0)"), {"ns": SWEEP_LOCK})
        assert two.close_idle(later, later) == []        # ... so this one skips its round
        assert all(getattr(one.table(t), "status", None) == "waiting" for t in waiting)
        busy.execute(text("SELECT pg_advisory_unlock(:ns, 0)"), {"ns": SWEEP_LOCK})
        busy.commit()
    # Both at once, many times: every table is closed exactly once, by one of them.
    more = [r1.create({"bots": [None, None, None]}).id for _ in range(4)]
    closed: list[list[str]] = [[], []]
    start = threading.Barrier(2)

    def sweep(k: int, store: Store) -> None:
        start.wait()
        for _ in range(5):
            closed[k].extend(store.close_idle(later, later))

    threads = [threading.Thread(target=sweep, args=(k, s)) for k, s in enumerate((one, two))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(closed[0] + closed[1]) == sorted(waiting + more)


def backend_pid(store: Store) -> int:
    assert store.drive_locks.conn is not None
    pid = store.drive_locks.conn.execute(text("SELECT pg_backend_pid()")).scalar_one()
    store.drive_locks.conn.commit()
    return int(pid)


def terminate(store: Store, pid: int) -> None:
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT pg_terminate_backend(:p, 5000)"), {"p": pid}).scalar()


def test_a_dropped_lock_connection_stops_driving_then_takes_again(
        stores: list[Store]) -> None:
    one, two, _ = stores
    r1, r2 = Registry(one, bot_delay=0.0), Registry(two, bot_delay=0.0)
    a, b = playing_table(r1), playing_table(r1)
    assert sorted(asyncio.run(r1.take_over())) == sorted([a.id, b.id])   # alone: all
    assert a.driver and b.driver

    # The backend of the lock connection is terminated while the process lives: the next
    # round notices, and nobody else took the locks meanwhile, so it takes them again.
    terminate(one, backend_pid(one))
    assert sorted(asyncio.run(r1.take_over())) == sorted([a.id, b.id])
    assert a.driver and b.driver and r1.driving == {a.id, b.id}
    assert one.drive_locks.lost(sorted(r1.driving)) == []

    # Again, but another process takes the tables before this one looks: this one stops
    # driving them (its turn clocks rest) and leaves them to the other.
    terminate(one, backend_pid(one))
    rounds([r2], lambda: r2.driving == {a.id, b.id})
    assert asyncio.run(r1.take_over()) == []
    assert not a.driver and not b.driver and r1.driving == set()
    assert a.bot_driver.timer is None and b.bot_driver.timer is None
    c = r2.get(a.id)
    assert c.driver and c is not a


def test_running_tables_spread_over_the_live_processes(stores: list[Store]) -> None:
    _, two, three = stores
    r1, r2, r3 = (Registry(s, bot_delay=0.0) for s in stores)
    tables = [playing_table(r1) for _ in range(6)]
    ids = {t.id for t in tables}
    everyone = [r1, r2, r3]
    # The first process is alone and drives all; as two more start, it hands them their
    # share: two tables each.
    asyncio.run(r1.take_over())
    assert r1.driving == ids
    rounds(everyone, lambda: [len(r.driving) for r in everyone] == [2, 2, 2])
    assert r1.driving | r2.driving | r3.driving == ids
    assert all(t.driver == (t.id in r1.driving) for t in tables)
    # One dies: its tables go to the two left, one each (their share is three now).
    three.close()
    rounds([r1, r2], lambda: [len(r.driving) for r in (r1, r2)] == [3, 3])
    assert r1.driving | r2.driving == ids
    # The other restarts: the new process gets its share back from the one that kept
    # driving meanwhile.
    two.close()
    rounds([r1], lambda: r1.driving == ids)
    again = Store(two.url)
    try:
        r4 = Registry(again, bot_delay=0.0)
        rounds([r1, r4], lambda: [len(r.driving) for r in (r1, r4)] == [3, 3])
        assert r1.driving | r4.driving == ids
    finally:
        again.close()


def test_the_clock_between_deals_runs_on_in_another_process(stores: list[Store]) -> None:
    """A series of one deal is over (the table is ``finished``: a rematch follows), one
    person is ready, the other walked away, and the process that drove the table dies:
    another process takes the table (not only running ones), its clock marks the late
    person away and deals the rematch."""
    one, two, _ = stores

    def quick(t: LiveTable) -> None:
        t.settings["turn_timeout"] = 0.3   # the smallest a table may ask for is 10 s

    async def scenario() -> None:
        r1 = Registry(one, bot_delay=0.0, prepare=quick)
        r2 = Registry(two, bot_delay=0.0, prepare=quick)
        t = r1.create({"game": "zweier", "players": 2, "bots": [None, None], "deals": 1,
                       "settings": {"turn_timeout": 10}})
        for seat in range(2):
            t.seats.join(seat, f"P{seat}")
        await r1.take_over()
        assert r1.driving == {t.id}
        rng = random.Random(9)
        st = t.round.current
        while not st.is_over:
            t.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
        t.deals.ready_next(0)                      # P0 is ready, P1 is not
        assert one.table(t.id).status == "finished"
        # The driving process dies before its clock runs out.
        t.bot_driver.stop_timer()
        one.close()
        for _ in range(50):
            await r2.take_over()
            if t.id in r2.driving:
                break
            await asyncio.sleep(0.1)
        assert t.id in r2.driving, "nobody took the table between deals"
        other = r2.tables[t.id]
        assert other.ready == {0} and other.bot_driver.timer_key == ("next", 1)
        for _ in range(50):
            if other.deal_number == 2:
                break
            await asyncio.sleep(0.1)
        assert other.deal_number == 2 and other.series_number == 2 and other.seats.away == {1}
        other.bot_driver.stop_timer()
        if other.bot_driver.bot_task is not None:
            other.bot_driver.bot_task.cancel()
        with two.reading() as s:
            snap = two.snapshot(s, t.id)
        assert snap is not None and snap.row.status == "playing"
        assert [d.number for d in snap.deals] == [2] and snap.row.series == 2   # the rematch
        assert {row.seat for row in snap.seats if row.away} == {1}

    asyncio.run(scenario())
