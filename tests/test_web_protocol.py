"""The web server through its real HTTP API and WebSocket protocol (Starlette TestClient).

The deal tests run for every registered game (and several player counts) whose presenter
exists; a game whose presenter has not landed yet is skipped, not left out.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.bots import bot_names
from binokel.bots import make_bot
from binokel.core.cards import card_name
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import parse_card
from binokel.present import deck_of
from binokel.present import help_text
from binokel.present import present
from binokel.record import Record
from binokel.registry import find_game
from binokel.registry import game_names
from binokel.web.app import create_app
from binokel.web.tables import web_games
from web_helpers import act
from web_helpers import join
from web_helpers import live
from web_helpers import migrated_sqlite
from web_helpers import new_table
from web_helpers import recv_state

# (game, players): every game, with the smallest and largest tables where they differ.
DEALS = [("binokel", 3), ("binokel", 4), ("kreuzbinokel", 4), ("zweier", 2),
         ("luxusfamilie", 3), ("luxusfamilie", 8), ("doppelkopf", 4), ("doppelkopf", 5)]
CARD = re.compile(r"(?<![A-Za-z0-9])[EBHS](?:10|[AKOU987])(?![A-Za-z0-9])")
STATE_KEYS = {"type", "info", "you", "lang", "cards", "names", "status", "table", "deal",
              "moves", "sheet", "winner", "winners", "ready", "restart", "new_series", "series",
              "more"}


def needs_web(game: str) -> None:
    assert game in web_games()   # every game has a presenter


@pytest.fixture
def db(tmp_path: Path) -> str:
    return migrated_sqlite(tmp_path / 'web.sqlite3')


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0.0)) as c:
        yield c




def server_state(client: TestClient, tid: str) -> Any:
    return live(client, tid).round.current


# ---------------------------------------------------------------------- leak checks
def deal_states(table: Any) -> list[Any]:
    """The server's deal after 0, 1, ... actions, rebuilt from its deck and history."""
    state = table.round.current
    s = table.spec.new_deal(state.rules, state.dealer, deck_order=list(state.deck),
                      players=state.players)
    out = [s.clone()]
    for _, a in state.history:
        s.apply(a)
        out.append(s.clone())
    return out


def tokens(obj: Any) -> set[str]:
    return set(CARD.findall(json.dumps(obj, ensure_ascii=False)))


def as_json(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def check_message(msg: dict[str, Any], seat: int | None, states: list[Any],
                  names: list[str], levels: list[str]) -> None:
    """A state message is exactly the presented view of its seat at its moment, and names
    no card beyond what is public then or what the seat itself has held."""
    assert set(msg) <= STATE_KEYS, set(msg) - STATE_KEYS
    assert msg["you"] == seat and msg["names"] == names
    # Only a duplicate round's table runs out of deals; these tables deal on.
    assert msg.get("more", True) is True
    at = states[msg["moves"]]
    public = present(at.public_view(), "de", names, levels=levels).to_json()
    if seat is None:
        assert msg["table"] == as_json(public)
        assert msg["table"]["hand"] == [] and msg["table"]["me"] == -1
        return
    assert msg["table"] == as_json(present(at.view(seat), "de", names,
                                           levels=levels).to_json())
    assert sorted(msg["table"]["hand"]) == sorted(card_token(c)
                                                 for c in cards_of(at.hands[seat]))
    held: set[str] = set()
    for s in states[: msg["moves"] + 1]:
        held |= {card_token(c) for c in cards_of(s.hands[seat])}
    leaked = tokens(msg) - tokens(public) - held
    assert not leaked, f"seat {seat} is shown {sorted(leaked)}"
    assert all("hand" not in x for x in msg["table"]["seats"])


# ---------------------------------------------------------------------- lobby
def test_meta_offers_every_presentable_game(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    games = {g["name"]: g for g in meta["games"]}
    assert set(games) == set(web_games()) and "binokel" in games
    for name, g in games.items():
        spec = find_game(name)
        assert g["players"] == list(spec.players) and g["bots"] == bot_names(name)
        # the lobby seats the game's default level: one it has
        assert g["default_bot"] == spec.default_bot and spec.default_bot in g["bots"]
        assert g["title"] == {"de": spec.title[0], "en": spec.title[1]}
        names = [o["name"] for grp in g["groups"] for o in grp["options"]]
        assert sorted(names) == sorted(spec.options)
        for grp in g["groups"]:
            assert grp["name"] in meta["groups"]  # every group has a title
            for o in grp["options"]:
                assert o["de"] and o["en"] and set(o["defaults"]) == {
                    p["name"] for p in g["presets"]}
    b = games["binokel"]
    assert {"standard", "turnier", "aks"} <= {p["name"] for p in b["presets"]}
    assert b["target"] and b["deals"] and "heuristic" in b["bots"]
    rufen = next(o for grp in b["groups"] for o in grp["options"] if o["name"] == "rufen")
    assert rufen["type"] == "bool" and rufen["defaults"]["standard"] is False
    min_bid = next(o for grp in b["groups"] for o in grp["options"] if o["name"] == "min_bid")
    assert (min_bid["check"], min_bid["check_de"]) == ("a number from 10 to 1000",
                                                       "eine Zahl von 10 bis 1000")
    assert games["kreuzbinokel"]["teams"] == [[0, 2], [1, 3]]
    tid = new_table(client, [None, "heuristic", None], seed=7)
    assert any(t["id"] == tid for t in client.get("/api/tables").json()["tables"])
    assert client.get("/").status_code == 200 and client.get(f"/t/{tid}").status_code == 200
    assert "app.js" in client.get("/").text


@pytest.mark.parametrize("game", game_names())
def test_meta_lists_the_game_with_its_options(client: TestClient, game: str) -> None:
    needs_web(game)
    g = next(x for x in client.get("/api/meta").json()["games"] if x["name"] == game)
    spec = find_game(game)
    assert g["default_players"] == spec.default_players
    # the rules in brief for players: paragraphs unwrapped, no references to the sources
    assert g["help"] == {lang: help_text(game, lang) for lang in ("de", "en")}
    for lang, text in g["help"].items():
        paragraphs = text.split("\n\n")
        assert len(paragraphs) == len(spec.help[lang].strip().split("\n\n"))
        assert all(p and "\n" not in p and "RULES §" not in p for p in paragraphs)
    assert {o["name"] for grp in g["groups"] for o in grp["options"]} == set(spec.options)
    # a choice among values reads as what each value means, no option key inside the rules
    for o in (o for grp in g["groups"] for o in grp["options"] if o["allowed"]):
        for lang in ("de", "en"):
            labels = o["labels"][lang]
            assert len(labels) == len(o["allowed"]) == len(set(labels)), (o["name"], labels)
            for value, label in zip(o["allowed"], labels, strict=True):
                assert label, (o["name"], value)
                if isinstance(value, str):
                    assert label != value or lang == "en", (o["name"], value)
                    assert "_" not in label, (o["name"], label)
    # a yes/no option: the words for yes and no (a table's changed rules read with them)
    for o in (o for grp in g["groups"] for o in grp["options"] if o["type"] == "bool"):
        assert o["allowed"] is None
        assert o["labels"] == {"de": ["ja", "nein"], "en": ["yes", "no"]}, o["name"]
    for lang, text in g["help"].items():
        assert not [name for name in spec.options if "_" in name and name in text], lang


@pytest.mark.parametrize("body, code", [
    ({"preset": "skat"}, "bad_options"),
    ({"options": {"lost_factr": 1}}, "bad_options"),
    ({"options": {"rounding": "up"}}, "bad_options"),
    ({"options": [1]}, "bad_options"),
    ({"target": -5}, "bad_options"),
    ({"game": "kreuzbinokel", "players": 4, "options": {"nines": True},
      "bots": [None] * 4}, "bad_options"),
    ({"bots": ["heuristic", "heuristic", "heuristic"]}, "bad_bots"),
    ({"bots": [None, "genius", None]}, "bad_bots"),
    ({"bots": [None, 3, None]}, "bad_bots"),
    ({"bots": [None]}, "bad_bots"),
    ({"game": "skat"}, "bad_game"),
    ({"game": ["binokel"]}, "bad_game"),
    ({"players": 5, "bots": [None] * 5}, "bad_players"),
    ({"players": "3"}, "bad_players"),
    ({"game": "kreuzbinokel", "players": 3}, "bad_players"),
    ({"seed": "x"}, "bad_seed"),
])
def test_create_table_rejects_bad_requests(client: TestClient, body: dict[str, Any],
                                           code: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and r.json()["error"] == code, r.text
    assert r.json()["message"]


@pytest.mark.parametrize("game, body, code", [
    ("zweier", {"players": 3, "bots": [None] * 3}, "bad_players"),
    ("zweier", {"bots": [None, "no-such-bot"]}, "bad_bots"),
    ("doppelkopf", {"players": 3, "bots": [None] * 3}, "bad_players"),
    ("doppelkopf", {"bots": [None, "no-such-bot", None, None]}, "bad_bots"),
    ("doppelkopf", {"bots": [None] * 4, "target": 1000}, "bad_options"),
    ("doppelkopf", {"bots": [None] * 4, "options": {"sevens": True}}, "bad_options"),
    ("luxusfamilie", {"players": 9, "bots": [None] * 9}, "bad_players"),
    ("luxusfamilie", {"players": 3, "bots": [None, "no-such-bot", None]}, "bad_bots"),
    ("luxusfamilie", {"players": 3, "bots": [None] * 3, "preset": "aks"}, "bad_options"),
])
def test_create_table_checks_each_game(client: TestClient, game: str, body: dict[str, Any],
                                       code: str) -> None:
    needs_web(game)
    r = client.post("/api/tables", json={"game": game, **body})
    assert r.status_code == 400 and r.json()["error"] == code, r.text
    assert game in r.json()["message"] or code == "bad_options"


def test_create_and_join_errors(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{not json",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    r = client.post("/api/tables", content=b"x" * 20000,
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "too_large"
    tid = new_table(client, [None, "heuristic", None], seed=7)
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


# ---------------------------------------------------------------------- a deal, every game
@pytest.mark.parametrize("game, players", DEALS, ids=[f"{g}-{n}" for g, n in DEALS])
def test_a_complete_deal_of_every_game_without_leaks(client: TestClient, game: str,
                                                     players: int) -> None:
    """People at every seat but the last (a bot) play a whole deal by choosing from their
    tables' choices; every message to every seat and to a spectator is checked."""
    needs_web(game)
    bot = "heuristic" if "heuristic" in bot_names(game) else "random"
    bots: list[str | None] = [None] * (players - 1) + [bot]
    tid = new_table(client, bots, game=game, players=players, seed=7)
    humans = list(range(players - 1))
    tokens_ = [join(client, tid, s, f"P{s} <b>") for s in humans]
    rng = random.Random(f"{game}-{players}")
    sockets = [client.websocket_connect(f"/ws/{tid}?token={tok}") for tok in tokens_]
    opened = [s.__enter__() for s in sockets]
    spectator_cm = client.websocket_connect(f"/ws/{tid}")
    spectator = spectator_cm.__enter__()
    names = live(client, tid).seats.names()
    levels = live(client, tid).seats.levels()
    latest: dict[int | None, dict[str, Any]] = {}
    pending: dict[int | None, dict[str, Any]] = {}

    def settle(ws: Any, seat: int | None, after: tuple[int, int]) -> None:
        """Read until the seat's state is newer than ``after`` and waits for a person."""
        while True:
            msg = pending.pop(seat, None) or recv_state(ws)
            check_message(msg, seat, deal_states(live(client, tid)), names, levels)
            latest[seat] = msg
            t = msg["table"]
            if (msg["deal"], msg["moves"]) > after and (t["to_move"] in humans
                                                       or t["to_move"] < 0):
                return

    try:
        for ws, seat in zip(opened, humans, strict=True):
            settle(ws, seat, (0, -1))
        settle(spectator, None, (0, -1))
        for _ in range(400):
            table = latest[humans[0]]["table"]
            if table["to_move"] < 0:
                break
            mover = table["to_move"]
            for seat in humans:  # only the seat to move is offered anything
                ch = latest[seat]["table"]["choices"]
                assert bool(ch["buttons"] or ch["cards"] or ch["select"]) == (seat == mover)
            before = (latest[mover]["deal"], latest[mover]["moves"])
            pending[mover] = act(opened[mover], latest[mover], rng)
            for ws, seat in zip(opened, humans, strict=True):
                settle(ws, seat, before)
            settle(spectator, None, before)
        else:
            raise AssertionError("the deal did not end")
        assert server_state(client, tid).is_over and server_state(client, tid).history
        last = latest[0]
        assert last["table"]["result"] and last["sheet"]["lines"]
        assert len(last["sheet"]["totals"]) == players
        assert last["names"][0] == "P0 <b>" and last["table"]["seats"][0]["name"] == "P0 <b>"
        # the language is the connection's: English on request, for this connection only
        opened[0].send_json({"type": "prefs", "lang": "en", "cards": "symbol"})
        en = recv_state(opened[0])
        assert en["lang"] == "en" and en["table"]["lang"] == "en"
        assert en["table"] == as_json(present(server_state(client, tid).view(0), "en", names,
                                              "symbol", levels).to_json())
    finally:
        spectator_cm.__exit__(None, None, None)
        for s in sockets:
            s.__exit__(None, None, None)
    # the finished deal is downloadable as a valid record with the same result
    r = client.get(f"/api/tables/{tid}/deals/1/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rec = Record.from_json(r.json())
    assert rec.game == game and rec.players == players
    assert rec.validate().result.scores == server_state(client, tid).result.scores
    # the replay steps through the deal: every hand, the public table at each step
    total = len(rec.actions)
    for step in (0, total // 2, total):
        rep = client.get(f"/api/tables/{tid}/deals/1/replay?step={step}&lang=en").json()
        assert rep["step"] == step and rep["steps"] == total and len(rep["actions"]) == total
        assert len(rep["hands"]) == players and rep["table"]["hand"] == []
        assert rep["table"]["lang"] == "en"
    start = client.get(f"/api/tables/{tid}/deals/1/replay?step=0").json()
    assert sum(len(h) for h in start["hands"]) > 0 and start["said"] == ""
    # the steps that close a trick, for stepping trick by trick: after each of them one
    # trick more is played, and the last trick of the deal is among them
    states = list(rec.states())
    ends = [k for k in range(1, total + 1)
            if len(states[k].tricks) == len(states[k - 1].tricks) + 1]
    assert start["trick_ends"] == ends == sorted(set(ends))
    assert len(ends) == len(states[-1].tricks)
    for k in ends:
        assert client.get(f"/api/tables/{tid}/deals/1/replay?step={k}").json()["table"][
            "tricks_played"] == len(states[k].tricks)
    # each step's action in the words its player read: a button's label, a card's name, a
    # bid, a selection's label and cards; never the record's words
    for step in range(1, total + 1):
        rep = client.get(f"/api/tables/{tid}/deals/1/replay?step={step}&cards=words").json()
        action = rep["actions"][step - 1][1]
        assert rep["said"] and rep["said"] != action, (step, action, rep["said"])
        if action.startswith("bid "):
            assert rep["said"] == f"Reizen {action[4:]}"
        if action.startswith("play "):
            assert rep["said"] == card_name(parse_card(action[5:]), "words", "de",
                                            deck_of(game))
    assert client.get(f"/api/tables/{tid}/deals/1/replay?step={total + 1}").json()[
        "error"] == "bad_step"


def test_bots_move_and_a_person_finishes_the_deal(client: TestClient) -> None:
    tid = new_table(client, [None, "heuristic", "random"], target=500, seed=7)
    token = join(client, tid, 0)
    rng = random.Random(1)
    with client.websocket_connect(f"/ws/{tid}?token={token}&lang=en") as ws:
        msg = recv_state(ws)
        for _ in range(400):
            t = msg["table"]
            if t["result"]:
                break
            # act() returns the answer to the action; else wait for the bots' states
            msg = act(ws, msg, rng) if t["to_move"] == 0 else recv_state(ws)
        assert msg["lang"] == "en" and msg["table"]["result"]
        assert msg["sheet"]["lines"] and len(msg["sheet"]["lines"]) == 1
        assert msg["sheet"]["target"] == 500 and msg["sheet"]["deals"] is None
        ws.send_json({"type": "next"})
        msg = recv_state(ws)
        assert msg["deal"] == 2 and not msg["table"]["result"]


def test_a_thinking_bot_does_not_stall_the_server(client: TestClient,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot thinks in a worker thread: while it does (a searching bot takes up to seconds),
    the server answers everybody else."""
    from binokel import bots as bots_module
    thinking, release, answered = threading.Event(), threading.Event(), threading.Event()

    class Thinker:
        name = "thinker"

        def __init__(self, seed: int | None) -> None:
            self.inner = make_bot("heuristic", seed)

        def choose(self, view: Any) -> str:
            thinking.set()
            release.wait(10)  # on the event loop this would hold every request for 10 s
            answered.set()
            return str(self.inner.choose(view))

    kinds_of = bots_module.kinds_of

    def with_thinker(game: str) -> dict[str, Any]:
        return {**kinds_of(game), "thinker": Thinker} if game == "binokel" else kinds_of(game)

    monkeypatch.setattr(bots_module, "kinds_of", with_thinker)
    tid = new_table(client, ["thinker", "thinker", None], seed=7)
    join(client, tid, 2)
    assert thinking.wait(10)
    assert client.get("/api/meta").status_code == 200
    assert client.get(f"/api/tables/{tid}").status_code == 200
    assert not answered.is_set(), "the server waited for the bot"
    moves = len(server_state(client, tid).history)
    release.set()
    for _ in range(100):
        if len(server_state(client, tid).history) > moves:
            break
        time.sleep(0.05)
    assert len(server_state(client, tid).history) > moves  # and the bot's move went in


def test_bad_input_never_hurts_the_game(client: TestClient) -> None:
    tid = new_table(client, [None, None, "heuristic"], seed=7)
    t0, t1 = join(client, tid, 0), join(client, tid, 1)
    with client.websocket_connect(f"/ws/{tid}?token={t0}") as ws0, \
            client.websocket_connect(f"/ws/{tid}?token={t1}") as ws1:
        recv_state(ws0)
        recv_state(ws1)
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
        expect(ws0, {"type": "prefs", "lang": "fr"}, "bad_lang")
        expect(ws0, {"type": "prefs", "cards": "<b>"}, "bad_cards")
        expect(ws_other, {"type": "action", "action": "bid 150", "move": 0}, "not_your_turn")
        expect(ws_mover, {"type": "action", "action": "bid 155", "move": 0}, "illegal")
        expect(ws_mover, {"type": "action", "action": "play EA", "move": 0}, "illegal")
        # Vorhand must open
        expect(ws_mover, {"type": "action", "action": "pass", "move": 0}, "illegal")
        expect(ws_mover, {"type": "action", "action": 42, "move": 0}, "bad_action")
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
    with client.websocket_connect(f"/ws/{tid}?lang=xx") as bad:
        assert bad.receive_json()["code"] == "bad_lang"
    with client.websocket_connect(f"/ws/{tid}") as spectator:
        msg = recv_state(spectator)
        assert msg["table"]["hand"] == [] and msg["lang"] == "de"
        spectator.send_json({"type": "action", "action": "bid 150"})
        assert spectator.receive_json()["code"] == "not_seated"
    with client.websocket_connect("/ws/unknown") as nowhere:
        assert nowhere.receive_json()["code"] == "no_table"
    assert client.get(f"/api/tables/{tid}/deals/1/record").status_code == 409
    assert client.get(f"/api/tables/{tid}/deals/1/replay").status_code == 409
    assert client.get(f"/api/tables/{tid}/deals/9/record").status_code == 404
    assert client.get(f"/api/tables/{tid}/deals/1/replay?lang=xx").json()["error"] == "bad_lang"


def test_a_waiting_table_says_so(client: TestClient) -> None:
    tid = new_table(client, [None, None, "random"], seed=7)
    token = join(client, tid, 0)
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        msg = recv_state(ws)
        assert msg["status"] == "waiting" and msg["table"] is None
        join(client, tid, 1, "Bert")
        msg = recv_state(ws)
        assert msg["status"] == "playing" and len(msg["table"]["hand"]) == 12


@pytest.mark.parametrize("game, players", [("binokel", 3), ("zweier", 2),
                                           ("doppelkopf", 4), ("luxusfamilie", 5)])
def test_restart_continues_every_unfinished_table(db: str, game: str, players: int) -> None:
    needs_web(game)
    rng = random.Random(5)
    with TestClient(create_app(db, bot_delay=0.0)) as c1:
        tid = new_table(c1, [None] * players, game=game, players=players, seed=7)
        tokens_ = [join(c1, tid, s) for s in range(players)]
        for _ in range(20):  # part of a deal
            state = server_state(c1, tid)
            with c1.websocket_connect(f"/ws/{tid}?token={tokens_[state.to_move]}") as ws:
                act(ws, recv_state(ws), rng)
        history = list(server_state(c1, tid).history)
        hands = list(server_state(c1, tid).hands)
    with TestClient(create_app(db, bot_delay=0.0)) as c2:
        state = server_state(c2, tid)
        assert state.history == history and state.hands == hands
        while not server_state(c2, tid).is_over:
            state = server_state(c2, tid)
            with c2.websocket_connect(f"/ws/{tid}?token={tokens_[state.to_move]}") as ws:
                m = recv_state(ws)
                t = m["table"]
                assert t["hand"] or t["seats"][t["me"]]["table"]  # the token holds the seat
                act(ws, m, rng)
        rec = Record.from_json(c2.get(f"/api/tables/{tid}/deals/1/record").json())
        assert rec.validate().history[: len(history)] == history
