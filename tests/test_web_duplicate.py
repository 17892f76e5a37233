"""Online duplicate tournaments over the real HTTP API (Starlette TestClient): a whole small
tournament played by bots, the deals kept secret while a round runs, the organiser's secret,
bad input a clear 4xx."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from binokel.core.cards import parse_card
from binokel.registry import find_game
from binokel.tournament.duplicate import DuplicateRound
from binokel.tournament.duplicate import TableScores
from binokel.tournament.duplicate import compare
from binokel.tournament.duplicate import duplicate_ranking
from binokel.web import duplicate as duplicate_module
from binokel.web.app import create_app
from binokel.web.duplicate import MAX_BOT_ENTRANTS
from binokel.web.duplicate import MAX_PLAYERS
from binokel.web.entry import MAX_LINKS
from binokel.web.work import WorkLimits
from loop_guard import DUPLICATE_ON_THE_LOOP
from loop_guard import guard
from test_web_fuzz import JSON
from web_helpers import migrated_sqlite

# No handler of these routes queries the database on the event loop (loop_guard).
off_the_loop = guard(("web/duplicate.py", "web/entry.py"), DUPLICATE_ON_THE_LOOP)



@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # One test client enters a whole field within seconds: the documents' per-client rate
    # is tested in test_web_attacks.py.
    with TestClient(create_app(migrated_sqlite(tmp_path / 'web.sqlite3'), bot_delay=0.0,
                               work=WorkLimits(rate=1000, burst=1000))) as c:
        yield c


def new_duplicate(client: TestClient, **extra: Any) -> tuple[str, dict[str, str]]:
    body = {"title": "Herbst", "game": "binokel", "table_size": 3, "rounds": 2, "deals": 2,
            "bot": "random", **extra}
    r = client.post("/api/duplicates", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], {"x-owner-token": r.json()["token"]}


def enter_bots(client: TestClient, did: str, own: dict[str, str], names: list[str]) -> None:
    for name in names:
        r = client.post(f"/api/duplicates/{did}/players", json={"nickname": name,
                                                                "bot": "random"},
                        headers=own)
        assert r.status_code == 201, r.text
        assert "player_token" not in r.json()


def entry_link(client: TestClient, did: str, own: dict[str, str]) -> str:
    """A new entry link's code, made by the organiser."""
    r = client.post(f"/api/duplicates/{did}/links", json={"count": 1}, headers=own)
    assert r.status_code == 200, r.text
    return r.json()["links"][-1]["code"]  # type: ignore[no-any-return]


def enter_person(client: TestClient, did: str, own: dict[str, str], name: str) -> str:
    """A person entered by an entry link the organiser made, from a browser of his own
    (the test client's cookies cleared); his player token."""
    code = entry_link(client, did, own)
    client.cookies.clear()
    r = client.post(f"/api/duplicates/{did}/players", json={"nickname": name, "entry": code})
    assert r.status_code == 201, r.text
    return r.json()["player_token"]  # type: ignore[no-any-return]


def wait_round(client: TestClient, did: str, number: int, seconds: float = 25.0
               ) -> dict[str, Any]:
    """The tournament once round ``number`` is settled (the bots play it meanwhile)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        dup = client.get(f"/api/duplicates/{did}").json()["duplicate"]
        if dup["played"][number - 1]["finished"]:
            return dup  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError(f"round {number} did not finish in {seconds} s")


@pytest.mark.parametrize(("game", "size"), [("binokel", 3), ("doppelkopf", 4)])
def test_a_whole_tournament_of_bots_plays_the_same_deals_at_every_table(
        client: TestClient, game: str, size: int) -> None:
    did, own = new_duplicate(client, game=game, table_size=size)
    names = ["Anna", "Bert", "Carl", "Dora", "Emil"]
    enter_bots(client, did, own, names)
    spec = find_game(game)
    totals = dict.fromkeys(names, 0.0)
    for number in (1, 2):
        r = client.post(f"/api/duplicates/{did}/rounds", json={}, headers=own)
        assert r.status_code == 200, r.text
        assert r.json()["result"] == {"round": number, "tables": 2,
                                      "repeats": r.json()["result"]["repeats"]}
        dup = wait_round(client, did, number)
        rnd = dup["played"][number - 1]
        tables = rnd["tables"]
        assert len(tables) == 2
        # Five entrants at two tables: bots of the chosen level fill the other seats.
        assert sum(s["player"] is None for t in tables for s in t["seats"]) == 2 * size - 5
        records = [[client.get(f"/api/tables/{t['id']}/deals/{d}/record").json()
                    for d in (1, 2)] for t in tables]
        for d in range(2):
            decks = {tuple(recs[d]["deck"]) for recs in records}
            dealers = {recs[d]["dealer"] for recs in records}
            # Every table dealt the same order (each hand at the same seat), the published one.
            assert decks == {tuple(rnd["deals"][d])}
            assert dealers == {d % size}
            # Each table's record names its seats as the tournament does, bots included.
            for t, recs in zip(tables, records, strict=True):
                assert recs[d]["names"] == [s["name"] for s in t["seats"]]
        # The ranking is duplicate_ranking on what the records say each table scored.
        decks_of = tuple(tuple(parse_card(c) for c in deck) for deck in rnd["deals"])
        r_obj = DuplicateRound(game, spec.make_rules({}), size, decks_of)
        scores = [TableScores(tuple(s["name"] for s in t["seats"]),
                              tuple(tuple(rec["result"]["scores"]) for rec in recs))
                  for t, recs in zip(tables, records, strict=True)]
        assert scores[0].scores == tuple(tuple(x) for x in rnd["scores"][0])
        expect = duplicate_ranking(compare(r_obj, scores))
        assert [(x["name"], x["score"]) for x in rnd["ranking"]] == \
            [(n, round(v, 1)) for n, v in expect]
        for n, v in expect:
            if n in totals:
                totals[n] += v
        # Settled: a spectator now sees the table's cards too.
        with client.websocket_connect(f"/ws/{tables[0]['id']}") as ws:
            msg = ws.receive_json()
            while msg["type"] != "state":
                msg = ws.receive_json()
            assert msg["table"] is not None
        hand = rnd["comparison"][0]
        assert len(hand["results"]) == 2 and hand["results"][0]["text"]["en"].startswith(
            "with this hand,")
    overall = {x["name"]: x["score"] for x in dup["ranking"]}
    assert overall == {n: round(v, 1) for n, v in totals.items()}
    assert dup["status"] == "over"
    assert dup["overall"][0]["place"] == 1
    # The tournament has its two rounds: no third.
    r = client.post(f"/api/duplicates/{did}/rounds", json={}, headers=own)
    assert r.status_code == 409


def test_the_deals_stay_secret_while_a_round_runs(client: TestClient) -> None:
    did, own = new_duplicate(client, deals=3)
    enter_bots(client, did, own, ["Bert", "Carl", "Dora", "Emil", "Fritz"])
    anna = enter_person(client, did, own, "Anna")
    started = client.post(f"/api/duplicates/{did}/rounds", json={}, headers=own)
    assert started.status_code == 200, started.text
    me = client.post(f"/api/duplicates/{did}/me", json={"player_token": anna}).json()
    assert me["name"] == "Anna" and me["table"]["round"] == 1
    seat_token = me["table"]["token"]
    time.sleep(0.5)   # the bots' table plays on; Anna's waits for her
    dup = client.get(f"/api/duplicates/{did}").json()["duplicate"]
    secret = dup["played"][0]
    assert not secret["finished"] and "deals" not in secret
    # No response shows a card of the round's deals to anyone but the seat's own view.
    # The tournament's views carry no card token at all while the round runs.
    text = json.dumps(dup) + json.dumps(started.json())
    for token in ("EA", "E10", "BA", "HA", "SA"):
        assert f'"{token}"' not in text
    assert "deck" not in text and "orders" not in text
    for t in secret["tables"]:
        for path in (f"/api/tables/{t['id']}/deals", f"/api/tables/{t['id']}/deals/1/record",
                     f"/api/tables/{t['id']}/deals/1/replay"):
            got = client.get(path)
            assert got.status_code == 403 and got.json()["error"] == "sealed", path
        # A spectator sees the table's people, not its cards.
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            msg = ws.receive_json()
            while msg["type"] != "state":
                msg = ws.receive_json()
            assert msg["table"] is None
    # Anna's own seat sees her hand only.
    with client.websocket_connect(f"/ws/{me['table']['id']}?token={seat_token}") as ws:
        msg = ws.receive_json()
        while msg["type"] != "state":
            msg = ws.receive_json()
        assert msg["you"] == me["table"]["seat"] and msg["table"] is not None
        ws.send_json({"type": "leave"})
        msg = ws.receive_json()
        while msg["type"] != "state" or msg["you"] is not None:
            msg = ws.receive_json()
    # A seat given up is played by a stand-in: nobody outside the tournament takes it.
    r = client.post(f"/api/tables/{me['table']['id']}/join",
                    json={"seat": me["table"]["seat"], "nickname": "Mallory"})
    assert r.status_code == 409 and "tournament" in r.json()["message"]


def test_organiser_actions_need_the_secret(client: TestClient) -> None:
    did, own = new_duplicate(client)
    for headers in ({}, {"x-owner-token": "wrong"}):
        r = client.post(f"/api/duplicates/{did}/rounds", json={}, headers=headers)
        assert r.status_code == 403 and r.json()["error"] == "forbidden"
        r = client.post(f"/api/duplicates/{did}/players",
                        json={"nickname": "Lina", "bot": "random"}, headers=headers)
        assert r.status_code == 403
        for path, body in (("links", {"count": 1}), ("entry", {"open": True}),
                           ("links/1/revoke", {}), ("requests/1", {"admit": True})):
            r = client.post(f"/api/duplicates/{did}/{path}", json=body, headers=headers)
            assert r.status_code == 403, (path, r.text)
        r = client.get(f"/api/duplicates/{did}/entries", headers=headers)
        assert r.status_code == 403
    enter_person(client, did, own, "Anna")
    r = client.post(f"/api/duplicates/{did}/me", json={"player_token": "nope"})
    assert r.status_code == 403


BAD_CREATES: list[dict[str, Any]] = [
    {"game": "skat"}, {"game": 3}, {"table_size": 7}, {"table_size": "3"},
    {"rounds": 0}, {"rounds": 11}, {"deals": 0}, {"deals": 25}, {"deals": True},
    {"bot": "none"}, {"preset": "nonsense"}, {"options": {"target": -5}},
    {"options": []}, {"title": "x" * 81}, {"turn_timeout": 1},
]


def test_the_empty_seats_default_to_the_games_level(client: TestClient) -> None:
    """Without ``bot`` a round's empty seats get the game's default level
    (``GameSpec.default_bot``); the organiser may name another."""
    for game, size, bot in (("binokel", 3, "heuristic"), ("doppelkopf", 4, "strong"),
                            ("doppelkopf", 4, "heuristic")):
        body = {"title": "Herbst", "game": game, "table_size": size, "rounds": 1,
                "deals": 2} | ({"bot": bot} if bot == "heuristic" else {})
        r = client.post("/api/duplicates", json=body)
        assert r.status_code == 201, r.text
        shown = client.get(f"/api/duplicates/{r.json()['id']}").json()["duplicate"]
        assert shown["bot"] == bot


@pytest.mark.parametrize("bad", BAD_CREATES)
def test_bad_input_is_a_clear_4xx(client: TestClient, bad: dict[str, Any]) -> None:
    body = {"game": "binokel", **bad}
    r = client.post("/api/duplicates", json=body)
    assert 400 <= r.status_code < 500, (bad, r.text)
    assert r.json()["message"]


def test_bad_requests_on_a_tournament(client: TestClient) -> None:
    did, own = new_duplicate(client, open_entry=True)
    assert client.get("/api/duplicates/nope").status_code == 404
    as_json = {"content-type": "application/json"}
    assert client.post(f"/api/duplicates/{did}/players", content=b"{not json",
                       headers=as_json).status_code == 400
    for nickname in ("", None, 5, "x" * 40, "Bot 7", "\u200b"):
        r = client.post(f"/api/duplicates/{did}/players", json={"nickname": nickname})
        assert r.status_code == 422, (nickname, r.text)
    # The table's own reasons, for the client to say in the player's language.
    r = client.post(f"/api/duplicates/{did}/players", json={"nickname": "?!"})
    assert r.json()["reason"] == "nickname_letter", r.text
    r = client.post(f"/api/duplicates/{did}/players", json={"nickname": "x" * 40})
    assert (r.json()["reason"], r.json()["params"]) == ("nickname_length", {"max": 32})
    enter_person(client, did, own, "Anna")
    client.cookies.clear()
    r = client.post(f"/api/duplicates/{did}/players", json={"nickname": "anna"})
    assert r.status_code == 409 and r.json()["error"] == "name_taken"
    r = client.post(f"/api/duplicates/{did}/players",
                    json={"nickname": "anna", "entry": entry_link(client, did, own)})
    assert r.status_code == 409 and r.json()["error"] == "name_taken"
    # One entrant is not a field.
    r = client.post(f"/api/duplicates/{did}/rounds", json={}, headers=own)
    assert r.status_code == 409
    r = client.post(f"/api/duplicates/{did}/me", json={"player_token": ["x"]})
    assert r.status_code == 400
    for path, body in (("links", {"count": 0}), ("links", {"count": "3"}),
                       ("links", {"count": 1, "note": "\u202e"}), ("entry", {"open": 1}),
                       ("links/999/revoke", {}), ("requests/5", {"admit": True}),
                       ("players", {"nickname": "Zoe", "entry": 5}),
                       ("players", {"nickname": "Zoe", "entry": "x" * 30})):
        r = client.post(f"/api/duplicates/{did}/{path}", json=body, headers=own)
        assert 400 <= r.status_code < 500 and r.json()["message"], (path, body, r.text)
    big = client.post(f"/api/duplicates/{did}/players",
                      content=b'{"nickname": "' + b"x" * 300_000 + b'"}', headers=as_json)
    assert big.status_code == 413


def test_the_field_has_a_limit(client: TestClient) -> None:
    did, own = new_duplicate(client)
    r = client.post(f"/api/duplicates/{did}/links", json={"count": MAX_PLAYERS + 1},
                    headers=own)
    codes = [link["code"] for link in r.json()["links"]]
    for i in range(MAX_PLAYERS):
        client.cookies.clear()
        r = client.post(f"/api/duplicates/{did}/players",
                        json={"nickname": f"P{i}", "entry": codes[i]})
        assert r.status_code == 201
    client.cookies.clear()
    r = client.post(f"/api/duplicates/{did}/players",
                    json={"nickname": "Late", "entry": codes[-1]})
    assert r.status_code == 409 and r.json()["error"] == "full"
    r = client.post(f"/api/duplicates/{did}/links", json={"count": MAX_LINKS},
                    headers=own)
    assert r.status_code == 409 and r.json()["error"] == "full"


def test_a_round_ends_even_when_its_people_do_not_play(client: TestClient) -> None:
    """A person who never plays (or never says ready) does not hold the round up: after the
    turn timeout a stand-in plays his seat and his table deals on."""
    did, own = new_duplicate(client, deals=2, rounds=1)
    enter_bots(client, did, own, ["Bert", "Carl", "Dora", "Emil", "Fritz"])
    anna = enter_person(client, did, own, "Anna")
    assert client.post(f"/api/duplicates/{did}/rounds", json={}, headers=own).status_code == 200
    me = client.post(f"/api/duplicates/{did}/me", json={"player_token": anna}).json()
    table = client.app.state.registry.get(me["table"]["id"])  # type: ignore[attr-defined]
    # The shortest clock the request allows is 10 s; a test does not wait that long.
    table.settings["turn_timeout"] = 0.05
    client.portal.call(table.bot_driver.schedule)  # type: ignore[union-attr]
    dup = wait_round(client, did, 1)
    assert dup["status"] == "over"
    assert {s["name"] for t in dup["played"][0]["tables"] for s in t["seats"]} >= {"Anna"}


def test_computer_entrants_and_running_tables_have_limits(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    did, own = new_duplicate(client)
    enter_bots(client, did, own, [f"B{i}" for i in range(MAX_BOT_ENTRANTS)])
    r = client.post(f"/api/duplicates/{did}/players", json={"nickname": "More",
                                                            "bot": "random"}, headers=own)
    assert r.status_code == 409 and r.json()["error"] == "full"
    # An organiser's running tables: here at most one, and the round needs four.
    monkeypatch.setattr(duplicate_module, "MAX_LIVE_TABLES", 1)
    r = client.post(f"/api/duplicates/{did}/rounds", json={}, headers=own)
    assert r.status_code == 429 and r.json()["error"] == "too_many_tables"
    assert client.get(f"/api/duplicates/{did}").json()["duplicate"]["played"] == []


def test_a_person_who_is_not_ready_in_time_gets_the_next_deal(client: TestClient) -> None:
    """At the end of a deal a present person who does not say "next" within the turn
    timeout is taken as ready: the round goes on."""
    did, own = new_duplicate(client, deals=2, rounds=1)
    enter_bots(client, did, own, ["Bert", "Carl"])
    anna = enter_person(client, did, own, "Anna")
    assert client.post(f"/api/duplicates/{did}/rounds", json={}, headers=own).status_code == 200
    me = client.post(f"/api/duplicates/{did}/me", json={"player_token": anna}).json()
    table = client.app.state.registry.get(me["table"]["id"])  # type: ignore[attr-defined]
    seat = me["table"]["seat"]
    rng = random.Random(5)

    async def move() -> None:   # Anna plays a legal card or bid (on the server's loop)
        async with table.lock:
            st = table.round.current
            if st.is_over or st.to_move != seat:
                return
            table.apply(seat, rng.choice(st.legal_actions()), check_move=False)
        table.bot_driver.schedule()

    end = time.monotonic() + 20
    while not table.round.current.is_over and time.monotonic() < end:
        client.portal.call(move)  # type: ignore[union-attr]
        time.sleep(0.005)
    assert table.round.current.is_over and table.deal_number == 1
    assert seat in table.seats.present_seats and seat not in table.ready
    assert table.json_view.message_for(seat)["more"] is True      # the client offers "next deal"
    table.settings["turn_timeout"] = 0.05
    client.portal.call(table.bot_driver.schedule)  # type: ignore[union-attr]
    end = time.monotonic() + 5
    while table.deal_number == 1 and time.monotonic() < end:
        time.sleep(0.02)
    assert table.deal_number == 2
    end = time.monotonic() + 20
    while not table.round.current.is_over and time.monotonic() < end:
        client.portal.call(move)  # type: ignore[union-attr]
        time.sleep(0.005)
    # After the round's last deal the client offers neither a next deal nor a rematch.
    assert table.round.current.is_over and table.json_view.message_for(seat)["more"] is False


CREATE = st.fixed_dictionaries({}, optional={
    "title": st.text(max_size=90) | JSON,
    "game": st.sampled_from(["binokel", "doppelkopf", "zweier", "skat"]) | JSON,
    "table_size": st.integers(-1, 9) | JSON,
    "rounds": st.integers(-1, 12) | JSON,
    "deals": st.integers(-1, 30) | JSON,
    "preset": st.sampled_from(["standard", "aks", "x"]) | JSON,
    "options": st.dictionaries(st.sampled_from(["target", "deals_per_series", "x"]),
                               st.integers(-10, 10**6) | JSON, max_size=3) | JSON,
    "bot": st.sampled_from(["random", "heuristic", "x"]) | JSON,
    "turn_timeout": st.integers(-1, 1000) | JSON,
})
FUZZ = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(body=CREATE, join=JSON, me=JSON)
def test_whatever_a_stranger_sends_is_never_a_server_error(
        client: TestClient, body: dict[str, Any], join: Any, me: Any) -> None:
    r = client.post("/api/duplicates", json=body)
    assert r.status_code in (201, 400, 422, 429), r.text
    if r.status_code != 201:
        assert r.json()["message"]
        return
    did = r.json()["id"]
    for path, sent in (("players", join), ("me", me), ("players", {"nickname": join}),
                       ("me", {"player_token": me})):
        got = client.post(f"/api/duplicates/{did}/{path}", json=sent)
        assert 200 <= got.status_code < 500, (path, sent, got.text)
