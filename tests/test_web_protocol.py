"""The web server through its real HTTP API and WebSocket protocol (Starlette TestClient)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.record import Record
from binokel.web.app import create_app


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0.0)) as c:
        yield c


def new_table(client: TestClient, bots: list[str | None], **extra: Any) -> str:
    r = client.post("/api/tables", json={"preset": "standard", "bots": bots, "seed": 7, **extra})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def join(client: TestClient, tid: str, seat: int, name: str = "Anna") -> str:
    r = client.post(f"/api/tables/{tid}/join", json={"seat": seat, "nickname": name})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def server_state(client: TestClient, tid: str) -> Any:
    return client.app.state.registry.get(tid).round.current  # type: ignore[attr-defined]


def test_meta_and_lobby(client: TestClient) -> None:
    import binokel.variants.doppelkopf  # noqa: F401  registered games must not change the lobby
    meta = client.get("/api/meta").json()
    assert [g["name"] for g in meta["games"]] == ["binokel"]
    assert {"standard", "turnier", "aks"} <= {p["name"] for p in meta["presets"]}
    assert "heuristic" in meta["bots"] and any(o["name"] == "rufen" for o in meta["options"])
    tid = new_table(client, [None, "heuristic", None])
    assert any(t["id"] == tid for t in client.get("/api/tables").json())
    assert client.get("/").status_code == 200 and client.get(f"/t/{tid}").status_code == 200
    assert "app.js" in client.get("/").text


@pytest.mark.parametrize("body, code", [
    ({"preset": "skat"}, "bad_options"),
    ({"options": {"lost_factr": 1}}, "bad_options"),
    ({"options": {"rounding": "up"}}, "bad_options"),
    ({"bots": ["heuristic", "heuristic", "heuristic"]}, "bad_bots"),
    ({"bots": [None, "genius", None]}, "bad_bots"),
    ({"bots": [None]}, "bad_bots"),
    ({"game": "skat"}, "bad_game"),
    ({"game": "doppelkopf", "bots": [None, None, None, None]}, "bad_game"),
    ({"seed": "x"}, "bad_seed"),
])
def test_create_table_rejects_bad_requests(client: TestClient, body: dict[str, Any],
                                           code: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and r.json()["error"] == code, r.text
    assert r.json()["message"]


def test_create_and_join_errors(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{not json",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    r = client.post("/api/tables", content=b"x" * 20000)
    assert r.status_code == 400 and r.json()["error"] == "too_large"
    tid = new_table(client, [None, "heuristic", None])
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 1, "nickname": "B"}).json()[
        "error"] == "seat_taken"
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 5, "nickname": "B"}).json()[
        "error"] == "bad_seat"
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "  "}).json()[
        "error"] == "bad_nickname"
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "x" * 40}).json()[
        "error"] == "bad_nickname"
    join(client, tid, 0)
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "C"}).status_code \
        == 409
    assert client.get("/api/tables/nope").status_code == 404


def _recv_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state":
            return msg  # type: ignore[no-any-return]


def _assert_no_leak(msg: dict[str, Any], seat: int, state: Any) -> None:
    """A seat's message is exactly its engine view: the engine proves views hide cards."""
    assert msg["you"] == seat
    assert msg["view"] == state.view(seat).to_json()
    text = json.dumps(msg)
    assert "deck" not in msg and "hands" not in text
    if state.declarer is not None and state.declarer != seat:
        assert msg["view"]["discard"] is None


def test_complete_deal_through_the_protocol_without_leaks(client: TestClient) -> None:
    tid = new_table(client, [None, None, None])
    tokens = [join(client, tid, s, f"P{s} <script>") for s in range(3)]
    rng = random.Random(3)
    sockets = [client.websocket_connect(f"/ws/{tid}?token={tok}") for tok in tokens]
    opened = [s.__enter__() for s in sockets]
    try:
        msgs = [_recv_state(ws) for ws in opened]
        spectator = client.websocket_connect(f"/ws/{tid}").__enter__()
        spec_msg = _recv_state(spectator)
        assert spec_msg["you"] is None and spec_msg["view"]["hand"] == []
        steps = 0
        while True:
            state = server_state(client, tid)
            for seat, m in enumerate(msgs):
                _assert_no_leak(m, seat, state)
            if state.is_over:
                break
            mover = state.to_move
            legal = msgs[mover]["view"]["legal_actions"]
            assert legal and not any(m["view"]["legal_actions"] for i, m in enumerate(msgs)
                                     if i != mover)
            opened[mover].send_json({"type": "action", "action": rng.choice(legal)})
            msgs = [_recv_state(ws) for ws in opened]
            spec_msg = _recv_state(spectator)
            assert spec_msg["view"]["hand"] == [] and spec_msg["view"]["discard"] is None
            steps += 1
            assert steps < 500
        assert msgs[0]["explanation"]["de"] and msgs[0]["sheet"]
        assert msgs[0]["names"][0] == "P0 <script>"
        spectator.__exit__(None, None, None)
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    # the finished deal is downloadable as a valid record with the same result
    r = client.get(f"/api/tables/{tid}/deals/1/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rec = Record.from_json(r.json())
    assert rec.validate().result == server_state(client, tid).result
    replay = client.get(f"/api/tables/{tid}/deals/1/replay").json()
    assert len(replay["hands"]) == 3 and replay["result"]["scores"]


def test_bots_move_and_a_person_finishes_the_deal(client: TestClient) -> None:
    tid = new_table(client, [None, "heuristic", "random"])
    token = join(client, tid, 0)
    rng = random.Random(1)
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        for _ in range(400):
            msg = _recv_state(ws)
            v = msg["view"]
            if v["result"]:
                break
            if v["to_move"] == 0 and v["legal_actions"]:
                ws.send_json({"type": "action", "action": rng.choice(v["legal_actions"])})
        assert msg["view"]["result"] is not None
        assert msg["sheet"] and len(msg["sheet"]) == 1
        ws.send_json({"type": "next"})
        msg = _recv_state(ws)
        assert msg["deal"] == 2 and msg["view"]["result"] is None


def test_bad_input_never_hurts_the_game(client: TestClient) -> None:
    tid = new_table(client, [None, None, "heuristic"])
    t0, t1 = join(client, tid, 0), join(client, tid, 1)
    with client.websocket_connect(f"/ws/{tid}?token={t0}") as ws0, \
            client.websocket_connect(f"/ws/{tid}?token={t1}") as ws1:
        _recv_state(ws0)
        _recv_state(ws1)
        before = list(server_state(client, tid).history)
        mover = server_state(client, tid).to_move
        assert mover in (0, 1)
        ws_mover, ws_other = (ws0, ws1) if mover == 0 else (ws1, ws0)

        def expect(ws: Any, payload: Any, code: str) -> None:
            if isinstance(payload, str):
                ws.send_text(payload)
            else:
                ws.send_json(payload)
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["code"] == code, msg
            assert msg["message"]

        expect(ws0, "{oops", "bad_json")
        expect(ws0, {"type": "shout"}, "unknown_type")
        expect(ws0, [1, 2], "unknown_type")
        expect(ws0, "x" * 5000, "too_large")
        expect(ws_other, {"type": "action", "action": "bid 150"}, "not_your_turn")
        expect(ws_mover, {"type": "action", "action": "bid 155"}, "illegal")
        expect(ws_mover, {"type": "action", "action": "play EA"}, "illegal")
        expect(ws_mover, {"type": "action", "action": "pass"}, "illegal")  # Vorhand must open
        expect(ws_mover, {"type": "action", "action": 42}, "bad_action")
        expect(ws0, {"type": "next"}, "not_over")
        assert server_state(client, tid).history == before
        # a flood is rate limited, then the connection still works
        for _ in range(40):
            ws0.send_json({"type": "ping"})
        codes = []
        for _ in range(40):
            codes.append(ws0.receive_json().get("code", "pong"))
        assert "rate_limited" in codes and "pong" in codes
        assert server_state(client, tid).history == before
    with client.websocket_connect(f"/ws/{tid}?token=forged") as bad:
        msg = bad.receive_json()
        assert msg["code"] == "bad_token"
    with client.websocket_connect(f"/ws/{tid}") as spectator:
        _recv_state(spectator)
        spectator.send_json({"type": "action", "action": "bid 150"})
        assert spectator.receive_json()["code"] == "not_seated"
    with client.websocket_connect("/ws/unknown") as nowhere:
        assert nowhere.receive_json()["code"] == "no_table"
    assert client.get(f"/api/tables/{tid}/deals/1/record").status_code == 409
    assert client.get(f"/api/tables/{tid}/deals/9/record").status_code == 404


def test_restart_continues_every_unfinished_table(db: str) -> None:
    rng = random.Random(5)
    with TestClient(create_app(db, bot_delay=0.0)) as c1:
        tid = new_table(c1, [None, None, None])
        tokens = [join(c1, tid, s) for s in range(3)]
        for _ in range(20):  # half a deal: the bidding, the push and some tricks
            state = server_state(c1, tid)
            with c1.websocket_connect(f"/ws/{tid}?token={tokens[state.to_move]}") as ws:
                v = _recv_state(ws)["view"]
                ws.send_json({"type": "action", "action": rng.choice(v["legal_actions"])})
                _recv_state(ws)
        history = list(server_state(c1, tid).history)
        hands = list(server_state(c1, tid).hands)
    with TestClient(create_app(db, bot_delay=0.0)) as c2:
        state = server_state(c2, tid)
        assert state.history == history and state.hands == hands
        while not server_state(c2, tid).is_over:
            state = server_state(c2, tid)
            with c2.websocket_connect(f"/ws/{tid}?token={tokens[state.to_move]}") as ws:
                v = _recv_state(ws)["view"]
                assert v["hand"]  # the token still holds the seat
                ws.send_json({"type": "action", "action": rng.choice(v["legal_actions"])})
                _recv_state(ws)
        rec = Record.from_json(c2.get(f"/api/tables/{tid}/deals/1/record").json())
        assert rec.validate().history[: len(history)] == history
