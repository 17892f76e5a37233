"""Debian's nginx in front of the server on loopback, with the site file of deploy/: a deal
is played through it (HTTP and the WebSocket upgrade), and the server sees the client's
address from nginx only, never one a client claims.

Loopback has room for distinct addresses: nginx (the one trusted proxy, 127.0.0.1, as
deploy/ configures it) reaches the server from 127.0.0.1, while the test's clients connect
from 127.0.0.2 (through nginx) and 127.0.0.3 (directly), so which address the server
counts a request by shows whose X-Forwarded-For it believed."""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.present import offered_actions
from test_web_cluster import SERVE
from test_web_cluster import current
from test_web_cluster import play_on
from test_web_cluster import wait_up
from test_web_postgres import BIN as PG_BIN
from test_web_postgres import pg_url  # noqa: F401 - the fixture

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SITE = Path(__file__).parent.parent / "deploy" / "nginx-binokel.conf"
CLUSTER_SITE = SITE.parent / "nginx-cluster.conf"
pytestmark = pytest.mark.skipif(not Path(NGINX).exists(), reason="nginx is not installed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int) -> None:
    for _ in range(200):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}")


def start_nginx(tmp: Path, site: str, proxy_port: int) -> subprocess.Popen[bytes]:
    """Debian's nginx with ``site`` (a file of deploy/, its upstream ports replaced) on a
    loopback port, as a child process of the test."""
    # no certificate here: plain HTTP on a loopback port instead of TLS on 443
    site = re.sub(r"\n\s*(listen|ssl_certificate\w*) [^\n]*;", "", site)
    site = site.replace("    server_name ", f"    listen 127.0.0.1:{proxy_port};\n    server_name ")
    (tmp / "site.conf").write_text(site)
    temps = "\n".join(f"    {kind}_temp_path {tmp / kind};" for kind in
                      ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp / "nginx.conf").write_text(f"""
user root;
worker_processes 1;
pid {tmp / 'nginx.pid'};
error_log {tmp / 'error.log'};
events {{ worker_connections 64; }}
http {{
    access_log off;
{temps}
    include {tmp / 'site.conf'};
}}
""")
    return subprocess.Popen([NGINX, "-c", str(tmp / "nginx.conf"), "-p", str(tmp),
                             "-g", "daemon off;"])


CLIENT = "127.0.0.2"       # a player's machine, connecting through nginx
STRANGER = "127.0.0.3"     # somebody connecting to the server directly, not via the proxy


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any, int]]:
    """nginx on a loopback port in front of the server started as ``binokel serve
    --trusted-proxy 127.0.0.1`` starts it (the CLI's uvicorn options): the proxy's
    address, the app, and the server's own port."""
    import uvicorn

    from binokel.cli.serve import uvicorn_options
    from binokel.web.app import create_app

    tmp = tmp_path_factory.mktemp("nginx")
    app_port, proxy_port = free_port(), free_port()
    app = create_app(f"sqlite:///{tmp / 'web.sqlite3'}", bot_delay=0.0)
    options = uvicorn_options(argparse.Namespace(host="127.0.0.1", port=app_port,
                                                 trusted_proxy=["127.0.0.1"]))
    server = uvicorn.Server(uvicorn.Config(app, **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    proc = start_nginx(tmp, SITE.read_text().replace("server 127.0.0.1:8000;",
                                                     f"server 127.0.0.1:{app_port};"),
                       proxy_port)
    try:
        wait_port(app_port)
        wait_port(proxy_port)
        yield f"127.0.0.1:{proxy_port}", app, app_port
    finally:
        proc.terminate()
        proc.wait(10)
        server.should_exit = True
        thread.join(10)


def post(base: str, path: str, body: Any, headers: dict[str, str] | None = None,
         source: str = "127.0.0.1") -> Any:
    """POST JSON to ``base`` (host:port) from the loopback address ``source``."""
    host, port = base.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=10, source_address=(source, 0))
    try:
        conn.request("POST", path, json.dumps(body), {"content-type": "application/json",
                                                      **(headers or {})})
        r = conn.getresponse()
        assert r.status in (200, 201), (r.status, r.read())
        return json.loads(r.read())
    finally:
        conn.close()


def creator_of(app: Any, body: dict[str, Any], base: str, source: str) -> str:
    """Create a table at ``base`` from ``source``, claiming to come from 203.0.113.9: the
    stored creator (a hashed client address)."""
    tid = post(base, "/api/tables", body, {"x-forwarded-for": "203.0.113.9"}, source)["id"]
    return str(app.state.registry.store.table(tid).creator)


def test_the_server_counts_clients_by_the_proxys_word_only(
        proxied: tuple[str, Any, int]) -> None:
    base, app, app_port = proxied
    store = app.state.registry.store
    body = {"game": "zweier", "players": 2, "bots": [None, "random"]}
    # Through nginx: the address nginx saw, not nginx's own and not the client's claim.
    assert creator_of(app, body, base, CLIENT) == store.client_hash(CLIENT)
    # A client on the proxy's own address: nginx sets the header, it does not append the
    # claim (with "$proxy_add_x_forwarded_for" the server would skip the trusted 127.0.0.1
    # and count the claimed 203.0.113.9).
    assert creator_of(app, body, base, "127.0.0.1") == store.client_hash("127.0.0.1")
    # Directly to the server from an address that is no proxy: its header is ignored.
    direct = f"127.0.0.1:{app_port}"
    assert creator_of(app, body, direct, STRANGER) == store.client_hash(STRANGER)
    assert creator_of(app, body, direct, CLIENT) == store.client_hash(CLIENT)
    # The per-client limit of waiting tables counts by that address too: the stranger's
    # claim does not spend the quota of the address it names.
    limit = app.state.registry.limits.tables_per_client
    queries = app.state.registry.queries
    assert queries.count_live(store.client_hash("203.0.113.9"), ("waiting",)) == 0
    assert queries.count_live(store.client_hash(CLIENT), ("waiting",)) == 2 < limit


def test_a_deal_through_nginx(proxied: tuple[str, Any, int]) -> None:
    from websockets.sync.client import connect

    base, _, _ = proxied
    info = post(base, "/api/tables", {"game": "zweier", "players": 2,
                                      "bots": [None, "random"], "settings": {"chat": True}},
                {"origin": f"http://{base}"}, CLIENT)
    tid = info["id"]
    token = post(base, f"/api/tables/{tid}/join", {"seat": 0, "nickname": "Anna"},
                 source=CLIENT)["token"]
    rng = random.Random(3)
    with connect(f"ws://{base}/ws/{tid}?token={token}", open_timeout=10,
                 source_address=(CLIENT, 0)) as ws:
        ws.send(json.dumps({"type": "chat", "text": "Servus"}))
        result = None
        last: dict[str, Any] | None = None
        for _ in range(2000):
            msg = json.loads(ws.recv(timeout=10))
            # A random card selection the engine refuses gets an error, not a new state:
            # choose again from the last state, slower than the server's rate limit.
            if msg["type"] == "error" and last is not None:
                time.sleep(0.15)
                msg = last
            elif msg["type"] != "state" or msg["table"] is None:
                continue
            last = msg
            table = msg["table"]
            if table["result"]:
                result = table["result"]
                break
            if table["to_move"] == 0:
                action = rng.choice(offered_actions(table, rng, bid_chance=0.3))
                ws.send(json.dumps({"type": "action", "action": action,
                                    "move": msg["moves"], "deal": msg["deal"]}))
        assert result
    with urllib.request.urlopen(f"http://{base}/api/tables/{tid}/deals/1/record",
                                timeout=10) as r:
        assert json.loads(r.read())["game"] == "zweier"
        assert "frame-ancestors" in r.headers["content-security-policy"]
    with urllib.request.urlopen(f"http://{base}/healthz", timeout=10) as r:
        assert json.loads(r.read())["ok"] is True


def metric(port: int, name: str) -> float:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as r:
        for line in r.read().decode().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
    raise AssertionError(f"no {name} on port {port}")


def counted(ports: list[int], name: str, total: float, wait: float = 10) -> list[float]:
    """``name`` on each of ``ports`` once they add up to ``total`` (or after ``wait`` s)."""
    deadline = time.monotonic() + wait
    while True:
        values = [metric(p, name) for p in ports]
        if sum(values) == total or time.monotonic() > deadline:
            return values
        time.sleep(0.05)


@pytest.mark.skipif(not (PG_BIN / "initdb").exists(), reason="no PostgreSQL server")
def test_a_deal_through_nginx_in_front_of_two_processes(
        pg_url: str, tmp_path: Path) -> None:  # noqa: F811
    """deploy/nginx-cluster.conf in front of two processes on one PostgreSQL: the two
    players' WebSockets land on different processes (no stickiness needed), the deal runs
    across them, and when one process dies its player reconnects through nginx to the
    other and the deal goes on there."""
    from websockets.sync.client import connect

    ports, proxy_port = [free_port(), free_port()], free_port()
    procs = [subprocess.Popen([*SERVE, "--port", str(p), "--database-url", pg_url,
                               "--trusted-proxy", "127.0.0.1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for p in ports]
    site = CLUSTER_SITE.read_text()
    site = re.sub(r"\n\s*server 127\.0\.0\.1:800[12][^\n]*", "", site)
    site = site.replace("127.0.0.1:8000 ", f"127.0.0.1:{ports[0]} ").replace(
        "    least_conn;", f"    least_conn;\n    server 127.0.0.1:{ports[1]} max_fails=1 "
        "fail_timeout=5s;")
    nginx = start_nginx(tmp_path, site, proxy_port)
    base = f"127.0.0.1:{proxy_port}"
    socks: dict[int, Any] = {}
    try:
        # Starting two servers is most of the wait on a busy machine: the moves get a
        # deadline of their own once both are up.
        started = time.monotonic() + 60
        for p in ports:
            wait_up(p, started)
        wait_port(proxy_port)
        deadline = time.monotonic() + 40
        tid = post(base, "/api/tables", {"game": "zweier", "players": 2, "seed": 8})["id"]
        tokens = [post(base, f"/api/tables/{tid}/join",
                       {"seat": s, "nickname": f"P{s}"})["token"] for s in range(2)]

        def open_seat(s: int) -> None:
            # entered as a context (websockets warns otherwise); closed in ``finally``
            socks[s] = connect(f"ws://{base}/ws/{tid}?token={tokens[s]}",
                               open_timeout=10).__enter__()

        open_seat(0)
        open_seat(1)
        # least_conn: the second WebSocket goes to the process without one. A process
        # counts a socket once it has opened its table for it, a moment after the handshake.
        assert counted(ports, "binokel_connections", 2.0) == [1.0, 1.0]
        rng = random.Random(4)
        last: dict[int, dict[str, Any]] = {}
        moves, killed, played = 0, False, 0
        # Bounded: a few moves on two processes, then a few more after the kill (a whole
        # deal would take too long on a busy machine).
        while played < 12 and time.monotonic() < deadline:
            if not killed and moves >= 4:
                procs[1].send_signal(signal.SIGKILL)
                procs[1].wait(10)
                killed = True
                for s in (0, 1):      # whichever seat was there: it reconnects
                    socks[s].close()
                    last.pop(s, None)
                    open_seat(s)
            for s in (0, 1):
                msg = current(socks[s], s, last, 0.1)
                if msg is None:
                    continue
                played = max(played, msg["moves"])
                if msg["table"]["to_move"] == s:
                    play_on(socks[s], msg, rng)
                    moves += 1
        assert killed and played >= 12, (killed, played)
        assert counted(ports[:1], "binokel_connections", 2.0) == [2.0]  # on the survivor
        with urllib.request.urlopen(f"http://{base}/api/tables/{tid}", timeout=10) as r:
            assert json.loads(r.read())["status"] == "playing"
    finally:
        for ws in socks.values():
            ws.close()
        nginx.terminate()
        nginx.wait(10)
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            proc.wait(10)
