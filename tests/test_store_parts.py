"""The parts of the server's database access beside the Store (binokel.web.lobby_queries,
binokel.web.driving): the lobby's queries on a SQLite file, and what the driving locks do
without a PostgreSQL connection. The locks themselves, over several processes, are covered
by the db tier (test_web_drive, test_web_postgres)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import cast

import pytest
from sqlalchemy import update
from sqlalchemy.engine import Engine

from binokel.web.driving import DriveLocks
from binokel.web.lobby_queries import LobbyQueries
from binokel.web.lobby_queries import decode_cursor
from binokel.web.lobby_queries import encode_cursor
from binokel.web.store import Store
from binokel.web.store import TableRow
from binokel.web.store import now

RULES = {"preset": "standard", "options": {}}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'web.sqlite3'}")
    yield s
    s.close()


def make(store: Store, tid: str, creator: str | None = "anna",
         status: str = "waiting") -> None:
    store.create_table(tid, "binokel", 3, RULES, None, [None, None, "random"], {}, creator)
    if status != "waiting":
        with store.session.begin() as s:
            s.execute(update(TableRow).where(TableRow.id == tid).values(status=status))


def test_the_lobby_pages_newest_first_by_its_cursor(store: Store) -> None:
    for k in range(5):
        make(store, f"t{k}")
    make(store, "p", status="playing")
    q = LobbyQueries(store.session)
    seen: list[str] = []
    cursor = None
    for _ in range(3):
        rows, cursor = q.page("waiting", 2, cursor)
        seen += [r.id for r, seats in rows]
        if cursor is None:
            break
    assert sorted(seen) == [f"t{k}" for k in range(5)] and len(set(seen)) == 5
    assert [r.id for r, _ in q.page("playing", 50, None)[0]] == ["p"]


def test_a_cursor_is_only_one_the_lobby_handed_out() -> None:
    at = now()
    assert decode_cursor(encode_cursor(at, "abc")) == (at, "abc")
    for bad in ("x" * 121, encode_cursor(at, "")[:8]):
        with pytest.raises(ValueError):
            decode_cursor(bad)


def test_what_a_client_holds_and_what_is_loaded_at_a_start(store: Store) -> None:
    make(store, "a1")
    make(store, "a2", status="playing")
    make(store, "b1", creator="bert")
    make(store, "gone", status="closed")
    q = LobbyQueries(store.session)
    assert q.count_live("anna") == 2 and q.count_live("anna", ("waiting",)) == 1
    assert q.count_live() == 3
    with store.session() as s:
        assert LobbyQueries.tables_held(s, "bert") == 1
        assert LobbyQueries.tables_held(s, "carl") == 0
    assert sorted(q.live_ids()) == ["a1", "a2", "b1"]


def test_a_token_finds_the_live_tables_it_holds_a_seat_at(store: Store) -> None:
    make(store, "a")
    make(store, "old")
    later = now() + timedelta(days=1)
    for tid, expires in (("a", later), ("old", now() - timedelta(seconds=1))):
        with store.locked(tid) as tx:
            tx.add_seat(0, "Anna", "h1", expires)
            tx.add_seat(1, "Bert", "h2", later)
    found = LobbyQueries(store.session).by_tokens(["h1", "h3"])
    assert [(h, row.id, [s.seat for s in seats]) for h, row, seats in found] == [
        ("h1", "a", [0, 1])]    # the expired token at "old" holds nothing


def test_the_driving_locks_without_a_connection() -> None:
    # Never connected (or dropped after an error): nothing is held, so every table is lost
    # and giving one up or closing asks nothing of the database.
    locks = DriveLocks(cast(Engine, None))
    assert locks.lost([]) == [] and locks.lost(["a", "b"]) == ["a", "b"]
    assert locks.surplus([]) == []
    locks.undrive("a")
    locks.close()
    assert locks.conn is None and 0 <= locks.process_key < 2**31
