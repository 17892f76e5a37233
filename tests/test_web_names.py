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
from web_helpers import recv_state


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)) as c:
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
    assert [s["label"] for s in seats] == ["Anna", f"{BOT_NAMES[0]}, medium",
                                           f"{BOT_NAMES[1]}, beginner"]
    assert [s["number"] for s in seats] == [1, 2, 3]


@pytest.mark.parametrize("name", ["Lina, strong", "lina,stark", "SEPP , easy"])
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
