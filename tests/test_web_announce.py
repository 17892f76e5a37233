"""The web game with Doppelkopf's announcements at any time: the button is there whenever a
seat may announce, a race with the next card is decided by the server's order and both
players see how it went; bots speak out of turn too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.core.state import actor
from binokel.web.app import create_app
from web_helpers import join
from web_helpers import live
from web_helpers import migrated_sqlite
from web_helpers import new_table
from web_helpers import recv_state

OPTIONS = {"announce_any_time": True}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(migrated_sqlite(tmp_path / 'web.sqlite3'), bot_delay=0.0)) as c:
        yield c


def until(ws: Any, moves: int) -> dict[str, Any]:
    """The first state message of the deal at ``moves`` actions or later."""
    while True:
        msg = recv_state(ws)
        if msg.get("moves", -1) >= moves:
            return msg


def send(ws: Any, action: str, msg: dict[str, Any]) -> None:
    ws.send_json({"type": "action", "action": action, "move": msg["moves"],
                  "deal": msg["deal"]})


def error(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "error":
            return msg  # type: ignore[no-any-return]


def four_people(client: TestClient) -> tuple[str, list[Any], list[Any]]:
    tid = new_table(client, [None] * 4, game="doppelkopf", players=4, seed=11,
                    options=OPTIONS)
    tokens = [join(client, tid, s, f"P{s}") for s in range(4)]
    cms = [client.websocket_connect(f"/ws/{tid}?token={t}&lang=en") for t in tokens]
    return tid, cms, [cm.__enter__() for cm in cms]


def healthy_start(client: TestClient, tid: str, ws: list[Any]) -> dict[int, dict[str, Any]]:
    """Everybody says gesund; the seats' states at the first card."""
    msgs = {s: recv_state(w) for s, w in enumerate(ws)}
    for k in range(4):
        mover = live(client, tid).round.current.to_move
        send(ws[mover], "gesund", msgs[mover])
        msgs = {s: until(w, k + 1) for s, w in enumerate(ws)}
    assert msgs[0]["table"]["phase"] == "play"
    return msgs


def test_the_button_is_there_off_turn_and_the_server_decides_a_race(
        client: TestClient) -> None:
    tid, cms, ws = four_people(client)
    try:
        msgs = healthy_start(client, tid, ws)
        state = live(client, tid).round.current
        mover = state.to_move
        # Every seat that may announce now has its button, the player to move among his
        # cards; the others have nothing.
        for s in range(4):
            buttons = [b["action"] for b in msgs[s]["table"]["choices"]["buttons"]]
            want = state.legal_actions() if s == mover else state.interjections(s)
            assert buttons == [a for a in want if not a.startswith("play ")]
        other = next(s for s in range(4) if s != mover and state.interjections(s))
        said = state.interjections(other)[0]
        card = next(a for a in state.legal_actions() if a.startswith("play "))
        at = msgs[mover]["moves"]
        # Race 1: the card comes in first; the announcement, chosen in the same state,
        # comes in after it and still counts (its deadline is the announcer's own hand).
        send(ws[mover], card, msgs[mover])
        send(ws[other], said, msgs[other])
        seen = {s: until(w, at + 2) for s, w in enumerate(ws)}
        history = live(client, tid).round.current.history
        assert history[at][1] == card and actor(history[at + 1]) == (other, said)
        name = f"P{other}"
        for s in (mover, other):   # both see the card, then the announcement
            log = seen[s]["table"]["log"]
            assert log[-1].startswith(f"{name} announces"), log[-3:]
        # Race 2: an announcement comes in first; the card chosen before it is refused
        # and its player is told why, then chooses in the new state.
        state = live(client, tid).round.current
        mover = state.to_move
        second = next((s for s in range(4) if s != mover and state.interjections(s)), None)
        assert second is not None   # seed 11: another seat may still announce
        at = seen[mover]["moves"]
        card = next(a for a in state.legal_actions() if a.startswith("play "))
        send(ws[second], state.interjections(second)[0], seen[second])
        send(ws[mover], card, seen[mover])
        err = error(ws[mover])
        assert err["code"] == "stale" and "announcement came in before" in err["message"]
        assert f"P{second}" in err["message"]
        assert len(live(client, tid).round.current.history) == at + 1
    finally:
        for cm in cms:
            cm.__exit__(None, None, None)


def test_nobody_speaks_for_another_seat(client: TestClient) -> None:
    tid, cms, ws = four_people(client)
    try:
        msgs = healthy_start(client, tid, ws)
        state = live(client, tid).round.current
        other = (state.to_move + 1) % 4
        send(ws[state.to_move], f"{other}: re", msgs[state.to_move])
        assert error(ws[state.to_move])["code"] == "bad_action"
    finally:
        for cm in cms:
            cm.__exit__(None, None, None)


def test_bots_announce_out_of_turn_at_a_table_with_a_person(client: TestClient) -> None:
    found = False
    for seed in range(1, 12):
        tid = new_table(client, [None, "heuristic", "heuristic", "heuristic"],
                        game="doppelkopf", players=4, seed=seed, options=OPTIONS)
        token = join(client, tid, 0)
        with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
            msg = recv_state(ws)
            for _ in range(300):
                table = msg["table"]
                if table["result"]:
                    break
                if table["to_move"] == 0:
                    ch = table["choices"]
                    action = ("play " + ch["cards"]["cards"][0] if ch["cards"] else
                              next(b["action"] for b in ch["buttons"]
                                   if b["action"] not in ("re", "kontra")))
                    send(ws, action, msg)
                msg = recv_state(ws)
        history = live(client, tid).round.current.history
        found = any(who != seat for who, seat in
                    ((actor(e)[0], e[0]) for e in history) if who != 0)
        if found:
            break
    assert found, "no bot announced out of turn in eleven deals"
