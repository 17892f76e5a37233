"""An innocent player's move latency while strangers loop on the largest documents and
draws (issue 31, attack 1): a benchmark, with a short run in the tests.

Starts one ``binokel serve`` process on loopback on a fresh SQLite file seeded with the
largest documents the limits allow (per attacker: a score pad of 1,000 deals, a club of
500 players after 6 rounds, and clubs of 500 players waiting for their first round's
draw), then

1. a person plays Binokel against two bots for ``--quiet`` seconds: the latency of each of
   his actions (sent -> the state that includes it) and his moves per second;
2. the same for ``--attack`` seconds while ``--attackers`` client processes, each from its
   own loopback address (so that per-client limits count them apart), loop ``--loops``
   requests at a time, as fast as the server answers, on their own documents: a table
   result entered again (a new version: nothing cached) and the club's run slips, table
   cards and ranking as PDF, a correction of the pad's last deal and its sheet as PDF, and
   the first round's draw of the next fresh club.

Prints both latencies (p50, p90, max) and move rates, and what the attackers were answered
(200, 429 rate limited, 503 busy, ...; ``error TimeoutError``: a request still waiting
when the attack ended, e.g. for a worker making a 500-player club's run slips)::

    python benchmarks/document_attack.py --quiet 15 --attack 30 --attackers 4
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import websockets

from binokel.present import offered_actions
from binokel.tournament.club import MAX_PLAYERS
from binokel.tournament.club import Tournament
from binokel.tournament.pad import MAX_DEALS
from binokel.tournament.pad import DealEntry
from binokel.tournament.pad import Pad

SHORT = {"dealer": 0, "declarer": 1, "bid": 150, "contract": "abgehen"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------------- documents
def big_pad() -> dict[str, Any]:
    pad = Pad.new("binokel", ["Anna", "Bert", "Carl"], None, {})
    for _ in range(MAX_DEALS):
        pad.add(DealEntry.from_json({**SHORT, "dealer": pad.next_dealer()}))
    return pad.to_json()


def big_club(rounds: int, seed: int = 1) -> dict[str, Any]:
    """A club of the most players, with ``rounds`` rounds drawn and every result in."""
    rng = random.Random(seed)
    t = Tournament.new("Preisbinokel", "2026-11-28", "Stuttgart", "binokel", rounds=6,
                       deals_per_round=12, preset=None, options={}, table_sizes=[],
                       preferred_size=None, tie_rule="shared", seed=seed, note="")
    for i in range(MAX_PLAYERS):
        t.add_player(f"Spielerin Nummer {i + 1}")
    for _ in range(rounds):
        r = t.start_round(budget=2000)   # the seeding may seat less well than a request
        for k, table in enumerate(r.tables, 1):
            t.enter_totals(r.number, k, [rng.randint(-300, 900) for _ in table])
    return t.to_json()


def seed(url: str, attackers: int, draws: int) -> list[dict[str, Any]]:
    """Store each attacker's documents; their ids and owner tokens."""
    from binokel.web.pads import DocStore
    from binokel.web.pads import PadRow
    from binokel.web.pads import TournamentRow
    from binokel.web.store import Store

    pad, played, fresh = big_pad(), big_club(6), big_club(0)
    store = Store(url)
    try:
        pads = DocStore(store, PadRow, limit=10**6)
        clubs = DocStore(store, TournamentRow, limit=10**6)
        out = []
        for _ in range(attackers):
            mine: dict[str, Any] = {"pad": pads.create(pad, "seed"),
                                    "club": clubs.create(played, "seed"),
                                    "fresh": [clubs.create(fresh, "seed")
                                              for _ in range(draws)]}
            out.append(mine)
        return out
    finally:
        store.close()


# ---------------------------------------------------------------------- the attackers
def attacker(port: int, address: str, docs: dict[str, Any], seconds: float,
             loops: int) -> dict[str, int]:
    """One stranger (a process of its own, from ``address``): ``loops`` threads asking as
    fast as the server answers until ``seconds`` are over; its answers' counts."""
    import threading

    counts: Counter[str] = Counter()
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds
    fresh = list(docs["fresh"])
    club_id, club_token = docs["club"]
    pad_id, pad_token = docs["pad"]

    def ask(conn: http.client.HTTPConnection, method: str, path: str,
            body: Any = None, token: str | None = None) -> None:
        headers = {"content-type": "application/json"}
        if token:
            headers["x-owner-token"] = token
        conn.request(method, path, None if body is None else json.dumps(body), headers)
        r = conn.getresponse()
        r.read()
        with lock:
            counts[f"{method} {r.status}"] += 1

    def loop(k: int) -> None:
        rng = random.Random(k)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=seconds + 5,
                                          source_address=(address, 0))
        steps = 0
        while time.monotonic() < stop_at:
            steps += 1
            try:
                what = steps % 7
                if what == 0:
                    ask(conn, "POST", f"/api/clubs/{club_id}/rounds/6/tables/1",
                        {"scores": [rng.randint(0, 900) for _ in range(3)]}, club_token)
                elif what == 1:
                    ask(conn, "GET", f"/api/clubs/{club_id}/files/slips.pdf")
                elif what == 2:
                    ask(conn, "GET", f"/api/clubs/{club_id}/files/cards.pdf?round="
                        f"{rng.randint(1, 6)}&lang={rng.choice(['de', 'en'])}")
                elif what == 3:
                    ask(conn, "GET", f"/api/clubs/{club_id}/files/ranking.pdf")
                elif what == 4:
                    ask(conn, "PUT", f"/api/pads/{pad_id}/deals/{MAX_DEALS}",
                        {"deal": {**SHORT, "dealer": rng.randint(0, 2)}}, pad_token)
                elif what == 5:
                    ask(conn, "GET", f"/api/pads/{pad_id}/sheet.pdf")
                elif fresh:
                    with lock:
                        club, token = fresh.pop() if fresh else (None, None)
                    if club is not None:
                        ask(conn, "POST", f"/api/clubs/{club}/rounds", {}, token)
            except (OSError, http.client.HTTPException) as e:
                with lock:
                    counts[f"error {type(e).__name__}"] += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=seconds + 5,
                                                  source_address=(address, 0))
        conn.close()

    threads = [threading.Thread(target=loop, args=(k,)) for k in range(loops)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return dict(counts)


# ---------------------------------------------------------------------- the innocent
def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(base + path, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


async def play(ws: Any, seconds: float, rng: random.Random, last: dict[str, Any] | None
               ) -> tuple[list[float], dict[str, Any] | None]:
    """Play for ``seconds``: each own action's latency (sent -> its state)."""
    lat: list[float] = []
    stop_at = time.monotonic() + seconds
    sent_at: float | None = None
    sent_point = (0, 0)
    msg = last
    while time.monotonic() < stop_at:
        if msg is None or msg.get("type") != "state" or msg.get("table") is None:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg.get("type") == "error":
                sent_at, msg = None, last
            continue
        last = msg
        t, point = msg["table"], (msg["deal"], msg["moves"])
        if sent_at is not None and point > sent_point:
            lat.append(time.perf_counter() - sent_at)
            sent_at = None
        if t["to_move"] < 0 and point > sent_point:
            sent_point = point
            await ws.send(json.dumps({"type": "next"}))
        elif t["to_move"] == t["me"] and sent_at is None:
            sent_point, sent_at = point, time.perf_counter()
            await ws.send(json.dumps({"type": "action",
                                      "action": rng.choice(offered_actions(t, rng)),
                                      "move": msg["moves"], "deal": msg["deal"]}))
        msg = None
    return lat, last


def figures(lat: list[float], seconds: float) -> dict[str, float]:
    ordered = sorted(lat) or [float("nan")]
    return {"moves": len(lat), "per_s": len(lat) / seconds,
            "p50": statistics.median(ordered),
            "p90": ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))],
            "max": ordered[-1]}


async def innocent(base: str, quiet: float, attack: float, start_attack: Any
                   ) -> tuple[dict[str, float], dict[str, float]]:
    table = post(base, "/api/tables", {"game": "binokel", "players": 3,
                                       "bots": [None, "heuristic", "heuristic"],
                                       "deals": 100})
    token = post(base, f"/api/tables/{table['id']}/join",
                 {"seat": 0, "nickname": "Unschuldig"})["token"]
    rng = random.Random(7)
    uri = base.replace("http", "ws") + f"/ws/{table['id']}?token={token}"
    async with websockets.connect(uri, max_size=1 << 22) as ws:
        lat_quiet, last = await play(ws, quiet, rng, None)
        start_attack()
        lat_attack, _ = await play(ws, attack, rng, last)
    return figures(lat_quiet, quiet), figures(lat_attack, attack)


# ---------------------------------------------------------------------- the run
def measure(quiet: float = 15, attack: float = 30, attackers: int = 4, loops: int = 4,
            draws: int = 8, bot_delay: float = 0.05, server_path: str | None = None
            ) -> dict[str, Any]:
    """The whole run (see the module); its figures. ``server_path``: the server's source
    (``PYTHONPATH``), to measure another version of it against the same attack."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'attack.sqlite3'}"
        if server_path:    # stored by the server's own version (its own migrations)
            done = subprocess.run(
                [sys.executable, __file__, "--seed", json.dumps([url, attackers, draws])],
                env={**os.environ, "PYTHONPATH": server_path}, check=True,
                stdout=subprocess.PIPE, text=True)
            docs = json.loads(done.stdout)
        else:
            docs = seed(url, attackers, draws)
        server = subprocess.Popen([sys.executable, "-m", "binokel.cli", "serve", "--port",
                                   str(port), "--database-url", url, "--bot-delay",
                                   str(bot_delay)], stdout=subprocess.DEVNULL,
                                  env={**os.environ, "PYTHONPATH": server_path}
                                  if server_path else None)
        procs: list[subprocess.Popen[str]] = []
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/healthz", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)

            def start_attack() -> None:
                for k in range(attackers):
                    procs.append(subprocess.Popen(
                        [sys.executable, __file__, "--attacker", json.dumps(
                            [port, f"127.0.0.{10 + k}", docs[k], attack, loops])],
                        stdout=subprocess.PIPE, text=True))

            calm, busy = asyncio.run(innocent(base, quiet, attack, start_attack))
            answers: Counter[str] = Counter()
            for p in procs:
                out, _ = p.communicate(timeout=attack + 120)
                answers.update(json.loads(out))
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
            server.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(timeout=20)
            if server.poll() is None:
                server.kill()
    return {"quiet": calm, "attack": busy, "answers": dict(sorted(answers.items()))}


def main() -> None:
    if sys.argv[1:2] == ["--attacker"]:      # one attacking process (see ``measure``)
        print(json.dumps(attacker(*json.loads(sys.argv[2]))), flush=True)
        return
    if sys.argv[1:2] == ["--seed"]:          # the documents, stored by another version
        print(json.dumps(seed(*json.loads(sys.argv[2]))), flush=True)
        return
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quiet", type=float, default=15, help="seconds without attack")
    ap.add_argument("--attack", type=float, default=30, help="seconds under attack")
    ap.add_argument("--attackers", type=int, default=4, help="attacking clients (1-40)")
    ap.add_argument("--loops", type=int, default=4, help="requests each has open (1-8)")
    ap.add_argument("--draws", type=int, default=8, help="fresh clubs each may draw")
    ap.add_argument("--server-path", default=None,
                    help="PYTHONPATH of the server: another version's src/ to compare")
    args = ap.parse_args()
    if not (1 <= args.attackers <= 40 and 1 <= args.loops <= 8 and args.quiet <= 600
            and args.attack <= 600):
        ap.error("at most 40 attackers, 8 loops and 600 seconds each")
    out = measure(args.quiet, args.attack, args.attackers, args.loops, args.draws,
                  server_path=args.server_path)
    for phase in ("quiet", "attack"):
        f = out[phase]
        print(f"{phase:6}: {f['moves']:4d} moves, {f['per_s']:.1f}/s, latency p50 "
              f"{f['p50'] * 1e3:.0f} ms, p90 {f['p90'] * 1e3:.0f} ms, max "
              f"{f['max'] * 1e3:.0f} ms")
    print("attackers were answered:", ", ".join(f"{k}: {v}" for k, v in
                                                out["answers"].items()))


if __name__ == "__main__":
    main()
