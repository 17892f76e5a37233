"""``binokel pad``: a terminal session fed line by line, the sheet it prints and the file it
keeps."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import cast

import pytest

from binokel.cli import main
from binokel.cli.pad import PadSession
from binokel.games.binokel.pad import BinokelEntry
from binokel.games.doppelkopf.pad import DokoEntry
from binokel.tournament.pad import Pad


def session(pad: Pad, lines: list[str], path: Path | None = None, lang: str = "en") -> str:
    out = io.StringIO()
    PadSession(pad, path, io.StringIO("".join(f"{x}\n" for x in lines)), out, lang).run()
    return out.getvalue()


def test_binokel_deals_correction_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "pad.json"
    # Vorhand may pass here, so "all passed" can be entered.
    pad = Pad.new("binokel", ["Anna", "Ben", "Cem"], options={"vorhand_must_open": False})
    out = session(pad, [
        "n", "", "", "Ben", "300", "40", "200", "0", "60", "150", "",   # Cem: 250-210 = 40
        "n", "", "durch", "c", "250", "n",                              # Cem by a prefix
        "c 1", "", "", "", "", "", "", "20", "", "140", "",             # Cem melds 20, 50
        "n", "", "all passed",                                          # by its words
        "u", "q"], path)
    assert [line.scores for line in pad.sheet()] == [(100, 340, 70), (0, 0, -2000)]
    assert "Next dealer: Cem" in out
    assert "  1 Anna          +100     +350      +40   Normal: Ben made" in out
    assert "  2 Ben             +0       +0    -2000   Durch (every trick): Cem lost" in out
    assert "Contract (normal / abgehen / durch / untendurch / thrown_in) [normal]" in out
    assert "All passed (deal again)" in out
    saved = Pad.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert saved.totals() == (100, 340, -1930)


def test_mistakes_are_said_and_nothing_is_entered() -> None:
    pad = Pad.new("binokel", ["Anna", "Ben", "Cem"])
    out = session(pad, ["n", "", "", "Ben", "155", "0", "0", "0", "100", "100", "",
                        "n", "", "", "Zoe", "n", "", "Ramsch", "c 7", "x", "q"])
    assert "not entered: Bid 155: bids go from 150 to 1500 in steps of 10." in out
    assert "not entered: who is 'Zoe'?" in out
    assert "not entered: Contract: one of normal, abgehen, durch, untendurch, not 'ramsch'" \
        in out
    assert "not entered: there is no deal yet" in out
    assert "? n, c N, u, s FILE or q" in out
    assert not pad.deals


def test_the_pad_in_german() -> None:
    """Every word a German table reads is German: the questions, the game's fields and
    choices, the mistakes (the pad's own and the terminal's), the sheet; German command
    letters (k, z, b) and "j" for yes work."""
    pad = Pad.new("binokel", ["Anna", "Ben", "Cem"])
    out = session(pad, ["n", "", "", "Ben", "155", "0", "0", "0", "100", "100", "",
                        "n", "", "", "Zoe", "k 7", "x",
                        "n", "", "", "Ben", "300", "40", "200", "0", "60", "150", "",
                        "k 2", "z", "b"], lang="de")
    assert "(n)eues Spiel, (k)orrigieren N, (z)urücknehmen" in out
    assert "nicht eingetragen: Reizwert 155: es geht von 150 bis 1500 in Schritten von 10." \
        in out
    assert "nicht eingetragen: Wer ist 'Zoe'? Ein Name oder eine Platznummer 1..3" in out
    assert "nicht eingetragen: Es ist noch kein Spiel eingetragen" in out
    assert "nicht eingetragen: Welches Spiel korrigieren? 1..1" in out
    assert "? n, k N, z, s DATEI oder b" in out
    assert "  # Geber" in out and "    Summe" in out and "Nächster Geber: Ben" in out
    assert "Spielart (normal / abgehen / durch / untendurch) [normal]" in out
    for english in ("not entered", "Next dealer", "Bid", "Contract", "total"):
        assert english not in out
    assert not pad.deals   # "z" took the deal back
    pad = Pad.new("doppelkopf", ["A", "B", "C", "D"])
    out = session(pad, ["n", "", "normal", "A,C", "150", "7", "re", "", "2:re", "b"], lang="de")
    assert "je :re oder :kontra, z. B. 1:re; - für keine" in out
    assert pad.sheet()[0].scores == (4, -4, 4, -4)


def test_doppelkopf_and_zweier() -> None:
    pad = Pad.new("doppelkopf", ["A", "B", "C", "D"])
    out = session(pad, ["n", "", "normal", "A,C", "150", "7", "re", "", "2:re", "q"])
    assert pad.sheet()[0].scores == (4, -4, 4, -4)
    assert "Special points (1 Doppelkopf (a trick of 40), 2 Fox caught (Fuchs gefangen), " \
        "3 Karlchen (last trick); each :re or :kontra" in out
    pad = Pad.new("doppelkopf", ["A", "B", "C", "D"], options={"pflichtsolo": True})
    out = session(pad, ["n", "", "solo damen", "B", "130", "7", "", "", "q"])
    assert "Compulsory solo still owed by: A, B, C, D." in out
    # B owed his Pflichtsolo: his solo is it, the same dealer deals again.
    assert "Compulsory solo still owed by: A, C, D." in out
    assert "Queens solo: B made · compulsory solo" in out
    assert cast(DokoEntry, pad.deals[0]).pflicht and pad.next_dealer() == 0
    assert pad.sheet()[0].scores == (-1, 3, -1, -1)
    # DDV Vorführen: four owed, four deals left; after the first deal B must play his solo.
    pad = Pad.new("doppelkopf", ["A", "B", "C", "D"],
                  options={"pflichtsolo": True, "vorfuehren": True, "deals_per_series": 4})
    out = session(pad, ["q"])
    assert "Vorführung: B must play a solo in this deal" in out
    pad = Pad.new("zweier", ["A", "B"])
    session(pad, ["n", "", "100", "40", "130", "120", "q"])
    assert pad.sheet()[0].scores == (230, 160)


def test_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pad.json"
    # turnier: tricks count (meld_needs_trick), asked only when someone took pointless ones
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n\n\nBen\n300\n0\n0\n0\n100\n100\n\nn\nq\n"))
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
    out = session(pad, ["n", "", "abgehen", "B", "200", "20", "60", "q"])
    assert "Melds B" not in out and "Melds D" not in out and "Melds A" in out
    assert cast(BinokelEntry, pad.deals[0]).melds == (20, 0, 60, 0)
    assert pad.sheet()[0].scores == (110, -200, 110, -200)


def test_doppelkopf_house_rules_in_the_terminal() -> None:
    """What the table's options make possible, and nothing else: the Genscher, the special
    points of the last trick, Bockrunden, throwing in."""
    pad = Pad.new("doppelkopf", ["A", "B", "C", "D"], options={
        "genscher": "first", "karlchen_gefangen": True, "fuchs_last_trick": True,
        "bock_after": "tie", "throw_nines": 5})
    out = session(pad, [
        "n", "", "normal", "-", "A,C", "120", "6", "", "", "1:re 4:kontra",  # 120: Bock
        "n", "", "normal", "B,D", "151", "7", "re", "", "5:re",          # a Genscher
        "n", "", "thrown in",
        "n", "", "normal", "-", "A,B", "130", "7", "", "", "6:re",       # no such row
        "q"])
    assert "Genscher (- for none; Who called the Genscher?, The partner he named: A,B)" in out
    assert "4 Karlchen caught" in out and "Double Karlchen" not in out
    assert "Bock deal: counts 2 times." in out
    assert "not entered: Special points: '6:re'?" in out
    deals = [cast(DokoEntry, d) for d in pad.deals]
    assert deals[1].genscher == (1, 3) and deals[1].re == (1, 3)
    assert [d.contract for d in deals] == ["normal", "normal", "thrown in"]
    assert deals[0].genscher is None and [pad.rules_of(i).bock_level  # type: ignore[attr-defined]
                                          for i in range(3)] == [0, 1, 1]
    # won 1, Re angesagt 2, keine 90 1, Fuchs im letzten Stich 1: 5, counted double
    assert pad.sheet()[1].scores == (-10, 10, -10, 10)
    assert "Normal game · Genscher B · Bock ×2" in out
