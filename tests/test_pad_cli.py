"""``binokel pad``: a terminal session fed line by line, the sheet it prints and the file it
keeps."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from binokel.cli import main
from binokel.cli.pad import PadSession
from binokel.tournament.pad import Pad


def session(pad: Pad, lines: list[str], path: Path | None = None) -> str:
    out = io.StringIO()
    PadSession(pad, path, io.StringIO("".join(f"{x}\n" for x in lines)), out).run()
    return out.getvalue()


def test_binokel_deals_correction_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "pad.json"
    pad = Pad.new("binokel", ["Anna", "Ben", "Cem"])
    out = session(pad, [
        "n", "", "Ben", "300", "", "40", "200", "0", "60", "150", "",   # Cem: 250-210 = 40
        "n", "", "c", "250", "durch", "n",                              # Cem by a prefix
        "c 1", "", "", "", "", "", "", "20", "", "140", "",             # Cem melds 20, 50
        "n", "", "-",                                                   # all passed
        "u", "q"], path)
    assert [line.scores for line in pad.sheet()] == [(100, 340, 70), (0, 0, -2000)]
    assert "Next dealer: Cem" in out
    assert "  1 Anna          +100     +350      +40   normal: Ben" in out
    assert "thrown_in" in out
    saved = Pad.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert saved.totals() == (100, 340, -1930)


def test_mistakes_are_said_and_nothing_is_entered() -> None:
    pad = Pad.new("binokel", ["Anna", "Ben", "Cem"])
    out = session(pad, ["n", "", "Ben", "155", "", "0", "0", "0", "100", "100", "",
                        "n", "", "Zoe", "c 7", "x", "q"])
    assert "not entered: bid 155" in out
    assert "not entered: who is 'Zoe'?" in out
    assert "not entered: correct which deal?" in out
    assert "? n, c N, u, s FILE or q" in out
    assert not pad.deals


def test_doppelkopf_and_zweier() -> None:
    pad = Pad.new("doppelkopf", ["A", "B", "C", "D"])
    session(pad, ["n", "", "normal", "A,C", "150", "7", "re", "-", "f:re", "q"])
    assert pad.sheet()[0].scores == (4, -4, 4, -4)
    pad = Pad.new("doppelkopf", ["A", "B", "C", "D"], options={"pflichtsolo": True})
    session(pad, ["n", "", "solo damen", "B", "y", "130", "7", "-", "-", "-", "q"])
    assert pad.deals[0].pflicht and pad.next_dealer() == 0
    assert pad.sheet()[0].scores == (-1, 3, -1, -1)
    pad = Pad.new("zweier", ["A", "B"])
    session(pad, ["n", "", "100", "40", "130", "120", "q"])
    assert pad.sheet()[0].scores == (230, 160)


def test_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pad.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n\nBen\n300\n\n0\n0\n0\n100\n100\n\nq\n"))
    assert main(["pad", "--file", str(path), "--players", "Anna,Ben,Cem", "--preset",
                 "turnier", "-o", "lost_factor=2"]) == 0
    assert "binokel (turnier)" in capsys.readouterr().out
    pad = Pad.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert pad.sheet()[0].scores == (100, -600, 50)
    # loading it again and quitting at once leaves it as it was
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["pad", "--file", str(path)]) == 0
    assert "+100" in capsys.readouterr().out
    path.write_text("{", encoding="utf-8")
    assert main(["pad", "--file", str(path)]) == 1
    assert main(["pad"]) == 1
    assert "--players" in capsys.readouterr().err


def test_abgehen_asks_only_the_others_melds() -> None:
    pad = Pad.new("kreuzbinokel", ["A", "B", "C", "D"])
    out = session(pad, ["n", "", "B", "200", "abgehen", "20", "60", "q"])
    assert "melds B" not in out and "melds D" not in out
    assert pad.deals[0].melds == (20, 0, 60, 0)
    assert pad.sheet()[0].scores == (110, -200, 110, -200)
