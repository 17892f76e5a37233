"""A club's season on the web (issue 34) over the real HTTP API (Starlette TestClient): a
season over three club evenings of the server ranked under each rule as the pure layer
ranks them (and as checked by hand), members by account or by name, other spellings,
the PDF and CSV, "my seasons" and the member's own line, and every refusal."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from starlette.testclient import TestClient

from binokel.tournament.season import Evening
from binokel.tournament.season import Member
from binokel.tournament.season import Season
from binokel.web import seasons as seasons_module
from binokel.web.app import create_app
from binokel.web.seasons import ClubSeason
from binokel.web.work import WorkLimits
from loop_guard import guard
from test_web_postgres import pg_url  # noqa: F401 - the fixture
from web_helpers import migrated_sqlite

# Three evenings (title, date, deals per round, each player's points). Carl is "Carlo" on
# the third evening's list, Dora no member (a guest) on the second.
EVENINGS = [
    ("Januar", "2026-01-09", 10, {"Anna": 500, "Bert": 300, "Carl": -100}),
    ("Februar", "2026-02-13", 10, {"Anna": 100, "Bert": 400, "Dora": 200}),
    ("März", "2026-03-13", 20, {"Anna": 200, "Bert": -50, "Carlo": 600}),
]
# By hand, members Anna, Bert, Carl (Carlo is Carl):
#   sum:     Anna 500+100+200 = 800, Bert 300+400-50 = 650, Carl -100+600 = 500
#   best 2:  Anna 500+200 = 700 (100 struck), Bert 300+400 = 700 (shared first; -50
#            struck), Carl -100+600 = 500 (his only two)
#   average: Anna 800/40 = 20.00, Carl 500/30 = 16.67, Bert 650/40 = 16.25
BY_HAND = {
    "sum": [(1, "Anna", 800), (2, "Bert", 650), (3, "Carl", 500)],
    "best": [(1, "Anna", 700), (1, "Bert", 700), (3, "Carl", 500)],
    "average": [(1, "Anna", 20.0), (2, "Carl", 16.67), (3, "Bert", 16.25)],
}


# No handler of these routes queries the database on the event loop (loop_guard).
off_the_loop = guard(("web/pads.py", "web/seasons.py"))


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the module (each test makes its own seasons and evenings; a server
    started per test cost seconds each)."""
    db = tmp_path_factory.mktemp("seasons") / "web.sqlite3"
    with TestClient(create_app(migrated_sqlite(db), bot_delay=0.0,
                               work=WorkLimits(rate=1000, burst=1000))) as c:
        yield c


def club_evening(client: TestClient, title: str, date: str, deals: int,
                 points: dict[str, int], game: str = "binokel") -> str:
    """A club tournament of one round at one table with these players' totals."""
    r = client.post("/api/clubs", json={"title": title, "date": date, "game": game,
                                        "rounds": 1, "deals_per_round": deals})
    assert r.status_code == 201, r.text
    cid, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
    numbers = {}
    for name in points:
        r = client.post(f"/api/clubs/{cid}/players", json={"name": name}, headers=own)
        assert r.status_code == 200, r.text
        numbers[r.json()["result"]] = name
    r = client.post(f"/api/clubs/{cid}/rounds", json={}, headers=own)
    assert r.status_code == 200, r.text
    for i, table in enumerate(r.json()["result"]["tables"], 1):
        r = client.post(f"/api/clubs/{cid}/rounds/1/tables/{i}", headers=own,
                        json={"scores": [points[numbers[n]] for n in table]})
        assert r.status_code == 200, r.text
    return cid


def new_season(client: TestClient, **body: Any) -> tuple[str, dict[str, str]]:
    r = client.post("/api/seasons", json={"club": "Binokelfreunde Krone", "title": "2026",
                                          "game": "binokel", **body})
    assert r.status_code == 201, r.text
    return r.json()["id"], {"x-owner-token": r.json()["token"]}


def post(client: TestClient, sid: str, path: str, own: dict[str, str],
         **body: Any) -> dict[str, Any]:
    r = client.post(f"/api/seasons/{sid}{path}", json=body, headers=own)
    assert r.status_code == 200, r.text
    return r.json()["season"]  # type: ignore[no-any-return]


def refusal(r: Any, status: int = 422) -> str:
    assert r.status_code == status, r.text
    assert r.json()["message"]
    return str(r.json().get("reason", r.json()["error"]))


def pure_ranking(rule: str, **extra: Any) -> list[tuple[int | None, str, int | float]]:
    """The same season made by the pure layer from the same numbers."""
    evenings = [Evening(title, date, {("Carl" if n == "Carlo" else n): (p, deals)
                                      for n, p in pts.items()})
                for title, date, deals, pts in EVENINGS]
    s = Season("x", [Member(n, n) for n in ("Anna", "Bert", "Carl")], evenings, rule=rule,
               **extra)
    return [(ln.place, ln.name, ln.value) for ln in s.ranking()]


@pytest.fixture
def built(client: TestClient) -> tuple[str, dict[str, str], list[str]]:
    """A season with the members Anna, Bert, Carl and the three evenings attached (the
    third by its organiser's link, with its fragment), Carlo matched to Carl."""
    ids = [club_evening(client, *e) for e in EVENINGS]
    sid, own = new_season(client)
    for name in ("Anna", "Bert", "Carl"):
        post(client, sid, "/members", own, name=name)
    post(client, sid, "/evenings", own, club=ids[0])
    post(client, sid, "/evenings", own, club=f"http://x/club/{ids[2]}#owner=secret")
    view = post(client, sid, "/evenings", own, club=ids[1])
    assert [e["title"] for e in view["evenings"]] == ["Januar", "Februar", "März"]
    assert view["unmatched"] == [{"name": "Carlo", "evenings": 1},
                                 {"name": "Dora", "evenings": 1}]
    view = post(client, sid, "/spellings", own, spelling="Carlo", member="Carl")
    assert [u["name"] for u in view["unmatched"]] == ["Dora"]
    assert view["members"][2] == {"name": "Carl", "account": False, "spellings": ["Carlo"]}
    return sid, own, ids


@pytest.mark.parametrize("rule", ["sum", "best", "average"])
def test_a_season_of_three_evenings_ranks_as_by_hand_and_as_the_pure_layer(
        client: TestClient, built: tuple[str, dict[str, str], list[str]], rule: str) -> None:
    sid, own, _ = built
    extra = {"best": 2} if rule == "best" else {}
    view = post(client, sid, "/rule", own, rule=rule, min_evenings=1, guests=False, **extra)
    got = [(ln["place"], ln["name"], ln["value"]) for ln in view["ranking"]]
    assert got == BY_HAND[rule] == pure_ranking(rule, **extra)
    # every evening's points in date order, and whether it counted
    carl = next(ln for ln in view["ranking"] if ln["name"] == "Carl")
    assert carl["evenings"] == [-100, None, 600]
    assert carl["counted"] == [True, False, True]
    bert = next(ln for ln in view["ranking"] if ln["name"] == "Bert")
    assert bert["counted"] == ([True, True, False] if rule == "best" else [True, True, True])
    # the public link reads the same
    public = client.get(f"/api/seasons/{sid}").json()
    assert public["season"]["ranking"] == view["ranking"] and public["me"] is None


def test_guests_min_evenings_and_new_members(
        client: TestClient, built: tuple[str, dict[str, str], list[str]]) -> None:
    sid, own, _ = built
    view = post(client, sid, "/rule", own, rule="sum", min_evenings=3, guests=True)
    got = [(ln["place"], ln["name"], ln["guest"]) for ln in view["ranking"]]
    # Carl came to two evenings of three: listed without a place; Dora a ranked guest
    assert got == [(1, "Anna", False), (2, "Bert", False), (None, "Carl", False),
                   (None, "Dora", True)]
    view = post(client, sid, "/rule", own, rule="sum", min_evenings=1, guests=False)
    assert "Dora" not in [ln["name"] for ln in view["ranking"]]
    view = post(client, sid, "/members", own, name="Dora")        # offered: a new member
    assert (4, "Dora", 200) in [(ln["place"], ln["name"], ln["value"])
                                for ln in view["ranking"]]
    assert view["unmatched"] == []
    view = post(client, sid, "/members/remove", own, name="Carl")  # his spelling goes too
    assert [u["name"] for u in view["unmatched"]] == ["Carl", "Carlo"]
    view = post(client, sid, "/spellings", own, spelling="Carlo", member=None)
    view = post(client, sid, "/evenings/remove", own, club=view["evenings"][0]["id"])
    assert [e["title"] for e in view["evenings"]] == ["Februar", "März"]


def test_an_evening_is_read_again_when_it_goes_on(client: TestClient) -> None:
    r = client.post("/api/clubs", json={"title": "Herbst", "date": "2026-10-02",
                                        "game": "binokel", "rounds": 2, "deals_per_round": 5})
    cid, club_own = r.json()["id"], {"x-owner-token": r.json()["token"]}
    for name in ("Anna", "Bert", "Carl"):
        client.post(f"/api/clubs/{cid}/players", json={"name": name}, headers=club_own)
    sid, own = new_season(client)
    post(client, sid, "/members", own, name="Anna")
    view = post(client, sid, "/evenings", own, club=cid)   # nothing played yet
    assert view["evenings"][0]["players"] == 0
    client.post(f"/api/clubs/{cid}/rounds", json={}, headers=club_own)
    client.post(f"/api/clubs/{cid}/rounds/1/tables/1", json={"scores": [10, 20, 30]},
                headers=club_own)
    view = post(client, sid, "/evenings/update", own, club=cid)
    assert view["evenings"][0]["players"] == 3
    anna = view["ranking"][next(i for i, ln in enumerate(view["ranking"])
                                if ln["name"] == "Anna")]
    assert anna["deals"] == 5 and anna["points"] in (10, 20, 30)


def test_pdf_and_csv_of_the_season(client: TestClient,
                                   built: tuple[str, dict[str, str], list[str]]) -> None:
    sid, own, _ = built
    post(client, sid, "/rule", own, rule="best", best=2, min_evenings=1, guests=False)
    r = client.get(f"/api/seasons/{sid}/files/season.pdf")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(r.content)).pages)
    assert "Binokelfreunde Krone – 2026" in text
    assert "die besten 2 Abende" in text and "(-50)" in text
    for name in ("Anna", "Bert", "Carl"):
        assert name in text
    assert "Carlo" not in text and "Dora" not in text
    en = client.get(f"/api/seasons/{sid}/files/season.pdf?lang=en")
    assert "the best 2 evenings" in "\n".join(
        p.extract_text() for p in PdfReader(io.BytesIO(en.content)).pages)
    r = client.get(f"/api/seasons/{sid}/files/season.csv?lang=en")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0][:3] == ["Place", "key", "Name"]
    body = {row[2]: row for row in rows[1:]}
    assert set(body) == {"Anna", "Bert", "Carl"}
    # the key is the member's name: no account id leaves the server
    assert body["Carl"][:7] == ["3", "Carl", "Carl", "0", "-100", "", "600"]
    assert body["Carl"][7:10] == ["1", "0", "1"] and body["Carl"][-1] == "500"
    assert body["Bert"][7:10] == ["1", "1", "0"] and body["Bert"][-1] == "700"
    assert client.get(f"/api/seasons/{sid}/files/x.exe").status_code == 404


def register(client: TestClient, name: str) -> dict[str, str]:
    r = client.post("/api/account/register", json={"name": name, "password": "geheim123"})
    assert r.status_code == 201, r.text
    return {"x-csrf-token": r.json()["csrf"]}


def test_a_member_with_an_account_sees_his_line_and_his_seasons(
        client: TestClient, built: tuple[str, dict[str, str], list[str]]) -> None:
    sid, own, _ = built
    organiser = client                       # no login
    bert = TestClient(client.app)            # another browser, logged in below
    # Bert is a member by name so far; his account is added and named as the evenings do
    r = organiser.post(f"/api/seasons/{sid}/members", json={"account": "Bertram"},
                       headers=own)
    assert refusal(r) == "season_no_account"
    register(bert, "Bertram")
    view = post(organiser, sid, "/members/remove", own, name="Bert")
    view = post(organiser, sid, "/members", own, account="Bertram")
    assert {"name": "Bertram", "account": True, "spellings": []} in view["members"]
    view = post(organiser, sid, "/spellings", own, spelling="Bert", member="Bertram")
    # the public view and files never carry the account's id
    me = bert.get("/api/account").json()["account"]["id"]
    assert me not in bert.get(f"/api/seasons/{sid}").text
    assert me not in bert.get(f"/api/seasons/{sid}/files/season.csv").text
    # logged in, the season says which line is his; a stranger's does not
    assert bert.get(f"/api/seasons/{sid}").json()["me"] == "Bertram"
    assert organiser.get(f"/api/seasons/{sid}").json()["me"] is None
    mine = bert.get("/api/account/seasons")
    assert mine.status_code == 200
    assert mine.json()["seasons"] == [{"id": sid, "club": "Binokelfreunde Krone",
                                       "title": "2026", "rule": "sum", "best": None,
                                       "place": 2, "value": 650, "evenings": 3}]
    assert organiser.get("/api/account/seasons").status_code == 401
    # a logged-in browser's change needs its session's CSRF token, as every change does
    r = bert.post(f"/api/seasons/{sid}/members", json={"name": "Eva"}, headers=own)
    assert r.status_code == 403 and r.json()["error"] == "csrf"
    # his export names the season and his name in it
    exported = bert.get("/api/account/export").json()
    assert exported["seasons"] == [{"season": sid, "club": "Binokelfreunde Krone",
                                    "title": "2026", "name": "Bertram"}]
    # no longer a member: no longer his season
    post(organiser, sid, "/members/remove", own, name="Bertram")
    assert bert.get("/api/account/seasons").json()["seasons"] == []


def test_a_deleted_account_stays_in_the_ranking_as_a_member_without_account(
        client: TestClient, built: tuple[str, dict[str, str], list[str]]) -> None:
    sid, own, _ = built
    bert = TestClient(client.app)
    csrf = register(bert, "Bertl")
    post(client, sid, "/members/remove", own, name="Bert")
    post(client, sid, "/members", own, account="Bertl")
    post(client, sid, "/spellings", own, spelling="Bert", member="Bertl")
    before = client.get(f"/api/seasons/{sid}").json()["season"]
    r = bert.post("/api/account/delete", json={"password": "geheim123"}, headers=csrf)
    assert r.status_code == 200, r.text
    after = client.get(f"/api/seasons/{sid}").json()["season"]
    assert {"name": "Bertl", "account": False, "spellings": ["Bert"]} in after["members"]
    assert after["ranking"] == before["ranking"]
    # nobody is logged in as that member any more
    assert bert.get(f"/api/seasons/{sid}").json()["me"] is None


def test_the_organisers_link_is_needed_for_every_change(
        client: TestClient, built: tuple[str, dict[str, str], list[str]]) -> None:
    sid, _, ids = built
    for path, body in [("/members", {"name": "Eva"}), ("/members", {"account": "x"}),
                       ("/members/remove", {"name": "Anna"}),
                       ("/spellings", {"spelling": "Dora", "member": "Anna"}),
                       ("/evenings", {"club": ids[0]}), ("/evenings/remove", {"club": ids[0]}),
                       ("/evenings/update", {"club": ids[0]}),
                       ("/rule", {"rule": "sum", "min_evenings": 1, "guests": False})]:
        for headers in ({}, {"x-owner-token": "wrong"}):
            r = client.post(f"/api/seasons/{sid}{path}", json=body, headers=headers)
            assert r.status_code == 403, (path, r.text)
    assert client.get("/api/seasons/nope").status_code == 404


@pytest.mark.parametrize(("body", "reason"), [
    ({"rule": "median"}, "season_rule"),
    ({"rule": "best"}, "season_best"),
    ({"rule": "best", "best": 0}, "season_best"),
    ({"rule": "best", "best": "10"}, "season_best"),
    ({"rule": "best", "best": 101}, "season_best"),
    ({"rule": "sum", "min_evenings": 0}, "season_min"),
    ({"rule": "sum", "min_evenings": True}, "season_min"),
    ({"rule": "sum", "guests": "yes"}, "season_guests"),
    ({"game": "skat"}, "season_game"),
    ({"club": ""}, "nickname_length"),
    ({"club": "x" * 101}, "nickname_length"),
    ({"title": "x" * 91}, "nickname_length"),
])
def test_a_bad_season_is_refused_with_its_reason(client: TestClient, body: dict[str, Any],
                                                 reason: str) -> None:
    r = client.post("/api/seasons", json={"club": "Krone", "game": "binokel", **body})
    assert refusal(r) == reason
    assert r.json()["field"] in ("rule", "best", "min_evenings", "guests", "game", "club",
                                 "title")


def test_bad_members_and_evenings_are_refused_clearly(
        client: TestClient, built: tuple[str, dict[str, str], list[str]]) -> None:
    sid, own, ids = built

    def attempt(path: str, **body: Any) -> str:
        return refusal(client.post(f"/api/seasons/{sid}{path}", json=body, headers=own),
                       404 if body.get("club") in ("nope", ids[0] + "x") else 422)
    assert attempt("/evenings", club=ids[0]) == "season_evening_twice"
    assert attempt("/evenings", club="nope") == "season_no_evening"
    assert attempt("/evenings", club=ids[0] + "x") == "season_no_evening"
    doko = club_evening(client, "Doko", "2026-04-10", 8,
                        {"Anna": 10, "Bert": 20, "Carl": 30, "Dora": -60}, game="doppelkopf")
    assert attempt("/evenings", club=doko) == "season_evening_game"
    assert attempt("/evenings", club=123) == "season_no_evening"
    assert attempt("/members", name="Anna") == "season_member_twice"
    assert attempt("/members", name="x" * 61) == "nickname_length"
    assert attempt("/members", name="Carlo") == "season_member_spelling"
    assert attempt("/members/remove", name="Zora") == "season_no_member"
    assert attempt("/spellings", spelling="Dora", member="Zora") == "season_no_member"
    assert attempt("/spellings", spelling="Anna", member="Bert") == "season_spelling_member"
    # Dora played with Anna in February: she cannot be Anna's other spelling
    assert attempt("/spellings", spelling="Dora", member="Anna") == "season_spelling_twice"
    r = client.post(f"/api/seasons/{sid}/spellings", json={"spelling": 5}, headers=own)
    assert refusal(r, 400) == "bad_request"
    # nothing of it changed the season
    view = client.get(f"/api/seasons/{sid}").json()["season"]
    assert [m["name"] for m in view["members"]] == ["Anna", "Bert", "Carl"]
    assert len(view["evenings"]) == 3


def test_the_limits_of_members_spellings_and_evenings(monkeypatch: pytest.MonkeyPatch) -> None:
    # Checked by the model (it runs in a worker process): the web's limits lowered here.
    from binokel.tournament.club import Tournament
    monkeypatch.setattr(seasons_module, "MAX_MEMBERS", 2)
    monkeypatch.setattr(seasons_module, "MAX_SPELLINGS", 1)
    monkeypatch.setattr(seasons_module, "MAX_EVENINGS", 1)
    s = ClubSeason("Krone", "2026", "binokel")
    s.add_member("Anna", None)
    s.add_member("Bert", None)
    with pytest.raises(ValueError, match="at most 2 members") as e:
        s.add_member("Carl", None)
    assert getattr(e.value, "reason", None) == "season_members_full"
    s.spell("Annie", "Anna")
    with pytest.raises(ValueError, match="at most 1 spellings"):
        s.spell("Berti", "Bert")
    t = Tournament.new("Jan", "2026-01-09", "", "binokel", rounds=1, deals_per_round=10)
    s.add_evening("a", t)
    with pytest.raises(ValueError, match="at most 1 evenings"):
        s.add_evening("b", t)
    # and the stored document reads back as it was
    assert ClubSeason.from_json(s.to_json()) == s


def test_a_stored_season_is_checked_again() -> None:
    good = ClubSeason("Krone", "2026", "binokel").to_json()
    for bad in [{**good, "version": 2}, {**good, "rule": "x"},
                {**good, "members": [{"name": "A", "account": 5}]},
                {**good, "spellings": {"A": 1}}, {**good, "evenings": [{"id": 1}]},
                {**good, "club": "x" * 500}]:
        with pytest.raises(ValueError):
            ClubSeason.from_json(bad)


def test_the_season_page_is_served(client: TestClient) -> None:
    for path in ("/season", "/season/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "docpage.js" in r.text
    assert client.get("/static/season.js").status_code == 200


def test_the_migration_makes_the_season_models(tmp_path: Path) -> None:
    """Migration 0013 builds exactly the tables and columns the models describe."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from binokel.web.store import Base
    from binokel.web.store import Store

    store = Store(f"sqlite:///{tmp_path / 'web.sqlite3'}")
    try:
        with store.engine.connect() as conn:
            diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    finally:
        store.close()
    assert {"seasons", "season_members"} <= set(Base.metadata.tables)
    assert [d for d in diffs if "season" in str(d)] == []


@pytest.mark.parametrize("path", ["", "/rule", "/members", "/members/remove", "/spellings",
                                  "/evenings", "/evenings/update", "/evenings/remove"])
def test_every_season_change_must_be_json_from_this_site(client: TestClient,
                                                         path: str) -> None:
    sid, own = new_season(client)
    url = "/api/seasons" if path == "" else f"/api/seasons/{sid}{path}"
    for kind in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {**own, **({} if kind is None else {"content-type": kind})}
        r = client.post(url, content=b'{"name": "Eve"}', headers=headers)
        assert r.status_code == 415 and r.json()["error"] == "bad_content_type", (kind, r.text)
    r = client.post(url, json={"name": "Eve"}, headers={**own, "origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "cross_origin"


@pytest.mark.parametrize("name", ["Bot 1", "B0t 1", "Anna\u202e", "heuristic", None, 7])
def test_member_names_are_checked_as_club_players_names(client: TestClient,
                                                        name: Any) -> None:
    sid, own = new_season(client)
    r = client.post(f"/api/seasons/{sid}/members", json={"name": name}, headers=own)
    assert r.status_code == 422 and r.json()["reason"].startswith("nickname_"), r.text
    assert r.json()["field"] == "name"


def test_random_documents_are_read_or_refused_clearly() -> None:
    """Whatever a stored season holds, reading it is a season or a clear refusal."""
    from hypothesis import given
    from hypothesis import settings
    from hypothesis import strategies as st

    from binokel.web.guard import WebError

    good = ClubSeason("Krone", "2026", "binokel",
                      members=[seasons_module.SeasonMember("Anna")],
                      evenings=[seasons_module.ClubEvening("c1", "Jan", "2026-01-09",
                                                           {"Anna": (5, 3), "Gabi": (1, 3)})]
                      ).to_json()
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=70),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                    inner, max_size=4),
        max_leaves=12)

    @settings(max_examples=150, deadline=None)
    @given(key=st.sampled_from(sorted(good)), value=json_values)
    def check(key: str, value: Any) -> None:
        try:
            s = ClubSeason.from_json({**good, key: value})
        except (ValueError, WebError):
            return
        assert ClubSeason.from_json(s.to_json()) == s
        seasons_module.season_view(s)

    check()


@pytest.mark.db
def test_a_season_on_postgres(pg_url: str) -> None:  # noqa: F811
    """Migration 0013 on PostgreSQL makes the models; a season with an account member, its
    evenings and "my seasons" work there as on SQLite."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from binokel.web.store import Base
    from binokel.web.store import Store

    with TestClient(create_app(pg_url, bot_delay=0.0,
                               work=WorkLimits(rate=1000, burst=1000))) as c:
        ids = [club_evening(c, *e) for e in EVENINGS]
        sid, own = new_season(c, rule="average")
        anna = TestClient(c.app)
        register(anna, "Anna")
        post(c, sid, "/members", own, account="Anna")
        for name in ("Bert", "Carl"):
            post(c, sid, "/members", own, name=name)
        for cid in ids:
            post(c, sid, "/evenings", own, club=cid)
        view = post(c, sid, "/spellings", own, spelling="Carlo", member="Carl")
        assert [(ln["place"], ln["name"], ln["value"]) for ln in view["ranking"]] == \
            BY_HAND["average"]
        assert anna.get("/api/account/seasons").json()["seasons"][0]["place"] == 1
        assert anna.get(f"/api/seasons/{sid}").json()["me"] == "Anna"
    store = Store(pg_url)
    try:
        with store.engine.connect() as conn:
            diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    finally:
        store.close()
    assert [d for d in diffs if "season" in str(d)] == []
