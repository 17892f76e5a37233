"""Load test of the web server (a benchmark, not a unit test).

Starts one ``binokel serve`` process on loopback with a fresh SQLite file, then runs many
concurrent tables whose seats are all WebSocket clients playing like bots: each chooses a
random action from the choices its presented table offers (buttons, clickable cards, a
selection of hand cards, a free bid). Prints tables, actions per second and the action
latency (send -> the sender's first state that includes it) p50/p99. Bounded by ``--deals``
per table and ``--seconds``. ``--game all`` spreads the tables over every game.

``--processes N --database-url postgresql+psycopg://...`` starts N server processes on one
PostgreSQL database instead and spreads the clients over them: the seats of one table sit
on different processes (seat k of table i on process (i + k) mod N), so every move crosses
processes through LISTEN/NOTIFY. The database should be a throwaway one.

    python benchmarks/load_test.py --tables 20 --deals 1 --seconds 120
    python benchmarks/load_test.py --tables 24 --game all
    python benchmarks/load_test.py --tables 12 --seconds 45 --processes 3 \
        --database-url 'postgresql+psycopg://postgres@/binokel?host=/tmp/pg&port=5432'
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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

from binokel.present import offered_actions

# (game, players) for --game all: every game, small and large tables.
MIX = [("binokel", 3), ("binokel", 4), ("kreuzbinokel", 4), ("zweier", 2),
       ("luxusfamilie", 3), ("luxusfamilie", 6), ("doppelkopf", 4), ("doppelkopf", 5)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.refused = 0       # random selections the engine refused (drawn again)
        self.limited = 0       # rate-limited sends (sent again after a pause)
        self.stuck = 0         # clients that waited in vain for a state (a lost update)


async def seat_client(base: str, tid: str, token: str, deals: int, rng: random.Random,
                      stats: Stats, stop_at: float) -> None:
    uri = base.replace("http", "ws") + f"/ws/{tid}?token={token}"
    async with websockets.connect(uri, max_size=1 << 22) as ws:
        sent_at: float | None = None
        sent_point = (0, 0)
        last: dict[str, Any] | None = None
        while time.monotonic() < stop_at:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
            except TimeoutError:
                # A lost update: say where, and let the others finish.
                at = last and (last["deal"], last["moves"], last["table"]["to_move"])
                print(f"STUCK: no message for 60 s at table {tid} on {base}, seat "
                      f"{last and last['table']['me']}, last state (deal, moves, to move) "
                      f"{at}", flush=True)
                stats.stuck += 1
                return
            if msg.get("type") == "error":
                # A refused random selection or a rate limit: choose again from the last state.
                if msg["code"] == "rate_limited":
                    stats.limited += 1
                    await asyncio.sleep(0.2)
                else:
                    stats.refused += 1
                sent_at = None
                msg = last
                if msg is None:
                    continue
            if msg.get("type") != "state" or msg.get("table") is None:
                continue
            last = msg
            t = msg["table"]
            point = (msg["deal"], msg["moves"])
            if sent_at is not None and point > sent_point:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if t["to_move"] < 0:
                if msg["deal"] >= deals or msg.get("winner") is not None:
                    return
                if point > sent_point:   # every person says ready for the next deal
                    sent_point = point
                    await ws.send(json.dumps({"type": "next"}))
                continue
            if t["to_move"] == t["me"] and sent_at is None:
                sent_point = point
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action",
                                          "action": rng.choice(offered_actions(t, rng)),
                                          "move": msg["moves"], "deal": msg["deal"]}))
                stats.actions += 1


async def flood(base: str, tid: str, stop: asyncio.Event, counts: list[int]) -> None:
    """One client sending as fast as it can on 8 sockets (pings, junk, oversized messages):
    the rate limits must keep every other table's latency where it was."""
    uri = base.replace("http", "ws") + f"/ws/{tid}"

    async def one(k: int) -> None:
        while not stop.is_set():
            try:
                async with websockets.connect(uri, max_size=1 << 22) as ws:
                    async def drain() -> None:
                        with contextlib.suppress(websockets.ConnectionClosed):
                            async for _ in ws:
                                pass
                    reader = asyncio.create_task(drain())
                    i = 0
                    while not stop.is_set():
                        i += 1
                        payload = ("x" * 5000 if i % 50 == 0 else
                                   "[" * 3000 if i % 7 == 0 else '{"type": "ping"}')
                        await ws.send(payload)
                        counts[0] += 1
                        if i % 100 == 0:
                            await asyncio.sleep(0)
                    reader.cancel()
            except (OSError, websockets.ConnectionClosed):
                counts[1] += 1   # closed by the server (oversized, or over its strikes)
                await asyncio.sleep(0.05)
    await asyncio.gather(*(one(k) for k in range(8)))


async def run(bases: list[str], tables: int, deals: int, seconds: float, game: str,
              with_flood: bool = False) -> None:
    base = bases[0]
    rng = random.Random(1)
    stop_at = time.monotonic() + seconds
    stats = Stats()
    jobs = []
    mix = MIX if game == "all" else [(game, 0)]
    seats_total = 0
    for i in range(tables):
        g, n = mix[i % len(mix)]
        body: dict[str, Any] = {"game": g}
        if n:
            body["players"] = n
        meta = post(bases[i % len(bases)] + "/api/tables", {**body, "bots": None})
        players = meta["players"]
        seats_total += players
        for seat in range(players):
            at = bases[(i + seat) % len(bases)]
            tok = post(at + f"/api/tables/{meta['id']}/join",
                       {"seat": seat, "nickname": f"load{seat}"})
            jobs.append(seat_client(at, meta["id"], tok["token"], deals,
                                    random.Random(rng.random()), stats, stop_at))
    flooder = None
    if with_flood:
        # In a process of its own: flooding from this event loop would slow the measuring
        # clients themselves and count against the server.
        victim = post(base + "/api/tables", {"game": "binokel", "bots": [None, "random",
                                                                         "random"]})
        flooder = subprocess.Popen([sys.executable, __file__, "--flood-only", base,
                                    victim["id"]], stdout=subprocess.PIPE, text=True)
        await asyncio.sleep(1.0)   # the flood under way before the tables start
    t0 = time.perf_counter()
    await asyncio.gather(*jobs)
    dt = time.perf_counter() - t0
    if flooder is not None:
        flooder.terminate()
        out, _ = flooder.communicate(timeout=10)
        sent, closed = [*out.split(), "?", "?"][:2]
        print(f"meanwhile one client flooded (a process of its own): {sent} messages sent "
              f"on 8 sockets, {closed} connections closed by the server")
    lat = sorted(stats.latencies)
    games = "every game" if game == "all" else game
    print(f"{tables} concurrent tables ({games}) x {deals} deal(s), {seats_total} WebSocket "
          f"clients, {len(bases)} server process(es) on loopback")
    print(f"{stats.actions} actions in {dt:.1f} s: {stats.actions / dt:,.0f} actions/s "
          f"({stats.refused} random selections refused, {stats.limited} rate-limited)")
    if stats.stuck:
        print(f"{stats.stuck} clients waited 60 s in vain for a state (see STUCK above)")
    if lat:
        p50 = statistics.median(lat) * 1e3
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e3
        print(f"action latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(lat)} samples)")


def flood_only(base: str, tid: str) -> None:
    """The flooding client's process: floods until terminated, then prints its counts."""
    import signal

    counts = [0, 0]

    async def go() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        task = asyncio.create_task(flood(base, tid, stop, counts))
        await stop.wait()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    asyncio.run(go())
    print(counts[0], counts[1], flush=True)


def main() -> None:
    if sys.argv[1:2] == ["--flood-only"]:
        flood_only(sys.argv[2], sys.argv[3])
        return
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=120)
    ap.add_argument("--game", default="binokel", help="a game name, or 'all'")
    ap.add_argument("--flood", action="store_true",
                    help="one more client floods the server meanwhile (8 sockets)")
    ap.add_argument("--processes", type=int, default=1,
                    help="server processes (more than one needs --database-url)")
    ap.add_argument("--database-url", default=None,
                    help="a throwaway PostgreSQL database (default: a fresh SQLite file)")
    args = ap.parse_args()
    if not 1 <= args.processes <= 16:
        ap.error("--processes must be 1 to 16")
    if args.processes > 1 and not (args.database_url or "").startswith("postgres"):
        ap.error("several processes need a PostgreSQL --database-url")
    ports = [free_port() for _ in range(args.processes)]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        procs = [subprocess.Popen([sys.executable, "-m", "binokel.cli", "serve", "--port",
                                   str(port), "--database-url", url, "--bot-delay", "0",
                                   "--per-client", "100000"], stdout=subprocess.DEVNULL)
                 for port in ports]
        try:
            for base in bases:
                for _ in range(300):
                    try:
                        urllib.request.urlopen(base + "/api/meta", timeout=1)
                        break
                    except OSError:
                        time.sleep(0.1)
            asyncio.run(run(bases, args.tables, args.deals, args.seconds, args.game,
                            args.flood))
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(timeout=10)


if __name__ == "__main__":
    main()
