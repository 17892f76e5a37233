"""The web store on a real PostgreSQL server: a throwaway cluster started by the test.

Skipped where no PostgreSQL server binaries are installed (they are part of the machine image
here: Debian's postgresql-15).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.record import Record
from binokel.web.app import create_app
from web_helpers import act
from web_helpers import recv_state

BIN = Path("/usr/lib/postgresql/15/bin")
pytestmark = pytest.mark.skipif(not (BIN / "initdb").exists(), reason="no PostgreSQL server")


def _as_postgres(args: list[str]) -> list[str]:
    # The server refuses to run as root; run it as the postgres user when we are root.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


def postgres_cluster() -> Iterator[tuple[Path, int]]:
    """A throwaway PostgreSQL cluster on a Unix socket (no TCP): its socket folder and port.
    ``tests/conftest.py`` starts one per test run (the fixture ``postgres``): initdb and the
    start took seconds, once for every module that used PostgreSQL."""
    tmp = Path(tempfile.mkdtemp(prefix="binokel-pg-"))
    data, sock = tmp / "data", tmp / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        shutil.chown(tmp, "postgres")
        shutil.chown(sock, "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subprocess.run(_as_postgres([str(BIN / "initdb"), "-D", str(data), "-U", "postgres",
                                 "--auth=trust", "-E", "UTF8"]), check=True,
                   capture_output=True)
    subprocess.run(_as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-w", "-l",
                                 str(tmp / "log"), "-o",
                                 f"-p {port} -k {sock} -c listen_addresses=''", "start"]),
                   check=True, capture_output=True)
    try:
        yield sock, port
    finally:
        subprocess.run(_as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                     "stop"]), capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


def _admin(sock: Path, port: int, sql: str) -> None:
    import psycopg

    with psycopg.connect(host=str(sock), port=port, user="postgres", dbname="postgres",
                         autocommit=True) as conn:
        conn.execute(sql.encode())


@pytest.fixture(scope="module")
def pg_url(request: pytest.FixtureRequest, postgres: tuple[Path, int]) -> Iterator[str]:
    """A new, empty database of its own for each module that asks, in the test run's
    cluster; dropped afterwards, with whatever connections a test left open to it."""
    sock, port = postgres
    name = "binokel_" + re.sub(r"\W", "_", request.module.__name__.rsplit(".", 1)[-1])
    _admin(sock, port, f"CREATE DATABASE {name}")
    try:
        yield f"postgresql+psycopg://postgres@/{name}?host={sock}&port={port}"
    finally:
        _admin(sock, port, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_a_deal_on_postgres_survives_a_restart(pg_url: str) -> None:
    rng = random.Random(2)
    with TestClient(create_app(pg_url, bot_delay=0.0)) as c1:
        tid = c1.post("/api/tables", json={"bots": [None, None, None], "seed": 3}).json()["id"]
        tokens = [c1.post(f"/api/tables/{tid}/join",
                          json={"seat": s, "nickname": f"ä{s}"}).json()["token"]
                  for s in range(3)]
        reg = c1.app.state.registry  # type: ignore[attr-defined]
        for _ in range(15):
            st = reg.get(tid).round.current
            if st.is_over:
                break
            with c1.websocket_connect(f"/ws/{tid}?token={tokens[st.to_move]}") as ws:
                act(ws, recv_state(ws), rng)
        history = list(reg.get(tid).round.current.history)
    with TestClient(create_app(pg_url, bot_delay=0.0)) as c2:
        reg = c2.app.state.registry  # type: ignore[attr-defined]
        table = reg.get(tid)
        assert table.round.current.history == history
        assert table.seats.nicknames[1] == "ä1"
        for _ in range(60):   # over the server's own loop: it listens and drives too
            st = reg.get(tid).round.current
            if st.is_over:
                break
            with c2.websocket_connect(f"/ws/{tid}?token={tokens[st.to_move]}") as ws:
                act(ws, recv_state(ws), rng)
        st = reg.get(tid).round.current
        assert st.is_over
        rec = Record.from_json(c2.get(f"/api/tables/{tid}/deals/1/record").json())
        assert rec.validate().result == st.result


def test_two_processes_share_one_database(pg_url: str) -> None:
    """Two server processes (two stores and registries) on one database: a table made on
    one is served by the other, and a change decided on an out-of-date copy is refused,
    with that copy caught up, instead of being written over the other's change."""
    from binokel.web.store import Store
    from binokel.web.tables import Connection
    from binokel.web.tables import Registry
    from binokel.web.tables import TableError

    one, two = Store(pg_url), Store(pg_url)
    try:
        r1, r2 = Registry(one, bot_delay=0.0), Registry(two, bot_delay=0.0)
        t1 = r1.create({"bots": [None, None, None], "seed": 5})
        t1.seats.join(0, "Anna")
        t1.seats.join(1, "Bert")
        t2 = r2.get(t1.id)                      # unknown to the second: loaded on demand
        assert t2.seats.nicknames == {0: "Anna", 1: "Bert"} and t2.round is None
        t2.seats.join(2, "Cläre")                     # the table starts in the second process
        assert t1.round is None
        assert r1.get(t1.id) is t1 and t1.round is not None   # caught up on the next look
        assert t1.round.current.view(0).hand == t2.round.current.view(0).hand

        assert t2.round is not None
        st = t2.round.current
        first = st.legal_actions()[0]
        t2.apply(st.to_move, first, check_move=False)
        # The first process decides on its old copy: refused, and the copy is reloaded.
        st1 = t1.round.current
        assert len(st1.history) == 0
        with pytest.raises(TableError) as refused:
            t1.apply(st1.to_move, st1.legal_actions()[-1], check_move=False)
        assert refused.value.code == "stale"
        assert t1.round.current.history == t2.round.current.history
        assert t1.stored_version == t2.stored_version
        # Now current, it may act; the second is behind and catches up in its turn.
        st1 = t1.round.current
        t1.apply(st1.to_move, st1.legal_actions()[0], check_move=False)
        with pytest.raises(TableError, match="changed meanwhile"):
            t2.seats.leave(0)
        assert t2.round is not None and t2.round.current.history == t1.round.current.history
        assert 0 in t2.seats.token_hashes
        d = one.deal(t1.id, 1)
        assert d is not None and len(d.actions) == 2

        # The lobby of either process lists the table with the same seats.
        assert t1.id in [i["id"] for i in r2.lobby("playing", 10, None)[0]]
        assert r1.by_token("not a token") == []
        with pytest.raises(TableError, match="no table"):
            r2.get("nosuchtable")

        # A change announced on the channel catches the other copy up.
        st1 = t1.round.current
        t1.apply(st1.to_move, st1.legal_actions()[0], check_move=False)
        assert len(t2.round.current.history) == 2
        asyncio.run(r2.heard(f"t:{t1.id}:{t1.stored_version}"))
        assert t2.round.current.history == t1.round.current.history

        # A chat line written in one process reaches the other's connections, once.
        got: list[dict[str, Any]] = []

        async def send(msg: dict[str, Any]) -> None:
            got.append(msg)

        t2.connections.add(Connection(None, send))
        t1.chat.say(0, "Hallo  Bert")
        asyncio.run(r2.heard(f"c:{t1.id}:{t1.chat.seen}"))
        asyncio.run(r2.heard(f"c:{t1.id}:{t1.chat.seen}"))
        assert [(m["type"], m["name"], m["text"]) for m in got] == [("chat", "Anna", "Hallo Bert")]
        asyncio.run(r1.heard(f"c:{t1.id}:{t1.chat.seen}"))   # its own line: already sent

        # One process drives the table's bots and clock; when it dies, another takes over.
        assert t1.id in asyncio.run(r1.take_over()) and t1.driver
        assert t1.id not in asyncio.run(r2.take_over()) and not t2.driver
        one.close()
        # PostgreSQL drops the locks when the closed connection's backend has ended, a
        # moment after the close: the others take over on one of their next rounds.
        for _ in range(50):
            if t1.id in asyncio.run(r2.take_over()):
                break
            time.sleep(0.1)
        assert t2.driver
    finally:
        one.close()
        two.close()


def test_a_copy_caught_up_in_passing_still_sends_the_change(pg_url: str) -> None:
    """A copy that another process's change reached before its notification (a lobby look,
    a request, the driver's round catch it up without sending it) still sends the new state
    to its connections when the notification comes: else a player there waits forever for
    a move he never sees (found by the three-process load test). A change whose notification
    never came is sent by the periodic resync."""
    from binokel.web.store import Store
    from binokel.web.tables import Connection
    from binokel.web.tables import Registry

    one, two = Store(pg_url), Store(pg_url)
    try:
        r1, r2 = Registry(one, bot_delay=0.0), Registry(two, bot_delay=0.0)
        t1 = r1.create({"bots": [None, None, None], "seed": 7})
        for seat, name in enumerate(("Anna", "Bert", "Cläre")):
            t1.seats.join(seat, name)
        t2 = r2.get(t1.id)
        got: list[dict[str, Any]] = []

        async def send(msg: dict[str, Any]) -> None:
            got.append(msg)

        t2.connections.add(Connection(2, send))
        assert t1.round is not None
        for _ in range(3):
            st = t1.round.current
            t1.apply(st.to_move, st.legal_actions()[0], check_move=False)
            assert r2.find(t1.id) is t2         # caught up in passing, nothing sent
            sent = len(got)
            asyncio.run(r2.heard(f"t:{t1.id}:{t1.stored_version}"))
            assert len(got) == sent + 1
            assert got[-1]["type"] == "state" and got[-1]["moves"] == len(st.history)
            asyncio.run(r2.heard(f"t:{t1.id}:{t1.stored_version}"))   # once only
            assert len(got) == sent + 1
        # A change whose notification never came (a listening connection that broke) is
        # caught up and sent by the periodic resync, once.
        st = t1.round.current
        t1.apply(st.to_move, st.legal_actions()[0], check_move=False)
        sent = len(got)
        assert asyncio.run(r2.resync()) == [t1.id]
        assert len(got) == sent + 1 and got[-1]["moves"] == len(st.history)
        assert asyncio.run(r2.resync()) == []
        assert len(got) == sent + 1
    finally:
        one.close()
        two.close()


def test_two_owners_changes_to_one_pad_never_cross(pg_url: str) -> None:
    """The pads' (and tournaments') locking path: a change holds the document's row, so a
    second owner's change made meanwhile waits and builds on the first, never over it."""
    import threading
    import time

    from binokel.web.pads import DocStore
    from binokel.web.pads import PadRow
    from binokel.web.store import Store

    one, two = Store(pg_url), Store(pg_url)
    try:
        docs_one, docs_two = DocStore(one, PadRow), DocStore(two, PadRow)
        pid, token = docs_one.create({"entries": []}, "client")
        inside = threading.Event()

        def slow(doc: dict[str, Any]) -> dict[str, Any]:
            inside.set()
            time.sleep(0.4)     # the second change arrives while this one holds the row
            return {"entries": [*doc["entries"], "first"]}

        worker = threading.Thread(target=docs_one.update, args=(pid, token, slow))
        worker.start()
        assert inside.wait(5)
        got = docs_two.update(pid, token, lambda d: {"entries": [*d["entries"], "second"]})
        worker.join(5)
        assert got.doc == {"entries": ["first", "second"]} and got.version == 3
        assert docs_one.read(pid).doc == got.doc
    finally:
        one.close()
        two.close()


def test_a_duplicate_round_on_postgres_keeps_its_deals_over_a_restart(pg_url: str) -> None:
    """A duplicate round's tables on PostgreSQL: a restarted server (or another process)
    loads them with the round's deal orders and their seal, from the tournament."""
    with TestClient(create_app(pg_url, bot_delay=0.0)) as c1:
        r = c1.post("/api/duplicates", json={"game": "binokel", "table_size": 3,
                                             "rounds": 1, "deals": 2, "bot": "random"})
        did, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
        code = c1.post(f"/api/duplicates/{did}/links", json={"count": 1},
                       headers=own).json()["links"][0]["code"]
        anna = c1.post(f"/api/duplicates/{did}/players",
                       json={"nickname": "Anna", "entry": code}).json()["player_token"]
        c1.post(f"/api/duplicates/{did}/players", json={"nickname": "Bert", "bot": "random"},
                headers=own)
        assert c1.post(f"/api/duplicates/{did}/rounds", json={}, headers=own).status_code == 200
        tid = c1.post(f"/api/duplicates/{did}/me",
                      json={"player_token": anna}).json()["table"]["id"]
        orders = c1.app.state.registry.get(tid).deck_orders  # type: ignore[attr-defined]
        assert orders is not None and len(orders) == 2
    with TestClient(create_app(pg_url, bot_delay=0.0)) as c2:
        table = c2.app.state.registry.get(tid)  # type: ignore[attr-defined]
        assert table.deck_orders == orders
        assert list(table.round.current.deck) == orders[0]
        assert c2.get(f"/api/tables/{tid}/deals").json()["error"] == "sealed"


def test_what_a_client_holds_is_counted_over_every_process(pg_url: str) -> None:
    """Issue 31: the seats (and tables) one client holds are counted in the database, not
    per process. Two processes (two stores) take joins and new tables of one client at the
    same moment, from threads: exactly as many succeed as the limit allows, the rest are
    refused with ``too_many_seats`` / ``too_many_tables``."""
    import threading

    from binokel.web.store import Store
    from binokel.web.tables import Limits
    from binokel.web.tables import Registry
    from binokel.web.tables import TableError

    one, two = Store(pg_url), Store(pg_url)
    limits = Limits(seats_per_client=3, live_per_client=3, tables_per_client=3)
    try:
        regs = [Registry(one, bot_delay=0.0, limits=limits),
                Registry(two, bot_delay=0.0, limits=limits)]
        # Tables made by somebody else; one client joins a seat of each, from both.
        tables = [regs[k % 2].create({"bots": [None, None, "random"]}, f"maker-{k}")
                  for k in range(8)]
        outcomes: list[str] = []

        def race(action: Any) -> None:
            try:
                action()
                outcomes.append("ok")
            except TableError as e:
                outcomes.append(e.code)

        def run(actions: list[Any]) -> list[str]:
            outcomes.clear()
            threads = [threading.Thread(target=race, args=(a,)) for a in actions]
            for th in threads:
                th.start()
            for th in threads:
                th.join(30)
            return sorted(outcomes)

        got = run([lambda t=t: t.seats.join(0, "Eve", "eve-address") for t in tables])
        assert got == ["ok"] * 3 + ["too_many_seats"] * 5, got
        # A seat given up is free again, in every process.
        held = next(t for t in tables if 0 in t.seats.token_hashes)
        held.seats.leave(0)
        free = next(t for t in tables if 0 not in t.seats.token_hashes)
        regs[1].get(free.id).seats.join(0, "Eve", "eve-address")
        got = run([lambda k=k: regs[k % 2].create({"bots": [None, "random", "random"]},
                                                  "eve-address") for k in range(8)])
        assert got == ["ok"] * 3 + ["too_many_tables"] * 5, got
    finally:
        one.close()
        two.close()
