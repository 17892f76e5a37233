"""Score pads and club tournaments over the real HTTP API (Starlette TestClient): every
endpoint, the owner's token required for changes, bad input a clear 4xx."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.web import pads as pads_module
from binokel.web.app import create_app
from loop_guard import guard
from web_helpers import migrated_sqlite

STATIC = Path(pads_module.__file__).parent / "static"
# A short deal: Bert goes out at the lowest bid (all passing cannot be: Vorhand must open).
SHORT = {"dealer": 0, "declarer": 1, "bid": 150, "contract": "abgehen"}


# No handler of these routes queries the database on the event loop (loop_guard).
off_the_loop = guard(("web/pads.py",))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(migrated_sqlite(tmp_path / 'web.sqlite3'),
                               bot_delay=0.0)) as c:
        yield c


def new_pad(client: TestClient, **extra: Any) -> tuple[str, str]:
    r = client.post("/api/pads", json={"game": "binokel",
                                       "players": ["Anna", "Bert", "Carl"], **extra})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["token"]


def test_every_page_that_docpage_js_knows_is_the_docs_page(client: TestClient) -> None:
    """The pad, club, duplicate, season, account, ratings, player and friends pages are the
    one docs page (web/pages.py's ``doc_page``), whose docpage.js loads the script the first
    part of the address names: every name it knows has its page."""
    script = (STATIC / "docpage.js").read_text(encoding="utf-8")
    table = re.search(r"const pages = \{(.*?)\};", script, re.S)
    assert table is not None
    names = re.findall(r"(\w+): \"\w+\.js\"", table.group(1))
    assert len(names) >= 8
    docs = client.get("/pad").text
    assert 'src="/static/docpage.js"' in docs
    for name in names:
        r = client.get(f"/{name}/x" if name in ("leaderboard", "players") else f"/{name}")
        assert r.status_code == 200 and r.text == docs, name
    for path in ("/pad/x", "/club/x", "/duplicate/x", "/season/x"):
        assert client.get(path).text == docs, path


def test_a_pad_is_entered_corrected_and_shared(client: TestClient) -> None:
    pid, token = new_pad(client)
    own = {"x-owner-token": token}
    r = client.post(f"/api/pads/{pid}/deals", json={"deal": SHORT}, headers=own)
    assert r.status_code == 200, r.text
    assert r.json()["version"] == 2
    assert len(r.json()["pad"]["sheet"]) == 1
    assert r.json()["pad"]["next_dealer"] == 1
    # The share link sees the same sheet; polling with the current version: nothing new.
    shared = client.get(f"/api/pads/{pid}")
    assert shared.json()["pad"] == r.json()["pad"]
    assert client.get(f"/api/pads/{pid}?since=2").status_code == 304
    # A correction replaces the deal (here: another dealer), the sheet follows.
    r = client.put(f"/api/pads/{pid}/deals/1", json={"deal": {**SHORT, "dealer": 2}},
                   headers=own)
    assert r.status_code == 200, r.text
    assert r.json()["pad"]["next_dealer"] == 0
    r = client.request("DELETE", f"/api/pads/{pid}/deals/last", json={}, headers=own)
    assert r.status_code == 200 and r.json()["pad"]["sheet"] == []
    csv = client.get(f"/api/pads/{pid}/sheet.csv")
    assert csv.status_code == 200 and "Anna" in csv.text
    pdf = client.get(f"/api/pads/{pid}/sheet.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_pad_changes_need_the_owner_token(client: TestClient) -> None:
    pid, _ = new_pad(client)
    for headers in ({}, {"x-owner-token": "wrong"}):
        r = client.post(f"/api/pads/{pid}/deals", json={"deal": SHORT}, headers=headers)
        assert r.status_code == 403 and r.json()["error"] == "forbidden"
    assert client.get(f"/api/pads/{pid}").json()["pad"]["sheet"] == []


@pytest.mark.parametrize(("body", "status"), [
    ({"game": "skat", "players": ["a", "b", "c"]}, 422),
    ({"game": "binokel", "players": ["a", "a", "b"]}, 422),
    ({"game": "binokel", "players": "abc"}, 400),
    ({"game": "binokel", "players": ["a"] * 9}, 400),
    ({"game": "binokel"}, 400),
    ({"game": "binokel", "players": ["a", "b", "c"], "options": []}, 400),
    ({"game": "binokel", "players": ["a", "b", "c"], "first_dealer": "x"}, 400),
])
def test_bad_pads_are_refused_clearly(client: TestClient, body: Any, status: int) -> None:
    r = client.post("/api/pads", json=body)
    assert r.status_code == status, r.text
    assert r.json()["message"]


def test_bad_deals_are_refused_with_the_field(client: TestClient) -> None:
    pid, token = new_pad(client)
    own = {"x-owner-token": token}
    r = client.post(f"/api/pads/{pid}/deals", json={"deal": {"dealer": 0, "declarer": 0,
                    "bid": 300, "melds": [0, 0, 0], "points": [1, 2]}}, headers=own)
    assert r.status_code == 422, r.text
    assert r.json()["message"]
    for path, body in ((f"/api/pads/{pid}/deals", {"deal": "x"}),
                       (f"/api/pads/{pid}/deals", {}),
                       (f"/api/pads/{pid}/deals/5", {"deal": SHORT})):
        method = client.put if path.endswith("/5") else client.post
        r = method(path, json=body, headers=own)
        assert 400 <= r.status_code < 500, (path, r.text)
    r = client.request("DELETE", f"/api/pads/{pid}/deals/last", json={}, headers=own)
    assert r.status_code == 422 and "no deal" in r.json()["message"]
    assert client.get("/api/pads/nope").status_code == 404
    assert client.get(f"/api/pads/{pid}/sheet.exe").status_code == 404
    as_json = {**own, "content-type": "application/json"}
    r = client.post(f"/api/pads/{pid}/deals", content=b"[1", headers=as_json)
    assert 400 <= r.status_code < 500
    r = client.post(f"/api/pads/{pid}/deals", content=b" " * (pads_module.MAX_BODY + 10),
                    headers=as_json)
    assert r.status_code == 413


def test_pads_per_client_are_limited(client: TestClient,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pads_module, "MAX_DOCS_PER_CLIENT", 2)
    new_pad(client)
    new_pad(client)
    r = client.post("/api/pads", json={"game": "binokel", "players": ["a", "b", "c"]})
    assert r.status_code == 429


def test_a_club_tournament_runs_through_the_api(client: TestClient) -> None:
    r = client.post("/api/clubs", json={"title": "Vereinsmeisterschaft", "date": "2026-11-21",
                                        "place": "Krone", "game": "binokel", "rounds": 2,
                                        "deals_per_round": 3, "note": "geheim"})
    assert r.status_code == 201, r.text
    cid, token = r.json()["id"], r.json()["token"]
    own = {"x-owner-token": token}
    for name in ("Anna", "Bert", "Carl", "Dora", "Emil", "Fritz"):
        r = client.post(f"/api/clubs/{cid}/players", json={"name": name}, headers=own)
        assert r.status_code == 200, r.text
    assert r.json()["result"] == 6
    r = client.post(f"/api/clubs/{cid}/players", json={"name": "Anna"}, headers=own)
    assert r.status_code == 422 and "registered already" in r.json()["message"]
    r = client.post(f"/api/clubs/{cid}/rounds", json={}, headers=own)
    assert r.status_code == 200, r.text
    tables = r.json()["result"]["tables"]
    assert sorted(n for t in tables for n in t) == [1, 2, 3, 4, 5, 6]
    # Without all results the next round cannot start.
    r = client.post(f"/api/clubs/{cid}/rounds", json={}, headers=own)
    assert r.status_code == 422
    for i, t in enumerate(tables, 1):
        r = client.post(f"/api/clubs/{cid}/rounds/1/tables/{i}",
                        json={"scores": [100 * k for k in range(len(t))]}, headers=own)
        assert r.status_code == 200, r.text
    public = client.get(f"/api/clubs/{cid}").json()["tournament"]
    assert "note" not in public and "seed" not in public
    assert public["current_round"] == 1 and len(public["ranking"]) == 6
    assert len(public["round_rankings"]) == 1
    assert client.get(f"/api/clubs/{cid}/files/ranking.pdf").content.startswith(b"%PDF")
    assert "Anna" in client.get(f"/api/clubs/{cid}/files/ranking.csv").text
    assert client.get(f"/api/clubs/{cid}/files/scores.csv").status_code == 200
    assert client.get(f"/api/clubs/{cid}/files/x.exe").status_code == 404
    r = client.post(f"/api/clubs/{cid}/withdraw", json={"number": 6}, headers=own)
    assert r.status_code == 200, r.text
    # Five players do not fill tables of 3 or 4: said clearly, then filled with a bot.
    r = client.post(f"/api/clubs/{cid}/rounds", json={}, headers=own)
    assert r.status_code == 422 and "fill_with_bots" in r.json()["message"]
    r = client.post(f"/api/clubs/{cid}/rounds", json={"fill_with_bots": True}, headers=own)
    assert r.status_code == 200, r.text
    assert None in [n for t in r.json()["result"]["tables"] for n in t]
    assert 6 not in [n for t in r.json()["result"]["tables"] for n in t]


def test_club_organiser_actions_need_the_secret(client: TestClient) -> None:
    r = client.post("/api/clubs", json={"title": "T", "date": "2026-11-21", "place": "P",
                                        "game": "binokel", "rounds": 1,
                                        "deals_per_round": 1})
    cid = r.json()["id"]
    for path, body in (("players", {"name": "X"}), ("withdraw", {"number": 1}),
                       ("rounds", {}), ("rounds/1/tables/1", {"scores": [1, 2, 3]})):
        r = client.post(f"/api/clubs/{cid}/{path}", json=body)
        assert r.status_code == 403, (path, r.text)


@pytest.mark.parametrize("body", [
    {"title": "T", "date": "21.11.2026", "place": "P", "game": "binokel"},
    {"title": "T", "date": "2026-11-21", "place": "P", "game": "skat"},
    {"title": "T", "date": "2026-11-21", "place": "P", "game": "binokel", "rounds": 99},
    {"title": "T", "date": "2026-11-21", "place": "P", "game": "binokel",
     "tie_rule": "dice"},
    {"date": "2026-11-21", "game": "binokel"},
])
def test_bad_tournaments_are_refused_clearly(client: TestClient, body: Any) -> None:
    r = client.post("/api/clubs", json=body)
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["message"]


def test_the_pad_page_and_its_words_are_served(client: TestClient) -> None:
    for path in ("/pad", "/pad/abc", "/club", "/club/abc"):
        r = client.get(path)
        assert r.status_code == 200 and 'src="/static/docpage.js"' in r.text
        assert "script-src 'self'" in r.headers["content-security-policy"]
    words = client.get("/api/page-texts").json()
    assert words["de"]["pad_title"] == "Schreibblock"
    assert set(words["de"]) == set(words["en"])


def test_a_pad_view_says_what_its_form_asks(client: TestClient) -> None:
    """The pad page's form is the game's: the view names the game and what to ask, under
    the pad's preset and options (here DDV rules: Pflichtsolo, no Armut)."""
    r = client.post("/api/pads", json={"game": "doppelkopf", "preset": "ddv",
                                       "options": {"koenigssolo": True},
                                       "players": ["Anna", "Bert", "Carl", "Dora", "Emil"]})
    assert r.status_code == 201, r.text
    view = r.json()["pad"]
    assert view["title"] == {"de": "Doppelkopf", "en": "Doppelkopf"}
    assert view["rules"] == {"preset": "ddv", "options": {"koenigssolo": True}}
    form = view["form"]
    fields = {f["name"]: f for f in form["fields"]}
    contracts = [c["value"] for c in fields["contract"]["choices"]]
    assert "solo koenige" in contracts and "armut" not in contracts
    assert form["in_play"][0] == [1, 2, 3, 4]     # five at the table: the dealer sits out
    assert [s["name"] for s in form["status"]] == ["pflicht"]
    assert "Anna, Bert, Carl, Dora, Emil" in form["status"][0]["text"]["de"]
    own = {"x-owner-token": r.json()["token"]}
    deal = {"dealer": 0, "contract": "solo koenige", "re": [3], "re_augen": 130,
            "re_tricks": 7, "announced": [0, -1], "pflicht": True}
    r = client.post(f"/api/pads/{r.json()['id']}/deals", json={"deal": deal}, headers=own)
    assert r.status_code == 200, r.text
    pad = r.json()["pad"]
    assert pad["sheet"][0]["contract"] == "solo koenige" and pad["sheet"][0]["declarer"] == 3
    assert pad["next_dealer"] == 0     # a Pflichtsolo: the same dealer again
    assert sum(pad["totals"]) == 0 and pad["totals"][0] == 0
    assert pad["deals"][0]["pflicht"]
    assert "Anna, Bert, Carl, Emil" in pad["form"]["status"][0]["text"]["de"]
    assert pad["sheet"][0]["what"]["de"] == "Königssolo: Dora gewonnen · Pflichtsolo"


def test_what_the_rules_forbid_is_a_422_with_its_field(client: TestClient) -> None:
    """The form only offers what the rules allow; the API refuses the rest, naming the
    field, and the Bockrunden show on the sheet."""
    r = client.post("/api/pads", json={"game": "doppelkopf", "players": ["A", "B", "C", "D"],
                                       "options": {"bock_after": "tie"}})
    pid, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
    base = {"dealer": 0, "re": [0, 1], "re_augen": 120, "re_tricks": 6}
    for deal, field in (({**base, "contract": "solo koenige", "re": [1]}, "contract"),
                        ({**base, "contract": "armut"}, "contract"),
                        ({**base, "specials": [["Karlchen gefangen", "re"]]}, "specials"),
                        ({**base, "genscher": [0, 1]}, "genscher"),
                        ({**base, "pflicht": True}, "pflicht"),
                        ({**base, "bid": 300}, "bid"),
                        ({**base, "re_augen": 300}, "re_augen")):
        r = client.post(f"/api/pads/{pid}/deals", json={"deal": deal}, headers=own)
        assert r.status_code == 422, (deal, r.text)
        assert r.json()["field"] == field and r.json()["message"].startswith(field), r.text
    r = client.post(f"/api/pads/{pid}/deals", json={"deal": base}, headers=own)
    assert r.status_code == 200
    assert r.json()["pad"]["form"]["status"] == [
        {"name": "bock", "text": {"de": "Bockspiel: zählt 2-fach.",
                                  "en": "Bock deal: counts 2 times."}}]
    r = client.post(f"/api/pads/{pid}/deals", json={"deal": {**base, "re_augen": 151,
                                                             "re_tricks": 7}}, headers=own)
    assert [ln["what"]["en"] for ln in r.json()["pad"]["sheet"]] == [
        "Normal game", "Normal game · Bock\u00a0×2"]
    assert r.json()["pad"]["sheet"][1]["scores"] == [4, 4, -4, -4]
    # Binokel: all passing where Vorhand must open, a bid above the table's highest.
    pid, token = new_pad(client, options={"max_bid": 400})
    for deal, field in (({"dealer": 0, "contract": "thrown_in"}, "contract"),
                        ({**SHORT, "bid": 410}, "bid")):
        r = client.post(f"/api/pads/{pid}/deals", json={"deal": deal},
                        headers={"x-owner-token": token})
        assert r.status_code == 422 and r.json()["field"] == field, r.text


def new_club(client: TestClient, players: int = 6, **extra: Any) -> tuple[str, dict[str, str]]:
    body = {"title": "Herbstturnier", "date": "2026-11-21", "place": "Krone",
            "game": "binokel", "rounds": 2, "deals_per_round": 2, **extra}
    r = client.post("/api/clubs", json=body)
    assert r.status_code == 201, r.text
    cid, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
    for i in range(players):
        r = client.post(f"/api/clubs/{cid}/players", json={"name": f"Spieler {i + 1}"},
                        headers=own)
        assert r.status_code == 200, r.text
    return cid, own


def test_a_club_is_created_with_its_rules_and_table_sizes(client: TestClient) -> None:
    cid, own = new_club(client, 7, preset="aks", options={"meld_needs_trick": False},
                        table_sizes=[3, 4], preferred_size=4)
    t = client.get(f"/api/clubs/{cid}").json()["tournament"]
    assert t["rules"] == {"preset": "aks", "options": {"meld_needs_trick": False}}
    assert t["table_sizes"] == [3, 4] and t["preferred_size"] == 4
    r = client.post(f"/api/clubs/{cid}/rounds", json={}, headers=own)
    assert sorted(len(x) for x in r.json()["result"]["tables"]) == [3, 4]
    for bad in ({"preferred_size": 5, "table_sizes": [3, 4]}, {"preferred_size": "4"},
                {"table_sizes": [2]}, {"options": {"nope": 1}}):
        r = client.post("/api/clubs", json={"title": "T", "date": "2026-11-21",
                                            "place": "P", "game": "binokel", **bad})
        assert 400 <= r.status_code < 500 and r.json()["message"], (bad, r.text)


GOOD_DEAL = {"dealer": 0, "declarer": 1, "bid": 300, "contract": "normal",
             "melds": [40, 200, 0], "points": [60, 150, 40]}


def test_a_tables_pad_is_made_linked_and_its_totals_taken(client: TestClient) -> None:
    cid, own = new_club(client, preset="aks", table_sizes=[3])
    tables = client.post(f"/api/clubs/{cid}/rounds", json={}, headers=own).json()[
        "result"]["tables"]
    link = f"/api/clubs/{cid}/rounds/1/tables/1/pad"
    # Only the organiser makes or sees a table's pad link.
    assert client.post(link, json={}).status_code == 403
    assert client.get(link).status_code == 403
    assert client.post(link, json={}, headers={"x-owner-token": "wrong"}).status_code == 403
    r = client.post(link, json={}, headers=own)
    assert r.status_code == 200, r.text
    made = r.json()["result"]
    pid, ptoken = made["pad"], made["token"]
    assert ptoken and ptoken != own["x-owner-token"]
    assert r.json()["tournament"]["played"][0]["pads"] == [{"table": 1, "pad": pid}]
    # The pad: the tournament's game and rules, the table's players in seat order.
    pad = client.get(f"/api/pads/{pid}").json()["pad"]
    names = {p["number"]: p["name"] for p in r.json()["tournament"]["players"]}
    assert pad["players"] == [names[n] for n in tables[0]]
    assert pad["game"] == "binokel" and pad["rules"] == {"preset": "aks", "options": {}}
    # Asked again (a reload, another device): the same pad and owner link, nothing new.
    assert client.post(link, json={}, headers=own).json()["result"] == made
    assert client.get(link, headers=own).json() == made
    # The table enters with the pad's own link; the organiser's secret does not open it.
    r = client.post(f"/api/pads/{pid}/deals", json={"deal": GOOD_DEAL}, headers=own)
    assert r.status_code == 403
    r = client.post(f"/api/pads/{pid}/deals", json={"deal": GOOD_DEAL},
                    headers={"x-owner-token": ptoken})
    assert r.status_code == 200, r.text
    totals = r.json()["pad"]["totals"]
    # The round's totals come from the pad (the route the page's "take over" uses).
    result = f"/api/clubs/{cid}/rounds/1/tables/1"
    assert client.post(result, json={"pad": pid}).status_code == 403
    r = client.post(result, json={"pad": pid}, headers=own)
    assert r.status_code == 200, r.text
    got = r.json()["tournament"]["played"][0]["results"]
    assert got[0]["table"] == 1 and got[0]["scores"] == totals
    assert got[0]["pad"]["deals"] == [GOOD_DEAL]
    ranking = {ln["name"]: ln["total"] for ln in r.json()["tournament"]["ranking"]}
    assert [ranking[names[n]] for n in tables[0]] == totals
    # More deals than the round has: refused, the result stays.
    ptab = {"x-owner-token": ptoken}
    for dealer in (1, 2):
        client.post(f"/api/pads/{pid}/deals", json={"deal": {**SHORT, "dealer": dealer}},
                    headers=ptab)
    r = client.post(result, json={"pad": pid}, headers=own)
    assert r.status_code == 422 and "3 deals" in r.json()["message"]
    assert client.post(result, json={"pad": "nope"}, headers=own).status_code == 404
    assert client.post(result, json={"pad": 7}, headers=own).status_code == 400


def test_an_existing_pad_is_linked_by_its_link_if_it_fits(client: TestClient) -> None:
    cid, own = new_club(client, preset="aks", table_sizes=[3])
    client.post(f"/api/clubs/{cid}/rounds", json={}, headers=own)
    link = f"/api/clubs/{cid}/rounds/1/tables/2/pad"
    pid, _ = new_pad(client, preset="aks")
    r = client.post(link, json={"pad": f"http://127.0.0.1/pad/{pid}#owner=x"}, headers=own)
    assert r.status_code == 200, r.text
    assert r.json()["result"] == {"pad": pid, "token": None}   # the table holds its link
    other, _ = new_pad(client)   # standard rules, not the tournament's
    r = client.post(link, json={"pad": other}, headers=own)
    assert r.status_code == 422 and "rules" in r.json()["message"]
    assert client.post(link, json={"pad": "gone"}, headers=own).status_code == 404
    assert client.post(link, json={"pad": ["x"]}, headers=own).status_code == 400
    for bad in ("rounds/2/tables/1/pad", "rounds/1/tables/9/pad"):
        r = client.post(f"/api/clubs/{cid}/{bad}", json={}, headers=own)
        assert r.status_code == 422, (bad, r.text)
    assert client.post("/api/clubs/nope/rounds/1/tables/1/pad", json={},
                       headers=own).status_code == 404


def test_run_slips_and_table_cards_are_served_as_pdf(client: TestClient) -> None:
    import io

    from pypdf import PdfReader

    def text(r: Any) -> str:
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == "application/pdf"
        return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(r.content)).pages)

    cid, own = new_club(client, table_sizes=[3])
    files = f"/api/clubs/{cid}/files"
    slips = text(client.get(f"{files}/slips.pdf"))
    assert "Laufzettel: Spieler 1" in slips and "Startnummer 6" in slips
    assert "Run slip: Spieler 2" in text(client.get(f"{files}/slips.pdf?lang=en"))
    r = client.get(f"{files}/cards.pdf")
    assert r.status_code == 404 and "no round" in r.json()["message"]
    tables = client.post(f"/api/clubs/{cid}/rounds", json={}, headers=own).json()[
        "result"]["tables"]
    cards = text(client.get(f"{files}/cards.pdf"))
    assert "Runde 1" in cards and "Tisch 2" in cards
    first = tables[0][0]
    assert f"Platz 1:  {first}  Spieler {first}" in cards
    assert "Table 1" in text(client.get(f"{files}/cards.pdf?round=1&lang=en"))
    # The run slips now name each player's table and seat in round 1.
    slips = text(client.get(f"{files}/slips.pdf"))
    assert "1 1 1" in slips.split(f"Laufzettel: Spieler {first}")[1]
    assert client.get(f"{files}/cards.pdf?round=2").status_code == 404
    assert client.get(f"{files}/cards.pdf?round=x").status_code == 400


# An English sentence inside a German error reads like a broken page: these words give one
# away (German has none of them as a word of its own).
ENGLISH = re.compile(r"\b(the|is|are|not|of|and|for|expected|only|must|needed|seat|one|"
                     r"says?|no|trick|points|bids?|players?|deals?|game|rules|under)\b", re.I)


def _refused(r: Any) -> dict[str, str]:
    """A pad's refusal: its sentence in every language, the German one free of English."""
    assert r.status_code == 422, r.text
    body = r.json()
    words = body["words"]
    assert words["en"] and words["de"], body
    assert not ENGLISH.search(words["de"]), (words["de"], body["message"])
    assert words["de"] != words["en"], body
    return dict(words)


BAD_DEALS: list[tuple[str, list[str], dict[str, Any], dict[str, Any], str]] = [
    # (game, players, options, deal, the German words' start)
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "bid": 155}, "Reizwert 155: es geht von"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "bid": None}, "Bitte den Reizwert"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "declarer": None}, "Bitte den Spielmacher"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "melds": [15, 0, 0]}, "Platz 1: 15 hält"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "melds": [0, 0, 9990]}, "Platz 3: 9990"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "points": [10, 0, 0]}, "Beim Abgehen"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "contract": "normal", "points": [100, 100, 0]},
     "Die Augen ergeben zusammen 200"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "contract": "normal", "made": True,
                                      "points": [100, 100, 50]}, "„Gewonnen“ gibt es nur"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "contract": "durch"}, "Bitte angeben"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "contract": "normal", "points": [200, 50, 0],
                                      "tricks": [6, 5, 0]}, "Die Stiche ergeben zusammen 11"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "contract": "normal", "points": [200, 0, 50],
                                      "tricks": [11, 1, 0]}, "Platz 3: 50 Augen"),
    ("binokel", ["A", "B", "C"], {"durch": False}, {**SHORT, "contract": "durch"},
     "Durch gibt es"),
    ("binokel", ["A", "B", "C"], {}, {"dealer": 0, "contract": "thrown_in"}, "„Alle weg“"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "dealer": 2000}, "Bitte eine ganze Zahl"),
    ("binokel", ["A", "B", "C"], {}, {**SHORT, "dealer": 7}, "Diese Eingabe passt nicht"),
    ("zweier", ["A", "B"], {}, {"dealer": 0, "melds": [0, 0], "points": [130, 100]},
     "Die Augen ergeben zusammen 230"),
    ("luxusfamilie", ["A", "B", "C", "D"], {}, {"dealer": 0, "declarer": 1,
                                                "melds": [0, 0, 0, 0],
                                                "points": [100, 100, 100, 100]},
     "Die Augen ergeben zusammen 400"),
    ("doppelkopf", ["A", "B", "C", "D"], {}, {"dealer": 0, "re": [0, 1], "re_augen": 120,
                                              "re_tricks": 0}, "Re mit 0 Stichen und 120"),
    ("doppelkopf", ["A", "B", "C", "D"], {}, {"dealer": 0, "re": [0], "re_augen": 120,
                                              "re_tricks": 6}, "Bei Re bitte genau zwei"),
    ("doppelkopf", ["A", "B", "C", "D"], {}, {"dealer": 0, "re": [0, 1], "re_augen": 250,
                                              "re_tricks": 6},
     "Bitte eine ganze Zahl von 0 bis 240"),
    ("doppelkopf", ["A", "B", "C", "D"], {}, {"dealer": 0, "re": [0, 1], "re_augen": 120,
                                              "re_tricks": 6, "pflicht": True},
     "Pflichtsoli gibt es nach diesen Regeln nicht"),
    ("doppelkopf", ["A", "B", "C", "D"], {}, {"dealer": 0, "re": [0, 1], "re_augen": 120,
                                              "re_tricks": 6, "genscher": [0, 1]},
     "Genscher gibt es nach diesen Regeln nicht"),
    ("doppelkopf", ["A", "B", "C", "D"], {}, {"dealer": 0, "re": [0, 1], "re_augen": 120,
                                              "re_tricks": 6,
                                              "specials": [["Karlchen", "re"],
                                                           ["Karlchen", "kontra"]]},
     "Karlchen: höchstens 1 in einem Spiel, nicht 2."),
    ("doppelkopf", ["A", "B", "C", "D"], {}, {"dealer": 0, "re": [0, 1], "re_augen": 0,
                                              "re_tricks": 0,
                                              "specials": [["Fuchs gefangen", "re"]]},
     "Re hat keinen Stich gemacht, also keinen Sonderpunkt"),
    ("doppelkopf", ["A", "B", "C", "D"], {}, {"dealer": 0, "re": [0, 1], "re_augen": 120,
                                              "re_tricks": 6,
                                              "specials": [["Doppelkopf", "re"]] * 4},
     "Re hat 4 Doppelkopf (je ein Stich mit 40 Augen), aber 6 Stiche und 120 Augen."),
]


def test_every_doppelkopf_pad_refusal_a_person_can_make_has_its_words() -> None:
    """Every refusal of Doppelkopf's pad that a form's answers can reach says itself in
    German and English (words of its own); only JSON a form never sends (lists of the wrong
    shape) falls back to the general sentence."""
    import ast
    import inspect

    from binokel.games.doppelkopf import pad as doko_pad
    tree = ast.parse(inspect.getsource(doko_pad))
    bare = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", "") == "refuse" and len(node.args) < 3]
    structural = {"a list of at most", "each is [what", "[Re level", "[its player",
                  "one of ", "for re or kontra"}
    lines = inspect.getsource(doko_pad).splitlines()
    unsaid = [lines[n - 1].strip() for n in bare
              if not any(s in lines[n - 1] for s in structural)]
    assert unsaid == []


@pytest.mark.parametrize(("game", "players", "options", "deal", "de"), BAD_DEALS)
def test_every_pad_error_comes_in_german_without_an_english_sentence(
        client: TestClient, game: str, players: list[str], options: dict[str, Any],
        deal: dict[str, Any], de: str) -> None:
    """The pad page shows ``words`` in its language (words.js's errorText), and the field
    named is marked, so that a German page never reads "Das passt nicht (points: trick
    points add up to ...)"."""
    r = client.post("/api/pads", json={"game": game, "players": players, "options": options})
    assert r.status_code == 201, r.text
    pid, own = r.json()["id"], {"x-owner-token": r.json()["token"]}
    r = client.post(f"/api/pads/{pid}/deals", json={"deal": deal}, headers=own)
    words = _refused(r)
    assert words["de"].startswith(de), words
    assert r.json()["field"]


def test_a_pads_own_errors_come_in_german_too(client: TestClient) -> None:
    """Making the pad (its players), correcting a deal that a later one no longer fits,
    and the errors no form can make (they fall back to a German sentence)."""
    for players, de in ((["A", "B"], "Dieses Spiel spielt man zu 3 oder 4, nicht zu 2"),
                        (["A", "A", "B"], "Jeder Spieler braucht einen eigenen Namen")):
        words = _refused(client.post("/api/pads", json={"game": "binokel",
                                                        "players": players}))
        assert words["de"].startswith(de), words
    pid, token = new_pad(client)
    own = {"x-owner-token": token}
    normal = {"dealer": 0, "declarer": 1, "bid": 150, "contract": "normal",
              "melds": [0, 0, 0], "points": [100, 100, 50], "tricks": [5, 5, 2]}
    for deal in (SHORT, normal):
        assert client.post(f"/api/pads/{pid}/deals", json={"deal": deal},
                           headers=own).status_code == 200
    # a correction the deal itself refuses:
    words = _refused(client.put(f"/api/pads/{pid}/deals/1", json={"deal": {**SHORT,
                                "bid": 151}}, headers=own))
    assert words["de"].startswith("Reizwert 151"), words
    words = _refused(client.post(f"/api/pads/{pid}/deals", json={"deal": {**SHORT,
                                 "surprise": 1}}, headers=own))
    assert words["de"] == "Diese Eingabe passt nicht – bitte das markierte Feld prüfen."
