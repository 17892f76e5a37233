"""Rated tables (issue 34): who may sit and make one, no hints, fixed rules, the ratings
written exactly once after every finished deal, the leaderboard's minimum, the player page's
API, and what an account's export and deletion do with its ratings."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func
from sqlalchemy import select
from starlette.testclient import TestClient

from binokel.ratings.bots import published
from binokel.web.app import create_app
from binokel.web.rated import PlayedDealRow
from binokel.web.rated import RatedDealRow
from binokel.web.rated import RatingHistoryRow
from binokel.web.rated import RatingRow
from binokel.web.rated import TableAccountRow
from binokel.web.store import Store
from binokel.web.tables import Registry
from test_web_accounts import PASSWORD
from test_web_accounts import csrf
from test_web_accounts import register
from test_web_postgres import BIN
from test_web_postgres import pg_url  # noqa: F401 - the fixture
from web_helpers import live
from web_helpers import migrated_sqlite
from web_helpers import recv_state
from web_helpers import under_lock

ZWEIER = {"game": "zweier", "players": 2}


@pytest.fixture
def db(tmp_path: Path) -> str:
    return migrated_sqlite(tmp_path / 'web.sqlite3')


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0.0, min_rated_deals=2)) as c:
        yield c


def other(client: TestClient) -> TestClient:
    """A second browser on the same running server, cookies of its own."""
    return TestClient(client.app)


def rated_table(c: TestClient, bots: list[str | None], **extra: Any) -> str:
    r = c.post("/api/tables", json={**ZWEIER, "bots": bots, "settings": {"rated": True},
                                    **extra}, headers=csrf(c))
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def sit(c: TestClient, tid: str, seat: int, name: str = "whoever") -> str:
    r = c.post(f"/api/tables/{tid}/join", json={"seat": seat, "nickname": name},
               headers=csrf(c))
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def finish_deal(client: TestClient, tid: str, seed: int = 1) -> None:
    """Play the current deal to its end on the server (random legal actions)."""
    t = live(client, tid)
    rng = random.Random(seed)

    def play() -> None:
        st = t.round.current
        while not st.is_over:
            t.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
    under_lock(client, t, play)


def next_deal(client: TestClient, tid: str) -> None:
    t = live(client, tid)

    def ready() -> None:
        for seat in t.seats.present_seats:
            t.deals.ready_next(seat)
    under_lock(client, t, ready)


def store(client: TestClient) -> Store:
    return client.app.state.registry.store  # type: ignore[attr-defined,no-any-return]


def test_only_a_logged_in_creator_makes_a_rated_table(client: TestClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # Every kind has a published rating today; the refusal of one without is tested with
    # "strong" left out of the published list.
    import binokel.web.rated as rated
    monkeypatch.setattr(rated, "published", lambda game: [
        b for b in published(game) if b.kind != "strong"])
    r = client.post("/api/tables", json={**ZWEIER, "bots": [None, "heuristic"],
                                         "settings": {"rated": True}})
    assert r.status_code == 401 and r.json()["error"] == "login_required"
    register(client, "Anna")
    for bad, code in (({"settings": {"rated": True, "hints": True}}, "bad_settings"),
                      ({"settings": {"rated": "yes"}}, "bad_settings"),
                      ({"settings": {"rated": True}, "seed": 5}, "bad_seed"),
                      ({"settings": {"rated": True}, "bots": [None, "strong"]}, "bad_bots")):
        r = client.post("/api/tables", json={**ZWEIER, "bots": [None, "heuristic"], **bad},
                        headers=csrf(client))
        assert r.status_code == 400 and r.json()["error"] == code, (bad, r.text)
    tid = rated_table(client, [None, None])
    info = client.get(f"/api/tables/{tid}").json()
    assert info["settings"] == {"chat": True, "turn_timeout": None, "hints": False,
                                "rated": True}


def test_guests_watch_a_rated_table_and_accounts_sit_under_their_names(
        client: TestClient) -> None:
    register(client, "Anna")
    tid = rated_table(client, [None, None])
    guest = other(client)
    r = guest.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "Gast"})
    assert r.status_code == 401 and r.json()["error"] == "login_required"
    with guest.websocket_connect(f"/ws/{tid}") as ws:   # a guest may watch
        assert recv_state(ws)["you"] is None
    sit(client, tid, 0, "Not my account's name")
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "nickname": "Anna 2"},
                    headers=csrf(client))
    assert r.status_code == 409 and r.json()["error"] == "already_seated"
    bert = other(client)
    register(bert, "Bert")
    sit(bert, tid, 1)
    info = client.get(f"/api/tables/{tid}").json()
    assert [s["nickname"] for s in info["seats"]] == ["Anna", "Bert"]
    assert info["status"] == "playing"


def test_a_rated_table_gives_no_hints(client: TestClient) -> None:
    register(client, "Anna")
    tid = rated_table(client, [None, "heuristic"])
    token = sit(client, tid, 0)
    t = live(client, tid)
    t.settings["hints"] = True   # even if the setting were on somehow
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        recv_state(ws)
        ws.send_json({"type": "hint"})
        for _ in range(50):
            msg = ws.receive_json()
            if msg["type"] == "error":
                assert msg["code"] == "hints_off"
                break
        else:
            raise AssertionError("no refusal")


def test_rules_stay_as_made_over_a_new_series(client: TestClient) -> None:
    register(client, "Anna")
    tid = rated_table(client, [None, "heuristic"], deals=1)
    sit(client, tid, 0)
    made = client.get(f"/api/tables/{tid}").json()["rules"]
    finish_deal(client, tid)
    t = live(client, tid)
    assert t.round.is_over
    under_lock(client, t, lambda: t.deals.ready_next(0, new_series=True))
    assert t.series_number == 2
    assert client.get(f"/api/tables/{tid}").json()["rules"] == made
    assert t.round.current.rules.to_dict() == t.spec.make_rules(made).to_dict()


def test_every_finished_deal_moves_the_ratings_once(client: TestClient) -> None:
    register(client, "Anna")
    tid = rated_table(client, [None, "heuristic"])
    sit(client, tid, 0)
    anna = client.get("/api/account").json()["account"]["id"]
    finish_deal(client, tid, 1)
    next_deal(client, tid)
    finish_deal(client, tid, 2)
    with store(client).session() as s:
        row = s.get(RatingRow, (anna, "zweier"))
        assert row is not None and row.deals == 2
        history = list(s.scalars(select(RatingHistoryRow).where(RatingHistoryRow.key == anna)
                                 .order_by(RatingHistoryRow.id)))
        assert [(h.table_id, h.deal) for h in history] == [(tid, 1), (tid, 2)]
        assert history[1].before == history[0].display and history[1].display == row.display
        # the bot plays with its published rating and does not move
        assert s.get(RatingRow, ("bot:heuristic", "zweier")) is None
        assert s.scalar(select(func.count()).select_from(RatedDealRow)) == 2
        played = list(s.scalars(select(PlayedDealRow).order_by(PlayedDealRow.id)))
        assert [(p.deal, p.rated, p.seat) for p in played] == [(1, True, 0), (2, True, 0)]


def test_two_registries_on_one_database_rate_a_deal_once(client: TestClient, db: str
                                                         ) -> None:
    register(client, "Anna")
    bert = other(client)
    register(bert, "Bert")
    tid = rated_table(client, [None, None])
    sit(client, tid, 0)
    sit(bert, tid, 1)
    # a second server process's registry, loaded from the same database (as a URI, which
    # the one-process-per-file claim of a server lets through)
    path = db.removeprefix("sqlite:///")
    second = Registry(Store(f"sqlite:///file:{path}?uri=true"), bot_delay=0.0)
    copy = second.get(tid)
    first = live(client, tid)
    st = first.round.current
    rng = random.Random(4)

    def play_first() -> None:
        while not st.is_over:
            first.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
    under_lock(client, first, play_first)
    # the second copy is behind: its own try at the deal's actions is refused, nothing is
    # rated twice; caught up, it sees the deal over
    mine = copy.round.current
    with pytest.raises(Exception, match="changed meanwhile"):
        copy.apply(mine.to_move, mine.legal_actions()[0], check_move=False)
    assert copy.round.current.is_over
    with store(client).session() as s:
        assert s.scalar(select(func.count()).select_from(RatedDealRow)) == 1
        assert [r.deals for r in s.scalars(select(RatingRow))] == [1, 1]
        assert s.scalar(select(func.count()).select_from(RatingHistoryRow)) == 2
    # rating the same deal again (a retry) changes nothing
    from binokel.web.rated import FinishedDeal
    from binokel.web.rated import deal_finished
    with store(client).session.begin() as s:
        again = FinishedDeal(tid, "zweier", 1, [None, None], [0, 1], st.result, True)
        assert deal_finished(s, again, postgres=False) is False
    with store(client).session() as s:
        assert [r.deals for r in s.scalars(select(RatingRow))] == [1, 1]
    second.store.close()


def test_an_unrated_table_counts_for_the_statistics_only(client: TestClient) -> None:
    register(client, "Anna")
    r = client.post("/api/tables", json={**ZWEIER, "bots": [None, "random"]},
                    headers=csrf(client))
    tid = r.json()["id"]
    sit(client, tid, 0, "Anna")
    finish_deal(client, tid)
    with store(client).session() as s:
        assert s.scalar(select(func.count()).select_from(RatingRow)) == 0
        played = list(s.scalars(select(PlayedDealRow)))
        assert [(p.rated, p.game) for p in played] == [(False, "zweier")]


def test_the_leaderboard_needs_the_minimum_of_rated_deals(client: TestClient) -> None:
    register(client, "Anna")
    tid = rated_table(client, [None, "heuristic"])
    sit(client, tid, 0)
    finish_deal(client, tid, 1)
    board = client.get("/api/leaderboard/zweier").json()
    assert board["min_deals"] == 2 and board["lines"] == []
    assert [b["kind"] for b in board["bots"]] == [b.kind for b in published("zweier")]
    next_deal(client, tid)
    finish_deal(client, tid, 2)
    board = client.get("/api/leaderboard/zweier").json()
    assert [(x["place"], x["name"], x["deals"]) for x in board["lines"]] == [(1, "Anna", 2)]
    assert client.get("/api/leaderboard/nosuch").status_code == 404
    assert client.get("/api/leaderboard/zweier?limit=500").status_code == 400
    assert client.get("/api/leaderboard/zweier?offset=1").json()["lines"] == []


def test_the_player_page_api(client: TestClient) -> None:
    register(client, "Anna")
    tid = rated_table(client, [None, "heuristic"])
    sit(client, tid, 0)
    finish_deal(client, tid, 1)
    guest = other(client)   # the page is public
    page = guest.get("/api/players/Anna").json()
    assert page["name"] == "Anna"
    [z] = [g for g in page["games"] if g["game"] == "zweier"]
    # one deal is below the server's minimum (2 here): no "about as strong as" yet
    assert z["rating"]["deals"] == 1 and z["nearest_bot"] is None
    assert [(h["table"], h["deal"]) for h in z["history"]] == [(tid, 1)]
    assert z["stats"]["deals"] == 1 and z["stats"]["rated"] == 1
    deals = guest.get("/api/players/Anna/deals?limit=10").json()["deals"]
    assert [(d["table"], d["deal"]) for d in deals] == [(tid, 1)]
    assert "id" not in page and "account" not in page   # the account id stays private
    next_deal(client, tid)
    finish_deal(client, tid, 2)
    [z] = [g for g in guest.get("/api/players/Anna").json()["games"] if g["game"] == "zweier"]
    assert z["rating"]["deals"] == 2 and z["nearest_bot"] in {b.kind for b in
                                                              published("zweier")}
    assert guest.get("/api/players/Nobody").status_code == 404
    assert guest.get("/players/Anna").status_code == 200
    assert guest.get("/ratings").status_code == 200


def test_export_and_delete_take_the_ratings_along(client: TestClient) -> None:
    register(client, "Anna")
    tid = rated_table(client, [None, "heuristic"])
    sit(client, tid, 0)
    anna = client.get("/api/account").json()["account"]["id"]
    finish_deal(client, tid)
    data = client.get("/api/account/export").json()
    assert data["ratings"]["zweier"]["deals"] == 1
    assert [(h["table"], h["deal"]) for h in data["ratings"]["zweier"]["history"]] == \
        [(tid, 1)]
    assert [(d["table"], d["deal"]) for d in data["deals"]] == [(tid, 1)]
    r = client.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(client))
    assert r.status_code == 200, r.text
    with store(client).session() as s:
        for kind, column in ((RatingRow, RatingRow.key),
                             (RatingHistoryRow, RatingHistoryRow.key),
                             (PlayedDealRow, PlayedDealRow.account_id),
                             (TableAccountRow, TableAccountRow.account_id)):
            assert s.scalar(select(func.count()).select_from(kind).where(
                column == anna)) == 0, kind
        assert s.scalar(select(func.count()).select_from(RatedDealRow)) == 1  # the deal stays
    assert client.get("/api/players/Anna").status_code == 404


@pytest.mark.skipif(not (BIN / "initdb").exists(), reason="no PostgreSQL server")
def test_two_processes_on_postgresql_rate_a_deal_once(pg_url: str) -> None:  # noqa: F811
    """Two server processes' registries on one PostgreSQL database: the deal's end is
    stored by one of them; the other, behind, is refused and reloads; one rating."""
    from binokel.web.accounts import Accounts

    first_store, second_store = Store(pg_url), Store(pg_url)
    try:
        accounts = Accounts(first_store)
        anna = accounts.create("Anna", "x", []).id
        bert = accounts.create("Bert", "x", []).id
        first = Registry(first_store, bot_delay=0.0)
        second = Registry(second_store, bot_delay=0.0)
        t = first.create({**ZWEIER, "bots": [None, None], "settings": {"rated": True}},
                         account=anna)
        t.seats.join(0, "Anna", account=anna)
        t.seats.join(1, "Bert", account=bert)
        copy = second.get(t.id)
        assert copy.round is not None
        st = t.round.current   # type: ignore[union-attr]
        rng = random.Random(6)
        while not st.is_over:
            t.apply(st.to_move, rng.choice(st.legal_actions()), check_move=False)
        mine = copy.round.current
        if not mine.is_over:
            with pytest.raises(Exception, match="changed meanwhile"):
                copy.apply(mine.to_move, mine.legal_actions()[0], check_move=False)
        assert copy.round.current.is_over
        with first_store.session() as s:
            assert s.scalar(select(func.count()).select_from(RatedDealRow)) == 1
            assert sorted(r.deals for r in s.scalars(select(RatingRow))) == [1, 1]
            assert s.scalar(select(func.count()).select_from(RatingHistoryRow)) == 2
    finally:
        first_store.close()
        second_store.close()


def test_leaderboard_places_and_pages(client: TestClient) -> None:
    """Equal values share a place, across a page's edge too; fewer deals than the minimum
    keep one off; a bot's key is never an account's line."""
    from binokel.web.accounts import Accounts

    accounts: Accounts = client.app.state.accounts  # type: ignore[attr-defined]
    values = [("Anna", 900, 5), ("Bert", 800, 5), ("Cem", 800, 5), ("Dora", 700, 5),
              ("Emil", 2000, 1)]
    with store(client).session.begin() as s:
        for name, display, deals in values:
            key = accounts.create(name, "x", []).id
            s.add(RatingRow(key=key, game="zweier", mu=display + 300.0, sigma=100.0,
                            display=display, deals=deals))
        s.add(RatingRow(key="bot:heuristic", game="zweier", mu=9000.0, sigma=1.0,
                        display=8997, deals=99))
    got = [client.get(f"/api/leaderboard/zweier?limit=2&offset={o}").json()
           for o in (0, 2)]
    lines = [(x["place"], x["name"]) for page in got for x in page["lines"]]
    assert lines == [(1, "Anna"), (2, "Bert"), (2, "Cem"), (4, "Dora")]
    assert got[0]["next"] == 2 and got[1]["next"] is None


def test_leaving_does_not_save_a_rating(client: TestClient) -> None:
    """A person who leaves a rated deal (a stand-in plays his seat) is rated for it."""
    register(client, "Anna")
    tid = rated_table(client, [None, "heuristic"])
    sit(client, tid, 0)
    anna = client.get("/api/account").json()["account"]["id"]
    t = live(client, tid)
    under_lock(client, t, lambda: t.seats.leave(0))
    assert 0 in t.seats.left and 0 not in t.seats.present_seats
    # nor may a friend take the seat over and the loss with it: not while the deal runs
    bert = other(client)
    register(bert, "Bert")
    r = bert.post(f"/api/tables/{tid}/join", json={"seat": 0, "nickname": "Bert"},
                  headers=csrf(bert))
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"
    finish_deal(client, tid, 3)   # the stand-in's moves, as the server would make them
    with store(client).session() as s:
        row = s.get(RatingRow, (anna, "zweier"))
        assert row is not None and row.deals == 1
    # once the deal is over the seat is Bert's, for the deals to come
    sit(bert, tid, 0)
    assert t.seats.names()[0] == "Bert"


def test_an_analysed_deal_counts_its_points_given_away(client: TestClient) -> None:
    register(client, "Anna")
    r = client.post("/api/tables", json={**ZWEIER, "bots": [None, "random"], "seed": 3},
                    headers=csrf(client))
    tid = r.json()["id"]
    sit(client, tid, 0, "Anna")
    finish_deal(client, tid)
    assert client.get("/api/players/Anna").json()["games"][0]["stats"]["given_away"] is None
    got = client.get(f"/api/tables/{tid}/deals/1/analysis")
    assert got.status_code == 200, got.text
    stats = client.get("/api/players/Anna").json()["games"][0]["stats"]
    assert stats["analysed"] == 1 and stats["given_away"] is not None
    assert stats["given_away"] >= 0
    [deal] = client.get("/api/players/Anna/deals").json()["deals"]
    assert deal["given_away"] == stats["given_away"] == sum(
        m["loss"] for m in got.json()["marks"].values() if m["seat"] == 0)


def test_migration_0011_makes_the_rated_models(db: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from binokel.web.store import Base

    tables = {"table_accounts", "ratings", "rating_history", "rated_deals", "played_deals"}
    s = Store(db)
    try:
        with s.engine.connect() as conn:
            diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    finally:
        s.close()
    assert tables <= set(Base.metadata.tables)
    assert [d for d in diffs if any(t in str(d) for t in tables)] == []
