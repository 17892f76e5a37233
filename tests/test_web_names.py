"""What the server tells players about seats and rules: bots by first name and level,
rules texts without references to the sources."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from binokel.present import BOT_NAMES
from binokel.web.app import create_app
from binokel.web.store import Store
from binokel.web.tables import Registry
from binokel.web.tables import TableError
from web_helpers import migrated_sqlite
from web_helpers import recv_state


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(migrated_sqlite(tmp_path / 'web.db'), bot_delay=0.0)) as c:
        yield c


def test_bots_are_seated_by_first_name_and_level(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "binokel",
                                          "bots": [None, "heuristic", "random"]})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "Anna"})
    token = r.json()["token"]
    with client.websocket_connect(f"/ws/{tid}?token={token}&lang=en") as ws:
        msg = recv_state(ws)
    assert msg["names"] == ["Anna", BOT_NAMES[0], BOT_NAMES[1]]
    seats = msg["table"]["seats"]
    assert [s["label"] for s in seats] == ["Anna", f"{BOT_NAMES[0]} (medium)",
                                           f"{BOT_NAMES[1]} (beginner)"]
    assert [s["number"] for s in seats] == [1, 2, 3]


@pytest.mark.parametrize("name", ["Lina (strong)", "lina(stark)", "SEPP (easy",
                                  "Lina, strong", "lina,stark", "SEPP , easy"])
def test_a_person_cannot_pass_for_a_bot(client: TestClient, name: str) -> None:
    tid = client.post("/api/tables", json={"bots": [None, "heuristic", "random"]}).json()["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": name})
    assert r.status_code == 400 and r.json()["error"] == "bad_nickname", r.text


@pytest.mark.parametrize(("name", "reason", "params"), [
    ("!!!", "nickname_letter", {}),
    ("x" * 33, "nickname_length", {"max": 32}),
    ("   ", "nickname_length", {"max": 32}),
    ("An\u200bna", "nickname_hidden", {}),
    ("Bot 3", "nickname_reserved", {}),
    ("Lina, stark", "nickname_reserved", {}),
    ("Lina (stark)", "nickname_reserved", {}),
])
def test_a_refused_name_says_why_for_the_client_to_translate(
        client: TestClient, name: str, reason: str, params: dict[str, int]) -> None:
    tid = client.post("/api/tables", json={"bots": [None, "heuristic", "random"]}).json()["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": name})
    body = r.json()
    assert r.status_code == 400 and body["error"] == "bad_nickname", r.text
    assert (body["reason"], body["params"]) == (reason, params)
    assert body["message"]          # the English sentence, for clients without the words


def test_a_person_may_share_a_bots_first_name(client: TestClient) -> None:
    tid = client.post("/api/tables", json={"bots": [None, "heuristic", "random"]}).json()["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "Lina"})
    assert r.status_code == 200, r.text


def test_the_lobby_speaks_to_players_not_to_the_spec(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    source = re.compile(r"\bseeds? \d{3}|\bTexte? \d{3}|§")
    texts = []
    for game in meta["games"]:
        texts += [p[lang] for p in game["presets"] for lang in ("de", "en")]
        texts += [o[lang] for g in game["groups"] for o in g["options"] for lang in ("de", "en")]
    assert texts and not [t for t in texts if source.search(t)]


MIN_BID = {"reason": "option_value",
           "params": {"option_de": "Niedrigstes Reizgebot", "option_en": "Lowest bid",
                      "accepts_de": "eine Zahl von 10 bis 1000",
                      "accepts_en": "a number from 10 to 1000"}}


@pytest.mark.parametrize(("path", "body", "status"), [
    ("/api/tables", {"game": "binokel", "bots": [None, "heuristic", "heuristic"]}, 400),
    ("/api/pads", {"game": "binokel", "players": ["A", "B", "C"]}, 422),
    ("/api/clubs", {"title": "Herbst", "game": "binokel"}, 422),
    ("/api/duplicates", {"title": "Herbst", "game": "binokel"}, 422),
])
def test_a_refused_option_value_names_the_rule_for_the_client(
        client: TestClient, path: str, body: dict[str, object], status: int) -> None:
    """An option's value out of range (typed into a rules form) is refused with the rule's
    words and what it takes, in German and English, wherever rules are set: a table, a
    score pad, a club tournament."""
    r = client.post(path, json={**body, "options": {"min_bid": 5000}})
    got = r.json()
    assert r.status_code == status, r.text
    assert {k: got.get(k) for k in ("reason", "params")} == MIN_BID, r.text
    assert "min_bid" in got["message"]       # the English sentence names the option too
    # a fault that is no single option's value keeps the plain refusal
    r = client.post(path, json={**body, "options": {"no_such_rule": 1}})
    assert r.status_code == status and "reason" not in r.json(), r.text


def test_the_registry_refuses_an_option_value_with_its_own_error(tmp_path: Path) -> None:
    """Whoever creates tables through the registry (not only the HTTP route) gets a
    :class:`TableError`, the registry's own refusal, carrying the option's words."""
    store = Store(f"sqlite:///{tmp_path / 'r.db'}")
    try:
        with pytest.raises(TableError) as e:
            Registry(store, bot_delay=0.0).create(
                {"bots": [None, "heuristic", "heuristic"], "options": {"min_bid": 5000}})
        assert (e.value.code, e.value.status) == ("bad_options", 400)
        assert {"reason": e.value.reason, "params": e.value.params} == MIN_BID
    finally:
        store.close()
