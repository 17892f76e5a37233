"""Optional accounts (issue 34): register, sessions, CSRF, login limits, recovery codes,
password change, export and deletion, and the attacks on each."""

from __future__ import annotations

import base64
import contextlib
import json
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy import update
from starlette.testclient import TestClient

from binokel.web.accounts import ACCOUNT_LIMIT
from binokel.web.accounts import ADDRESS_LIMIT
from binokel.web.accounts import IDLE
from binokel.web.accounts import AccountSeatRow
from binokel.web.accounts import SessionRow
from binokel.web.accounts import ThrottleRow
from binokel.web.app import create_app
from binokel.web.sessions import CSRF_COOKIE
from binokel.web.sessions import SESSION_COOKIE
from binokel.web.store import ChatRow
from binokel.web.store import SeatRow
from binokel.web.store import now
from binokel.web.tables import Limits
from test_web_postgres import BIN
from test_web_postgres import pg_url  # noqa: F401 - the fixture
from web_helpers import migrated_sqlite

PASSWORD = "correct horse battery"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return migrated_sqlite(tmp_path / 'web.sqlite3')


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0.0, limits=Limits())) as c:
        yield c


@contextlib.contextmanager
def browser(client: TestClient, **options: Any) -> Iterator[TestClient]:
    """Another browser on the same running server, with cookies of its own (entering a
    TestClient would start the app a second time)."""
    yield TestClient(client.app, **options)


def csrf(c: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": c.cookies.get(CSRF_COOKIE) or ""}


def register(c: TestClient, name: str = "Anna", password: str = PASSWORD,
             **extra: Any) -> dict[str, Any]:
    r = c.post("/api/account/register", json={"name": name, "password": password, **extra})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def login(c: TestClient, name: str = "Anna", password: str = PASSWORD, **extra: Any) -> Any:
    return c.post("/api/account/login", json={"name": name, "password": password, **extra})


def accounts(c: TestClient) -> Any:
    return c.app.state.accounts  # type: ignore[attr-defined]


def test_register_log_out_and_in(client: TestClient) -> None:
    got = register(client)
    assert got["account"]["name"] == "Anna" and len(got["account"]["id"]) == 16
    assert len(got["codes"]) == 10 and len(set(got["codes"])) == 10
    me = client.get("/api/account").json()
    assert me["account"] == got["account"] and me["csrf"] == got["csrf"]
    assert client.post("/api/account/logout", headers=csrf(client)).status_code == 200
    assert client.get("/api/account").json()["account"] is None
    r = login(client)
    assert r.status_code == 200 and r.json()["account"] == got["account"]


def test_the_guest_api_needs_no_cookie(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "binokel", "players": 3})
    assert r.status_code == 201, r.text


def test_cookie_flags(client: TestClient) -> None:
    r = client.post("/api/account/register", json={"name": "Anna", "password": PASSWORD})
    cookies = {c.split("=")[0]: c.lower() for c in r.headers.get_list("set-cookie")}
    session, token = cookies[SESSION_COOKIE], cookies[CSRF_COOKIE]
    assert "httponly" in session and "samesite=lax" in session and "path=/" in session
    assert "httponly" not in token and "samesite=lax" in token
    assert "secure" not in session   # plain http: a Secure cookie would never come back
    with browser(client, base_url="https://testserver") as https:
        r = https.post("/api/account/register", json={"name": "Bert", "password": PASSWORD})
        assert all("; secure" in c.lower() for c in r.headers.get_list("set-cookie"))
        assert r.headers["cache-control"] == "no-store"


def test_names_are_unique_by_their_look(client: TestClient) -> None:
    register(client, "Anna")
    r = client.post("/api/account/register", json={"name": "\u0410nna", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["error"] == "name_taken"
    r = client.post("/api/account/register", json={"name": "Bot 3", "password": PASSWORD})
    assert r.json()["reason"] == "nickname_reserved"
    r = client.post("/api/account/register", json={"name": "Carl", "password": "short"})
    assert r.status_code == 400 and r.json()["reason"] == "password_length"


def test_csrf_refused(client: TestClient) -> None:
    register(client)
    game = {"game": "binokel", "players": 3}
    r = client.post("/api/tables", json=game)    # logged in, no token
    assert r.status_code == 403 and r.json()["error"] == "csrf"
    r = client.post("/api/tables", json=game, headers={"X-CSRF-Token": "0" * 64})
    assert r.status_code == 403
    r = client.post("/api/tables", json=game,
                    headers={**csrf(client), "Origin": "https://evil.example"})
    assert r.status_code == 403
    r = client.post("/api/tables", json=game, headers={**csrf(client),
                                                       "Origin": "http://testserver"})
    assert r.status_code == 201
    # another session's token is not this one's
    with browser(client) as other:
        register(other, "Bert")
        r = client.post("/api/account/logout", headers=csrf(other))
        assert r.status_code == 403
    # logging in from another site is refused too (login CSRF)
    r = client.post("/api/account/login", json={"name": "Anna", "password": PASSWORD},
                    headers={"Origin": "https://evil.example"})
    assert r.status_code == 403


def test_no_session_fixation(client: TestClient) -> None:
    register(client)
    client.post("/api/account/logout", headers=csrf(client))
    planted = "planted-by-somebody-else-0123456789"
    client.cookies.set(SESSION_COOKIE, planted, domain="testserver.local")
    assert login(client).status_code == 200
    sid = client.cookies.get(SESSION_COOKIE)
    assert sid and sid != planted
    # the id presented before a login ends with it, whatever it was
    before = sid
    assert login(client).status_code == 200
    assert client.cookies.get(SESSION_COOKIE) != before
    assert accounts(client).session_account(before) is None
    assert accounts(client).session_account(planted) is None


def test_sessions_expire_when_idle(client: TestClient, db: str) -> None:
    register(client)
    sid = client.cookies.get(SESSION_COOKIE)
    store = accounts(client).store
    with store.session.begin() as s:
        s.execute(update(SessionRow).values(seen_at=now() - IDLE - timedelta(minutes=1)))
    assert client.get("/api/account").json()["account"] is None
    with store.session() as s:
        assert s.scalars(select(SessionRow)).first() is None
    assert sid


def test_login_brute_force_is_slowed_not_locked(client: TestClient) -> None:
    register(client)
    client.post("/api/account/logout", headers=csrf(client))
    for _ in range(ACCOUNT_LIMIT.free):
        assert login(client, password="wrong guess!").status_code == 401
    r = login(client)    # even the right password waits now
    assert r.status_code == 429 and r.json()["error"] == "rate_limited"
    assert 1 <= int(r.headers["retry-after"]) <= ACCOUNT_LIMIT.cap
    # a thousand failures make the owner wait at most the cap
    store = accounts(client).store
    row = accounts(client).find("Anna")
    with store.session.begin() as s:
        s.execute(update(ThrottleRow).where(ThrottleRow.key == "a:" + row.id)
                  .values(failures=1000, last_at=now()))
    accounts(client).failed("a:" + row.id, ACCOUNT_LIMIT)
    assert accounts(client).waiting(["a:" + row.id]) <= ACCOUNT_LIMIT.cap + 1
    # once the wait is over the right password works, and resets the count
    with store.session.begin() as s:
        s.execute(update(ThrottleRow).values(blocked_until=now() - timedelta(seconds=1)))
    assert login(client).status_code == 200
    assert accounts(client).waiting(["a:" + row.id]) == 0


def test_login_attempts_per_address(client: TestClient) -> None:
    """Guessing over many names from one address is limited too (unknown names count)."""
    for i in range(ADDRESS_LIMIT.free):
        assert login(client, name=f"Nobody{i}").status_code == 401
    r = login(client, name="Nobody")
    assert r.status_code == 429
    assert [ADDRESS_LIMIT.delay(n) for n in (19, 20, 40)] == [0, 1, ADDRESS_LIMIT.cap]


def test_unknown_name_and_wrong_password_look_alike(client: TestClient) -> None:
    register(client)
    a = login(client, password="wrong password")
    b = login(client, name="Zora")
    assert a.status_code == b.status_code == 401 and a.json() == b.json()


def test_recovery_code_logs_in_once_and_sets_a_password(client: TestClient) -> None:
    codes = register(client)["codes"]
    client.post("/api/account/logout", headers=csrf(client))
    new = "a brand new password"
    r = client.post("/api/account/recover",
                    json={"name": "Anna", "code": codes[3].upper(), "password": new})
    assert r.status_code == 200 and r.json()["codes_left"] == 9
    client.post("/api/account/logout", headers=csrf(client))
    r = client.post("/api/account/recover",
                    json={"name": "Anna", "code": codes[3], "password": new})
    assert r.status_code == 401          # spent
    assert login(client).status_code == 401
    assert login(client, password=new).status_code == 200
    r = client.post("/api/account/codes", json={"password": new}, headers=csrf(client))
    assert r.status_code == 200 and len(r.json()["codes"]) == 10
    client.post("/api/account/logout", headers=csrf(client))
    r = client.post("/api/account/recover",
                    json={"name": "Anna", "code": codes[4], "password": new})
    assert r.status_code == 401          # the old codes stopped working


def test_change_password_ends_the_other_sessions(client: TestClient) -> None:
    register(client)
    with browser(client) as phone:
        assert login(phone).status_code == 200
        r = client.post("/api/account/password", json={"old": "not it at all",
                                                        "new": "another password"},
                        headers=csrf(client))
        assert r.status_code == 401
        r = client.post("/api/account/password", json={"old": PASSWORD,
                                                        "new": "another password"},
                        headers=csrf(client))
        assert r.status_code == 200
        assert phone.get("/api/account").json()["account"] is None
        assert client.get("/api/account").json()["account"]["name"] == "Anna"
        assert login(phone, password="another password").status_code == 200


def test_export_is_ones_own(client: TestClient) -> None:
    anna = register(client)["account"]
    assert client.get("/api/account/export").json()["account"]["id"] == anna["id"]
    with browser(client) as other:
        assert other.get("/api/account/export").status_code == 401
        bert = register(other, "Bert")["account"]
        mine = other.get("/api/account/export").json()
        assert mine["account"]["id"] == bert["id"] and "Anna" not in str(mine)
        assert other.get("/api/account").json()["account"]["id"] == bert["id"]
    # a forged cookie is nobody
    with browser(client, cookies={SESSION_COOKIE: "x" * 43}) as forged:
        assert forged.get("/api/account/export").status_code == 401


def test_guest_keeps_his_seats_and_delete_anonymises(client: TestClient) -> None:
    t = client.post("/api/tables", json={"game": "binokel", "players": 3,
                                         "bots": [None, "random", "random"]}).json()
    token = client.post(f"/api/tables/{t['id']}/join",
                        json={"seat": 0, "nickname": "Anna"}).json()["token"]
    register(client, tokens=[token, "not-a-token"])
    with browser(client) as laptop:
        assert login(laptop).status_code == 200
        held = [x["token"] for x in laptop.get("/api/account/seats").json()["seats"]]
        assert held == [token]
        mine = laptop.post("/api/my-tables", json={"tokens": held},
                           headers=csrf(laptop)).json()["tables"]
        assert [m["table"]["id"] for m in mine] == [t["id"]]
        export = laptop.get("/api/account/export").json()
        assert export["seats"][0]["table"] == t["id"]
        assert export["seats"][0]["nickname"] == "Anna"
    store = accounts(client).store
    with store.session.begin() as s:
        s.add(ChatRow(table_id=t["id"], seat=0, name="Anna", text="hello"))
    r = client.post("/api/account/delete", json={"password": "wrong password"},
                    headers=csrf(client))
    assert r.status_code == 401
    r = client.post("/api/account/delete", json={"password": PASSWORD},
                    headers=csrf(client))
    assert r.status_code == 200 and r.json()["deleted"]
    with store.session() as s:
        nick = s.scalars(select(SeatRow.nickname).where(SeatRow.table_id == t["id"],
                                                        SeatRow.seat == 0)).one()
        chat = s.scalars(select(ChatRow.name).where(ChatRow.table_id == t["id"])).one()
        assert nick == chat and nick.startswith("gelöscht") and "Anna" not in nick
        assert s.scalars(select(AccountSeatRow)).first() is None
    # the table's page shows the label, its deals stay
    info = client.get(f"/api/tables/{t['id']}").json()
    assert "Anna" not in str(info)
    assert login(client).status_code == 401
    register(client)    # the name is free again


def test_a_shared_computer_moves_no_guest_seat_into_an_account(client: TestClient) -> None:
    """A shared computer (docs/web.md, "Seats on a shared computer"): the seat a guest took
    on the laptop stays his when the next person logs in there and even plays it; a seat
    taken logged in follows the account at once, to its phone too; the logout answers the
    account's seats, which the page drops; the guest's seat goes into an account only when
    it is handed over (the page asks first)."""
    t = client.post("/api/tables", json={"game": "binokel", "players": 3,
                                         "bots": [None, None, "random"]}).json()
    guest = client.post(f"/api/tables/{t['id']}/join",
                        json={"seat": 0, "nickname": "Gast"}).json()["token"]
    register(client, "Bert")                     # the next person, on the same laptop
    with client.websocket_connect(f"/ws/{t['id']}?token={guest}") as ws:
        assert ws.receive_json()["type"] == "chat_history"
        assert ws.receive_json()["type"] == "state"
    assert client.get("/api/account/seats").json()["seats"] == []
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat": 1, "nickname": "Bert"},
                    headers=csrf(client))
    assert r.status_code == 200, r.text
    bert = [{"table": t["id"], "seat": 1, "token": r.json()["token"]}]
    assert client.get("/api/account/seats").json()["seats"] == bert
    with browser(client) as phone:
        assert login(phone, "Bert").status_code == 200
        assert phone.get("/api/account/seats").json()["seats"] == bert
    out = client.post("/api/account/logout", json={}, headers=csrf(client)).json()
    assert out["account"] is None and out["seats"] == bert
    # a guest's logout (no session) has no seats to drop
    assert client.post("/api/account/logout", json={}).json()["seats"] == []
    # "yes, they are mine": handed over, the guest's seat is the account's
    assert login(client, "Bert").status_code == 200
    r = client.post("/api/account/seats", json={"tokens": [guest]}, headers=csrf(client))
    assert r.json()["added"] == 1
    assert [s["seat"] for s in r.json()["seats"]] == [1, 0]


@pytest.mark.db
@pytest.mark.skipif(not (BIN / "initdb").exists(), reason="no PostgreSQL server")
def test_accounts_on_postgres(pg_url: str) -> None:  # noqa: F811 - the fixture
    """The migration and the whole story on PostgreSQL: a session made by one server
    process is known to another (they share the database)."""
    with TestClient(create_app(pg_url, bot_delay=0.0)) as one, \
            TestClient(create_app(pg_url, bot_delay=0.0)) as two:
        t = one.post("/api/tables", json={"game": "binokel", "players": 3,
                                          "bots": [None, "random", "random"]}).json()
        token = one.post(f"/api/tables/{t['id']}/join",
                         json={"seat": 0, "nickname": "Pia"}).json()["token"]
        register(one, "Pia", tokens=[token])
        two.cookies.update(one.cookies)
        assert two.get("/api/account").json()["account"]["name"] == "Pia"
        assert two.get("/api/account/seats").json()["seats"] == [
            {"table": t["id"], "seat": 0, "token": token}]
        for _ in range(ACCOUNT_LIMIT.free):
            assert login(two, "Pia", "wrong guess!").status_code == 401
        assert login(one, "Pia").status_code == 429     # counted over both processes
        with accounts(one).store.session.begin() as s:
            s.execute(update(ThrottleRow).values(blocked_until=None))
        assert login(one, "Pia").status_code == 200
        r = one.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(one))
        assert r.status_code == 200
        # the other process hears of the new name and shows it
        deadline = time.monotonic() + 10
        while two.get(f"/api/tables/{t['id']}").json()["seats"][0]["nickname"] == "Pia":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert two.get("/api/account").json()["account"] is None


def fake_credential(challenge: str, kind: str = "webauthn.create") -> dict[str, Any]:
    """A credential shaped like a browser's whose client data names ``challenge``, but
    signed by nobody."""
    data = json.dumps({"type": kind, "challenge": challenge, "origin": "http://testserver"})
    client_data = base64.urlsafe_b64encode(data.encode()).rstrip(b"=").decode()
    return {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {
        "clientDataJSON": client_data, "attestationObject": "AAAA",
        "authenticatorData": "AAAA", "signature": "AAAA"}}


def test_passkeys_refuse_what_no_authenticator_made(client: TestClient) -> None:
    """The whole passkey story runs in test_web_accounts_browser (a virtual authenticator);
    here the refusals."""
    assert client.post("/api/account/passkeys/options", json={}).status_code == 401
    register(client)
    r = client.post("/api/account/passkeys/options", json={}, headers=csrf(client))
    options = r.json()
    assert r.status_code == 200 and options["rp"]["id"] == "testserver"
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert base64.urlsafe_b64decode(options["user"]["id"] + "==").decode() == \
        client.get("/api/account").json()["account"]["id"]
    challenge = options["challenge"]
    r = client.post("/api/account/passkeys", json={"credential": fake_credential(challenge)},
                    headers=csrf(client))
    assert r.status_code == 400 and r.json()["error"] == "bad_passkey"
    # the challenge was used up by the failed attempt
    r = client.post("/api/account/passkeys", json={"credential": fake_credential(challenge)},
                    headers=csrf(client))
    assert r.status_code == 400 and "expired" in r.json()["message"]
    # one never handed out, or handed to a guest's login, is no registration's
    r = client.post("/api/account/passkeys", json={"credential": fake_credential("bm9uZQ")},
                    headers=csrf(client))
    assert r.status_code == 400
    login_challenge = client.post("/api/account/passkey-login/options", json={},
                                  headers=csrf(client)).json()["challenge"]
    r = client.post("/api/account/passkeys", headers=csrf(client),
                    json={"credential": fake_credential(login_challenge)})
    assert r.status_code == 400 and "expired" in r.json()["message"]
    assert client.get("/api/account/passkeys").json()["passkeys"] == []
    r = client.post("/api/account/passkeys", json={"credential": "x" * 10}, headers=csrf(client))
    assert r.status_code == 400


def test_passkey_login_failures_count_against_the_address(client: TestClient) -> None:
    for _ in range(ADDRESS_LIMIT.free):
        challenge = client.post("/api/account/passkey-login/options", json={}).json()["challenge"]
        r = client.post("/api/account/passkey-login",
                        json={"credential": fake_credential(challenge, "webauthn.get")})
        assert r.status_code == 401 and r.json()["error"] == "bad_passkey"
    r = client.post("/api/account/passkey-login", json={"credential": fake_credential("x")})
    assert r.status_code == 429


def test_an_account_enters_a_duplicate_tournament_once(client: TestClient) -> None:
    r = client.post("/api/duplicates", json={"title": "Herbst", "game": "binokel",
                                             "table_size": 3, "rounds": 1, "deals": 1,
                                             "bot": "random"})
    did, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
    codes = [x["code"] for x in client.post(f"/api/duplicates/{did}/links", headers=own,
                                            json={"count": 3}).json()["links"]]
    with browser(client) as laptop, browser(client) as phone, browser(client) as guest:
        register(laptop, "Vera")
        r = laptop.post(f"/api/duplicates/{did}/players", headers=csrf(laptop),
                        json={"nickname": "Vera", "entry": codes[0]})
        assert r.status_code == 201, r.text
        # the same account from another browser, with another link: refused
        assert login(phone, "Vera").status_code == 200
        r = phone.post(f"/api/duplicates/{did}/players", headers=csrf(phone),
                       json={"nickname": "Vera 2", "entry": codes[1]})
        assert r.status_code == 409 and r.json()["error"] == "already_entered"
        assert "account" in r.json()["message"]
        assert r.json()["reason"] == "account_entered"     # the page says "your account"
        # ... and her entry is hers there too, without the first browser's player token
        r = phone.post(f"/api/duplicates/{did}/me", headers=csrf(phone), json={})
        assert r.status_code == 200 and r.json()["player"] == 1
        assert r.json()["name"] == "Vera" and r.json()["status"] == "entered"
        # a guest still needs a link: the public link alone lets nobody in
        r = guest.post(f"/api/duplicates/{did}/players", json={"nickname": "Gast"})
        assert r.status_code == 403 and r.json()["error"] == "entry_closed"
        r = guest.post(f"/api/duplicates/{did}/me", json={})
        assert r.json() == {"player": None, "name": None, "table": None, "status": "none"}
        r = guest.post(f"/api/duplicates/{did}/players",
                       json={"nickname": "Gast", "entry": codes[1]})
        assert r.status_code == 201
        # ... and once entered as a guest, logging in does not enter him again
        register(guest, "Gustav")
        r = guest.post(f"/api/duplicates/{did}/players", headers=csrf(guest),
                       json={"nickname": "Gustav", "entry": codes[2]})
        assert r.status_code == 409 and r.json()["error"] == "already_entered"
        assert "reason" not in r.json()    # "this browser", not his account, is in
    names = [p["name"] for p in client.get(f"/api/duplicates/{did}").json()["duplicate"]
             ["players"]]
    assert names == ["Vera", "Gast"]


def test_the_migrations_make_the_accounts_models(db: str) -> None:
    """Migrations 0007 to 0010 build exactly the tables and columns the models describe."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from binokel.web.store import Base
    from binokel.web.store import Store

    tables = {"accounts", "account_sessions", "recovery_codes", "login_throttle",
              "account_seats", "passkeys", "webauthn_challenges"}
    store = Store(db)
    try:
        with store.engine.connect() as conn:
            diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    finally:
        store.close()
    assert tables <= set(Base.metadata.tables)
    assert [d for d in diffs if any(t in str(d) for t in tables)] == []
    # and 0009 the tables' owner token (the creator hands on an away person's seat)
    assert [d for d in diffs if "owner_hash" in str(d)] == []
    # and 0010 the seats' mark of a person who left his seat
    assert [d for d in diffs if "'left'" in str(d)] == []
