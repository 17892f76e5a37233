"""The background analyser (issue 34): rated deals nobody opened get their points given
away while the worker pool is idle, oldest first, at most so many an hour, never while
people's own work waits, and not at all when switched off."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import insert
from sqlalchemy import text
from starlette.testclient import TestClient

from binokel.web.analysis import Analyses
from binokel.web.app import create_app
from binokel.web.backfill import AnalyserLimits
from binokel.web.backfill import Backfill
from binokel.web.backfill import waiting
from binokel.web.driving import ANALYSER_LOCK
from binokel.web.rated import PlayedDealRow
from binokel.web.store import Store
from binokel.web.work import Work
from test_web_accounts import csrf
from test_web_accounts import register
from test_web_postgres import pg_url  # noqa: F401 - the fixture
from test_web_rated import finish_deal
from test_web_rated import next_deal
from test_web_rated import rated_table
from test_web_rated import sit
from test_web_replay_closed import SWEEP_ALL
from test_web_replay_closed import sweep
from web_helpers import migrated_sqlite


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # an hour between the app's own looks: the test looks itself (Backfill.once)
    with TestClient(create_app(migrated_sqlite(tmp_path / 'db.sqlite3'), bot_delay=0.0,
                               limits=SWEEP_ALL,
                               analyser=AnalyserLimits(per_hour=1, every=3600.0))) as c:
        yield c


def analyser(client: TestClient) -> Backfill:
    return client.app.state.analyser  # type: ignore[attr-defined,no-any-return]


def once(client: TestClient) -> tuple[str, int] | None:
    return client.portal.call(analyser(client).once)  # type: ignore[union-attr]


def stats(client: TestClient) -> dict[str, object]:
    return client.get("/api/players/Anna").json()["games"][0]["stats"]  # type: ignore[no-any-return]


def test_rated_deals_get_their_points_given_away_in_the_background(
        client: TestClient) -> None:
    register(client, "Anna")
    tid = rated_table(client, [None, "heuristic"])
    sit(client, tid, 0)
    finish_deal(client, tid, 1)
    next_deal(client, tid)
    finish_deal(client, tid, 2)
    assert stats(client)["analysed"] == 0 and stats(client)["given_away"] is None
    clock = [0.0]
    analyser(client).clock = lambda: clock[0]
    # people's own work first: nothing starts while the pool has a job
    analyser(client).work.pending = 1
    assert once(client) is None
    analyser(client).work.pending = 0
    # oldest first, even after the sweeper closed the table (its rows stay)
    sweep(client)
    assert once(client) == (tid, 1)
    got = stats(client)
    assert got["analysed"] == 1 and isinstance(got["given_away"], float)
    analysis = client.get(f"/api/tables/{tid}/deals/1/analysis").json()
    first = client.get("/api/players/Anna/deals").json()["deals"][-1]
    assert first["deal"] == 1 and first["given_away"] == sum(
        m["loss"] for m in analysis["marks"].values() if m["seat"] == 0)
    # one an hour: the second deal waits for the next hour
    assert once(client) is None and stats(client)["analysed"] == 1
    clock[0] += 3601
    assert once(client) == (tid, 2)
    assert stats(client)["analysed"] == 2
    clock[0] += 3601
    assert once(client) is None    # nothing left to analyse
    assert analyser(client).done == 2


def test_unrated_deals_are_left_to_those_who_open_them(client: TestClient) -> None:
    register(client, "Anna")
    r = client.post("/api/tables", json={"game": "zweier", "players": 2,
                                         "bots": [None, "random"]},
                    headers=csrf(client))
    tid = r.json()["id"]
    sit(client, tid, 0)
    finish_deal(client, tid)
    assert once(client) is None and stats(client)["analysed"] == 0


def test_the_analyser_is_off_at_zero(tmp_path: Path) -> None:
    with TestClient(create_app(migrated_sqlite(tmp_path / 'db.sqlite3'), bot_delay=0.0,
                               analyser=AnalyserLimits(per_hour=0))) as client:
        register(client, "Anna")
        tid = rated_table(client, [None, "heuristic"])
        sit(client, tid, 0)
        finish_deal(client, tid)
        assert once(client) is None and stats(client)["analysed"] == 0


def test_one_process_of_a_postgresql_cluster_analyses(pg_url: str) -> None:  # noqa: F811
    """The hour's quota is the cluster's: the analyser runs in the process that holds its
    lock, and another takes it over when that process is gone."""
    first, second = Store(pg_url), Store(pg_url)
    try:
        looked: list[str] = []
        backfills = [Backfill(s, Work(), Analyses(Work())) for s in (first, second)]
        for name, b in zip(("first", "second"), backfills, strict=True):
            b.next_deal = lambda name=name: looked.append(name)  # type: ignore[method-assign]
        assert asyncio.run(backfills[0].once()) is None
        assert asyncio.run(backfills[1].once()) is None
        assert asyncio.run(backfills[0].once()) is None      # held, asked again
        assert looked == ["first", "first"]
        assert first.drive_locks.lead(ANALYSER_LOCK)
        assert not second.drive_locks.lead(ANALYSER_LOCK)
        first.close()                        # the analysing process goes
        assert asyncio.run(backfills[1].once()) is None
        assert looked == ["first", "first", "second"]
    finally:
        first.close()                        # closing twice is harmless
        second.close()


def plan_of_the_look(url: str) -> str:
    """How the database reads the analyser's look for waiting deals, with 4,000 played
    deals of which a few wait (the planner's statistics taken)."""
    store = Store(url)
    try:
        with store.session.begin() as s:
            s.execute(insert(PlayedDealRow), [
                {"account_id": f"a{i % 40}", "game": "binokel", "table_id": f"t{i}", "deal": 1,
                 "seat": 0, "rated": i % 2 == 0, "score": 0, "declared": False,
                 "made": False, "given_away": None if i % 97 == 0 else 3}
                for i in range(4000)])
        query = waiting(3).compile(store.engine, compile_kwargs={"literal_binds": True})
        with store.engine.connect() as conn:
            conn.execute(text("ANALYZE"))
            explain = "EXPLAIN QUERY PLAN " if store.engine.name == "sqlite" else "EXPLAIN "
            return " ".join(str(row) for row in conn.execute(text(explain + str(query))))
    finally:
        store.close()


def test_the_look_for_waiting_deals_reads_its_own_index(tmp_path: Path) -> None:
    assert "ix_played_deals_unanalysed" in plan_of_the_look(f"sqlite:///{tmp_path / 'db'}")


def test_the_look_for_waiting_deals_reads_its_own_index_on_postgresql(
        pg_url: str) -> None:  # noqa: F811
    assert "ix_played_deals_unanalysed" in plan_of_the_look(pg_url)
