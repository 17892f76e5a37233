"""Helpers of the web tests: read states, and act only on what a presented table offers."""

from __future__ import annotations

import atexit
import random
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from binokel.present import offered_actions

_MIGRATED: list[Path] = []   # this test process's migrated database (made once)


def migrated_sqlite(path: Path) -> str:
    """The URL of a new SQLite database at ``path`` with every migration applied: a copy of
    one that ``binokel.web.store.migrate`` made once in this test process. Migrating a new
    file took half a second and more per test (the app's startup then finds it at the
    newest revision); the migrations themselves are tested where a test migrates a file
    of its own (test_web_columns, test_web_migrations, ...)."""
    if not _MIGRATED:
        from binokel.web.store import migrate

        folder = Path(tempfile.mkdtemp(prefix="binokel-migrated-"))
        atexit.register(shutil.rmtree, folder, True)
        migrate(f"sqlite:///{folder / 'web.sqlite3'}")
        _MIGRATED.append(folder / "web.sqlite3")
    with sqlite3.connect(_MIGRATED[0]) as source, sqlite3.connect(path) as target:
        source.backup(target)
    source.close()
    target.close()
    return f"sqlite:///{path}"


def new_table(client: Any, bots: list[str | None], **extra: Any) -> str:
    """Create a table over HTTP (``extra``: the request's other fields); its id."""
    r = client.post("/api/tables", json={"bots": bots, **extra})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def join(client: Any, tid: str, seat: int, name: str = "Anna") -> str:
    """Sit down at ``seat`` as ``name``; the seat's token."""
    r = client.post(f"/api/tables/{tid}/join", json={"seat": seat, "nickname": name})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def live(client: Any, tid: str) -> Any:
    """The server's live table behind ``tid`` (a TestClient's app)."""
    return client.app.state.registry.get(tid)


def under_lock(client: Any, table: Any, do: Callable[..., Any], *args: Any) -> Any:
    """``do(*args)`` on the server's loop under ``table``'s lock, as the server changes a
    table: never while a change (a bot's move, a person's) runs in a worker thread
    (binokel.web.table_base.off_loop), which a test's direct change would race."""
    async def locked() -> Any:
        async with table.lock:
            return do(*args)
    return client.portal.call(locked)


def recv_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state":
            return msg  # type: ignore[no-any-return]


# ---------------------------------------------------------------------- choosing
def act(ws: Any, msg: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Send a random action the state message ``msg`` offers, naming the state it was chosen
    in (a random selection the engine refuses is drawn again); returns the state message
    that answered it."""
    table, at = msg["table"], {"move": msg["moves"], "deal": msg["deal"]}
    for _ in range(50):
        action = rng.choice(offered_actions(table, rng, bid_chance=0.3))
        ws.send_json({"type": "action", "action": action, **at})
        msg = ws.receive_json()
        while msg["type"] in ("chat", "chat_history"):
            msg = ws.receive_json()
        if msg["type"] == "error" and msg["code"] == "stale":
            # The deal moved on before the action arrived: the socket was open meanwhile,
            # so the newer state is on its way; go on from there.
            return recv_state(ws)
        if msg["type"] == "error":
            assert msg["code"] == "illegal" and action.split()[0] in (
                (table["choices"]["select"] or {}).get("verb"),
                (table["choices"]["bid"] or {}).get("verb")), (action, msg)
            continue
        assert msg["type"] == "state"
        return msg  # type: ignore[no-any-return]
    raise AssertionError("no offered action was accepted")
