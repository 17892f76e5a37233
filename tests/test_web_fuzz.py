"""Property tests of the HTTP and WebSocket API (hypothesis): whatever a client sends, the
server answers 2xx/4xx (never 5xx), every WebSocket stays answering (or is closed on
purpose), the game the server holds is always the one its database holds, and input the
server refuses changes nothing: a refused join leaves the seats, a refused message leaves
the deal, its moves, who is ready and who sits where as they were.

Bounded: a few dozen examples per test (the file runs in well under a minute)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import event
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from binokel.registry import find_game
from binokel.web.app import create_app
from binokel.web.tables import Limits
from web_helpers import migrated_sqlite
from web_helpers import under_lock

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
        "chat": st.booleans() | JSON, "turn_timeout": st.integers(-5, 10**6) | JSON,
        "hints": st.booleans() | JSON, "colour": JSON}) | JSON,
})
MESSAGE = st.one_of(
    JSON,
    st.text(max_size=40),
    st.fixed_dictionaries({"type": st.sampled_from(["action", "next", "back", "chat", "hint",
                                                    "leave", "prefs", "ping", "shout"])},
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
    # One client makes every example's table: what a client may hold is tested in
    # test_web_attacks.py.
    limits = Limits(create_burst=10**6, create_rate=10**6, tables_per_client=10**6,
                    live_per_client=10**6, seats_per_client=10**6)
    with TestClient(create_app(migrated_sqlite(db), bot_delay=0.0, limits=limits)) as c:
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
    # the game the server holds is the one stored: nothing half-applied (both read on the
    # server's loop: after a "leave" its stand-in and the bots play on meanwhile)
    def both() -> tuple[list[str], list[str]]:
        stored = client.app.state.registry.store.deal(tid, table.deal_number)  # type: ignore
        return [a for _, a in table.round.current.history], stored.actions
    held, stored = under_lock(client, table, both)
    assert held == stored


# ---------------------------------------------------------------------- seats and tokens
NICKNAME = st.text(max_size=40) | st.sampled_from(
    ["Anna", "Bot Sepp", "Lina", "\u200b\u200b", "\u202eannA", " ", "a" * 33]) | JSON
RAW = st.binary(max_size=64) | st.sampled_from([b"", b"{", b"[" * 50 + b"]" * 50, b"null"])


def seats_of(client: TestClient, tid: str) -> list[dict[str, Any]]:
    return client.get(f"/api/tables/{tid}").json()["seats"]  # type: ignore[no-any-return]


@FUZZ
@given(body=st.fixed_dictionaries({}, optional={"seat": st.integers(-2, 4) | JSON,
                                                "nickname": NICKNAME}) | JSON,
       raw=st.none() | RAW, taken=st.booleans())
def test_joining_never_fails_the_server(client: TestClient, body: Any, raw: bytes | None,
                                        taken: bool) -> None:
    """A join with any body: 200 with a real seat and the nickname as given, or a 4xx that
    leaves every seat as it was."""
    tid = client.post("/api/tables", json={"game": "binokel",
                                           "bots": [None, None, "random"]}).json()["id"]
    if taken:
        client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "Anna"})
    before = seats_of(client, tid)
    if raw is None:
        r = client.post(f"/api/tables/{tid}/join", json=body)
    else:
        r = client.post(f"/api/tables/{tid}/join", content=raw,
                        headers={"content-type": "application/json"})
    assert r.status_code in (200, 400, 409, 413, 415), r.text
    after = seats_of(client, tid)
    if r.status_code == 200:
        seat = r.json()["seat"]
        assert isinstance(seat, int) and after[seat]["taken"] and not before[seat]["taken"]
        assert after[seat]["nickname"] == r.json()["table"]["seats"][seat]["nickname"]
        assert [s for s in after if s["seat"] != seat] == \
            [s for s in before if s["seat"] != seat]
    else:
        assert r.json()["error"] and after == before


@FUZZ
@given(body=st.fixed_dictionaries({"tokens": st.lists(st.text(max_size=30) | JSON,
                                                      max_size=55) | JSON}) | JSON,
       raw=st.none() | RAW)
def test_my_tables_never_fails_the_server(client: TestClient, body: Any,
                                          raw: bytes | None) -> None:
    if raw is None:
        r = client.post("/api/my-tables", json=body)
    else:
        r = client.post("/api/my-tables", content=raw,
                        headers={"content-type": "application/json"})
    assert r.status_code in (200, 400, 413, 415), r.text
    if r.status_code == 200:
        # nobody's seat is found by a token nobody was given
        assert r.json() == {"tables": []}


# ---------------------------------------------------------------------- a real table
def two_people(client: TestClient, finished: bool = False,
               seed: int = 1) -> tuple[str, list[str]]:
    """A Zweierbinokel table of two people (nothing moves by itself): running, or with its
    first deal played to the end (between deals: "next" starts the second). Seeded, so that
    hypothesis sees the same table when it runs an example again."""
    tid = client.post("/api/tables", json={"game": "zweier", "players": 2, "seed": seed,
                                           "bots": [None, None]}).json()["id"]
    tokens = [client.post(f"/api/tables/{tid}/join",
                          json={"seat": s, "nickname": f"P{s}"}).json()["token"]
              for s in range(2)]
    if finished:
        table = client.app.state.registry.get(tid)  # type: ignore[attr-defined]
        rng = random.Random(seed)

        def play() -> None:
            state = table.round.current
            while not state.is_over:
                table.apply(state.to_move, rng.choice(state.legal_actions()),
                            check_move=False)
        under_lock(client, table, play)
    return tid, tokens


def game_of(table: Any) -> tuple[Any, ...]:
    """What a refused message must not change: the deal, its moves, who is ready, who is
    away, who sits where."""
    return (table.deal_number, table.series_number, list(table.round.current.history),
            sorted(table.ready), sorted(table.seats.away), dict(table.seats.token_hashes))


def answers(ws: Any) -> list[dict[str, Any]]:
    """Everything the server sent up to the pong that answers our ping."""
    ws.send_json({"type": "ping"})
    got = []
    try:
        while (msg := ws.receive_json())["type"] != "pong":
            got.append(msg)
    except WebSocketDisconnect:
        raise AssertionError("the server closed a connection") from None
    return got


def action_message(data: st.DataObject, state: dict[str, Any]) -> dict[str, Any]:
    """An action message built from the state the seat was shown: an action the table
    offers or something near it, with the right move number or a wrong one."""
    table = state["table"]
    offered = [b["action"] for b in table["choices"]["buttons"]]
    offered += [f"play {c}" for c in (table["choices"]["cards"] or {}).get("cards", [])]
    junk = ["play", "play XX", "bid", "bid -1", "bid 1e9", "melden " * 20, "pass pass",
            "take", "", "stock", "play EA EA"]
    # Drawn by index, not from the lists themselves: what is offered depends on the state.
    pick = data.draw(st.sampled_from(["offered", "offered", "offered", "junk", "json"]))
    i = data.draw(st.integers(0, 63))
    action = offered[i % len(offered)] if pick == "offered" and offered else \
        junk[i % len(junk)] if pick != "json" else data.draw(JSON)
    moves = state["moves"]
    move = [moves, moves, moves, moves, moves, moves, moves - 1, moves + 1, -1, 2**64, None,
            "1"][data.draw(st.integers(0, 11))]
    msg: dict[str, Any] = {"type": "action", "action": action, "move": move}
    if data.draw(st.booleans()):
        msg["deal"] = [state.get("deal"), 0, 99, "1"][data.draw(st.integers(0, 3))]
    return msg


@settings(FUZZ, max_examples=25)
@given(data=st.data(), finished=st.booleans(), seed=st.integers(0, 2**20))
def test_a_running_table_is_changed_only_by_what_the_server_accepts(
        client: TestClient, data: st.DataObject, finished: bool, seed: int) -> None:
    """Messages against a real table (running, or between deals) from both its people,
    mostly the one to move: actions chosen from the state each was shown (right and wrong
    move numbers, offered and made-up actions), "next", "back", chat, "leave" and anything
    else. A message the server refuses (an error) leaves the game as it was; none fails
    it, and every connection keeps answering."""
    tid, tokens = two_people(client, finished, seed)
    table = client.app.state.registry.get(tid)  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as ws0, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as ws1:
        sockets = [ws0, ws1]
        shown = [next(m for m in reversed(answers(ws)) if m["type"] == "state")
                 for ws in sockets]
        seated = [True, True]
        for _ in range(data.draw(st.integers(1, 6))):
            to_move = table.round.current.to_move
            seat = to_move if to_move >= 0 and data.draw(st.integers(0, 3)) else \
                data.draw(st.integers(0, 1))
            ws = sockets[seat]
            if data.draw(st.integers(0, 2)) and shown[seat]["table"] is not None:
                sent: Any = action_message(data, shown[seat])
            else:
                sent = data.draw(MESSAGE)
            before = game_of(table)
            if isinstance(sent, str):
                ws.send_text(sent)
            else:
                ws.send_json(sent)
            got = answers(ws)
            errors = [m for m in got if m["type"] == "error"]
            kind = sent.get("type") if isinstance(sent, dict) else None
            event(f"{kind}: {errors[0]['code'] if errors else 'accepted'}")
            if errors:
                assert len(errors) == 1 and errors[0]["code"] and errors[0]["message"]
                if all(seated):   # (after "leave" a stand-in may move meanwhile)
                    assert game_of(table) == before, (sent, errors)
            if isinstance(sent, dict) and sent.get("type") == "leave" and not errors:
                seated[seat] = False
            # both see the newest state (the other's pending ones read up to a pong)
            for k in (seat, 1 - seat):
                states = [m for m in (got if k == seat else answers(sockets[k]))
                          if m["type"] == "state"]
                if states:
                    shown[k] = states[-1]
    # the game the server holds is the one stored: nothing half-applied (both read on the
    # server's loop: after a "leave" its stand-in and the bots play on meanwhile)
    def both() -> tuple[list[str], list[str]]:
        stored = client.app.state.registry.store.deal(tid, table.deal_number)  # type: ignore
        return [a for _, a in table.round.current.history], stored.actions
    held, stored = under_lock(client, table, both)
    assert held == stored


# ---------------------------------------------------------------------- records and replays
@pytest.fixture(scope="module")
def finished_table(client: TestClient) -> str:
    tid, _ = two_people(client, finished=True)
    return tid


STEP = (st.integers(-3, 200).map(str) | st.text(max_size=6)
        | st.sampled_from(["", "²", "٣", "1e3", "0x10", " 1", "+1", "9" * 30]))


@FUZZ
@given(number=st.sampled_from(["0", "1", "2", "99999999999999999999", "-1", "1.0", "x"]),
       step=st.none() | STEP, lang=st.none() | st.sampled_from(["de", "en", "fr", ""]),
       cards=st.none() | st.sampled_from(["token", "symbol", "words", "french", "x"]))
def test_replays_of_a_finished_deal_never_fail_the_server(
        client: TestClient, finished_table: str, number: str, step: str | None,
        lang: str | None, cards: str | None) -> None:
    """The replay of a real finished deal with any step, language and card words: the deal
    after exactly ``step`` actions, or a 4xx; the record likewise."""
    tid = finished_table
    query = {k: v for k, v in (("step", step), ("lang", lang), ("cards", cards))
             if v is not None}
    r = client.get(f"/api/tables/{tid}/deals/{number}/replay", params=query)
    assert r.status_code in (200, 400, 404, 409), r.text
    if r.status_code == 200:
        body = r.json()
        assert number == "1" and body["deal"] == 1
        want = body["steps"] if step is None else int(step)
        assert step is None or (step.isascii() and step.isdigit())
        assert body["step"] == want and 0 <= want <= body["steps"] == len(body["actions"])
        assert len(body["hands"]) == 2
    else:
        assert r.json()["error"]
    rec = client.get(f"/api/tables/{tid}/deals/{number}/record")
    assert rec.status_code in (200, 404, 409), rec.text
    assert (rec.status_code == 200) == (number == "1")
