"""The web server against a hostile client: each test is one way found to stall the server,
know the cards, fill the lobby or act in somebody else's name (issue 13), and shows it is
closed."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from binokel.games.binokel import bidding
from binokel.games.binokel.rules import MAX_BIDS
from binokel.registry import find_game
from binokel.web.app import create_app
from binokel.web.store import DatabaseInUse
from binokel.web.store import Store
from binokel.web.store import now
from binokel.web.tables import Limits
from binokel.web.tables import TableError
from web_helpers import join
from web_helpers import live
from web_helpers import migrated_sqlite
from web_helpers import new_table
from web_helpers import recv_state


@pytest.fixture
def db(tmp_path: Path) -> str:
    return migrated_sqlite(tmp_path / 'web.sqlite3')


def make_client(db: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db, bot_delay=0.0, limits=Limits(**limits)))


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c




# ---------------------------------------------------------------------- options
@pytest.mark.parametrize("options", [
    {"max_bid": 1e30},
    {"max_bid": 5000, "min_bid": 10, "bid_step": 1},
    {"max_bid": 5000, "min_bid": 10, "bid_step": 2},
    {"bid_step": 1, "min_bid": 150, "max_bid": 2500},
    {"max_bid": 10000},
])
def test_no_option_makes_the_list_of_bids_long(client: TestClient,
                                               options: dict[str, Any]) -> None:
    r = client.post("/api/tables", json={"bots": [None, "random", "random"],
                                         "options": options})
    assert r.status_code == 400 and r.json()["error"] == "bad_options", r.text


def test_the_longest_allowed_list_of_bids_is_bounded() -> None:
    """The options' bounds (max_bid at most 5000, bid_step at least 5) keep every deal's list
    of bids under MAX_BIDS, with no ceiling too (max_bid 0: as high as the cards reach)."""
    spec = find_game("binokel")
    for top in (5000, 0):
        rules = spec.make_rules({"options": {"min_bid": 10, "bid_step": 5, "max_bid": top}})
        state = spec.new_deal(rules, 0, seed=1)
        assert len(state.legal_actions()) <= MAX_BIDS + 2
    with pytest.raises(ValueError, match="max_bid"):
        spec.make_rules({"options": {"min_bid": 10, "bid_step": 5, "max_bid": 5005}})


def test_a_bid_is_checked_as_a_range_not_looked_up_in_a_list(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server checks an action on a copy of the deal; a bid by its range (the engine's
    ``bid`` handler), never by listing every bid: the listing (bounded by MAX_BIDS) is made
    only for a view, whose presented ``choices.bid`` is a range again."""
    low, step, top = 10, 5, 5000   # the longest list of bids the options allow
    tid = new_table(client, [None, None, None], game="binokel", players=3,
                    options={"min_bid": low, "bid_step": step, "max_bid": top})
    for seat in range(3):
        join(client, tid, seat, f"P{seat}")
    t = live(client, tid)

    def listing(state: Any) -> list[str]:
        raise AssertionError("the server listed every bid to check one")
    monkeypatch.setattr(bidding, "bid_actions", listing)
    first = t.round.current.to_move
    t.apply(first, f"bid {low}", check_move=False)
    seat = t.round.current.to_move        # a new position: nothing listed for it yet
    for bad in (f"bid {low}", f"bid {low + step + 1}", f"bid {top + step}",
                f"bid {low + step * MAX_BIDS}", "bid 1e9", "bid " + "9" * 100):
        with pytest.raises(TableError) as refused:
            t.apply(seat, bad, check_move=False)
        assert refused.value.code == "illegal"
    t.apply(seat, f"bid {top - step}", check_move=False)
    assert t.round.current.history[-1] == (seat, f"bid {top - step}")
    monkeypatch.undo()
    choices = t.json_view.message_for(t.round.current.to_move)["table"]["choices"]
    assert choices["bid"] == {"verb": "bid", "low": top, "high": top, "step": step,
                              "words": "Reizen {n}"}


# ---------------------------------------------------------------------- fair deals
def test_every_deal_of_an_unseeded_table_comes_from_the_system_generator(
        client: TestClient) -> None:
    tid = new_table(client, [None, None, "random"])
    join(client, tid, 0)
    join(client, tid, 1, "Bert")
    t = live(client, tid)
    assert "seed" not in t.json_view.info()
    # each deal drawn by the OS's cryptographic generator, no seed in between to guess
    assert isinstance(t.round.shuffle, random.SystemRandom)


def test_a_chosen_seed_is_shown_to_everybody(client: TestClient) -> None:
    tid = new_table(client, [None, None, "random"], seed=7)
    assert client.get(f"/api/tables/{tid}").json()["seed"] == 7
    page = client.get("/api/tables").json()["tables"]
    assert next(x for x in page if x["id"] == tid)["seed"] == 7


# ---------------------------------------------------------------------- tables and lobby
def test_one_client_cannot_fill_the_lobby(db: str) -> None:
    with make_client(db, tables_per_client=3) as c:
        for _ in range(3):
            new_table(c, [None, "random", "random"])
        r = c.post("/api/tables", json={"bots": [None, "random", "random"]})
        assert r.status_code == 429 and r.json()["error"] == "too_many_tables"
    with make_client(db, create_burst=2, create_rate=0.001, tables_per_client=100) as c:
        codes = [c.post("/api/tables", json={"bots": [None, "random", "random"]}).status_code
                 for _ in range(4)]
        assert codes == [201, 201, 429, 429]


def test_the_lobby_comes_in_pages(db: str) -> None:
    with make_client(db, lobby_page=2) as c:
        made = {new_table(c, [None, "random", "random"]) for _ in range(5)}
        seen: list[str] = []
        cursor = None
        for _ in range(5):
            q = "" if cursor is None else f"&cursor={cursor}"
            page = c.get(f"/api/tables?status=waiting{q}").json()
            assert len(page["tables"]) <= 2
            seen += [t["id"] for t in page["tables"]]
            cursor = page["next"]
            if cursor is None:
                break
        assert sorted(seen) == sorted(made) and len(seen) == len(set(seen))
        for bad in ("limit=abc", "limit=0", "limit=3", "limit=%C2%B2", "cursor=zzz",
                    "cursor=" + "A" * 500, "status=closed"):
            r = c.get(f"/api/tables?{bad}")
            assert r.status_code == 400, (bad, r.text)


def test_abandoned_tables_are_closed(db: str) -> None:
    with make_client(db, waiting_ttl=0, idle_ttl=3600) as c:
        waiting = new_table(c, [None, None, "random"])
        playing = new_table(c, [None, "random", "random"])
        join(c, playing, 0)
        reg = c.app.state.registry  # type: ignore[attr-defined]
        closed = c.portal.call(reg.sweep)  # type: ignore[union-attr]
        assert closed == [waiting]
        assert c.get(f"/api/tables/{waiting}").status_code == 404
        assert c.get(f"/api/tables/{playing}").status_code == 200
        assert waiting not in [t["id"] for t in c.get("/api/tables").json()["tables"]]
    with make_client(db) as c:  # and they stay closed after a restart
        assert c.get(f"/api/tables/{waiting}").status_code == 404


# ---------------------------------------------------------------------- sizes and parsing
def test_a_long_body_is_refused_while_it_is_read(db: str) -> None:
    """The body is refused after the first chunks over the limit, not read whole first."""
    app = create_app(db)
    read = [0]
    chunk = b"x" * 65536

    async def receive() -> dict[str, Any]:
        read[0] += 1
        return {"type": "http.request", "body": chunk, "more_body": read[0] < 1000}

    sent: list[dict[str, Any]] = []

    async def send(msg: dict[str, Any]) -> None:
        sent.append(msg)

    scope = {"type": "http", "method": "POST", "path": "/api/tables", "raw_path": b"",
             "query_string": b"", "root_path": "", "scheme": "http", "http_version": "1.1",
             "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 5000),
             "headers": [(b"content-type", b"application/json"), (b"host", b"x")]}
    # An app that read it all fails later on (no lifespan ran): the count decides.
    with contextlib.suppress(Exception):
        asyncio.run(app(scope, receive, send))
    assert read[0] <= 2, f"{read[0]} chunks of 64 KiB read"
    assert sent and sent[0]["status"] == 413


def test_a_declared_long_body_is_refused_unread(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{}", headers={
        "content-type": "application/json", "content-length": "2"})
    assert r.status_code == 201
    r = client.post("/api/tables", content=b"[" * 20000,
                    headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_deeply_nested_json_is_a_clear_error(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"[" * 5000 + b"]" * 5000,
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    tid = new_table(client, [None, None, "random"])
    token = join(client, tid, 0)
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        recv_state(ws)
        ws.send_text("[" * 1500 + "]" * 1500)
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "bad_json"
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"   # and the connection lives on


def test_a_flooding_connection_is_read_at_its_rate(client: TestClient) -> None:
    """Past its burst, a connection's messages are read no faster than its rate: the server
    answers an over-rate message, then waits before it reads the next (the rest wait,
    unparsed, in the client's socket), so a flood cannot keep the event loop busy."""
    from binokel.web.socket_routes import BURST
    from binokel.web.socket_routes import RATE

    tid = new_table(client, [None, None, "random"])
    with client.websocket_connect(f"/ws/{tid}") as ws:
        recv_state(ws)
        extra = 30
        start = time.monotonic()
        for _ in range(int(BURST) + extra):
            ws.send_text('{"type": "ping"}')
        codes = [ws.receive_json().get("code", "pong") for _ in range(int(BURST) + extra)]
        took = time.monotonic() - start
        assert codes[:int(BURST)] == ["pong"] * int(BURST)
        assert "rate_limited" in codes and codes.count("pong") > BURST
        # Each over-rate message costs its sender a pause of 1/RATE: about half of the
        # extra ones are over the rate (a token comes back during each pause).
        assert took >= 0.8 * (extra / 2) / RATE


def test_a_long_websocket_message_closes_the_connection(client: TestClient) -> None:
    tid = new_table(client, [None, None, "random"])
    token = join(client, tid, 0)
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        recv_state(ws)
        ws.send_text("x" * 5000)
        assert ws.receive_json()["code"] == "too_large"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


@pytest.mark.parametrize("query", ["step=%C2%B2", "step=1_0", "step=-1", "step=99999999999",
                                   "step=%D9%A3"])
def test_bad_query_parameters_are_a_clear_error(client: TestClient, query: str) -> None:
    tid = new_table(client, [None, "random", "random"], target=100)
    join(client, tid, 0)
    r = client.get(f"/api/tables/{tid}/deals/1/replay?{query}")
    assert r.status_code == 400 and r.json()["error"] == "bad_step", r.text


@pytest.mark.parametrize("number", ["99999999999999999999", "0", "7", "-1", "1.5"])
@pytest.mark.parametrize("what", ["record", "replay", "analysis"])
def test_a_deal_number_that_is_no_deal_is_a_clear_error(client: TestClient, number: str,
                                                        what: str) -> None:
    """Found by the fuzz test: a deal number beyond 64 bits reached the database (500, an
    OverflowError); one that is no whole number got Starlette's plain-text 404."""
    tid = new_table(client, [None, "random", "random"], target=100)
    join(client, tid, 0)
    r = client.get(f"/api/tables/{tid}/deals/{number}/{what}")
    assert r.status_code == 404, r.text
    assert r.json()["error"] in ("no_deal", "not_found") and r.json()["message"]


def test_a_wrong_method_on_the_api_is_a_clear_error(client: TestClient) -> None:
    r = client.delete("/api/tables")
    assert r.status_code == 405 and r.json()["error"] == "bad_method"
    assert client.get("/static/nope.js").status_code == 404    # not the API: plain text


# ---------------------------------------------------------------------- move numbers
def test_an_action_chosen_in_an_older_state_is_refused(client: TestClient) -> None:
    tid = new_table(client, [None, None], game="zweier", players=2, seed=3)
    tokens = [join(client, tid, 0), join(client, tid, 1, "Bert")]
    t = live(client, tid)
    rng = random.Random(4)
    doubles = 0
    for _ in range(60):
        st = t.round.current
        if st.is_over:
            break
        seat, move = st.to_move, len(st.history)
        with client.websocket_connect(f"/ws/{tid}?token={tokens[seat]}") as ws:
            recv_state(ws)
            action = rng.choice(st.legal_actions())
            ws.send_json({"type": "action", "action": action})   # no move number
            assert ws.receive_json()["code"] == "bad_move"
            ws.send_json({"type": "action", "action": action, "move": move + 1})
            assert ws.receive_json()["code"] == "stale"
            ws.send_json({"type": "action", "action": action, "move": move, "deal": 2})
            assert ws.receive_json()["code"] == "stale"
            ws.send_json({"type": "action", "action": action, "move": move, "deal": 1})
            assert recv_state(ws)["moves"] == move + 1
            after = t.round.current
            if not after.is_over and after.to_move == seat:
                # a double click: the same seat, a second action from the same state
                again = rng.choice(after.legal_actions())
                ws.send_json({"type": "action", "action": again, "move": move})
                msg = ws.receive_json()
                assert msg["type"] == "error" and msg["code"] == "stale"
                assert len(t.round.current.history) == move + 1
                doubles += 1
    assert doubles > 0


# ---------------------------------------------------------------------- processes
def test_a_second_process_on_one_sqlite_file_is_refused(db: str) -> None:
    first = Store(db)
    try:
        with pytest.raises(DatabaseInUse, match="another binokel server"):
            Store(db)
    finally:
        first.close()
    Store(db).close()   # free again once the first has closed


# ---------------------------------------------------------------------- browsers
def test_cross_site_requests_are_refused(client: TestClient) -> None:
    evil = {"origin": "https://evil.example"}
    r = client.post("/api/tables", json={"bots": [None, "random", "random"]}, headers=evil)
    assert r.status_code == 403 and r.json()["error"] == "cross_origin"
    tid = new_table(client, [None, "random", "random"])
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "Eve"},
                    headers=evil)
    assert r.status_code == 403
    # a plain HTML form can send only form types: never taken as JSON
    r = client.post("/api/tables", content=b'{"bots": [null, "random", "random"]}',
                    headers={"content-type": "text/plain"})
    assert r.status_code == 415
    with pytest.raises(WebSocketDisconnect), \
            client.websocket_connect(f"/ws/{tid}", headers=evil) as ws:
        ws.receive_json()
    ok = {"origin": "http://testserver"}
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "Ann"},
                       headers=ok).status_code == 200


def test_pages_forbid_framing_and_foreign_scripts(client: TestClient) -> None:
    for path in ("/", "/api/meta", "/static/app.js"):
        h = client.get(path).headers
        assert "frame-ancestors 'none'" in h["content-security-policy"]
        assert "script-src 'self'" in h["content-security-policy"]
        assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff"


def test_seat_tokens_expire(client: TestClient) -> None:
    tid = new_table(client, [None, None, "random"])
    token = join(client, tid, 0)
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        assert recv_state(ws)["you"] == 0
    live(client, tid).seats.expires[0] = now() - timedelta(seconds=1)
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        assert ws.receive_json()["code"] == "bad_token"


@pytest.mark.parametrize("name", ["\u200b\u200b", "\u202eannA", "\u200fAnna\u200e",
                                  "Bot 1 (heuristic)", "heuristic", "bot", "...", "\u2066x"])
def test_invisible_and_bot_like_nicknames_are_refused(client: TestClient, name: str) -> None:
    tid = new_table(client, [None, "heuristic", "random"])
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": name})
    assert r.status_code == 400 and r.json()["error"] == "bad_nickname", r.text


@pytest.mark.parametrize("name", ["Botho", "Zoë", "李雷", "Anna-Lena 2"])
def test_real_names_are_welcome(client: TestClient, name: str) -> None:
    tid = new_table(client, [None, "heuristic", "random"])
    assert client.post(f"/api/tables/{tid}/join",
                       json={"seat": 0, "nickname": name}).status_code == 200


# ---------------------------------------------------------------------- issue 31
# Each test below is one of the attacks of issue 31, tried again as a stranger would.
LOOK_ALIKES = ["\u0412ot 1", "\uff22\uff4f\uff54 1", "Lin\u0430, strong", "h\u0435uristic",
               "B0t 7", "\U0001d401ot 2", "a" + "\u0301" * 31, "Anna\u202e", "An\u200dna",
               "x\x00", "\u3164Anna"]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_31_5_names_that_look_like_bots_or_hide_characters_are_refused(
        client: TestClient, name: str) -> None:
    """Attacks 5 and 7: a bot's name in other letters (Cyrillic, full width, a digit for
    a letter, mathematical bold), a letter under 31 accents, a right-to-left override, a
    zero-width joiner, NUL, a Hangul filler: refused as a nickname, a pad player, a club
    player and a duplicate entrant alike."""
    tid = new_table(client, [None, "heuristic", "random"])
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": name})
    assert r.status_code == 400 and r.json()["error"] == "bad_nickname", r.text
    r = client.post("/api/pads", json={"game": "binokel", "players": ["Anna", name, "Carl"]})
    assert r.status_code == 422 and r.json()["field"] == "players", r.text
    r = client.post("/api/clubs", json={"title": "Abend", "game": "binokel",
                                          "date": "2026-11-28"})
    club, owner = r.json()["id"], {"x-owner-token": r.json()["token"]}
    r = client.post(f"/api/clubs/{club}/players", json={"name": name}, headers=owner)
    assert r.status_code == 422 and r.json()["reason"].startswith("nickname_"), r.text
    r = client.post("/api/duplicates", json={"title": "Online", "game": "binokel",
                                             "open_entry": True})
    dup = r.json()["id"]
    r = client.post(f"/api/duplicates/{dup}/players", json={"nickname": name})
    assert r.status_code == 422 and r.json()["reason"].startswith("nickname_"), r.text


def test_31_5_names_are_stored_normalised(client: TestClient) -> None:
    r = client.post("/api/pads", json={"game": "binokel",
                                       "players": ["\uff21nna", "Zo\u0065\u0308", "Carl"]})
    assert r.status_code == 201 and r.json()["pad"]["players"][:2] == ["Anna", "Zoë"]


@pytest.mark.parametrize(("method", "path"), [
    ("POST", "/api/pads"), ("POST", "/api/clubs"), ("POST", "/api/duplicates"),
    ("POST", "/api/pads/{pad}/deals"), ("PUT", "/api/pads/{pad}/deals/1"),
    ("DELETE", "/api/pads/{pad}/deals/last"), ("POST", "/api/clubs/{club}/players"),
    ("POST", "/api/clubs/{club}/rounds"), ("POST", "/api/duplicates/{dup}/players"),
    ("POST", "/api/duplicates/{dup}/rounds"), ("POST", "/api/tables"),
    ("POST", "/api/my-tables")])
def test_31_6_every_change_must_be_json(client: TestClient, method: str, path: str) -> None:
    """Attack 6: a page on another site can post a form (text/plain, urlencoded,
    multipart) without a preflight, and a request without Origin passed the origin check:
    every state-changing request now answers 415 unless its body is JSON, while an API
    client without an Origin header that sends JSON keeps working."""
    pad = client.post("/api/pads", json={"game": "binokel", "players": ["A", "B", "C"]})
    club = client.post("/api/clubs", json={"title": "Abend", "game": "binokel",
                                          "date": "2026-11-28"})
    dup = client.post("/api/duplicates", json={"title": "Online", "game": "binokel"})
    url = path.format(pad=pad.json()["id"], club=club.json()["id"], dup=dup.json()["id"])
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                 None):
        headers = {} if kind is None else {"content-type": kind}
        r = client.request(method, url, content=b'{"name": "Eve"}', headers=headers)
        assert r.status_code == 415 and r.json()["error"] == "bad_content_type", (kind, r.text)
    owner = {"x-owner-token": pad.json()["token"]}
    r = client.request("POST", f"/api/pads/{pad.json()['id']}/deals",
                       json={"deal": {"dealer": 0, "declarer": 1, "bid": 150,
                                      "contract": "abgehen"}}, headers=owner)
    assert r.status_code == 200, r.text      # JSON without an Origin: an API client


def test_31_2_seven_entries_from_one_address_fail(client: TestClient) -> None:
    """Attack 2: seven entries from one address were accepted without the organiser, and
    since every table plays the same deals, one entry's hand was another's opponent's.
    Now the public link lets nobody in; with open entry each request waits for the
    organiser, who sees the six others from the same address beside each; and one
    browser holds one entry."""
    r = client.post("/api/duplicates", json={"title": "Online", "game": "binokel"})
    dup, owner = r.json()["id"], {"x-owner-token": r.json()["token"]}
    for k in range(7):
        client.cookies.clear()      # a fresh browser each time
        r = client.post(f"/api/duplicates/{dup}/players", json={"nickname": f"Eve {k}"})
        assert r.status_code == 403 and r.json()["error"] == "entry_closed", r.text
    client.post(f"/api/duplicates/{dup}/entry", json={"open": True}, headers=owner)
    for k in range(7):
        client.cookies.clear()
        r = client.post(f"/api/duplicates/{dup}/players", json={"nickname": f"Eve {k}"})
        assert r.status_code == 202 and r.json()["status"] == "waiting", r.text
    r = client.post(f"/api/duplicates/{dup}/players", json={"nickname": "Eve 7"})
    assert r.status_code == 409 and r.json()["error"] == "already_waiting"   # same browser
    assert client.get(f"/api/duplicates/{dup}").json()["duplicate"]["players"] == []
    view = client.get(f"/api/duplicates/{dup}/entries", headers=owner).json()
    assert [len(x["same_address"]) for x in view["requests"]] == [6] * 7
    r = client.post(f"/api/duplicates/{dup}/rounds", json={}, headers=owner)
    assert r.status_code == 409 and r.json()["error"] == "too_few"


def test_31_2_a_second_seat_for_one_token_holder_in_a_round_is_refused(
        client: TestClient) -> None:
    """The holder of one entry (his browser, his player token) has one seat of a round:
    a second link from the same browser is refused, and no seat of the round's tables can
    be joined from outside the tournament."""
    r = client.post("/api/duplicates", json={"title": "Online", "game": "binokel",
                                             "rounds": 2, "deals": 1, "bot": "random"})
    dup, owner = r.json()["id"], {"x-owner-token": r.json()["token"]}
    r = client.post(f"/api/duplicates/{dup}/links", json={"count": 3}, headers=owner)
    codes = [x["code"] for x in r.json()["links"]]
    client.cookies.clear()
    r = client.post(f"/api/duplicates/{dup}/players",
                    json={"nickname": "Anna", "entry": codes[0]})
    anna = r.json()["player_token"]
    r = client.post(f"/api/duplicates/{dup}/players",
                    json={"nickname": "Anna B", "entry": codes[1]})
    assert r.status_code == 409 and r.json()["error"] == "already_entered"
    for name in ("Bert", "Carl", "Dora", "Emil"):
        client.post(f"/api/duplicates/{dup}/players", json={"nickname": name,
                                                           "bot": "random"}, headers=owner)
    assert client.post(f"/api/duplicates/{dup}/rounds", json={},
                       headers=owner).status_code == 200
    me = client.post(f"/api/duplicates/{dup}/me", json={"player_token": anna}).json()
    tables = client.get(f"/api/duplicates/{dup}").json()["duplicate"]["played"][0]["tables"]
    seats = [(t["id"], k) for t in tables for k, s in enumerate(t["seats"])
             if s["player"] == me["player"]]
    assert seats == [(me["table"]["id"], me["table"]["seat"])]
    # Every seat of every table of the round, taken or not, stays the tournament's.
    for t in tables:
        for k in range(len(t["seats"])):
            r = client.post(f"/api/tables/{t['id']}/join", json={"seat": k,
                                                                 "nickname": "Anna"})
            assert r.status_code == 409 and r.json()["error"] == "seat_taken", r.text


def test_31_1_documents_and_draws_do_not_freeze_another_table() -> None:
    """Attack 1: strangers looping on the largest documents and draws (run slips and table
    cards of a 500-player club, the sheet of a 1,000-deal pad, each after a change that
    makes it new, and first rounds' draws) held every other client for seconds. Now they
    run in the worker pool: a player at another table keeps moving, with a latency
    close to the quiet one (a generous bound: the machine is shared; the figures are
    benchmarks/document_attack.py's)."""
    import importlib.util

    path = Path(__file__).parents[1] / "benchmarks" / "document_attack.py"
    spec = importlib.util.spec_from_file_location("document_attack", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    out = bench.measure(quiet=5, attack=10, attackers=3, loops=4, draws=1)
    calm, busy = out["quiet"], out["attack"]
    assert busy["moves"] >= 5, out
    assert busy["p50"] <= max(4 * calm["p50"], 0.5), out
    assert busy["max"] <= 5.0, out   # before: 3 s and more for every slips.pdf


def test_31_4_slow_connections_do_not_lock_out_new_clients(tmp_path: Path) -> None:
    """Attack 4: a thousand connections sending their headers a byte at a time stayed open
    for over a minute, and past the open-file limit nobody else got in. A real server
    (``binokel serve`` with a 2 s request deadline and 40 connections per address): a
    stranger's 120 slow connections get 40 held and 80 answered 503 at once; a new client
    is served meanwhile; the 40 are answered 408 and closed at their deadline, although
    they keep sending; then the stranger's address may connect again."""
    import selectors
    import socket
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "binokel.cli", "serve", "--port", str(port),
         "--database-url", f"sqlite:///{tmp_path / 'slow.sqlite3'}",
         "--request-timeout", "2", "--connections-per-address", "40"],
        stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"

    def served() -> float:
        start = time.monotonic()
        with urllib.request.urlopen(base + "/healthz", timeout=5) as r:
            assert r.status == 200
        return time.monotonic() - start

    slow: list[socket.socket] = []
    try:
        for _ in range(300):
            with contextlib.suppress(OSError):
                served()
                break
            time.sleep(0.1)
        for _ in range(120):
            c = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.20", 0))
            c.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            slow.append(c)
        sel = selectors.DefaultSelector()
        for c in slow:
            c.setblocking(False)
            sel.register(c, selectors.EVENT_READ)
        answers: dict[socket.socket, bytes] = {}

        def read(until: float) -> None:
            while time.monotonic() < until:
                for key, _ in sel.select(0.1):
                    sock: Any = key.fileobj
                    try:
                        data = sock.recv(4096)
                    except OSError:
                        data = b""
                    answers[sock] = answers.get(sock, b"") + data
                    if not data:
                        sel.unregister(sock)

        read(time.monotonic() + 0.8)
        refused = [c for c in slow if answers.get(c, b"").startswith(b"HTTP/1.1 503")]
        held = [c for c in slow if c not in answers]
        assert len(refused) == 80 and len(held) == 40, (len(refused), len(held))
        assert served() < 1.0        # somebody else, meanwhile
        # the held ones keep sending a byte now and then: the deadline holds all the same
        until = time.monotonic() + 3.0
        while time.monotonic() < until:
            for c in held:
                with contextlib.suppress(OSError):
                    c.send(b"x")
            read(time.monotonic() + 0.3)
        assert all(answers.get(c, b"").startswith(b"HTTP/1.1 408") for c in held), \
            [answers.get(c, b"")[:20] for c in held][:5]
        again = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.20", 0))
        again.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        again.settimeout(5)
        assert again.recv(100).startswith(b"HTTP/1.1 200")
        again.close()
    finally:
        for c in slow:
            c.close()
        server.terminate()
        server.wait(timeout=20)


def test_31_3_what_one_client_holds_is_limited(db: str) -> None:
    """Attack 3: a table the creator joined no longer counted against his 10 waiting ones
    and lived 12 h idle: one address started 17 tables in 40 s. Now a client's live tables
    (waiting or running) and the seats it holds are limited, with clear errors."""
    with make_client(db, live_per_client=3, create_burst=100) as c:
        for _ in range(3):
            join(c, new_table(c, [None, "random", "random"]), 0)   # each one running
        r = c.post("/api/tables", json={"bots": [None, "random", "random"]})
        assert r.status_code == 429 and r.json()["error"] == "too_many_tables", r.text
        assert "at most 3 tables" in r.json()["message"]
    # (A new database: the seats joined above are still held, in the database.)
    with make_client(db.replace("web.sqlite3", "seats.sqlite3"), seats_per_client=2,
                     create_burst=100, live_per_client=100) as c:
        tables = [new_table(c, [None, None, "random"]) for _ in range(3)]
        tokens = [join(c, tid, 0) for tid in tables[:2]]
        r = c.post(f"/api/tables/{tables[2]}/join", json={"seat": 0, "nickname": "Eve"})
        assert r.status_code == 429 and r.json()["error"] == "too_many_seats", r.text
        with c.websocket_connect(f"/ws/{tables[0]}?token={tokens[0]}") as ws:
            recv_state(ws)
            ws.send_json({"type": "leave"})
            recv_state(ws)
        join(c, tables[2], 0)          # a seat given up is free again


def test_31_3_a_running_table_nobody_has_open_closes_sooner(db: str) -> None:
    with make_client(db, unseen_ttl=1.0) as c:
        watched = new_table(c, [None, None, "random"])
        left = new_table(c, [None, None, "random"])
        token = join(c, watched, 0)
        join(c, watched, 1, "Bert")
        join(c, left, 0)
        join(c, left, 1, "Bert")
        reg = c.app.state.registry  # type: ignore[attr-defined]
        with c.websocket_connect(f"/ws/{watched}?token={token}") as ws:
            recv_state(ws)
            time.sleep(1.2)            # neither changed since; one is open
            closed = c.portal.call(reg.sweep)  # type: ignore[union-attr]
        assert closed == [left]
        assert c.get(f"/api/tables/{left}").status_code == 404
        assert c.get(f"/api/tables/{watched}").status_code == 200
