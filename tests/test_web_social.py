"""Friends, who is online, invitations, blocks, reports and suspensions (issue 34), through
the HTTP API and the table's socket, with the attacks on each: spam limited, a blocked
player cannot reach the one who blocked him, one account cannot touch another's lists,
reports limited, a suspended account cannot log in."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy import update
from starlette.testclient import TestClient

from binokel.web import social
from binokel.web.app import SOCIAL_EVERY
from binokel.web.app import create_app
from binokel.web.moderation import Moderation
from binokel.web.social import ReportRow
from binokel.web.social import SeenRow
from binokel.web.social import SuspensionRow
from binokel.web.store import now
from binokel.web.tables import Limits
from test_web_accounts import PASSWORD
from test_web_accounts import csrf
from test_web_accounts import login
from test_web_accounts import register
from test_web_postgres import BIN
from test_web_postgres import pg_url  # noqa: F401 - the fixture
from web_helpers import join
from web_helpers import migrated_sqlite
from web_helpers import new_table
from web_helpers import recv_state


@pytest.fixture
def db(tmp_path: Path) -> str:
    return migrated_sqlite(tmp_path / 'web.sqlite3')


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0.0, limits=Limits())) as c:
        yield c


def person(client: TestClient, name: str) -> TestClient:
    """Another browser on the running server, logged into a new account ``name``."""
    c = TestClient(client.app)
    register(c, name)
    c.headers.update(csrf(c))   # every request of this browser sends its CSRF token
    return c


def post(c: TestClient, path: str, **body: Any) -> Any:
    return c.post(path, json=body, headers=csrf(c))


def friends(c: TestClient) -> dict[str, Any]:
    r = c.get("/api/friends")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def names(people: list[dict[str, Any]]) -> list[str]:
    return [p["name"] for p in people]


def make_friends(a: TestClient, b: TestClient, b_name: str) -> None:
    assert post(a, "/api/friends/ask", name=b_name).status_code == 201
    a_id = a.get("/api/account").json()["account"]["id"]
    assert post(b, "/api/friends/accept", id=a_id).status_code == 200


def account_id(c: TestClient) -> str:
    return str(c.get("/api/account").json()["account"]["id"])


def test_friends_ask_accept_decline_remove_and_online(client: TestClient) -> None:
    anna, bert, cleo = (person(client, n) for n in ("Anna", "Bert", "Cleo"))
    assert post(anna, "/api/friends/ask", name="bert").status_code == 201  # any case
    assert post(anna, "/api/friends/ask", name="Cleo").status_code == 201
    assert names(friends(anna)["outgoing"]) == ["Bert", "Cleo"]
    assert names(friends(bert)["incoming"]) == ["Anna"]
    r = post(anna, "/api/friends/ask", name="Bert")
    assert r.status_code == 409 and r.json()["error"] == "already_asked"
    assert post(anna, "/api/friends/ask", name="Nobody").json()["error"] == "no_account"
    assert post(anna, "/api/friends/ask", name="Anna").json()["reason"] == "self_friend"
    anna_id = account_id(anna)
    assert post(bert, "/api/friends/accept", id=anna_id).status_code == 200
    assert post(cleo, "/api/friends/decline", id=anna_id).status_code == 200
    # both polled just now: online; Cleo's "no" just ends the request
    got = friends(anna)
    assert [(p["name"], p["online"]) for p in got["friends"]] == [("Bert", True)]
    assert got["outgoing"] == [] and friends(bert)["friends"][0]["name"] == "Anna"
    # seen more than two minutes ago: offline
    with client.app.state.social.store.session.begin() as s:  # type: ignore[attr-defined]
        s.execute(update(SeenRow).values(seen_at=now() - timedelta(minutes=3)))
    assert friends(bert)["friends"][0]["online"] is False    # Anna has not polled since
    # a request to somebody who asked you already accepts his
    assert post(cleo, "/api/friends/ask", name="Anna").status_code == 201
    assert post(anna, "/api/friends/ask", name="Cleo").json()["accepted"] is True
    assert sorted(names(friends(anna)["friends"])) == ["Bert", "Cleo"]
    assert post(anna, "/api/friends/remove", id=account_id(bert)).status_code == 200
    assert names(friends(bert)["friends"]) == []


def test_one_account_cannot_touch_anothers_lists(client: TestClient) -> None:
    anna, bert, eve = (person(client, n) for n in ("Anna", "Bert", "Eve"))
    post(anna, "/api/friends/ask", name="Bert")
    anna_id = account_id(anna)
    # Eve cannot accept or decline a request that is not to her, nor remove others' bonds
    for path in ("/api/friends/accept", "/api/friends/decline", "/api/friends/remove"):
        assert post(eve, path, id=anna_id).status_code == 404
    assert friends(bert)["incoming"][0]["name"] == "Anna"
    # every list is the session's own; without one there is nothing
    guest = TestClient(client.app)
    for path in ("/api/friends", "/api/invitations"):
        assert guest.get(path).status_code == 401
    assert friends(eve) == {"friends": [], "incoming": [], "outgoing": [], "blocked": []}
    # a forged request from another site is refused (CSRF)
    r = eve.post("/api/friends/ask", json={"name": "Anna"}, headers={"X-CSRF-Token": ""})
    assert r.status_code == 403 and r.json()["error"] == "csrf"


def test_friend_request_spam_is_limited(client: TestClient, monkeypatch: Any) -> None:
    monkeypatch.setattr(social, "REQUESTS_PER_HOUR", 2)
    monkeypatch.setattr(social, "MAX_PENDING", 3)
    spammer = person(client, "Spam")
    others = [person(client, n) for n in ("Ada", "Bob", "Cid")]
    assert post(spammer, "/api/friends/ask", name="Ada").status_code == 201
    assert post(spammer, "/api/friends/ask", name="Bob").status_code == 201
    r = post(spammer, "/api/friends/ask", name="Cid")
    assert r.status_code == 429 and r.json()["reason"] == "social_limit"
    # taking one back does not give the hour's count back
    assert post(spammer, "/api/friends/remove", id=account_id(others[0])).status_code == 200
    assert post(spammer, "/api/friends/ask", name="Cid").status_code == 429
    monkeypatch.setattr(social, "REQUESTS_PER_HOUR", 100)
    monkeypatch.setattr(social, "MAX_PENDING", 1)
    r = post(spammer, "/api/friends/ask", name="Cid")
    assert r.status_code == 429 and r.json()["reason"] == "too_many_pending"


def seated(client: TestClient, c: TestClient, name: str, players: int = 3) -> tuple[str, str]:
    """A new table (a bot at its last seat) where ``c`` sits at seat 0."""
    tid = new_table(c, [None] * (players - 1) + ["random"], game="binokel",
                    players=players)
    return tid, join(c, tid, 0, name)


def test_invite_a_friend_to_a_table(client: TestClient, monkeypatch: Any) -> None:
    anna, bert, eve = (person(client, n) for n in ("Anna", "Bert", "Eve"))
    make_friends(anna, bert, "Bert")
    tid, token = seated(client, anna, "Anna")
    bert_id = account_id(bert)
    r = post(anna, "/api/invitations", table=tid, token=token, to=bert_id)
    assert r.status_code == 201, r.text
    got = bert.get("/api/invitations").json()["invitations"]
    assert [(i["table"], i["from"]["name"], i["watch"]) for i in got] == [(tid, "Anna", False)]
    # nobody else sees it or may drop it
    assert eve.get("/api/invitations").json()["invitations"] == []
    assert post(eve, f"/api/invitations/{got[0]['id']}/done").status_code == 404
    # a stranger (not a friend), a wrong token, a non-player are refused
    eve_id = account_id(eve)
    r = post(anna, "/api/invitations", table=tid, token=token, to=eve_id)
    assert r.status_code == 403 and r.json()["error"] == "not_friends"
    r = post(anna, "/api/invitations", table=tid, token="x" * 30, to=bert_id)
    assert r.status_code == 403 and r.json()["error"] == "not_seated"
    r = post(bert, "/api/invitations", table=tid, token=token[:-1], to=account_id(anna))
    assert r.status_code == 403
    # Bert accepts: the invitation goes and he sits down
    assert post(bert, f"/api/invitations/{got[0]['id']}/done").status_code == 200
    assert bert.get("/api/invitations").json()["invitations"] == []
    join(bert, tid, 1, "Bert")
    # invitations per hour are limited
    monkeypatch.setattr(social, "INVITES_PER_HOUR", 1)
    r = post(anna, "/api/invitations", table=tid, token=token, to=bert_id, watch=True)
    assert r.status_code == 429


def test_invitations_end_with_the_table_and_need_a_free_seat(client: TestClient) -> None:
    anna, bert = person(client, "Anna"), person(client, "Bert")
    make_friends(anna, bert, "Bert")
    tid = new_table(anna, [None, None, "random"], game="binokel", players=3)
    token = join(anna, tid, 0, "Anna")
    join(TestClient(client.app), tid, 1, "Gast")      # the table starts: no free seat
    bert_id = account_id(bert)
    r = post(anna, "/api/invitations", table=tid, token=token, to=bert_id)
    assert r.status_code == 409 and r.json()["error"] == "no_free_seat"
    assert post(anna, "/api/invitations", table=tid, token=token, to=bert_id,
                watch=True).status_code == 201
    assert len(bert.get("/api/invitations").json()["invitations"]) == 1
    table = client.app.state.registry.get(tid)  # type: ignore[attr-defined]
    with table.locked() as tx:
        tx.bump("closed")
    assert bert.get("/api/invitations").json()["invitations"] == []


def test_a_blocked_player_cannot_reach_the_blocker(client: TestClient) -> None:
    anna, bert = person(client, "Anna"), person(client, "Bert")
    make_friends(anna, bert, "Bert")
    assert post(anna, "/api/friends/block", name="Bert").status_code == 201
    got = friends(anna)
    assert names(got["blocked"]) == ["Bert"] and got["friends"] == []
    assert friends(bert)["friends"] == []   # ended, as if removed; nothing says "blocked"
    assert friends(bert) == {"friends": [], "incoming": [], "outgoing": [], "blocked": []}
    # his request is taken and looks sent, and Anna never sees it
    assert post(bert, "/api/friends/ask", name="Anna").status_code == 201
    assert friends(anna)["incoming"] == []
    assert post(anna, "/api/friends/accept", id=account_id(bert)).status_code == 404
    # he cannot invite her (no longer a friend)
    tid, token = seated(client, bert, "Bert", players=4)
    r = post(bert, "/api/invitations", table=tid, token=token, to=account_id(anna))
    assert r.status_code == 403
    assert anna.get("/api/invitations").json()["invitations"] == []
    # at the table his chat lines are not sent to her; hers reach him; he is not told
    anna_token = join(anna, tid, 1, "Anna")
    with anna.websocket_connect(f"/ws/{tid}?token={anna_token}") as wa, \
            bert.websocket_connect(f"/ws/{tid}?token={token}") as wb:
        for ws in (wa, wb):
            assert ws.receive_json()["type"] == "chat_history"
            recv_state(ws)
        wb.send_json({"type": "chat", "text": "you will lose"})
        assert wb.receive_json()["text"] == "you will lose"   # his own line comes back
        wa.send_json({"type": "chat", "text": "hello all"})
        assert wa.receive_json()["text"] == "hello all"       # hers: the next she gets
        assert wb.receive_json()["text"] == "hello all"
    # the history a new socket of hers is sent leaves his lines out
    with anna.websocket_connect(f"/ws/{tid}?token={anna_token}") as wa:
        history = wa.receive_json()
        assert [x["text"] for x in history["lines"]] == ["hello all"]
    with bert.websocket_connect(f"/ws/{tid}?token={token}") as wb:
        assert len(wb.receive_json()["lines"]) == 2
    # unblocked: his lines reach her again (his old request shows again too)
    assert post(anna, "/api/friends/unblock", id=account_id(bert)).status_code == 200
    with anna.websocket_connect(f"/ws/{tid}?token={anna_token}") as wa:
        assert len(wa.receive_json()["lines"]) == 2
    assert names(friends(anna)["incoming"]) == ["Bert"]


def test_report_keeps_the_chat_and_no_hidden_cards(client: TestClient, monkeypatch: Any
                                                   ) -> None:
    anna, bert = person(client, "Anna"), person(client, "Bert")
    tid, _ = seated(client, anna, "Anna")
    bert_token = join(bert, tid, 1, "Bert")   # the deal starts
    with bert.websocket_connect(f"/ws/{tid}?token={bert_token}") as wb:
        wb.receive_json()
        recv_state(wb)
        wb.send_json({"type": "chat", "text": "rude words"})
        assert wb.receive_json()["type"] == "chat"
    r = post(anna, "/api/reports", table=tid, seat=1, reason="  insults  me ")
    assert r.status_code == 201, r.text
    with client.app.state.social.store.session() as s:  # type: ignore[attr-defined]
        row = s.get(ReportRow, r.json()["report"])
        assert row is not None
        assert (row.reason, row.reported_name, row.reporter_name) == ("insults me", "Bert",
                                                                       "Anna")
        assert row.reported_id == account_id(bert) and row.deal_number == 1
        assert [x["text"] for x in row.chat] == ["rude words"]
        # the deal runs: its record (every hand) is not kept
        assert row.deal_over is False and row.record is None
    # bad input: a bot's seat, an empty or overlong reason
    assert post(anna, "/api/reports", table=tid, seat=2, reason="x").status_code == 400
    assert post(anna, "/api/reports", table=tid, seat=1, reason=" ").status_code == 400
    assert post(anna, "/api/reports", table=tid, seat=1,
                reason="x" * (social.MAX_REASON + 1)).json()["error"] == "bad_reason"
    # limited per account, and per address whoever asks
    monkeypatch.setattr(social, "REPORTS_PER_HOUR", 1)
    r = post(anna, "/api/reports", table=tid, seat=1, reason="again")
    assert r.status_code == 429
    monkeypatch.setattr(social, "REPORTS_PER_ADDRESS", 2)
    assert post(bert, "/api/reports", table=tid, seat=0, reason="x").status_code == 201
    guest = TestClient(client.app)
    r = guest.post("/api/reports", json={"table": tid, "seat": 0, "reason": "x"})
    assert r.status_code == 429


def test_suspended_login_is_refused_and_seats_are_left(client: TestClient) -> None:
    anna = person(client, "Anna")
    tid, token = seated(client, anna, "Anna")
    join(TestClient(client.app), tid, 1, "Gast")       # running
    assert post(anna, "/api/account/seats", tokens=[token]).status_code == 200
    store = client.app.state.social.store  # type: ignore[attr-defined]
    account, until = Moderation(store).suspend("anna", 7, "insulted players")
    assert account.name == "Anna"
    assert anna.get("/api/account").json()["account"] is None   # the session ended
    r = login(anna)
    assert r.status_code == 403 and r.json()["error"] == "suspended"
    assert r.json()["params"]["until"] == until.date().isoformat()
    assert "insulted players" in r.json()["message"]
    assert login(anna, password="wrong password").status_code == 401   # tells a guesser nothing
    # the server leaves the seat within seconds: a stand-in plays it, her token holds it
    # no more (the app's round every SOCIAL_EVERY seconds)
    deadline = time.monotonic() + 3 * SOCIAL_EVERY
    while not client.get(f"/api/tables/{tid}").json()["seats"][0]["left"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    info = client.get(f"/api/tables/{tid}").json()
    assert info["seats"][0]["stand_in"] and info["status"] == "playing"
    assert client.app.state.registry.get(tid).seats.seat_of(token) is None  # type: ignore[attr-defined]
    with store.session() as s:
        assert s.scalars(select(SuspensionRow.applied)).one() is True
    # her old token can neither act nor take the seat back
    assert anna.post("/api/my-tables", json={"tokens": [token]}).json()["tables"] == []
    Moderation(store).unsuspend("Anna")
    assert login(anna).status_code == 200
    with store.session() as s:
        assert s.scalars(select(SuspensionRow)).first() is None


def test_deleting_an_account_forgets_its_friends(client: TestClient) -> None:
    anna, bert = person(client, "Anna"), person(client, "Bert")
    make_friends(anna, bert, "Bert")
    assert post(anna, "/api/account/delete", password=PASSWORD).status_code == 200
    assert friends(bert)["friends"] == []


def test_the_migration_makes_the_social_models(db: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from binokel.web.store import Base
    from binokel.web.store import Store

    tables = {"account_seen", "friends", "blocks", "invitations", "reports", "suspensions",
              "social_counts"}
    store = Store(db)
    try:
        with store.engine.connect() as conn:
            diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    finally:
        store.close()
    assert tables <= set(Base.metadata.tables)
    assert [d for d in diffs if any(t in str(d) for t in tables)] == []


def test_admin_lists_shows_suspends(client: TestClient, db: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    from binokel.cli import main

    anna, bert = person(client, "Anna"), person(client, "Bert")
    tid, _ = seated(client, anna, "Anna")
    bert_token = join(bert, tid, 1, "Bert")
    with bert.websocket_connect(f"/ws/{tid}?token={bert_token}") as wb:
        wb.receive_json()
        recv_state(wb)
        wb.send_json({"type": "chat", "text": "rude words"})
        wb.receive_json()
    assert post(anna, "/api/reports", table=tid, seat=1, reason="insults").status_code == 201
    assert post(bert, "/api/reports", table=tid, seat=0, reason="slow").status_code == 201
    admin = ["admin", "--database-url", db]
    assert main([*admin, "reports"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Bert -> Anna: slow" in lines[0] and "Anna -> Bert: insults" in lines[1]
    assert main([*admin, "--base-url", "https://b.example", "reports", "show", "1"]) == 0
    out = capsys.readouterr().out
    assert "Bert: rude words" in out and "insults" in out
    assert f"https://b.example/api/tables/{tid}/deals/1/record" in out
    assert main([*admin, "reports", "show", "9"]) == 1
    assert "no report 9" in capsys.readouterr().err
    assert main([*admin, "suspend", "bert", "--days", "3", "--reason", "insults"]) == 0
    assert "Bert" in capsys.readouterr().out
    assert bert.get("/api/account").json()["account"] is None
    assert login(bert, "Bert").json()["error"] == "suspended"
    assert main([*admin, "suspend", "Nobody", "--days", "3", "--reason", "x"]) == 1
    assert main([*admin, "suspend", "Bert", "--days", "0", "--reason", "x"]) == 1
    assert main([*admin, "unsuspend", "Bert"]) == 0
    assert login(bert, "Bert").status_code == 200
    assert main([*admin, "unsuspend", "Bert"]) == 1


def test_the_export_holds_ones_friends(client: TestClient) -> None:
    anna, bert = person(client, "Anna"), person(client, "Bert")
    make_friends(anna, bert, "Bert")
    post(anna, "/api/friends/block", name="Bert")
    assert post(anna, "/api/friends/ask", name="Bert").json()["reason"] == "you_block"
    data = anna.get("/api/account/export").json()
    assert names(data["friends"]["blocked"]) == ["Bert"] and data["invitations"] == []


@pytest.mark.db
@pytest.mark.skipif(not (BIN / "initdb").exists(), reason="no PostgreSQL server")
def test_friends_across_two_processes_on_postgres(pg_url: str) -> None:  # noqa: F811
    """The migration on PostgreSQL, and two server processes that share it: a request made
    through one is answered through the other, a suspension written by the operator's
    command is applied once, and blocked chat stays hidden across processes."""
    with TestClient(create_app(pg_url, bot_delay=0.0)) as one, \
            TestClient(create_app(pg_url, bot_delay=0.0)) as two:
        # the entered clients themselves (each runs its app's event loop, whose table
        # locks the server's own rounds take too)
        anna, bert = one, two
        for c, name in ((anna, "Anna"), (bert, "Bert")):
            register(c, name)
            c.headers.update(csrf(c))
        make_friends(anna, bert, "Bert")
        assert friends(bert)["friends"][0]["online"] is True
        tid, token = seated(one, anna, "Anna")
        r = post(anna, "/api/invitations", table=tid, token=token, to=account_id(bert))
        assert r.status_code == 201
        assert len(bert.get("/api/invitations").json()["invitations"]) == 1
        from binokel.cli import main
        assert main(["admin", "--database-url", pg_url, "suspend", "Anna", "--days", "1",
                     "--reason", "test"]) == 0
        assert anna.get("/api/account").json()["account"] is None
        assert login(anna).json()["error"] == "suspended"
