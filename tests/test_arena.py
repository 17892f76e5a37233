"""The arena: duplicate seatings, reproducibility, statistics, command line."""

from __future__ import annotations

import importlib.util
import ipaddress
import json
import math
import os
import signal
import socket
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


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is the optional extra binokel[ray] (scripts/install --dev has it)")
def test_a_match_on_a_local_ray_cluster_equals_one_on_this_machine(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``binokel arena --ray ADDRESS`` against a real Ray cluster that the test starts (one
    node on 127.0.0.1, two CPUs, its own temporary directory, stopped whatever happens):
    the same seed gives the same deals and results as on this machine, with progress."""
    from binokel.arena_ray import LOOPBACK_ENV
    from binokel.arena_ray import local_cluster

    for k, v in LOOPBACK_ENV.items():   # restored after the test
        monkeypatch.setenv(k, v)
    import ray

    started = time.monotonic()
    out = tmp_path / "ray.json"
    with local_cluster(num_cpus=2) as cluster:
        address = cluster.address
        host, port = address.split(":")
        assert host == "127.0.0.1"
        try:
            assert main(["arena", "--bots", "heuristic,random", "--deals", "4", "--seed", "4",
                         "--ray", address, "--out", str(out)]) == 0
            # the work ran on the cluster's worker processes, not in this one
            assert ray.is_initialized()
            assert ray.cluster_resources().get("CPU") == 2
            listening = _listening(cluster.pgid)
            assert int(port) in {p for _, p in listening}
            assert all(ipaddress.ip_address(a).is_loopback for a, _ in listening), listening
        finally:
            ray.shutdown()
    with socket.socket() as probe:   # the cluster is gone
        assert probe.connect_ex(("127.0.0.1", int(port))) != 0
    captured = capsys.readouterr()
    assert "4/4" in captured.err and "arena" in captured.err   # progress as on one machine
    here = run_match(["heuristic", "random"], 4, seed=4, workers=1, progress=False)
    assert here.table() in captured.out
    on_ray = json.loads(out.read_text())
    assert on_ray["per_deal"] == json.loads(json.dumps(here.per_deal))
    assert on_ray["pairs"] == json.loads(json.dumps(here.pairs))
    print(f"local Ray cluster test: {time.monotonic() - started:.1f} s")


def _listening(pgid: int) -> set[tuple[str, int]]:
    """(address, port) of every TCP socket listening in a process of group ``pgid`` (read
    from /proc: Linux)."""
    inodes = set()
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if int((proc / "stat").read_text().rsplit(")", 1)[1].split()[2]) != pgid:
                continue
            for fd in (proc / "fd").iterdir():
                link = os.readlink(fd)
                if link.startswith("socket:["):
                    inodes.add(link[8:-1])
        except OSError:
            continue
    out = set()
    for table, v6 in (("tcp", False), ("tcp6", True)):
        for line in Path(f"/proc/net/{table}").read_text().splitlines()[1:]:
            f = line.split()
            if f[3] != "0A" or f[9] not in inodes:   # 0A: LISTEN
                continue
            hexaddr, hexport = f[1].split(":")
            raw = bytes.fromhex(hexaddr)
            if v6:   # four 32-bit words, each little-endian
                raw = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))
                a6 = ipaddress.IPv6Address(raw)
                addr = str(a6.ipv4_mapped or a6)
            else:
                addr = str(ipaddress.IPv4Address(raw[::-1]))
            out.add((addr, int(hexport, 16)))
    return out
