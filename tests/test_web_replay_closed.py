"""Finished deals stay replayable after the sweeper closed their table (issue 34): the
replay, the record and the analysis are read from the store, a running deal and a closed
table's unfinished last deal stay hidden, and a player page's link still works."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.web.app import create_app
from binokel.web.replays import TableRecords
from binokel.web.replays import seat_names
from binokel.web.tables import Limits
from test_web_accounts import csrf
from test_web_accounts import register
from test_web_rated import finish_deal
from test_web_rated import next_deal
from test_web_rated import sit
from test_web_rated import store
from web_helpers import migrated_sqlite

# every table is abandoned at once: the test's sweep closes what it finds
SWEEP_ALL = Limits(waiting_ttl=0.0, idle_ttl=0.0, unseen_ttl=0.0, sweep_every=3600.0)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(migrated_sqlite(tmp_path / 'db.sqlite3'), bot_delay=0.0,
                               limits=SWEEP_ALL)) as c:
        yield c


def sweep(client: TestClient) -> list[str]:
    registry = client.app.state.registry  # type: ignore[attr-defined]
    return client.portal.call(registry.sweep)  # type: ignore[union-attr,no-any-return]


def table(client: TestClient, **extra: Any) -> str:
    r = client.post("/api/tables", json={"game": "zweier", "players": 2,
                                         "bots": [None, "random"], "seed": 3, **extra},
                    headers=csrf(client))
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_a_closed_tables_finished_deal_is_replayed_and_analysed(client: TestClient) -> None:
    tid = table(client)
    sit(client, tid, 0, "Anna")
    finish_deal(client, tid)
    before = client.get(f"/api/tables/{tid}/deals/1/replay?step=5&lang=en").json()
    record = client.get(f"/api/tables/{tid}/deals/1/record").json()
    assert before["closed"] is False
    next_deal(client, tid)       # deal 2 starts and is never finished
    assert sweep(client) == [tid]
    assert client.get(f"/api/tables/{tid}").status_code == 404   # no live table any more
    after = client.get(f"/api/tables/{tid}/deals/1/replay?step=5&lang=en")
    assert after.status_code == 200, after.text
    # the same replay as while the table lived, names included, now marked closed
    assert after.json() == {**before, "closed": True}
    assert after.json()["names"] == ["Anna", before["names"][1]] and before["names"][1]
    assert client.get(f"/api/tables/{tid}/deals/1/record").json() == record
    deals = client.get(f"/api/tables/{tid}/deals").json()
    assert [d["number"] for d in deals] == [1]
    got = client.get(f"/api/tables/{tid}/deals/1/analysis?lang=en")
    assert got.status_code == 200, got.text
    assert got.json()["deal"] == 1 and got.json()["title"]
    # the analysis is cached under the same key as a live table's
    assert ("analysis", tid, 1) in client.app.state.work.cache.items  # type: ignore[attr-defined]


def test_a_closed_tables_unfinished_deal_stays_hidden(client: TestClient) -> None:
    tid = table(client)
    sit(client, tid, 0, "Anna")
    finish_deal(client, tid)
    next_deal(client, tid)
    sweep(client)
    for what in ("replay", "record", "analysis"):
        r = client.get(f"/api/tables/{tid}/deals/2/{what}")
        assert r.status_code == 409 and r.json()["error"] == "not_over", (what, r.text)
        r = client.get(f"/api/tables/{tid}/deals/3/{what}")
        assert r.status_code == 404 and r.json()["error"] == "no_deal", (what, r.text)
        r = client.get(f"/api/tables/{tid}/deals/{2**40}/{what}")
        assert r.status_code == 404 and r.json()["error"] == "no_deal", (what, r.text)
    r = client.get("/api/tables/nosuchtable/deals/1/replay")
    assert r.status_code == 404 and r.json()["error"] == "no_table"
    r = client.get(f"/api/tables/{'x' * 200}/deals/1/replay")
    assert r.status_code == 404 and r.json()["error"] == "no_table"


def test_a_running_deal_of_a_live_table_stays_hidden(client: TestClient) -> None:
    tid = table(client)
    sit(client, tid, 0, "Anna")
    for what in ("replay", "record", "analysis"):
        r = client.get(f"/api/tables/{tid}/deals/1/{what}")
        assert r.status_code == 409 and r.json()["error"] == "not_over", (what, r.text)


def test_a_player_pages_replay_link_works_after_the_sweep(client: TestClient) -> None:
    register(client, "Anna")
    tid = table(client)
    sit(client, tid, 0, "Anna")
    finish_deal(client, tid)
    assert sweep(client) == [tid]
    [deal] = client.get("/api/players/Anna/deals").json()["deals"]
    assert (deal["table"], deal["deal"]) == (tid, 1)
    # what /t/<table>#replay=<deal>.0 loads: the page itself and the replay's steps
    assert client.get(f"/t/{deal['table']}").status_code == 200
    r = client.get(f"/api/tables/{deal['table']}/deals/{deal['deal']}/replay?step=0")
    assert r.status_code == 200, r.text
    assert r.json()["closed"] is True and r.json()["names"][0] == "Anna"
    assert r.json()["step"] == 0 and r.json()["steps"] > 0


def test_the_records_are_the_stores_for_a_live_table_too(client: TestClient) -> None:
    tid = table(client)
    sit(client, tid, 0, "Anna")
    finish_deal(client, tid)
    live = client.app.state.registry.get(tid)  # type: ignore[attr-defined]
    stored = TableRecords.load(store(client), tid)
    assert stored.names == live.seats.names() and not stored.closed
    assert stored.finished_deals() == store(client).finished_deals(tid)


def test_seat_names_follow_the_tables_names() -> None:
    assert seat_names([None, "random", "strong"], {}, {0: "Anna"})[0] == "Anna"
    named = seat_names(["random", None], {"bot_names": ["Robo", None]}, {1: "Bert"})
    assert named == ["Robo", "Bert"]
    assert seat_names([None, None], {}, {}) == ["", ""]


def test_a_closed_duplicate_tables_deals_stay_sealed_without_their_tournament(
        client: TestClient) -> None:
    from binokel.web.store import TableRow

    tid = table(client)
    sit(client, tid, 0, "Anna")
    finish_deal(client, tid)
    sweep(client)
    # a duplicate round's table whose tournament is gone: its deals stay shut for good
    with store(client).session.begin() as s:
        row = s.get(TableRow, tid)
        assert row is not None
        row.settings = {**(row.settings or {}), "duplicate": "gone", "duplicate_round": 1}
    for what in ("replay", "record", "analysis"):
        r = client.get(f"/api/tables/{tid}/deals/1/{what}")
        assert r.status_code == 403 and r.json()["error"] == "sealed", (what, r.text)
    assert client.get(f"/api/tables/{tid}/deals").json()["error"] == "sealed"
