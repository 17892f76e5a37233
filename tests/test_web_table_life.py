"""A table's life as players expect it: ready for the next deal, rematch, a turn timeout with
a stand-in bot and taking the seat back, leaving a seat, "my tables", watching and chat."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.web.app import create_app
from binokel.web.store import Store
from binokel.web.store import Tx
from loop_guard import on_the_loop
from web_helpers import act
from web_helpers import join
from web_helpers import live
from web_helpers import migrated_sqlite
from web_helpers import new_table
from web_helpers import recv_state
from web_helpers import under_lock


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(migrated_sqlite(tmp_path / 'web.sqlite3'), bot_delay=0.0)) as c:
        yield c




def finish_deal(client: TestClient, tid: str, rng: random.Random) -> None:
    """Play the current deal to its end on the server (random legal actions)."""
    t = live(client, tid)

    def play() -> None:
        st = t.round.current
        while not st.is_over:
            t.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
    under_lock(client, t, play)


def until(ws: Any, pred: Any, limit: int = 500) -> dict[str, Any]:
    for _ in range(limit):
        msg = recv_state(ws)
        if pred(msg):
            return msg
    raise AssertionError("the state never came")


def next_error(ws: Any) -> dict[str, Any]:
    for _ in range(500):
        msg = ws.receive_json()
        if msg["type"] == "error":
            return msg  # type: ignore[no-any-return]
    raise AssertionError("no error came")


def two_people(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    tid = new_table(client, [None, None], game="zweier", players=2, **extra)
    return tid, [join(client, tid, 0, "Anna"), join(client, tid, 1, "Bert")]


def test_the_next_deal_starts_when_everybody_is_ready(client: TestClient) -> None:
    tid, tokens = two_people(client)
    finish_deal(client, tid, random.Random(1))
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as b:
        recv_state(a)
        recv_state(b)
        a.send_json({"type": "next"})
        msg = until(a, lambda m: m["ready"] == [0])
        assert msg["deal"] == 1 and msg["table"]["result"]   # still the finished deal
        b.send_json({"type": "next"})
        msg = until(b, lambda m: m["deal"] == 2)
        assert msg["ready"] == [] and not msg["table"]["result"]


def test_a_rematch_after_the_series(client: TestClient) -> None:
    tid, tokens = two_people(client, deals=1)
    finish_deal(client, tid, random.Random(2))
    t = live(client, tid)
    assert t.round.is_over and t.status == "finished"
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as b:
        assert recv_state(a)["winners"]
        recv_state(b)
        a.send_json({"type": "next"})
        b.send_json({"type": "next"})
        msg = until(a, lambda m: m["series"] == 2)
        assert msg["deal"] == 2 and msg["sheet"]["lines"] == [] and msg["status"] == "playing"
        assert msg["winners"] == []
    # the first series' deal stays downloadable under its number
    assert client.get(f"/api/tables/{tid}/deals/1/record").status_code == 200
    assert [d["series"] for d in client.get(f"/api/tables/{tid}/deals").json()] == [1]


def test_a_new_series_with_the_same_people_when_everybody_asks(client: TestClient) -> None:
    tid, tokens = two_people(client, target=1000)
    t = live(client, tid)
    finish_deal(client, tid, random.Random(2))
    assert not t.round.is_over             # the series goes on to 1000 points
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as b:
        recv_state(a)
        recv_state(b)
        # Anna asks for a new series, Bert for the next deal: the series goes on
        a.send_json({"type": "next", "series": True})
        msg = until(b, lambda m: m["restart"] == [0])
        assert msg["ready"] == [] and msg["new_series"] and msg["deal"] == 1
        assert t.restart == {0}
        b.send_json({"type": "next"})
        msg = until(a, lambda m: m["deal"] == 2)
        assert msg["series"] == 1 and len(msg["sheet"]["lines"]) == 1 and msg["restart"] == []
    finish_deal(client, tid, random.Random(3))
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as b:
        recv_state(a)
        recv_state(b)
        a.send_json({"type": "next", "series": True})
        until(a, lambda m: m["restart"] == [0])
        # as stored: another process (a restart) knows who asked
        under_lock(client, t, t.reload, True)
        assert t.restart == {0} and t.ready == set()
        b.send_json({"type": "next", "series": True})
        msg = until(a, lambda m: m["series"] == 2)
        assert msg["deal"] == 3 and msg["sheet"]["lines"] == [] and msg["restart"] == []
        assert msg["status"] == "playing"
    # the earlier deals stay downloadable under their numbers
    assert [d["series"] for d in client.get(f"/api/tables/{tid}/deals").json()] == [1, 1]
    # while a deal runs there is nothing to ask for
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a:
        recv_state(a)
        a.send_json({"type": "next", "series": True})
        assert next_error(a)["code"] == "not_over"


def test_a_timed_out_person_is_replaced_by_a_bot_and_takes_over_again(
        client: TestClient) -> None:
    tid, tokens = two_people(client, settings={"turn_timeout": 10, "chat": True})
    t = live(client, tid)
    assert t.json_view.info()["settings"]["turn_timeout"] == 10
    t.settings["turn_timeout"] = 0.2   # the smallest a table may ask for is 10 s
    client.portal.call(t.bot_driver.schedule)  # type: ignore[union-attr]
    mover = t.round.current.to_move
    with client.websocket_connect(f"/ws/{tid}?token={tokens[1 - mover]}") as other:
        # nobody acts: both time out in turn, and the stand-ins play the deal on
        msg = until(other, lambda m: m["table"]["result"] != [], 2000)
        assert msg["info"]["seats"][mover]["away"]
        assert t.round.current.is_over
    with client.websocket_connect(f"/ws/{tid}?token={tokens[mover]}") as ws:
        recv_state(ws)
        ws.send_json({"type": "back"})
        msg = until(ws, lambda m: not m["info"]["seats"][mover]["away"])
        assert not msg["info"]["seats"][mover]["stand_in"]


def test_a_person_not_ready_in_time_is_marked_away_and_the_next_deal_starts(
        client: TestClient) -> None:
    """Somebody walks away after a deal: with the table's turn timeout the others do not
    wait for his "next" for ever; a stand-in plays for him until he takes his seat back."""
    tid, tokens = two_people(client, settings={"turn_timeout": 10})
    t = live(client, tid)
    t.settings["turn_timeout"] = 0.5   # the smallest a table may ask for is 10 s
    finish_deal(client, tid, random.Random(5))
    client.portal.call(t.bot_driver.schedule)  # type: ignore[union-attr]
    clock = t.bot_driver.timer
    assert clock is not None and t.bot_driver.timer_key == ("next", 1)
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as anna:
        recv_state(anna)
        anna.send_json({"type": "next"})
        msg = until(anna, lambda m: m["ready"] == [0])
        # Anna's "ready" does not wind the clock back: it runs from the deal's end.
        assert t.bot_driver.timer is clock and msg["deal"] == 1
        msg = until(anna, lambda m: m["deal"] == 2, 2000)
        bert = msg["info"]["seats"][1]
        assert bert["away"] and bert["stand_in"] and bert["taken"]
        assert not msg["info"]["seats"][0]["away"]
        assert msg["ready"] == [] and msg["status"] == "playing"
    # as stored: a restart (or another process) sees the same
    stored = client.app.state.registry.store.table(tid)  # type: ignore[attr-defined]
    assert stored.status == "playing"
    t.settings["turn_timeout"] = 10    # Anna may think now
    with client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as ws:
        recv_state(ws)
        ws.send_json({"type": "back"})
        msg = until(ws, lambda m: not m["info"]["seats"][1]["away"])
        assert not msg["info"]["seats"][1]["stand_in"] and msg["deal"] >= 2


def test_nobody_is_marked_away_when_everybody_is_ready(client: TestClient) -> None:
    tid, tokens = two_people(client, settings={"turn_timeout": 10})
    t = live(client, tid)
    finish_deal(client, tid, random.Random(6))
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as b:
        recv_state(a)
        recv_state(b)
        a.send_json({"type": "next"})
        b.send_json({"type": "next"})
        until(a, lambda m: m["deal"] == 2)
    key = t.bot_driver.timer_key
    assert not t.seats.away and key is not None and key[0] == "turn"


def test_no_timeout_at_a_friends_table(client: TestClient) -> None:
    tid, tokens = two_people(client)
    t = live(client, tid)
    assert t.settings["turn_timeout"] is None and t.bot_driver.timer is None
    time.sleep(0.1)
    assert t.round.current.history == [] and not t.seats.away
    # Between deals too: the table waits for everybody's "next", however long.
    finish_deal(client, tid, random.Random(7))
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as anna:
        recv_state(anna)
        anna.send_json({"type": "next"})
        until(anna, lambda m: m["ready"] == [0])
        assert t.bot_driver.timer is None
        time.sleep(0.3)
    assert t.deal_number == 1 and not t.seats.away and t.round.current.is_over


def finish_trick(client: TestClient, t: Any, rng: random.Random) -> None:
    """Play the trick on the table to its end (random legal actions, whoever moves)."""
    def play() -> None:
        st = t.round.current
        while not t.seats.between_tricks():
            t.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
    under_lock(client, t, play)


def test_a_person_leaves_and_another_takes_the_seat(client: TestClient) -> None:
    tid, tokens = two_people(client)
    t = live(client, tid)
    with client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as ws:
        recv_state(ws)
        ws.send_json({"type": "leave"})
        msg = until(ws, lambda m: m["info"]["seats"][1]["away"])
        # the seat keeps its person's name; the computer plays it meanwhile
        seat = msg["info"]["seats"][1]
        assert seat["stand_in"] and seat["nickname"] == "Bert" and msg["names"][1] == "Bert"
        assert msg["table"]["seats"][1]["label"] == "Bert (Computer)"
        ws.send_json({"type": "action", "action": "pass", "move": 0})
        assert next_error(ws)["code"] == "not_seated"   # he watches now
    # the stand-in plays seat 1 meanwhile; Carla (who has the table's link) takes it over,
    # once the trick on the table is over
    carla = join(client, tid, 1, "Carla")
    finish_trick(client, t, random.Random(3))
    with client.websocket_connect(f"/ws/{tid}?token={carla}") as ws:
        msg = recv_state(ws)
        assert msg["you"] == 1 and msg["names"][1] == "Carla"
        assert not msg["info"]["seats"][1]["stand_in"]
        assert msg["table"]["seats"][1]["label"] == "Carla"
    assert 1 not in t.bot_driver.active_bots()
    with client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as ws:
        assert ws.receive_json()["code"] == "bad_token"   # Bert's token holds it no more
    # a seat taken by somebody present is nobody else's
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "nickname": "Eve"})
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"


def test_a_left_seat_changes_hands_between_tricks_only(client: TestClient) -> None:
    """Leaving a running table keeps the seat: the same browser's token takes it back, or
    somebody with the table's link takes it over; asked in the middle of a trick, the
    stand-in plays the trick to its end first."""
    tid, (_, bert) = two_people(client, seed=4)
    t = live(client, tid)
    rng = random.Random(1)

    def to_a_card() -> None:
        """On to the first card of the next trick (the lead played, the trick open)."""
        st = t.round.current
        while t.seats.between_tricks() and not st.is_over:
            t.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
    under_lock(client, t, to_a_card)
    assert not t.round.current.is_over
    # a seat whose person timed out stays his: a stranger is refused
    under_lock(client, t, t.seats.set_away, 1, True)
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "nickname": "Eve"})
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"
    under_lock(client, t, t.seats.set_away, 1, False)
    under_lock(client, t, t.seats.leave, 1)
    assert 1 in t.seats.away and t.seats.names()[1] == "Bert" and t.seats.levels()[1] == "computer"
    # mid-trick: his "back" waits for the end of the trick
    under_lock(client, t, t.seats.take_back, 1)
    assert 1 in t.seats.away and t.json_view.info()["seats"][1]["returning"]
    finish_trick(client, t, rng)
    assert 1 not in t.seats.away and not t.seats.returning and t.seats.levels()[1] == ""
    # his browser after leaving: the token still holds the seat
    under_lock(client, t, t.seats.leave, 1)
    with client.websocket_connect(f"/ws/{tid}?token={bert}") as ws:
        msg = recv_state(ws)
        assert msg["you"] == 1 and msg["info"]["seats"][1]["away"]
    # as stored: a restart knows the seat was left (somebody may take it over)
    under_lock(client, t, t.reload, True)
    assert t.seats.left == {1} and t.seats.away == {1}
    # a stranger over the left seat in the middle of a trick: the seat is Carla's, played
    # by the stand-in until the trick is over
    under_lock(client, t, to_a_card)
    carla = join(client, tid, 1, "Carla")
    info = t.json_view.info()["seats"][1]
    assert info["nickname"] == "Carla" and info["away"] and info["returning"]
    finish_trick(client, t, rng)
    assert t.seats.present_seats == [0, 1] and t.seats.names()[1] == "Carla"
    with client.websocket_connect(f"/ws/{tid}?token={carla}") as ws:
        assert recv_state(ws)["you"] == 1
    with client.websocket_connect(f"/ws/{tid}?token={bert}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    # nor does anybody take a seat whose person plays it
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "Eve"})
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"


def test_the_creator_hands_on_the_seat_of_a_person_who_is_away(client: TestClient) -> None:
    """Bert walked off without a word (timed out): only the table's creator, by the owner
    token his create request got, frees Bert's seat for somebody else; then it is a left
    seat, which anybody with the table's link takes over. Nobody hands on a seat whose
    person is at the table, a computer player's, or without the owner token."""
    r = client.post("/api/tables", json={"bots": [None, None], "game": "zweier",
                                         "players": 2})
    assert r.status_code == 201
    tid, owner = r.json()["id"], r.json()["owner_token"]
    assert len(owner) >= 32 and "owner_token" not in client.get(f"/api/tables/{tid}").json()
    join(client, tid, 0, "Anna")
    bert = join(client, tid, 1, "Bert")
    t = live(client, tid)

    def release(seat: int, token: str | None) -> Any:
        headers = {} if token is None else {"x-owner-token": token}
        return client.post(f"/api/tables/{tid}/seats/{seat}/release", headers=headers)

    # Bert is at the table: his seat is his
    r = release(1, owner)
    assert r.status_code == 409 and r.json()["error"] == "present"
    under_lock(client, t, t.seats.set_away, 1, True)
    for token in (None, "forged", bert, "x" * 200):
        r = release(1, token)
        assert r.status_code == 403 and r.json()["error"] == "forbidden"
    assert release(7, owner).json()["error"] == "bad_seat"
    assert t.seats.left == set()
    # a timed-out seat stays its person's: a stranger is refused
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "nickname": "Carla"})
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"
    r = release(1, owner)
    assert r.status_code == 200, r.text
    seat = r.json()["table"]["seats"][1]
    assert seat["left"] and seat["stand_in"] and seat["nickname"] == "Bert"
    assert release(1, owner).status_code == 200   # again: nothing changes
    # as stored: after a restart the seat is still free for the taking
    under_lock(client, t, t.reload, True)
    assert t.seats.left == {1}
    finish_trick(client, t, random.Random(2))
    carla = join(client, tid, 1, "Carla")
    with client.websocket_connect(f"/ws/{tid}?token={carla}") as ws:
        msg = recv_state(ws)
        assert msg["you"] == 1 and msg["names"][1] == "Carla"
        assert not msg["info"]["seats"][1]["left"]
    with client.websocket_connect(f"/ws/{tid}?token={bert}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    # a computer player's seat is nobody's to hand on
    bots = client.post("/api/tables", json={"bots": [None, "random", "random"]}).json()
    join(client, bots["id"], 0, "Anna")
    r = client.post(f"/api/tables/{bots['id']}/seats/1/release",
                    headers={"x-owner-token": bots["owner_token"]})
    assert r.status_code == 400 and r.json()["error"] == "bad_seat"


def test_a_restart_tells_a_left_seat_from_a_timed_out_one(client: TestClient) -> None:
    """What a process loading the table knows of a seat is what was stored: a person who
    timed out keeps his seat, also when he joined without an address (a seat the server
    gave out); one who left it lets anybody take it; one who came back holds it again."""
    r = client.post("/api/tables", json={"bots": [None, None], "game": "zweier",
                                         "players": 2})
    tid = r.json()["id"]
    t = live(client, tid)
    for seat, name in enumerate(("Anna", "Bert")):
        under_lock(client, t, t.seats.join, seat, name)

    def restarted() -> tuple[set[int], set[int]]:
        under_lock(client, t, t.reload, True)
        return t.seats.away, t.seats.left

    under_lock(client, t, t.seats.set_away, 1, True)
    assert restarted() == ({1}, set())
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "nickname": "Carla"})
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"
    under_lock(client, t, t.seats.set_away, 1, False)
    under_lock(client, t, t.seats.leave, 1)
    assert restarted() == ({1}, {1})
    under_lock(client, t, t.seats.set_away, 1, False)
    assert restarted() == (set(), set())


def test_my_tables_finds_the_seats_of_a_browser(client: TestClient) -> None:
    tid, tokens = two_people(client)
    other = new_table(client, [None, "random", "random"])
    mine = join(client, other, 0, "Anna")
    r = client.post("/api/my-tables", json={"tokens": [tokens[0], mine, "forged", mine]})
    found = {(x["table"]["id"], x["seat"]) for x in r.json()["tables"]}
    assert found == {(tid, 0), (other, 0)}
    assert client.post("/api/my-tables", json={"tokens": ["x"] * 51}).status_code == 400
    assert client.post("/api/my-tables", json={"tokens": [5]}).status_code == 400
    assert client.post("/api/my-tables", json=[]).status_code == 400


def next_chat(ws: Any) -> dict[str, Any]:
    for _ in range(500):
        msg = ws.receive_json()
        if msg["type"] == "chat":
            return msg  # type: ignore[no-any-return]
    raise AssertionError("no chat line came")


def test_a_slow_write_of_one_table_holds_up_no_other(client: TestClient,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's changes wait for the database in a worker thread (``off_loop`` in
    binokel.web.table_base), not on the event loop: while one table's write takes seconds
    (a store whose round trips to that table's row take ``slow`` seconds), a chat line at
    another table goes round at once; the slow table's line arrives after its write."""
    slow = 3.0
    slow_id, slow_tokens = two_people(client)
    fast_id, fast_tokens = two_people(client)
    locked = Store.locked

    @contextlib.contextmanager
    def far_away(self: Store, table_id: str) -> Iterator[Tx]:
        if table_id == slow_id:
            time.sleep(slow)     # (not holding SQLite's lock of the whole file meanwhile)
        with locked(self, table_id) as tx:
            yield tx

    monkeypatch.setattr(Store, "locked", far_away)
    with client.websocket_connect(f"/ws/{slow_id}?token={slow_tokens[0]}") as ws_slow, \
            client.websocket_connect(f"/ws/{fast_id}?token={fast_tokens[0]}") as ws_fast:
        for ws in (ws_slow, ws_fast):
            recv_state(ws)
        ws_slow.send_json({"type": "chat", "text": "langsam"})
        time.sleep(0.3)                         # its write is under way
        started = time.monotonic()
        ws_fast.send_json({"type": "chat", "text": "schnell"})
        assert next_chat(ws_fast)["text"] == "schnell"
        fast_trip = time.monotonic() - started
        assert next_chat(ws_slow)["text"] == "langsam"
        slow_trip = time.monotonic() - started
    assert fast_trip < slow / 3, f"the other table waited {fast_trip:.2f} s"
    assert slow_trip > slow - 1.0               # the write was slow indeed
    assert [row.text for row in live(client, slow_id).store.chat(slow_id)] == ["langsam"]


# A live table and its parts (seats, chat, deals, bots), its store and the rated books a
# finished deal writes in the table's transaction.
TABLE_PARTS = ("web/tables.py", "web/seats.py", "web/chat.py", "web/deals.py",
               "web/bot_driver.py", "web/rated.py", "web/store.py")


def test_a_tables_changes_query_the_database_off_the_loop(client: TestClient) -> None:
    """No change of a running table queries the database on the event loop (loop_guard):
    a seat taken, a socket opened, a chat line, a deal played to its end by a person and
    two bots, the next deal, the seat left (a stand-in plays on). (A new table's first
    write is made on the loop still: left out.)"""
    tid = new_table(client, [None, "heuristic", "random"], seed=7)
    rng = random.Random(1)
    with on_the_loop(TABLE_PARTS) as found:
        token = join(client, tid, 0)
        with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
            msg = recv_state(ws)
            said = False
            for _ in range(400):
                if msg["table"]["result"]:
                    break
                if msg["table"]["to_move"] != 0:
                    msg = recv_state(ws)
                    continue
                if not said:        # while the bots wait for him: nothing else comes
                    ws.send_json({"type": "chat", "text": "servus"})
                    said = next_chat(ws)["text"] == "servus"
                msg = act(ws, msg, rng)
            assert said and msg["table"]["result"]
            ws.send_json({"type": "next"})
            assert until(ws, lambda m: m["deal"] == 2)["deal"] == 2
            ws.send_json({"type": "leave"})
            until(ws, lambda m: m["info"]["seats"][0]["left"])
    assert found == [], f"database work on the event loop: {sorted(set(found))}"


def test_running_tables_are_listed_to_watch(client: TestClient) -> None:
    tid, _ = two_people(client)
    waiting = new_table(client, [None, None, "random"])
    running = [x["id"] for x in client.get("/api/tables?status=playing").json()["tables"]]
    assert tid in running and waiting not in running
    with client.websocket_connect(f"/ws/{tid}") as spectator:
        msg = recv_state(spectator)
        assert msg["you"] is None and msg["table"]["hand"] == []


def test_chat(client: TestClient) -> None:
    tid, tokens = two_people(client)
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as b, \
            client.websocket_connect(f"/ws/{tid}") as spectator:
        for ws in (a, b, spectator):
            assert ws.receive_json() == {"type": "chat_history", "lines": []}
            recv_state(ws)
        a.send_json({"type": "chat", "text": "  Servus   <b>ihr</b> "})
        for ws in (a, b, spectator):
            msg = ws.receive_json()
            assert msg["type"] == "chat" and msg["text"] == "Servus <b>ihr</b>"
            assert msg["seat"] == 0 and msg["name"] == "Anna"
        for bad, code in (("x" * 201, "bad_chat"), ("", "bad_chat"), (5, "bad_chat"),
                          ("a\u202eb", "bad_chat")):
            a.send_json({"type": "chat", "text": bad})
            assert a.receive_json()["code"] == code
        spectator.send_json({"type": "chat", "text": "hi"})
        assert spectator.receive_json()["code"] == "not_seated"
        codes = []
        for i in range(8):
            b.send_json({"type": "chat", "text": f"{i}"})
        for _ in range(8):
            m = b.receive_json()
            codes.append(m.get("code", m["type"]))
        assert "rate_limited" in codes
    with client.websocket_connect(f"/ws/{tid}") as late:
        history = late.receive_json()
        assert history["type"] == "chat_history" and history["lines"][0]["text"].startswith(
            "Servus")
    quiet = new_table(client, [None, "random", "random"], settings={"chat": False})
    token = join(client, quiet, 0, "Anna")
    with client.websocket_connect(f"/ws/{quiet}?token={token}") as ws:
        recv_state(ws)
        ws.send_json({"type": "chat", "text": "hi"})
        assert next_error(ws)["code"] == "chat_off"   # (bots' states may come first)


@pytest.mark.parametrize("settings", [{"chat": "yes"}, {"turn_timeout": 5},
                                      {"turn_timeout": 10**9}, {"colour": "red"}, [1]])
def test_bad_settings_are_refused(client: TestClient, settings: Any) -> None:
    r = client.post("/api/tables", json={"bots": [None, "random", "random"],
                                         "settings": settings})
    assert r.status_code == 400 and r.json()["error"] == "bad_settings"


def test_meta_gives_the_lobby_its_bot_words_and_setting_bounds(client: TestClient) -> None:
    """The lobby names bots and bounds the time to think from the server, not from a copy."""
    meta = client.get("/api/meta").json()
    assert meta["bots"]["names"][:2] == ["Sepp", "Lina"]
    assert meta["bots"]["levels"]["strong"] == {"de": "stark", "en": "strong"}
    assert meta["bots"]["levels"]["heuristic"] == {"de": "mittel", "en": "medium"}
    for game in meta["games"]:
        assert set(game["bots"]) <= set(meta["bots"]["levels"])  # every offered kind has words
    low, high = meta["settings"]["turn_timeout"]
    tid = new_table(client, [None, "heuristic", "heuristic"], game="binokel", players=3,
                    settings={"turn_timeout": high})
    assert client.get(f"/api/tables/{tid}").json()["settings"]["turn_timeout"] == high
    for wrong in (low - 1, high + 1):
        r = client.post("/api/tables", json={"game": "binokel", "players": 3,
                                             "bots": [None, "heuristic", "heuristic"],
                                             "settings": {"turn_timeout": wrong}})
        assert r.status_code == 400 and r.json()["error"] == "bad_settings"
        assert f"{low} to {high}" in r.json()["message"]


def test_a_hint_only_where_the_table_allows_it_and_only_for_the_seat_to_move(
        client: TestClient) -> None:
    """Issue 15: the strong player's choice for the asking seat's own view, refused where the
    table's hints are off (the default), for the seat not to move, and past the rate."""
    tid, tokens = two_people(client, settings={"hints": True})
    st = live(client, tid).round.current
    mover = st.to_move
    with client.websocket_connect(f"/ws/{tid}?token={tokens[mover]}") as me, \
            client.websocket_connect(f"/ws/{tid}?token={tokens[1 - mover]}") as other:
        recv_state(me)
        recv_state(other)
        me.send_json({"type": "hint"})
        for _ in range(50):
            answer = me.receive_json()
            if answer["type"] == "hint":
                break
        assert answer["action"] in st.legal_actions()
        assert answer["deal"] == live(client, tid).deal_number
        assert answer["move"] == len(st.history)
        assert all(isinstance(v, float | int) for v in answer["values"].values())
        other.send_json({"type": "hint"})
        assert next_error(other)["code"] == "not_your_turn"
        me.send_json({"type": "hint"})     # the burst of two ...
        me.send_json({"type": "hint"})     # ... then one every ten seconds
        assert next_error(me)["code"] == "rate_limited"
    off, off_tokens = two_people(client)
    assert client.get(f"/api/tables/{off}").json()["settings"]["hints"] is False
    with client.websocket_connect(f"/ws/{off}?token={off_tokens[0]}") as ws:
        recv_state(ws)
        ws.send_json({"type": "hint"})
        assert next_error(ws)["code"] == "hints_off"


def test_the_hint_budget_is_the_servers_setting(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``binokel serve --hint-budget`` reaches the search: a hint searches the server's
    budget, in the connection's language; the command refuses a budget out of range."""
    import dataclasses

    import binokel.web.socket_routes as web_app
    from binokel.cli import main
    from binokel.web.tables import Limits

    asked: list[tuple[int, str]] = []
    real = web_app.hint

    def spy(view: Any, budget: int, seed: int, lang: str) -> Any:
        asked.append((budget, lang))
        return real(view, budget, seed, lang)
    monkeypatch.setattr(web_app, "hint", spy)
    limits = dataclasses.replace(Limits(), hint_budget=12_345)
    with TestClient(create_app(migrated_sqlite(tmp_path / 'web.sqlite3'), bot_delay=0.0,
                               limits=limits)) as c:
        tid, tokens = two_people(c, settings={"hints": True})
        mover = live(c, tid).round.current.to_move
        with c.websocket_connect(f"/ws/{tid}?token={tokens[mover]}&lang=de") as ws:
            recv_state(ws)
            ws.send_json({"type": "hint"})
            for _ in range(50):
                if ws.receive_json()["type"] == "hint":
                    break
    assert asked == [(12_345, "de")]
    assert main(["serve", "--hint-budget", "10", "--database-url",
                 f"sqlite:///{tmp_path / 'x.sqlite3'}"]) == 2
