"""Soak test of the web game: three server processes on one PostgreSQL database under a
bounded load, one of them killed with SIGKILL every few seconds and started again (a
benchmark; a short run is tests/test_web_soak.py).

The load: ``--tables`` Binokel tables of three, each with one or two scripted players (a
WebSocket client that thinks ``--think`` seconds, then sends a random offered action, and
says "next" after every deal, forever) and computer players for the other seats, at a
``--bot-delay``. Seat k of table i connects to process (i + k) mod 3, so every move crosses
processes. Every ``--kill-every`` seconds one process (in turn, while another is up) gets
SIGKILL; after ``--down`` seconds it is started again on its port (a start takes seconds:
the next kill does not wait for it). A client whose process died connects
to the live one with the fewest connections, as nginx would send it (``least_conn``, a
failed server left out).

Measured and checked:

- **acknowledged actions**: an action is acknowledged when its sender gets a state (from
  any process) past the point he sent it at. Each must be in the database afterwards at
  its place (deal, index, seat, action): ``lost`` counts those that are not. Every state
  any client was shown must be stored as well (``unstored``: a deal shown further than the
  database holds).
- **stalls**: a client that waits longer than ``--stall`` seconds for its table to move on
  (its own action or "next" unanswered, or the others' moves not arriving), with the
  table, seat and point it waited at.
- latency from sending an action to the state that acknowledges it (p50, p90, p99, max;
  an action sent to a process that died is acknowledged only after the reconnect),
  reconnects, the processes' restart times, the deals finished.

Without ``--database-url`` a throwaway PostgreSQL cluster is started (Debian's
postgresql-15 binaries, as the tests use them) and removed afterwards.

    python benchmarks/soak.py --seconds 120 --tables 6 --kill-every 10
    python benchmarks/soak.py --seconds 600 --tables 12 --kill-every 15 --bot-delay 0.2
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import websockets
from sqlalchemy import create_engine
from sqlalchemy import text

from binokel.present import offered_actions

PG_BIN = Path("/usr/lib/postgresql/15/bin")
PROCESSES = 3


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(args: list[str]) -> list[str]:
    # The server refuses to run as root; run it as the postgres user when we are root.
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL cluster of its own in a temporary directory, on a Unix socket only;
    its URL. Stopped and removed afterwards."""
    tmp = Path(tempfile.mkdtemp(prefix="binokel-soak-pg-"))
    data, sock = tmp / "data", tmp / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        shutil.chown(tmp, "postgres")
        shutil.chown(sock, "postgres")
    port = free_port()
    subprocess.run(_as_postgres([str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres",
                                 "--auth=trust", "-E", "UTF8"]), check=True,
                   capture_output=True)
    subprocess.run(_as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(data), "-w", "-l",
                                 str(tmp / "log"), "-o",
                                 f"-p {port} -k {sock} -c listen_addresses=''", "start"]),
                   check=True, capture_output=True)
    try:
        createdb = PG_BIN / "createdb"
        subprocess.run(_as_postgres([str(createdb) if createdb.exists() else "createdb",
                                     "-h", str(sock), "-p", str(port), "-U", "postgres",
                                     "binokel"]), check=True, capture_output=True)
        yield f"postgresql+psycopg://postgres@/binokel?host={sock}&port={port}"
    finally:
        subprocess.run(_as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(data), "-m",
                                     "immediate", "stop"]), capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


def http(port: int, path: str, body: Any = None, timeout: float = 10) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())


class Cluster:
    """The server processes: started, killed (SIGKILL) and started again on their ports."""

    def __init__(self, url: str, bot_delay: float, log_dir: Path) -> None:
        self.url, self.bot_delay, self.log_dir = url, bot_delay, log_dir
        self.ports = [free_port() for _ in range(PROCESSES)]
        self.procs: list[subprocess.Popen[bytes] | None] = [None] * PROCESSES
        self.up = [False] * PROCESSES
        self.starts = [0] * PROCESSES
        self.conns = [0] * PROCESSES      # the soak's open WebSockets to each

    def start(self, k: int) -> None:
        self.starts[k] += 1
        log = open(self.log_dir / f"server-{k}-{self.starts[k]}.log", "wb")  # noqa: SIM115
        self.procs[k] = subprocess.Popen(
            [str(Path(sys.executable).parent / "binokel"), "serve", "--host", "127.0.0.1",
             "--port", str(self.ports[k]), "--database-url", self.url,
             "--bot-delay", str(self.bot_delay), "--per-client", "10000"],
            stdout=log, stderr=subprocess.STDOUT)
        log.close()

    def healthy(self, k: int) -> bool:
        try:
            return bool(http(self.ports[k], "/healthz", timeout=2)["ok"])
        except (OSError, ValueError):
            return False

    def wait_up(self, k: int, limit: float = 60) -> float:
        """Seconds until process ``k`` answers its health check."""
        start = time.monotonic()
        while time.monotonic() - start < limit:
            if self.healthy(k):
                self.up[k] = True
                return time.monotonic() - start
            time.sleep(0.1)
        raise RuntimeError(f"server process {k} did not come up in {limit} s "
                           f"(see {self.log_dir})")

    def kill(self, k: int) -> None:
        self.up[k] = False
        proc = self.procs[k]
        if proc is not None:
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)

    def live(self) -> int:
        """The live process with the fewest connections, as nginx's ``least_conn`` picks
        (a restarted process gets the connections that move)."""
        up = [k for k in range(PROCESSES) if self.up[k]] or list(range(PROCESSES))
        return min(up, key=lambda k: self.conns[k])

    def stop(self) -> None:
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            if proc is None:
                continue
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@dataclass
class Figures:
    acked: list[tuple[str, int, int, int, str]] = field(default_factory=list)
    late_acks: int = 0           # acknowledged only after a reconnect
    latencies: list[float] = field(default_factory=list)
    seen: dict[tuple[str, int], int] = field(default_factory=dict)  # (table, deal) -> moves
    refused: int = 0             # stale or illegal choices (chosen again)
    resent: int = 0              # sent to a process that died before storing it
    connects: int = 0
    reconnects: int = 0
    stalls: list[str] = field(default_factory=list)
    longest: float = 0.0         # the longest wait for a table to move on
    kills: int = 0
    restart_seconds: list[float] = field(default_factory=list)
    events: list[tuple[float, str]] = field(default_factory=list)   # kills and restarts
    why: dict[str, int] = field(default_factory=dict)   # reconnects by their cause
    began: float = 0.0

    def event(self, what: str) -> None:
        self.events.append((time.monotonic(), what))

    def around(self, start: float, end: float) -> str:
        """The kills and restarts from 3 s before ``start`` to ``end`` (for a stall)."""
        near = [f"{t - self.began:.1f} s {what}" for t, what in self.events
                if start - 3 <= t <= end]
        return "; ".join(near) or "no kill or restart near it"


async def _inbox(ws: Any, wait: float) -> tuple[dict[str, Any] | None, str | None]:
    """The messages that arrive within ``wait`` seconds (the first one waited for, any
    queued behind it taken at once): the newest state among them, and the code of the last
    error if one came (a refused action: choose again)."""
    try:
        raw = await asyncio.wait_for(ws.recv(), timeout=wait)
    except TimeoutError:
        return None, None
    msgs = [json.loads(raw)]
    while True:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=0.001)
        except TimeoutError:
            break
        msgs.append(json.loads(raw))
    states = [m for m in msgs if m.get("type") == "state" and m.get("table") is not None]
    errors = [str(m.get("code")) for m in msgs if m.get("type") == "error"]
    return (states[-1] if states else None), (errors[-1] if errors else None)


async def player(cluster: Cluster, tid: str, seat: int, token: str, prefer: int,
                 rng: random.Random, figures: Figures, stop_at: float, think: float,
                 stall: float) -> None:
    """One scripted person at ``seat``: plays random offered actions, says "next" after
    every deal, reconnects to a live process when its own dies, and keeps the figures."""
    pending: tuple[int, int, str, float] | None = None   # deal, move, action, sent at
    point = (0, 0)                   # the newest (deal, moves) seen
    last_move = time.monotonic()     # when the table last moved on
    stalled = False
    stall_no = 0
    k = prefer
    reconnected = False
    while time.monotonic() < stop_at:
        if reconnected:
            k = cluster.live()
        uri = f"ws://127.0.0.1:{cluster.ports[k]}/ws/{tid}?token={token}"
        try:
            cluster.conns[k] += 1
            async with websockets.connect(uri, open_timeout=5, max_size=1 << 22) as ws:
                figures.connects += 1
                state: dict[str, Any] | None = None
                carried: tuple[dict[str, Any] | None, str | None] | None = None
                while time.monotonic() < stop_at:
                    msg, error = carried if carried is not None else await _inbox(ws, 0.5)
                    carried = None
                    now = time.monotonic()
                    if msg is not None:
                        state = msg
                        at = (msg["deal"], msg["moves"])
                        key = (tid, msg["deal"])
                        figures.seen[key] = max(figures.seen.get(key, 0), msg["moves"])
                        if at > point:
                            if stalled:
                                figures.stalls[stall_no] += (
                                    f"; moved on after {now - last_move:.1f} s; near it: "
                                    f"{figures.around(last_move, now)}")
                            point, last_move, stalled = at, now, False
                        if pending is not None and at > pending[:2]:
                            deal, move, action, sent = pending
                            if action != "next":
                                figures.acked.append((tid, deal, move, seat, action))
                                figures.latencies.append(now - sent)
                                figures.late_acks += reconnected
                            pending = None
                        elif pending is not None and reconnected and at == pending[:2]:
                            # Sent to a process that died before storing it: never
                            # acknowledged, so the person simply chooses again.
                            figures.resent += 1
                            pending = None
                        reconnected = False
                    if error is not None:
                        figures.refused += 1
                        pending = None            # choose again from the newest state
                        if error == "rate_limited":
                            await asyncio.sleep(0.2)
                    waited = now - last_move
                    figures.longest = max(figures.longest, waited)
                    if waited > stall and not stalled:
                        stalled = True
                        stall_no = len(figures.stalls)
                        to_move = state["table"]["to_move"] if state else None
                        figures.stalls.append(
                            f"{last_move - figures.began:.1f} s: table {tid} seat {seat} "
                            f"on process {k}: no move for {waited:.1f} s at (deal, moves) "
                            f"{point}, to move {to_move}, own message pending: "
                            f"{pending is not None}; "
                            f"{await asyncio.to_thread(diagnose, cluster, tid, point[0])}")
                    if state is None or pending is not None:
                        continue
                    t = state["table"]
                    if t["to_move"] < 0:
                        pending = (state["deal"], state["moves"], "next", now)
                        await ws.send(json.dumps({"type": "next"}))
                    elif t["to_move"] == t["me"]:
                        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                        newer = await _inbox(ws, 0.001)
                        if newer != (None, None):
                            carried = newer     # something came meanwhile: look first
                            continue
                        action = rng.choice(offered_actions(t, rng))
                        pending = (state["deal"], state["moves"], action, time.monotonic())
                        await ws.send(json.dumps({"type": "action", "action": action,
                                                  "move": state["moves"],
                                                  "deal": state["deal"]}))
        except (OSError, websockets.ConnectionClosed, websockets.InvalidHandshake,
                TimeoutError) as e:
            cause = f"{type(e).__name__} ({'up' if cluster.up[k] else 'down'})"
            figures.why[cause] = figures.why.get(cause, 0) + 1
            figures.reconnects += 1
            reconnected = True
            await asyncio.sleep(0.2)
        finally:
            cluster.conns[k] -= 1


def diagnose(cluster: Cluster, tid: str, deal: int) -> str:
    """What a stalled table looks like from outside: its stored moves of ``deal`` and
    version, which database session holds its driving lock, what the sessions wait for,
    and how fast each live process answers its health check."""
    out = []
    engine = create_engine(cluster.url)
    try:
        with engine.connect() as conn:
            version, status = conn.execute(text(
                "SELECT version, status FROM tables WHERE id = :t"), {"t": tid}).one()
            moves = conn.execute(text(
                "SELECT count(*) FROM actions WHERE table_id = :t AND deal_number = :d"),
                {"t": tid, "d": deal}).scalar()
            out.append(f"stored: version {version}, {status}, {moves} moves of deal {deal}")
            holder = conn.execute(text(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND "
                "classid = 4243 AND objid = hashtext(:t)::oid"), {"t": tid}).scalar()
            out.append(f"driving lock held by backend {holder}")
            waits = conn.execute(text(
                "SELECT pid, state, wait_event_type, wait_event, "
                "round(extract(epoch from now() - query_start)::numeric, 1), left(query, 60) "
                "FROM pg_stat_activity WHERE datname = current_database() AND "
                "pid <> pg_backend_pid() AND (state <> 'idle' OR wait_event_type = 'Lock')"
            )).all()
            out += [f"session {w[0]} {w[1]} waiting {w[2]}/{w[3]} for {w[4]} s: {w[5]}"
                    for w in waits]
    except Exception as e:  # a diagnosis must not end the run
        out.append(f"database: {type(e).__name__}: {e}")
    finally:
        engine.dispose()
    for k in range(PROCESSES):
        if cluster.up[k]:
            start = time.monotonic()
            answer = "no answer"
            with contextlib.suppress(Exception):
                got = http(cluster.ports[k], "/healthz", timeout=5)
                answer = f"driving {got.get('driving')}"
            out.append(f"process {k}: {answer} in {time.monotonic() - start:.2f} s")
    return "; ".join(out)


async def killer(cluster: Cluster, every: float, down: float, stop_at: float,
                 figures: Figures) -> None:
    """Every ``every`` seconds SIGKILL the next process in turn that is up, as long as
    another one is up too, and start it again ``down`` seconds later (in the background:
    a restart takes seconds, the next kill does not wait for it). Returns once the
    restarts are done."""
    restarts: list[asyncio.Task[None]] = []
    victim = PROCESSES - 1

    async def restart(k: int) -> None:
        await asyncio.sleep(down)
        cluster.start(k)
        # Waited for until the end of the run at most: then the cluster is stopped anyway.
        limit = max(1.0, stop_at - time.monotonic())
        with contextlib.suppress(RuntimeError):
            figures.restart_seconds.append(await asyncio.to_thread(cluster.wait_up, k,
                                                                   limit))
            figures.event(f"process {k} up again")

    at = time.monotonic() + every
    while at < stop_at - 1.0:
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        at += every
        if sum(cluster.up) < 2:
            continue            # one is up alone: it stays up
        victim = next(k for d in range(1, PROCESSES + 1)
                      if cluster.up[k := (victim + d) % PROCESSES])
        cluster.kill(victim)
        figures.kills += 1
        figures.event(f"process {victim} killed")
        restarts.append(asyncio.create_task(restart(victim)))
    await asyncio.gather(*restarts)


def check(url: str, figures: Figures) -> tuple[int, int, list[str]]:
    """What the database holds against what the clients were told: acknowledged actions
    missing or different (``lost``), states shown beyond what is stored (``unstored``),
    and the first few of each, described."""
    tables = sorted({tid for tid, _ in figures.seen})
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT table_id, deal_number, idx, seat, action FROM actions "
                "WHERE table_id = ANY(:ids)"), {"ids": tables}).all()
    finally:
        engine.dispose()
    stored = {(tid, deal, idx): (seat, action) for tid, deal, idx, seat, action in rows}
    counts: dict[tuple[str, int], int] = {}
    for tid, deal, _idx in stored:
        counts[(tid, deal)] = counts.get((tid, deal), 0) + 1
    notes = []
    lost = 0
    for tid, deal, move, seat, action in figures.acked:
        if stored.get((tid, deal, move)) != (seat, action):
            lost += 1
            if len(notes) < 5:
                notes.append(f"lost: table {tid} deal {deal} move {move} seat {seat} "
                             f"{action!r}, stored {stored.get((tid, deal, move))}")
    unstored = 0
    for (tid, deal), moves in figures.seen.items():
        if counts.get((tid, deal), 0) < moves:
            unstored += 1
            if len(notes) < 10:
                notes.append(f"unstored: table {tid} deal {deal} shown at {moves} moves, "
                             f"{counts.get((tid, deal), 0)} stored")
    return lost, unstored, notes


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def soak(url: str, seconds: float = 60, tables: int = 6, kill_every: float = 10,
         down: float = 1.0, stall: float = 10.0, think: float = 0.3, bot_delay: float = 0.1,
         seed: int = 1, log_dir: Path | None = None) -> dict[str, Any]:
    """Run the soak on the PostgreSQL database ``url`` (see the module); the figures."""
    logs = log_dir or Path(tempfile.mkdtemp(prefix="binokel-soak-logs-"))
    cluster = Cluster(url, bot_delay, logs)
    figures = Figures()
    rng = random.Random(seed)
    try:
        for k in range(PROCESSES):
            cluster.start(k)
        for k in range(PROCESSES):
            cluster.wait_up(k)
        seats: list[tuple[str, int, str, int]] = []
        for i in range(tables):
            people = 1 + i % 2
            bots: list[str | None] = [None] * people + ["random"] * (3 - people)
            tid = http(cluster.ports[i % PROCESSES], "/api/tables",
                       {"game": "binokel", "bots": bots,
                        "settings": {"turn_timeout": None}})["id"]
            for s in range(people):
                k = (i + s) % PROCESSES
                token = http(cluster.ports[k], f"/api/tables/{tid}/join",
                             {"seat": s, "nickname": f"Soak {i}.{s}"})["token"]
                seats.append((tid, s, token, k))
        start = figures.began = time.monotonic()
        stop_at = start + seconds

        async def run() -> None:
            await asyncio.gather(
                killer(cluster, kill_every, down, stop_at, figures),
                *(player(cluster, tid, s, token, k, random.Random(rng.random()), figures,
                         stop_at, think, stall) for tid, s, token, k in seats))

        asyncio.run(run())
        elapsed = time.monotonic() - start
        lost, unstored, notes = check(url, figures)
        deals = sum(1 for (tid, deal) in figures.seen if (tid, deal + 1) in figures.seen)
    finally:
        cluster.stop()
    lat = figures.latencies
    return {"seconds": elapsed, "tables": tables, "players": len(seats),
            "acked": len(figures.acked), "late_acks": figures.late_acks, "lost": lost,
            "unstored": unstored, "notes": notes, "kills": figures.kills,
            "restart_p50": statistics.median(figures.restart_seconds)
            if figures.restart_seconds else float("nan"),
            "restart_max": max(figures.restart_seconds, default=float("nan")),
            "resent": figures.resent, "refused": figures.refused,
            "reconnects": figures.reconnects, "connects": figures.connects,
            "why": dict(sorted(figures.why.items(), key=lambda kv: -kv[1])),
            "stalls": figures.stalls, "longest": figures.longest, "deals": deals,
            "p50": pct(lat, 0.5), "p90": pct(lat, 0.9), "p99": pct(lat, 0.99),
            "max": max(lat, default=float("nan")), "logs": str(logs)}


def report(out: dict[str, Any], kill_every: float, stall: float) -> str:
    ms = {k: out[k] * 1000 for k in ("p50", "p90", "p99", "max")}
    lines = [
        f"soak: {PROCESSES} server processes on PostgreSQL, {out['tables']} Binokel tables "
        f"({out['players']} scripted players, bots in the other seats), "
        f"{out['seconds']:.0f} s, one process killed (SIGKILL) every {kill_every:g} s",
        f"kills: {out['kills']}; a restarted process healthy after "
        f"{out['restart_p50']:.1f} s (median), {out['restart_max']:.1f} s at most",
        f"actions acknowledged: {out['acked']} ({out['late_acks']} only after a reconnect); "
        f"lost: {out['lost']}; states shown but not stored: {out['unstored']}",
        f"sent to a dying process, never acknowledged, chosen again: {out['resent']}; "
        f"refused as stale or illegal: {out['refused']}",
        f"deals finished: {out['deals']}; connections: {out['connects']} "
        f"({out['reconnects']} reconnects: "
        f"{', '.join(f'{n} {why}' for why, n in out['why'].items()) or 'none'})",
        f"latency send -> acknowledging state: p50 {ms['p50']:.0f} ms, p90 {ms['p90']:.0f} "
        f"ms, p99 {ms['p99']:.0f} ms, max {ms['max']:.0f} ms",
        f"stalls (no move for more than {stall:g} s): {len(out['stalls'])}; longest wait "
        f"for a table to move on: {out['longest']:.1f} s",
        *out["stalls"][:10], *out["notes"],
    ]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--tables", type=int, default=6)
    ap.add_argument("--kill-every", type=float, default=10)
    ap.add_argument("--down", type=float, default=1.0, help="seconds a killed process stays down")
    ap.add_argument("--stall", type=float, default=10.0,
                    help="seconds without a move that count as a stall")
    ap.add_argument("--think", type=float, default=0.3,
                    help="a scripted player's thinking time, seconds (0.5x to 1.5x)")
    ap.add_argument("--bot-delay", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--database-url", default=None,
                    help="a throwaway PostgreSQL database (default: a cluster of its own)")
    args = ap.parse_args()
    if not 1 <= args.tables <= 200 or not 5 <= args.seconds <= 24 * 3600 or \
            args.kill_every < 2:
        ap.error("--tables 1..200, --seconds 5..86400, --kill-every at least 2")
    with contextlib.ExitStack() as stack:
        url = args.database_url or stack.enter_context(throwaway_postgres())
        out = soak(url, args.seconds, args.tables, args.kill_every, args.down, args.stall,
                   args.think, args.bot_delay, args.seed)
    print(report(out, args.kill_every, args.stall), flush=True)


if __name__ == "__main__":
    main()
