"""Load test of the web server (a benchmark, not a unit test).

Starts one ``binokel serve`` process on loopback with a fresh SQLite file, then runs many
concurrent tables whose three seats are WebSocket clients choosing random legal actions from
their own views. Prints tables, actions per second and the action latency (send -> the
sender's updated state) p50/p99. Bounded by ``--deals`` per table and ``--seconds``.

    python benchmarks/load_test.py --tables 20 --deals 1 --seconds 120
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


async def seat_client(base: str, tid: str, token: str, deals: int, rng: random.Random,
                      latencies: list[float], stop_at: float) -> int:
    actions = 0
    uri = base.replace("http", "ws") + f"/ws/{tid}?token={token}"
    async with websockets.connect(uri, max_size=1 << 20) as ws:
        sent_at: float | None = None
        sent_len = -1
        while time.monotonic() < stop_at:
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            if msg.get("type") != "state" or msg.get("view") is None:
                continue
            v = msg["view"]
            if sent_at is not None and len(v["history"]) > sent_len:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if v["result"] is not None:
                if msg["deal"] >= deals or msg.get("winner") is not None:
                    return actions
                if v["player"] == 0:
                    await ws.send(json.dumps({"type": "next"}))
                continue
            if v["to_move"] == v["player"] and v["legal_actions"] and sent_at is None:
                sent_len = len(v["history"])
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action",
                                          "action": rng.choice(v["legal_actions"])}))
                actions += 1
    return actions


async def run(base: str, tables: int, deals: int, seconds: float) -> None:
    rng = random.Random(1)
    stop_at = time.monotonic() + seconds
    latencies: list[float] = []
    jobs = []
    for _ in range(tables):
        t = post(base + "/api/tables", {"preset": "standard", "bots": [None, None, None]})
        for seat in range(3):
            tok = post(base + f"/api/tables/{t['id']}/join", {"seat": seat,
                                                              "nickname": f"load{seat}"})
            jobs.append(seat_client(base, t["id"], tok["token"], deals,
                                    random.Random(rng.random()), latencies, stop_at))
    t0 = time.perf_counter()
    counts = await asyncio.gather(*jobs)
    dt = time.perf_counter() - t0
    total = sum(counts)
    latencies.sort()
    print(f"{tables} concurrent tables x {deals} deal(s), 3 WebSocket clients each, "
          f"one server process on loopback")
    print(f"{total} actions in {dt:.1f} s: {total / dt:,.0f} actions/s")
    if latencies:
        p50 = statistics.median(latencies) * 1e3
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1e3
        print(f"action latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(latencies)} samples)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=120)
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.sqlite3"
        proc = subprocess.Popen([sys.executable, "-m", "binokel.cli", "serve", "--port",
                                 str(port), "--database-url", f"sqlite:///{db}",
                                 "--bot-delay", "0"], stdout=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(base + "/api/meta", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            asyncio.run(run(base, args.tables, args.deals, args.seconds))
        finally:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
