"""Three ``binokel serve`` processes on one PostgreSQL database: players of one table on
different processes, a bot, and the process driving the bots (a player's too) killed with
SIGKILL in the middle of the deal. The deal must finish on the others, every acknowledged
action must be in the record, and no seat may ever be shown another seat's cards."""

from __future__ import annotations

import json
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from binokel.core.cards import card_token
from binokel.present import offered_actions
from binokel.record import Record
from test_web_postgres import BIN
from test_web_postgres import pg_url  # noqa: F401 - the fixture

pytestmark = pytest.mark.skipif(not (BIN / "initdb").exists(), reason="no PostgreSQL server")
SERVE = [str(Path(sys.executable).parent / "binokel"), "serve", "--host", "127.0.0.1",
         "--bot-delay", "0.05"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def http(port: int, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def wait_up(port: int, until: float) -> None:
    while time.monotonic() < until:
        try:
            if http(port, "/healthz")["ok"]:
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"the server on port {port} did not come up")


def newest(ws: ClientConnection, wait: float) -> tuple[dict[str, Any] | None, bool]:
    """The newest state message that arrives within ``wait`` seconds (None: none), and
    whether an error came (an action refused: the player chooses again)."""
    found, refused = None, False
    while True:
        try:
            msg = json.loads(ws.recv(timeout=wait))
        except TimeoutError:
            return found, refused
        if msg["type"] == "state":
            found, refused = msg, False
        elif msg["type"] == "error":
            assert msg["code"] in ("illegal", "stale", "not_your_turn"), msg
            refused = True
        wait = 0.05


def current(ws: ClientConnection, seat: int, last: dict[int, dict[str, Any]],
            wait: float) -> dict[str, Any] | None:
    """The seat's newest state with a table (after a refused action: the last one again,
    to choose anew); ``last`` remembers each seat's."""
    msg, refused = newest(ws, wait)
    if msg is None and refused:
        msg = last.get(seat)
    elif msg is not None:
        last[seat] = msg
    return msg if msg is not None and msg["table"] is not None else None


def play_on(ws: ClientConnection, msg: dict[str, Any], rng: random.Random) -> str:
    """Send a random offered action for the state ``msg`` (never giving up the game,
    abgehen: the deal must run on past a kill); the action."""
    table = msg["table"]
    action = rng.choice([a for a in offered_actions(table, rng, 0.3)
                         if not a.startswith("abgehen")])
    ws.send(json.dumps({"type": "action", "action": action, "move": msg["moves"],
                        "deal": msg["deal"]}))
    return str(action)


def test_three_processes_one_table_survive_a_kill(pg_url: str) -> None:  # noqa: F811
    ports = [free_port() for _ in range(3)]
    procs = [subprocess.Popen([*SERVE, "--port", str(p), "--database-url", pg_url],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for p in ports]
    conns: dict[int, ClientConnection] = {}
    try:
        deadline = time.monotonic() + 50
        for p in ports:
            wait_up(p, deadline)
        tid = http(ports[0], "/api/tables", {"bots": [None, None, "heuristic"],
                                            "seed": 11})["id"]
        tokens = [http(ports[s], f"/api/tables/{tid}/join",
                       {"seat": s, "nickname": f"P{s}"})["token"] for s in range(2)]
        driver = -1
        while driver < 0 and time.monotonic() < deadline:
            driving = [http(p, "/healthz")["driving"] for p in ports]
            driver = next((i for i, n in enumerate(driving) if n), -1)
            time.sleep(0.2)
        assert driver >= 0, "no process took the table's bots over"
        # Seat 0 plays on the driving process, seat 1 on another.
        at = {0: driver, 1: (driver + 1) % 3}
        for s in (0, 1):
            # entered as a context (websockets warns otherwise); closed in ``finally``
            conns[s] = ws_connect(
                f"ws://127.0.0.1:{ports[at[s]]}/ws/{tid}?token={tokens[s]}").__enter__()
        rng = random.Random(5)
        sent: list[tuple[int, int, str]] = []
        seen: list[tuple[int, int, list[str]]] = []
        killed = False
        last: dict[int, dict[str, Any]] = {}
        over = False
        while not over and time.monotonic() < deadline:
            if not killed and len(sent) >= 4:
                procs[driver].send_signal(signal.SIGKILL)
                procs[driver].wait(10)
                killed = True
                conns[0].close()
                last.pop(0, None)
                at[0] = (driver + 2) % 3
                conns[0] = ws_connect(f"ws://127.0.0.1:{ports[at[0]]}/ws/{tid}?"
                                      f"token={tokens[0]}").__enter__()
            for s in (0, 1):
                msg = current(conns[s], s, last, 0.3)
                if msg is None:
                    continue
                table = msg["table"]
                seen.append((s, msg["moves"], list(table["hand"])))
                if table["to_move"] == -1:
                    over = True
                    break
                if table["to_move"] == s:
                    sent.append((s, msg["moves"], play_on(conns[s], msg, rng)))
        assert killed and over, f"the deal did not finish after the kill: {sent} {last}"
        rec = Record.from_json(http(ports[at[1]], f"/api/tables/{tid}/deals/1/record"))
        end = rec.validate()
        assert end.is_over
        # An action the server took (the state moved past it with this seat to act) is
        # in the record at its place, by its seat.
        for s, move, _ in sent:
            if move < len(rec.actions):
                assert end.history[move][0] == s or any(
                    m == move and ss != s for ss, m, _ in sent)
        # Every hand a seat was shown is its own hand at that point of the deal.
        for s, move, hand in seen:
            own = sorted(card_token(c) for c in rec.replay(move).view(s).hand)
            assert sorted(hand) == own
    finally:
        for ws in conns.values():
            ws.close()
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
