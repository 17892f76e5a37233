"""The web store on a real PostgreSQL server: a throwaway cluster started by the test.

Skipped where no PostgreSQL server binaries are installed (they are part of the machine image
here: Debian's postgresql-15).
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

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


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
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
        subprocess.run(_as_postgres([str(BIN.parent / "bin" / "createdb") if
                                     (BIN / "createdb").exists() else "createdb",
                                     "-h", str(sock), "-p", str(port), "-U", "postgres",
                                     "binokel"]), check=True, capture_output=True)
        yield f"postgresql+psycopg://postgres@/binokel?host={sock}&port={port}"
    finally:
        subprocess.run(_as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                     "stop"]), capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


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
        assert table.nicknames[1] == "ä1"
        st = table.round.current
        while not st.is_over:
            table.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
        rec = Record.from_json(c2.get(f"/api/tables/{tid}/deals/1/record").json())
        assert rec.validate().result == st.result


def test_a_second_process_on_one_database_is_refused(pg_url: str) -> None:
    from binokel.web.store import DatabaseInUse
    from binokel.web.store import Store

    first = Store(pg_url)
    try:
        with pytest.raises(DatabaseInUse, match="another binokel server"):
            Store(pg_url)
    finally:
        first.close()
    Store(pg_url).close()
