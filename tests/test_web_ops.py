"""Running the server for real: health, Prometheus metrics, forwarded headers only from the
configured proxies."""

from __future__ import annotations

import argparse
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from binokel.cli.serve import uvicorn_options
from binokel.web.app import create_app
from web_helpers import migrated_sqlite
from web_helpers import recv_state


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # Prometheus scrapes from the server's own machine: the only client /metrics answers
    # without a token.
    with TestClient(create_app(migrated_sqlite(tmp_path / 'web.sqlite3'), bot_delay=0.0),
                    client=("127.0.0.1", 50000)) as c:
        yield c


def metric(text: str, name: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"{name} not in the metrics")


def test_health_and_metrics(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json()["ok"] is True
    tid = client.post("/api/tables", json={"game": "zweier", "players": 2,
                                           "bots": [None, "random"]}).json()["id"]
    token = client.post(f"/api/tables/{tid}/join",
                        json={"seat": 0, "nickname": "Anna"}).json()["token"]
    client.get("/api/tables/nope")
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        msg = recv_state(ws)
        m = client.get("/metrics")
        assert m.headers["content-type"].startswith("text/plain")
        assert metric(m.text, "binokel_connections") == 1
        if msg["table"]["to_move"] == 0:
            ws.send_json({"type": "action", "action": "nonsense", "move": msg["moves"]})
            ws.receive_json()
    text = client.get("/metrics").text
    assert metric(text, "binokel_connections") == 0
    assert 'binokel_tables{status="playing"} 1.0' in text
    assert 'binokel_errors_total{code="no_table"} 1.0' in text
    assert metric(text, "binokel_actions_total") >= 1   # the bot's moves count too
    assert "binokel_action_seconds_bucket" in text


def test_forwarded_headers_only_from_configured_proxies() -> None:
    args = argparse.Namespace(host="127.0.0.1", port=8000, trusted_proxy=[])
    opts = uvicorn_options(args)
    assert opts["proxy_headers"] is False   # uvicorn's default would trust 127.0.0.1
    args.trusted_proxy = ["127.0.0.1", "10.0.0.0/8"]
    opts = uvicorn_options(args)
    assert opts["proxy_headers"] is True and opts["forwarded_allow_ips"] == \
        "127.0.0.1,10.0.0.0/8"
    assert opts["ws_max_size"] <= 16384
    args.trusted_proxy = ["nginx.local"]
    with pytest.raises(ValueError, match="not an IP address"):
        uvicorn_options(args)


def test_metrics_only_for_this_machine_or_with_the_token(tmp_path: Path) -> None:
    """Issue 31: /metrics was open on the server's own port to anyone. A client from
    elsewhere gets 404 unless the server has a metrics token and the client sends it."""
    db = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    with TestClient(create_app(db, bot_delay=0.0), client=("203.0.113.9", 4000)) as c:
        assert c.get("/metrics").status_code == 404
        assert c.get("/metrics", headers={"authorization": "Bearer x"}).status_code == 404
    with TestClient(create_app(db, bot_delay=0.0, metrics_token="s3cret-token"),
                    client=("203.0.113.9", 4000)) as c:
        assert c.get("/metrics").status_code == 404
        assert c.get("/metrics", headers={"authorization": "Bearer wrong"}).status_code == 404
        r = c.get("/metrics", headers={"authorization": "Bearer s3cret-token"})
        assert r.status_code == 200 and "binokel_connections" in r.text


def test_the_favicon_is_served_and_every_page_links_it(client: TestClient) -> None:
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"] == "image/x-icon"
    # a real icon file: the ICO header (reserved 0, type 1, the number of images), and
    # one entry per size (a width byte each): 16, 32 and 48 pixels
    reserved, kind, count = struct.unpack_from("<HHH", r.content)
    assert (reserved, kind) == (0, 1) and count == 3
    assert sorted(r.content[6 + 16 * i] for i in range(count)) == [16, 32, 48]
    svg = client.get("/static/favicon.svg")
    assert svg.status_code == 200 and svg.text.startswith("<svg")
    for path in ("/", "/t/abc", "/pad", "/club", "/duplicate"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert '<link rel="icon" href="/favicon.ico"' in page.text, path
        assert 'href="/static/favicon.svg" type="image/svg+xml"' in page.text, path
