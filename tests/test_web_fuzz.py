"""Property tests of the HTTP and WebSocket API (hypothesis): whatever a client sends, the
server answers 2xx/4xx (never 5xx), every WebSocket stays answering (or is closed on
purpose), and the game the server holds is always the one its database holds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from binokel.registry import find_game
from binokel.web.app import create_app
from binokel.web.tables import Limits

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                               max_size=4),
    max_leaves=12)
OPTION_NAMES = sorted({name for g in ("binokel", "zweier", "doppelkopf")
                       for name in find_game(g).options})
CREATE = st.fixed_dictionaries({}, optional={
    "game": st.sampled_from(["binokel", "zweier", "doppelkopf", "skat"]) | JSON,
    "players": st.integers(0, 9) | JSON,
    "preset": st.sampled_from(["standard", "turnier", "aks"]) | JSON,
    "options": st.dictionaries(st.sampled_from(OPTION_NAMES),
                               st.integers(-(10**12), 10**12) | JSON, max_size=5) | JSON,
    "bots": st.lists(st.sampled_from([None, "random", "heuristic", "x"]), max_size=6) | JSON,
    "seed": st.integers(-5, 2**40) | JSON,
    "target": st.integers(-10, 10**9) | JSON,
    "deals": st.integers(-10, 10**9) | JSON,
    "settings": st.fixed_dictionaries({}, optional={
        "chat": st.booleans() | JSON, "turn_timeout": st.integers(-5, 10**6) | JSON}) | JSON,
})
MESSAGE = st.one_of(
    JSON,
    st.text(max_size=40),
    st.fixed_dictionaries({"type": st.sampled_from(["action", "next", "back", "chat",
                                                    "prefs", "ping", "shout"])},
                          optional={"action": st.sampled_from(["pass", "bid 150", "play EA",
                                                               "take", ""]) | JSON,
                                    "move": st.integers(-2, 3) | JSON,
                                    "deal": st.integers(0, 2) | JSON,
                                    "text": st.text(max_size=30) | JSON,
                                    "lang": st.sampled_from(["de", "en", "fr"]) | JSON,
                                    "cards": st.sampled_from(["token", "x"]) | JSON}),
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("fuzz") / "web.sqlite3"
    limits = Limits(create_burst=10**6, create_rate=10**6, tables_per_client=10**6)
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0.0, limits=limits)) as c:
        yield c


# Bounded: each WebSocket example makes a table and plays messages against it (at most 8,
# each with a ping: within the burst of the rate limit, so every ping is answered).
FUZZ = settings(max_examples=50, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@FUZZ
@given(body=CREATE)
def test_creating_tables_never_fails_the_server(client: TestClient,
                                                body: dict[str, Any]) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code in (201, 400, 429), r.text
    assert ("id" in r.json()) if r.status_code == 201 else r.json()["error"]


@FUZZ
@given(path=st.sampled_from(["/api/tables", "/api/tables/x", "/api/tables/x/deals/1/replay",
                             "/api/tables/x/deals/99999999999999999999/record"]),
       query=st.dictionaries(st.sampled_from(["status", "limit", "cursor", "step", "lang",
                                              "cards"]), st.text(max_size=12), max_size=4))
def test_queries_never_fail_the_server(client: TestClient, path: str,
                                       query: dict[str, str]) -> None:
    r = client.get(path, params=query)
    assert r.status_code < 500, r.text


@settings(FUZZ, max_examples=20)
@given(messages=st.lists(MESSAGE, min_size=1, max_size=8), spectator=st.booleans())
def test_websocket_messages_never_fail_the_server(client: TestClient, messages: list[Any],
                                                  spectator: bool) -> None:
    tid = client.post("/api/tables", json={"game": "binokel",
                                           "bots": [None, "random", "random"]}).json()["id"]
    token = client.post(f"/api/tables/{tid}/join",
                        json={"seat": 0, "nickname": "Fuzz"}).json()["token"]
    url = f"/ws/{tid}" if spectator else f"/ws/{tid}?token={token}"
    table = client.app.state.registry.get(tid)  # type: ignore[attr-defined]
    with client.websocket_connect(url) as ws:
        for m in messages:
            if isinstance(m, str):
                ws.send_text(m)
            else:
                ws.send_json(m)
            ws.send_json({"type": "ping"})
            try:
                while ws.receive_json()["type"] != "pong":
                    pass
            except WebSocketDisconnect:  # pragma: no cover - only for oversized messages
                raise AssertionError("the server closed a connection") from None
    # the game the server holds is the one stored: nothing half-applied
    stored = client.app.state.registry.store.deal(tid, table.deal_number)  # type: ignore
    assert [a for _, a in table.round.current.history] == stored.actions
