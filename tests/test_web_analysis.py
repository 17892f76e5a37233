"""The replay's analysis: a finished deal's card plays marked with the points they gave away,
worded for the reader; running deals refused, computed once, asked only so often."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.analysis import DealAnalysis
from binokel.analysis import analyse_back
from binokel.record import Record
from binokel.registry import find_game
from binokel.web import analysis as web_analysis
from binokel.web.analysis import Analyses
from binokel.web.app import create_app
from binokel.web.guard import WebError
from binokel.web.table_base import TableError
from binokel.web.work import Work
from web_helpers import act
from web_helpers import join
from web_helpers import live
from web_helpers import migrated_sqlite
from web_helpers import new_table
from web_helpers import recv_state


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(migrated_sqlite(tmp_path / 'db.sqlite3'), bot_delay=0.0)) as c:
        yield c


def finish_first_deal(client: TestClient, tid: str, token: str) -> None:
    rng = random.Random(3)
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        msg = recv_state(ws)
        for _ in range(400):
            if msg["table"]["result"]:
                return
            msg = act(ws, msg, rng) if msg["table"]["to_move"] == 0 else recv_state(ws)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("game, bots", [("binokel", [None, "heuristic", "heuristic"]),
                                        ("doppelkopf", [None, "heuristic", "heuristic",
                                                        "heuristic"])])
def test_a_finished_deal_is_marked_card_by_card(client: TestClient, game: str,
                                                bots: list[str | None]) -> None:
    tid = new_table(client, bots, game=game, seed=11)
    token = join(client, tid, 0, "Anna")
    # nothing to analyse while the deal runs: the analysis reads every hand
    running = client.get(f"/api/tables/{tid}/deals/1/analysis")
    assert running.status_code == 409 and running.json()["error"] == "not_over"
    finish_first_deal(client, tid, token)
    data = client.get(f"/api/tables/{tid}/deals/1/analysis?lang=en&cards=words").json()
    rec = Record.from_json(client.get(f"/api/tables/{tid}/deals/1/record").json())
    states = list(rec.states())
    want = analyse_back(states[:-1], list(rec.actions))
    assert data["deal"] == 1
    if not want.marks:   # everybody passed: no trick was played
        assert data["marks"] == {} and "no tricks" in data["title"]
        return
    assert data["title"].startswith("Analysis with every hand open, tricks")
    # one mark per analysed card play, at the replay step that shows it played
    assert sorted(int(k) for k in data["marks"]) == [m.index + 1 for m in want.marks]
    for m in want.marks:
        mark = data["marks"][str(m.index + 1)]
        assert mark["seat"] == m.seat and mark["loss"] == m.loss
        assert rec.actions[m.index].startswith("play ")
        assert f"Trick {m.trick}, " in mark["text"]
        assert (f" −{m.loss}, best was " in mark["text"]) == (m.loss > 0)
    names = live(client, tid).seats.names()
    lost = sum(m.loss for m in want.marks if m.seat == 0)
    # in the game's own word for the cards' points (Doppelkopf counts Augen; a game from
    # outside the project says its word in its spec)
    word = find_game(game).points_word
    unit = {"binokel": ("Points", "Punkte"), "doppelkopf": ("Card points", "Augen")}.get(
        game, (word["en"], word["de"]))
    assert data["seats"].startswith(f"{unit[0]} given away: ")
    assert f"{names[0]} −{lost}" in data["seats"] if lost else f"{names[0]} 0" in data["seats"]
    # German and the card words follow the request; the search ran once
    de = client.get(f"/api/tables/{tid}/deals/1/analysis?lang=de").json()
    assert de["title"].startswith("Analyse mit offenen Karten") and de["marks"].keys() == \
        data["marks"].keys()
    assert de["seats"].startswith(f"Verschenkte {unit[1]}: ")


def test_bad_requests_are_answered(client: TestClient) -> None:
    tid = new_table(client, [None, "heuristic", "heuristic"], seed=2)
    assert client.get(f"/api/tables/{tid}/deals/9/analysis").json()["error"] == "no_deal"
    assert client.get("/api/tables/nope/deals/1/analysis").json()["error"] == "no_table"
    assert client.get(f"/api/tables/{tid}/deals/1/analysis?lang=xx").status_code == 400


def test_each_deal_is_analysed_once_and_each_client_asks_only_so_often(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def fake(record: dict[str, Any]) -> DealAnalysis:
        calls.append(record["number"])
        return DealAnalysis((), 1, 0, record["number"])

    monkeypatch.setattr(web_analysis, "analyse_record", fake)
    table: Any = SimpleNamespace(id="t", record=lambda number: {"number": number},
                                 check_unsealed=lambda: None)

    async def run() -> None:
        # the fake runs in a thread: a worker process would not see the patch
        with ThreadPoolExecutor(1) as pool:
            await asks(Analyses(Work(executor=pool), rate=0.001, burst=2))

    async def asks(analyses: Analyses) -> None:
        assert (await analyses.get(table, 1, "a")).nodes == 1
        await analyses.get(table, 2, "a")
        await analyses.get(table, 1, "a")      # known: no search, no rate counted
        with pytest.raises(WebError) as e:
            await analyses.get(table, 3, "a")
        assert e.value.code == "rate_limited" and e.value.status == 429
        await analyses.get(table, 3, "b")      # another client

    asyncio.run(run())
    assert calls == [1, 2, 3]


def test_a_cached_analysis_is_not_served_past_a_seal() -> None:
    """A duplicate round's deal sealed after it was analysed stays hidden: the seal is
    asked before the cache."""
    sealed = [False]

    def check() -> None:
        if sealed[0]:
            raise TableError("sealed", "sealed")

    table: Any = SimpleNamespace(id="t", record=lambda number: {"number": number},
                                 check_unsealed=check)
    analyses = Analyses(Work())
    analyses.work.cache.put(("analysis", "t", 1), DealAnalysis((), 1, 0, 1))

    async def ask() -> DealAnalysis:
        return await analyses.get(table, 1, "a")

    assert asyncio.run(ask()).nodes == 1
    sealed[0] = True
    with pytest.raises(TableError) as e:
        asyncio.run(ask())
    assert e.value.code == "sealed"
