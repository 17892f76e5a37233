"""``binokel tournament``: a small tournament run from the command line on one JSON file."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from binokel.cli import main
from binokel.tournament.club import Tournament
from binokel.tournament.pad import Pad


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_tournament_from_the_command_line(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    f = str(tmp_path / "t.json")
    assert run(capsys, f, "create", "--title", "Herbst", "--date", "2026-11-21",
               "--preset", "aks", "--rounds", "2", "--tie-rule", "best_round")[0] == 0
    code, out, _ = run(capsys, f, "add", "Anna", "Ben", "Cem", "Dora", "Eva", "Fritz")
    assert code == 0 and "   6  Fritz" in out
    code, out, _ = run(capsys, f, "start")
    assert "Round 1: 2 tables, repeat meetings 0" in out
    t = Tournament.from_json(json.loads(Path(f).read_text(encoding="utf-8")))
    first = t.played[0].tables[0]
    # table 1 by its score pad, table 2 by totals
    pad = Pad.new("binokel", [t.player(p).name for p in first if p is not None], "aks")
    pad.add(pad.read_entry({"dealer": 0, "declarer": 1, "bid": 300, "melds": [40, 200, 0],
                            "points": [60, 150, 40]}))
    (tmp_path / "pad.json").write_text(json.dumps(pad.to_json()), encoding="utf-8")
    code, out, _ = run(capsys, f, "enter", "1", "1", "--pad", str(tmp_path / "pad.json"))
    assert code == 0 and "1 to go" in out
    assert run(capsys, f, "enter", "1", "2", "5", "-5", "0")[0] == 0
    code, out, _ = run(capsys, f, "ranking")
    assert out.splitlines()[1].split()[:3] == ["1", str(first[1]), t.player(
        first[1] or 0).name]
    assert run(capsys, f, "pdf", "slips", str(tmp_path / "s.pdf"))[0] == 0
    assert "Laufzettel: Anna" in PdfReader(tmp_path / "s.pdf").pages[0].extract_text()
    assert run(capsys, f, "pdf", "ranking", str(tmp_path / "r.pdf"), "--lang", "en")[0] == 0
    assert "Ranking after round 1" in PdfReader(tmp_path / "r.pdf").pages[0].extract_text()
    assert run(capsys, f, "csv", "scores", str(tmp_path / "s.csv"))[0] == 0
    rows = list(csv.reader(io.StringIO((tmp_path / "s.csv").read_text(encoding="utf-8"))))
    assert len(rows) == 1 + 6 + 3   # six seats and the pad's one deal at three seats
    code, out, _ = run(capsys, f, "start")
    assert "Round 2" in out
    code, out, _ = run(capsys, f, "show")
    assert "Round 2 (repeats" in out and "tie rule best_round" in out
    assert run(capsys, f, "pdf", "cards", str(tmp_path / "c.pdf"))[0] == 0
    assert "Runde 2" in PdfReader(tmp_path / "c.pdf").pages[0].extract_text()


@pytest.mark.parametrize(("args", "message"), [
    (["create", "--title", "x", "--date", "21.11.2026"], "date"),
    (["create", "--title", "x", "--date", "2026-11-21", "--tables", "3,x"], "sizes like 3,4"),
    (["show"], "no such tournament"),
])
def test_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             args: list[str], message: str) -> None:
    code, _, err = run(capsys, str(tmp_path / "t.json"), *args)
    assert code == 1 and message in err and "Traceback" not in err


def test_existing_and_broken_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "t.json"
    assert run(capsys, str(f), "create", "--title", "x", "--date", "2026-11-21")[0] == 0
    code, _, err = run(capsys, str(f), "create", "--title", "x", "--date", "2026-11-21")
    assert code == 1 and "exists" in err
    code, _, err = run(capsys, str(f), "start")
    assert code == 1 and "at least 2 players, not 0" in err
    f.write_text('{"version": 1, "title": 5}', encoding="utf-8")
    code, _, err = run(capsys, str(f), "show")
    assert code == 1 and "title" in err
