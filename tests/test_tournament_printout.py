"""PDF printouts opened with pypdf and checked by their text; CSV exports read back."""

from __future__ import annotations

import csv
import io

import pytest
from pypdf import PdfReader

from binokel.tournament.club import Tournament
from binokel.tournament.pad import Pad
from binokel.tournament.printout import pad_csv
from binokel.tournament.printout import ranking_csv
from binokel.tournament.printout import ranking_pdf
from binokel.tournament.printout import run_slips
from binokel.tournament.printout import score_sheet_pdf
from binokel.tournament.printout import scores_csv
from binokel.tournament.printout import table_cards

NAMES = ["Anna Bäuerle", "Jürgen Şahin", "=SUM(A1)", "Łukasz", "Ondřej", "Ελένη", "Gül"]


def pdf_text(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF-")
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def tournament() -> Tournament:
    t = Tournament.new("Herbstturnier", "2026-11-21", "Gasthaus Krone", "binokel", rounds=3,
                       deals_per_round=15, preset="aks")
    for name in NAMES:
        t.add_player(name)
    r = t.start_round()
    for n, table in enumerate(r.tables, 1):
        t.enter_totals(1, n, [100 * k - 50 for k in range(len(table))])
    return t


def test_run_slips_name_each_players_table_and_seat() -> None:
    t = tournament()
    pages = pdf_text(run_slips(t))
    assert len(pages) == 4   # two slips a page
    text = "\n".join(pages)
    for p in t.players:
        assert f"Laufzettel: {p.name}" in text
        assert f"Startnummer {p.number}" in text
        table, seat = t.played[0].seat_of(p.number) or (0, 0)
        slip = text.split(f"Laufzettel: {p.name}")[1].split("Laufzettel")[0]
        assert f"1 {table} {seat}" in slip
    assert "Jürgen Şahin" in text and "Anna Bäuerle" in text
    assert "Run slip: Ondřej" in "\n".join(pdf_text(run_slips(t, lang="en")))


def test_table_cards() -> None:
    t = tournament()
    pages = pdf_text(table_cards(t, 1))
    assert len(pages) == len(t.played[0].tables)
    for n, (page, table) in enumerate(zip(pages, t.played[0].tables, strict=True), 1):
        assert f"Tisch {n}" in page and "Runde 1" in page
        for k, who in enumerate(table, 1):
            assert who is not None
            assert f"Platz {k}: {who} {t.player(who).name}" in " ".join(page.split())
    with pytest.raises(ValueError, match="no round 2"):
        table_cards(t, 2)


def test_ranking_pdf_and_csv_agree_with_the_ranking() -> None:
    t = tournament()
    lines = t.ranking()
    text = " ".join(pdf_text(ranking_pdf(t))[0].split())
    assert "Rangliste nach Runde 1" in text
    assert f"Wiederholte Begegnungen: {t.played[0].repeats}" in text
    for line in lines:
        assert f"{line.place} {line.number} {line.name}" in text
    rows = list(csv.reader(io.StringIO(ranking_csv(t, lang="en"))))
    assert rows[0] == ["Place", "No.", "Name", "Round 1", "Total", "withdrawn"]
    assert [(int(r[0]), int(r[1]), int(r[4])) for r in rows[1:]] == [
        (x.place, x.number, x.total) for x in lines]
    # a name a spreadsheet would run as a formula is quoted
    assert "'=SUM(A1)" in [r[2] for r in rows]


def test_scores_csv_lists_every_entered_score() -> None:
    t = tournament()
    rows = list(csv.reader(io.StringIO(scores_csv(t))))[1:]
    assert len(rows) == len(NAMES)
    for r in rows:
        assert t.round_scores(1)[int(r[3])] == int(r[5])


def test_score_sheet_pdf_and_csv() -> None:
    pad = Pad.new("binokel", ["Anna", "Ben", "Cem"], options={"target": 300})
    pad.add(pad.read_entry({"dealer": 0, "declarer": 1, "bid": 300, "contract": "normal",
                            "melds": [40, 200, 0], "points": [60, 150, 40]}))
    text = " ".join(pdf_text(score_sheet_pdf(pad, title="Tisch 2"))[0].split())
    assert "Schreibblock" in text and "Tisch 2" in text
    assert "+100 = 100 +350 = 350 +40 = 40" in text
    assert "Sieger: Ben" in text
    rows = list(csv.reader(io.StringIO(pad_csv(pad, lang="en"))))
    assert rows == [["Deal", "Dealer", "Anna", "Anna Total", "Ben", "Ben Total", "Cem",
                     "Cem Total"], ["1", "Anna", "100", "100", "350", "350", "40", "40"]]


def test_unknown_language() -> None:
    with pytest.raises(ValueError, match="language"):
        ranking_csv(tournament(), lang="fr")


def test_a_score_sheet_keeps_accents_beyond_german() -> None:
    """Names from all over Europe print as written (read back from the PDF's text); a
    character the font lacks becomes ``?`` instead of breaking the PDF."""
    pad = Pad.new("binokel", ["Łukasz Wałęsa", "Ondřej Šťastný", "Ελένη 😀"])
    text = " ".join(" ".join(pdf_text(score_sheet_pdf(pad))).split())
    assert "Łukasz Wałęsa" in text and "Ondřej Šťastný" in text and "Ελένη ?" in text
