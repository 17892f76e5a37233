"""Entry to an online duplicate tournament (issue 31, attack 2; ``web/entry.py``): the
organiser's entry links (one person, once), open entry with approval, one entry per
browser, and a field of 60 entering from one club's address within the per-client limits.

The test client keeps cookies like a browser: clearing them is another browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.web.app import create_app
from binokel.web.duplicate import MAX_PLAYERS
from binokel.web.entry import COOKIE
from binokel.web.entry import MAX_WAITING
from loop_guard import DUPLICATE_ON_THE_LOOP
from loop_guard import guard
from web_helpers import migrated_sqlite

# No handler of these routes queries the database on the event loop (loop_guard).
off_the_loop = guard(("web/duplicate.py", "web/entry.py"), DUPLICATE_ON_THE_LOOP)



@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # The server's own limits: the field's entries must fit them.
    with TestClient(create_app(migrated_sqlite(tmp_path / 'web.sqlite3'), bot_delay=0.0)) as c:
        yield c


def new_duplicate(client: TestClient, **extra: Any) -> tuple[str, dict[str, str]]:
    body = {"title": "Herbst", "game": "binokel", "table_size": 3, "rounds": 1, "deals": 1,
            "bot": "random", **extra}
    r = client.post("/api/duplicates", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], {"x-owner-token": r.json()["token"]}


def links(client: TestClient, did: str, own: dict[str, str], count: int = 1,
          note: str = "") -> list[dict[str, Any]]:
    r = client.post(f"/api/duplicates/{did}/links", json={"count": count, "note": note},
                    headers=own)
    assert r.status_code == 200, r.text
    return r.json()["links"][-count:]  # type: ignore[no-any-return]


def enter(client: TestClient, did: str, body: dict[str, Any], *, new_browser: bool = True
          ) -> Any:
    if new_browser:
        client.cookies.clear()
    return client.post(f"/api/duplicates/{did}/players", json=body)


def players(client: TestClient, did: str) -> list[str]:
    return [p["name"] for p in client.get(f"/api/duplicates/{did}").json()["duplicate"]
            ["players"]]


def test_the_public_link_alone_lets_nobody_in(client: TestClient) -> None:
    did, _ = new_duplicate(client)
    r = enter(client, did, {"nickname": "Mallory"})
    assert r.status_code == 403 and r.json()["error"] == "entry_closed", r.text
    assert "organiser" in r.json()["message"]
    assert players(client, did) == []
    assert client.get(f"/api/duplicates/{did}").json()["duplicate"]["open_entry"] is False


def test_an_entry_link_enters_one_person_once(client: TestClient) -> None:
    did, own = new_duplicate(client)
    anna, bert, gone = links(client, did, own, 3, "für Anna")
    assert anna["note"] == "für Anna" and anna["player"] is None and not anna["revoked"]
    r = enter(client, did, {"nickname": "Anna", "entry": anna["code"]})
    assert r.status_code == 201 and r.json()["status"] == "entered", r.text
    assert r.json()["player_token"] and COOKIE in r.cookies
    # The page is not in the answer: a field entering must not make a page each.
    assert "duplicate" not in r.json()
    # The same link from another browser: used.
    r = enter(client, did, {"nickname": "Eve", "entry": anna["code"]})
    assert r.status_code == 409 and r.json()["error"] == "link_used"
    # A withdrawn link, and a code that is none of this tournament's.
    r = client.post(f"/api/duplicates/{did}/links/{gone['n']}/revoke", json={}, headers=own)
    assert r.status_code == 200 and r.json()["links"][2]["revoked"] is True
    r = enter(client, did, {"nickname": "Eve", "entry": gone["code"]})
    assert r.status_code == 403 and r.json()["error"] == "link_revoked"
    r = enter(client, did, {"nickname": "Eve", "entry": "A" * 24})
    assert r.status_code == 403 and r.json()["error"] == "bad_link"
    # A used link cannot be withdrawn; the organiser sees who used it, and every link's
    # code again (derived from his token: not stored).
    r = client.post(f"/api/duplicates/{did}/links/{anna['n']}/revoke", json={}, headers=own)
    assert r.status_code == 409 and r.json()["error"] == "link_used"
    view = client.get(f"/api/duplicates/{did}/entries", headers=own).json()
    assert [(x["player"], x["revoked"]) for x in view["links"]] == \
        [("Anna", False), (None, False), (None, True)]
    assert [x["code"] for x in view["links"]] == [anna["code"], bert["code"], gone["code"]]
    assert players(client, did) == ["Anna"]
    # The public page shows none of it.
    page = client.get(f"/api/duplicates/{did}").text
    assert anna["code"] not in page and "für Anna" not in page


def test_one_browser_holds_one_entry(client: TestClient) -> None:
    did, own = new_duplicate(client, open_entry=True)
    first, second = links(client, did, own, 2)
    assert enter(client, did, {"nickname": "Anna", "entry": first["code"]}).status_code == 201
    # The same browser with a second link, or asking from the public link: refused, and
    # the second link stays unused for whom it was meant.
    r = enter(client, did, {"nickname": "Anna2", "entry": second["code"]}, new_browser=False)
    assert r.status_code == 409 and r.json()["error"] == "already_entered", r.text
    r = enter(client, did, {"nickname": "Anna3"}, new_browser=False)
    assert r.status_code == 409 and r.json()["error"] == "already_entered"
    view = client.get(f"/api/duplicates/{did}/entries", headers=own).json()
    assert view["links"][1]["player"] is None and view["requests"] == []
    # The organiser's own entry is bound to his browser as well.
    client.cookies.clear()
    r = client.post(f"/api/duplicates/{did}/players", json={"nickname": "Olga"}, headers=own)
    assert r.status_code == 201 and r.json()["status"] == "entered"
    r = client.post(f"/api/duplicates/{did}/players", json={"nickname": "Olga2"}, headers=own)
    assert r.status_code == 409 and r.json()["error"] == "already_entered"
    assert players(client, did) == ["Anna", "Olga"]


def test_requests_wait_for_the_organiser(client: TestClient) -> None:
    did, own = new_duplicate(client)
    # Opened later by the organiser.
    r = client.post(f"/api/duplicates/{did}/entry", json={"open": True}, headers=own)
    assert r.status_code == 200 and r.json()["open_entry"] is True
    r = enter(client, did, {"nickname": "Anna"})
    assert r.status_code == 202 and r.json()["status"] == "waiting", r.text
    anna = r.json()["player_token"]
    me = client.post(f"/api/duplicates/{did}/me", json={"player_token": anna}).json()
    assert me == {"player": None, "name": "Anna", "table": None, "status": "waiting"}
    r = enter(client, did, {"nickname": "Anna"}, new_browser=False)
    assert r.status_code == 409 and r.json()["error"] == "already_waiting"
    r = enter(client, did, {"nickname": "anna"})
    assert r.status_code == 409 and r.json()["error"] == "name_taken"
    eve = enter(client, did, {"nickname": "Eve"}).json()["player_token"]
    assert players(client, did) == []            # nobody is in before the organiser says
    # A stranger cannot decide; the organiser admits one and refuses the other.
    r = client.post(f"/api/duplicates/{did}/requests/1", json={"admit": True})
    assert r.status_code == 403
    view = client.get(f"/api/duplicates/{did}/entries", headers=own).json()
    assert [(x["n"], x["name"], x["state"]) for x in view["requests"]] == \
        [(1, "Anna", "waiting"), (2, "Eve", "waiting")]
    r = client.post(f"/api/duplicates/{did}/requests/1", json={"admit": True}, headers=own)
    assert r.status_code == 200 and [x["name"] for x in r.json()["requests"]] == ["Eve"]
    r = client.post(f"/api/duplicates/{did}/requests/2", json={"admit": False}, headers=own)
    assert r.json()["requests"][0]["state"] == "refused"
    r = client.post(f"/api/duplicates/{did}/requests/2", json={"admit": True}, headers=own)
    assert r.status_code == 409 and r.json()["error"] == "decided"
    assert players(client, did) == ["Anna"]
    me = client.post(f"/api/duplicates/{did}/me", json={"player_token": anna}).json()
    assert me["status"] == "entered" and me["player"] == 1
    me = client.post(f"/api/duplicates/{did}/me", json={"player_token": eve}).json()
    assert me["status"] == "refused"
    # The refused browser does not ask again; closed entry takes no more requests.
    r = enter(client, did, {"nickname": "Eva"}, new_browser=False)
    assert r.status_code == 403 and r.json()["error"] == "refused"
    client.post(f"/api/duplicates/{did}/entry", json={"open": False}, headers=own)
    assert enter(client, did, {"nickname": "Zoe"}).json()["error"] == "entry_closed"


def test_requests_waiting_at_once_have_a_limit(client: TestClient) -> None:
    did, _ = new_duplicate(client, open_entry=True)
    for i in range(MAX_WAITING):
        assert enter(client, did, {"nickname": f"P{i}"}).status_code == 202
    r = enter(client, did, {"nickname": "Late"})
    assert r.status_code == 409 and r.json()["error"] == "full"


def test_a_field_of_60_enters_from_one_address_within_the_limits(client: TestClient) -> None:
    """Issue 31, left over: each entry's answer made the whole page in a worker, so 60
    people entering from one club's network ran into the address's document rate (2 a
    second, bursts of 20). Now an entry answers with the entrant's own, and the page, read
    by all of them, is made once per version."""
    did, own = new_duplicate(client)
    codes = [x["code"] for x in links(client, did, own, MAX_PLAYERS)]
    made = _jobs(client)
    tokens = []
    for k, code in enumerate(codes):
        r = enter(client, did, {"nickname": f"Spieler {k + 1}", "entry": code})
        assert r.status_code == 201, (k, r.text)
        tokens.append(r.json()["player_token"])
    # Every browser then reads the page and its own entry, all from the one address.
    for token in tokens:
        assert client.get(f"/api/duplicates/{did}").status_code == 200
        me = client.post(f"/api/duplicates/{did}/me", json={"player_token": token})
        assert me.status_code == 200 and me.json()["status"] == "entered"
    assert len(players(client, did)) == MAX_PLAYERS
    assert _jobs(client) - made <= 2, "one page per version, not one per entry"


def _jobs(client: TestClient) -> int:
    """The jobs the app's worker pool has finished."""
    return int(client.app.state.work.done)  # type: ignore[attr-defined]


def test_a_shared_computer_shows_each_account_its_own_entry(client: TestClient) -> None:
    """One club laptop, Anna's guest entry's token kept in it, two accounts logging in
    there in turn (docs/tournament.md, "Whose entry a page shows"): each account sees
    and gets the seat of its own entry, never Anna's (nor her seat token); logged out,
    the laptop is Anna's again; an account's entry is never played by its token alone."""
    from test_web_accounts import browser
    from test_web_accounts import csrf
    from test_web_accounts import login
    from test_web_accounts import register

    did, own = new_duplicate(client)
    codes = [x["code"] for x in links(client, did, own, 3)]

    def me(c: TestClient, token: str | None = None) -> Any:
        body = {} if token is None else {"player_token": token}
        return c.post(f"/api/duplicates/{did}/me", json=body, headers=csrf(c))

    with browser(client) as laptop, browser(client) as phone, browser(client) as tablet:
        r = laptop.post(f"/api/duplicates/{did}/players",
                        json={"nickname": "Anna", "entry": codes[0]})
        assert r.status_code == 201 and r.json()["by_account"] is False
        anna = r.json()["player_token"]
        entered = {}
        for device, name, code in ((phone, "Bert", codes[1]), (tablet, "Carla", codes[2])):
            register(device, name)
            r = device.post(f"/api/duplicates/{did}/players", headers=csrf(device),
                            json={"nickname": name, "entry": code})
            assert r.status_code == 201 and r.json()["by_account"] is True, r.text
            entered[name] = r.json()["player_token"]
        r = client.post(f"/api/duplicates/{did}/rounds", json={}, headers=own)
        assert r.status_code == 200, r.text
        seat = me(laptop, anna).json()
        assert seat["name"] == "Anna" and seat["table"] is not None
        assert "other_entry" not in seat            # a guest's answer is as it was

        # Bert, then Carla, log in on the laptop that keeps Anna's token (and her seat's,
        # which the page kept for the table page and the login hands over with the
        # browser's seat tokens: not into the account).
        for name in ("Bert", "Carla"):
            r = login(laptop, name, tokens=[seat["table"]["token"]])
            assert r.status_code == 200
            assert laptop.get("/api/account/seats").json()["seats"] == []
            for token in (anna, None):
                r = me(laptop, token)
                assert r.status_code == 200, r.text
                mine = r.json()
                assert mine["name"] == name and mine["status"] == "entered"
                assert mine["table"]["seat"] != seat["table"]["seat"]
                assert mine["other_entry"] is (token is not None)
                assert seat["table"]["token"] not in r.text and "Anna" not in r.text
            # His own entry's token (kept before, or copied) is his entry, nothing else.
            mine = me(laptop, entered[name]).json()
            assert mine["name"] == name and mine["other_entry"] is False
            # The other account's token does not make him that account either.
            other = entered["Carla" if name == "Bert" else "Bert"]
            r = me(laptop, other)
            assert r.json()["name"] == name and r.json()["other_entry"] is True
            # Bad input stays a clear 4xx for an account too.
            assert me(laptop, ["x"]).status_code == 400    # type: ignore[arg-type]
            assert me(laptop, "A" * 32).status_code == 403
            r = laptop.post("/api/account/logout", json={}, headers=csrf(laptop))
            assert r.status_code == 200
            # Logged out: the laptop is Anna's again, as before.
            assert me(laptop, anna).json() == seat

        # An account's entry is the account's: its token alone (left in a browser that
        # logged out) plays nothing; logged in again, the account needs no token.
        for name in ("Bert", "Carla"):
            r = me(laptop, entered[name])
            assert r.status_code == 403 and r.json()["error"] == "login_required", r.text
            assert name not in r.text
        assert me(laptop).json()["status"] == "none"
        assert login(laptop, "Carla").status_code == 200
        assert me(laptop).json()["name"] == "Carla"
