"""A club's season (binokel.tournament.season) over three evenings, checked by hand under
each rule; its PDF (read with pypdf), CSV and the ``binokel season`` command."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from binokel.cli import main
from binokel.tournament.club import Tournament
from binokel.tournament.printout import season_csv
from binokel.tournament.printout import season_pdf
from binokel.tournament.season import Evening
from binokel.tournament.season import Member
from binokel.tournament.season import Season
from binokel.tournament.season import SeasonError
from binokel.tournament.season import season_of

MEMBERS = [Member("acc-anna", "Anna"), Member("acc-ben", "Ben"), Member("Cem", "Cem"),
           Member("acc-dora", "Dora")]


def evening(date: str, players: list[str], rounds: list[dict[str, int]],
            withdraw_after_1: str | None = None) -> Tournament:
    """An evening of two rounds of 10 deals at one table; ``rounds`` per round the points
    by name (a bot fills a seat of who withdrew)."""
    t = Tournament.new(f"Abend {date}", date, "Krone", "binokel", rounds=2,
                       deals_per_round=10, preset="aks")
    for name in players:
        t.add_player(name)
    for r, points in enumerate(rounds, 1):
        if r == 2 and withdraw_after_1 is not None:
            t.withdraw(next(p.number for p in t.players if p.name == withdraw_after_1))
        t.start_round(fill_with_bots=True)
        seats = t.table_seats(r, 1)
        t.enter_totals(r, 1, [points["bot"] if n is None else points[t.player(n).name]
                              for n in seats])
    return t


def evenings() -> list[Tournament]:
    # Anna 1000 + 200 + 500 = 1700 in 60 deals; Ben 400 + 900 + 400 = 1700 in 60;
    # Cem 700 + absent + 500 (left after round 1: 10 deals) = 1200 in 30;
    # Xaver, a guest, 1200 in 20 on the second evening; Dora, a member, never came.
    return [
        evening("2026-01-09", ["Anna", "Ben", "Cem"],
                [{"Anna": 600, "Ben": 100, "Cem": 300}, {"Anna": 400, "Ben": 300, "Cem": 400}]),
        evening("2026-02-13", ["Anna", "Ben", "Xaver"],
                [{"Anna": 0, "Ben": 500, "Xaver": 700}, {"Anna": 200, "Ben": 400, "Xaver": 500}]),
        evening("2026-03-13", ["Anna", "Ben", "Cem"],
                [{"Anna": 300, "Ben": 300, "Cem": 500}, {"Anna": 200, "Ben": 100, "bot": 900}],
                withdraw_after_1="Cem"),
    ]


def table(s: Season) -> list[tuple[int | None, str, int | float]]:
    return [(line.place, line.name, line.value) for line in s.ranking()]


def test_evening_from_a_tournament() -> None:
    e = Evening.from_tournament(evenings()[2])
    assert e.results == {"Anna": (500, 20), "Ben": (400, 20), "Cem": (500, 10)}


def test_sum_of_points() -> None:
    s = season_of("2026", MEMBERS, evenings(), rule="sum")
    assert table(s) == [(1, "Anna", 1700), (1, "Ben", 1700), (3, "Cem", 1200),
                        (None, "Dora", 0)]
    cem = s.line_of("Cem")
    assert cem is not None and cem.evenings == (700, None, 500) and cem.deals == 30
    assert s.line_of("Xaver") is None


def test_best_two_evenings_with_guests() -> None:
    # Anna 1000 + 500; Ben 900 + 400 (of his two 400s the earlier counts); Cem 700 + 500;
    # Xaver (guest) 1200 shares third place with Cem.
    s = season_of("2026", MEMBERS, evenings(), rule="best", best=2, guests=True)
    assert table(s) == [(1, "Anna", 1500), (2, "Ben", 1300), (3, "Cem", 1200),
                        (3, "Xaver", 1200), (None, "Dora", 0)]
    ben = s.line_of("acc-ben")
    assert ben is not None and ben.counted == (True, True, False) and ben.points == 1700
    assert [line.guest for line in s.ranking()] == [False, False, False, True, False]


def test_average_per_deal_and_minimum_evenings() -> None:
    # Cem 1200 / 30 = 40; Anna and Ben 1700 / 60 = 28.33 each, sharing second place.
    s = season_of("2026", MEMBERS, evenings(), rule="average")
    assert table(s) == [(1, "Cem", 40.0), (2, "Anna", 28.33), (2, "Ben", 28.33),
                        (None, "Dora", 0)]
    # With three evenings required, Cem (two) is listed without a place.
    s = season_of("2026", MEMBERS, evenings(), rule="average", min_evenings=3)
    assert table(s) == [(1, "Anna", 28.33), (1, "Ben", 28.33), (None, "Cem", 40.0),
                        (None, "Dora", 0)]


def test_bad_seasons_are_refused() -> None:
    with pytest.raises(SeasonError, match="best"):
        Season("2026", MEMBERS, rule="best")
    with pytest.raises(SeasonError, match="rule"):
        Season("2026", MEMBERS, rule="median")
    with pytest.raises(SeasonError, match="same name"):
        Season("2026", [Member("a", "Anna"), Member("b", "Anna")])


def test_season_pdf_and_csv() -> None:
    s = season_of("Jahreswertung 2026", MEMBERS, evenings(), rule="best", best=2, guests=True)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(season_pdf(s))).pages)
    assert "Jahreswertung: Jahreswertung 2026" in text
    assert "die besten 2 Abende" in text
    assert "Xaver (Gast)" in text and "(400)" in text and "1500" in text
    en = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(season_pdf(s, "en"))).pages)
    assert "Season ranking" in en and "Xaver (guest)" in en
    rows = list(csv.reader(io.StringIO(season_csv(s, "en"))))
    assert rows[0][:4] == ["Place", "key", "Name", "guest"]
    assert rows[1] == ["1", "acc-anna", "Anna", "0", "1000", "200", "500", "1", "0", "1",
                       "1700", "60", "1500"]
    assert rows[-1][:3] == ["", "acc-dora", "Dora"]
    avg = season_of("2026", MEMBERS, evenings(), rule="average")
    assert list(csv.reader(io.StringIO(season_csv(avg))))[1][-1] == "40.0"


def test_season_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = []
    for i, t in enumerate(evenings()):
        f = tmp_path / f"evening{i}.json"
        f.write_text(json.dumps(t.to_json()), encoding="utf-8")
        files.append(str(f))
    pdf, out = tmp_path / "season.pdf", tmp_path / "season.csv"
    assert main(["season", *files, "--title", "2026", "--member", "Anna", "--member",
                 "acc-ben=Ben", "--rule", "best", "--best", "2", "--pdf", str(pdf),
                 "--csv", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "1. Anna" in printed and "(400)" in printed and "Xaver" not in printed
    assert pdf.read_bytes().startswith(b"%PDF") and "acc-ben" in out.read_text()
    assert main(["season", files[0], "--title", "x", "--rule", "best"]) == 1
    assert "needs how many evenings" in capsys.readouterr().err
    assert main(["season", str(tmp_path / "missing.json"), "--title", "x"]) == 1


def test_season_json_round_trip_and_bad_documents() -> None:
    s = season_of("2026", MEMBERS, evenings(), rule="best", best=2, guests=True)
    back = Season.from_json(json.loads(json.dumps(s.to_json())))
    assert back.ranking() == s.ranking()
    for bad, match in [
            ([], "season"),
            ({**s.to_json(), "rule": "median"}, "rule"),
            ({**s.to_json(), "best": True}, "best"),
            ({**s.to_json(), "members": [{"key": "a"}]}, "member name"),
            ({**s.to_json(), "evenings": [{"title": "x", "date": "2026-01-01",
                                           "results": {"Anna": [1.5, 10]}}]}, "points"),
            ({**s.to_json(), "evenings": [{}] * 101}, "at most 100"),
            ({**s.to_json(), "guests": "yes"}, "guests")]:
        with pytest.raises(SeasonError, match=match):
            Season.from_json(bad)
