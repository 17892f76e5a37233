"""The arena: duplicate seatings, reproducibility, statistics, command line."""

from __future__ import annotations

import importlib.util
import json
import math
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from binokel.arena import confidence_interval
from binokel.arena import play_group
from binokel.arena import run_match
from binokel.arena import seatings
from binokel.cli import main
from binokel.registry import find_game


def test_seatings_put_every_bot_in_every_seat() -> None:
    two = seatings(["A", "B"], 3)
    assert sorted(two) == sorted([("A", "A", "B"), ("A", "B", "A"), ("B", "A", "A"),
                                  ("A", "B", "B"), ("B", "A", "B"), ("B", "B", "A")])
    for seat in range(3):  # each kind sits at each seat equally often
        assert sum(s[seat] == "A" for s in two) == sum(s[seat] == "B" for s in two)
    assert len(seatings(["A", "B", "C"], 3)) == 6
    with pytest.raises(ValueError):
        seatings(["A", "B", "C", "D"], 3)


def test_a_group_plays_the_same_cards_in_every_seating() -> None:
    g1 = play_group(3, ["heuristic", "random"], 9, "binokel",
                    {"preset": "standard", "options": {}}, 3)
    g2 = play_group(3, ["heuristic", "random"], 9, "binokel",
                    {"preset": "standard", "options": {}}, 3)
    assert g1 == g2
    assert g1.seat_games == {"heuristic": 9, "random": 9}


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    a = run_match(["heuristic", "random"], deals=6, seed=4, workers=1, progress=False)
    b = run_match(["heuristic", "random"], deals=6, seed=4, workers=2, progress=False)
    assert a.to_json() == b.to_json()
    assert a.groups == 6 and a.games == 36
    pair = a.pairs[0]
    assert pair["ci_low"] <= pair["mean_diff"] <= pair["ci_high"]
    assert a.per_bot["heuristic"]["mean_score"] > a.per_bot["random"]["mean_score"]
    assert a.ratings["heuristic"]["mu"] > a.ratings["random"]["mu"]


@pytest.mark.parametrize("game, players", [("binokel", 4), ("kreuzbinokel", 4), ("zweier", 2),
                                           ("luxusfamilie", 4), ("doppelkopf", 4)])
def test_every_game_has_matches(game: str, players: int) -> None:
    m = run_match(["heuristic", "random"], deals=2, seed=1, game=game, players=players,
                  workers=1, progress=False)
    assert m.groups == 2 and m.games == 2 * len(seatings(
        ["heuristic", "random"], players, find_game(game).teams))
    assert set(m.per_bot) == {"heuristic", "random"}
    assert all(b["seat_games"] > 0 for b in m.per_bot.values())
    # a game without a declarer (Zweierbinokel) shows no declarer columns
    declarers = any(b["declarer_games"] for b in m.per_bot.values())
    assert ("abgehen" in m.table()) == declarers
    if game == "zweier":
        assert not declarers


def test_confidence_interval() -> None:
    mean, _lo, hi = confidence_interval([1.0, 3.0, 5.0, 7.0])
    sd = math.sqrt(((1 - 4) ** 2 + 1 + 1 + 9) / 3)
    assert mean == 4.0 and hi - mean == pytest.approx(1.96 * sd / 2)
    assert confidence_interval([2.0])[1] == -math.inf


def test_arena_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "m.json"
    assert main(["arena", "--bots", "heuristic,random", "--deals", "3", "--workers", "1",
                 "--no-progress", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "heuristic - random" in text and "95% CI" in text
    data = json.loads(out.read_text())
    assert data["groups"] == 3 and (tmp_path / "m.txt").exists()
    # each deal's mean score per bot, so that matches can be compared deal by deal
    assert [d["deal"] for d in data["per_deal"]] == [0, 1, 2]
    diffs = [d["mean_score"]["heuristic"] - d["mean_score"]["random"] for d in data["per_deal"]]
    assert abs(sum(diffs) / 3 - data["pairs"][0]["mean_diff"]) < 1e-9
    assert main(["arena", "--bots", "heuristic", "--deals", "3"]) == 1
    assert "at least two" in capsys.readouterr().err
    assert main(["arena", "--bots", "heuristic,genius", "--deals", "3"]) == 1
    assert "unknown bot" in capsys.readouterr().err
    if importlib.util.find_spec("ray") is None:   # without the extra: a clear message
        assert main(["arena", "--bots", "heuristic,random", "--ray", "x", "--deals", "1",
                     "--no-progress"]) == 1
        assert "binokel[ray]" in capsys.readouterr().err


def test_a_lineup_is_rotated_through_the_seats(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert seatings(["s", "h"], 3, lineup=["s", "h", "h"]) == [
        ("s", "h", "h"), ("h", "s", "h"), ("h", "h", "s")]
    assert seatings(["s", "h"], 4, teams=[(0, 2), (1, 3)], lineup=["s", "h"]) == [
        ("s", "h", "s", "h"), ("h", "s", "h", "s")]
    with pytest.raises(ValueError, match="one bot per seat"):
        seatings(["s", "h"], 3, lineup=["s", "h"])
    out = tmp_path / "m.json"
    assert main(["arena", "--lineup", "heuristic,random,random", "--deals", "2", "--workers",
                 "1", "--no-progress", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["games"] == 6 and data["lineup"] == ["heuristic", "random", "random"]
    assert "line-up heuristic-random-random rotated" in capsys.readouterr().out


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
def test_sigterm_stops_the_worker_processes_too() -> None:
    """A terminated arena leaves no worker processes behind (they would play their chunk
    of deals, minutes with the strong bot, for nobody)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "binokel", "arena", "--lineup", "strong,heuristic,heuristic",
         "--deals", "1000", "--workers", "2", "--no-progress"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    children: list[int] = []
    deadline = time.monotonic() + 60
    while len(children) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        children = [int(c) for t in Path(f"/proc/{proc.pid}/task").iterdir()
                    for c in (t / "children").read_text().split()]
    assert len(children) >= 2, "the arena did not start its workers"
    time.sleep(1.0)  # the workers are playing
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) != 0
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{c}").exists() for c in children):
        time.sleep(0.1)
    alive = [c for c in children
             if Path(f"/proc/{c}").exists()
             and "Z" not in Path(f"/proc/{c}/stat").read_text().split()[2]]
    assert not alive, f"worker processes {alive} still run"


def test_a_match_on_a_local_ray_cluster_equals_one_on_this_machine() -> None:
    """``--ray``: the test starts a local Ray cluster (Ray is the optional extra
    ``binokel[ray]``; without it the test is skipped) and the same seed gives the same
    deals and results as the local run."""
    ray = pytest.importorskip("ray")
    try:
        on_ray = run_match(["heuristic", "random"], 3, seed=4, progress=False,
                           ray_address="local")
    finally:
        ray.shutdown()
    here = run_match(["heuristic", "random"], 3, seed=4, workers=1, progress=False)
    assert on_ray.table() == here.table()
    assert on_ray.groups == 3 and on_ray.per_deal == here.per_deal
