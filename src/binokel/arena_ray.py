"""A local Ray cluster for trying ``binokel arena --ray`` on one machine (the optional extra
``binokel[ray]``): the tests and ``benchmarks/arena_rate.py`` start one with
:func:`local_cluster`, exactly as a cluster's head node is started, and play a match on it
through its address.

The cluster listens on 127.0.0.1 only, on free ports, with at most ``num_cpus`` worker
processes and its files in a temporary directory of its own. ``ray start --block`` runs in a
new process group; leaving the ``with`` block (also by an exception) ends that group, so
only this cluster stops (``ray stop`` would stop every Ray cluster of the machine).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

HOST = "127.0.0.1"
LOOPBACK_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
"""Ray's switch for a cluster of one machine: its servers listen on 127.0.0.1 only, and a
driver connects to 127.0.0.1 rather than to the machine's outward address (Ray's own
default outside macOS and Windows)."""


def free_ports(n: int) -> list[int]:
    """``n`` distinct ports free on 127.0.0.1 right now."""
    socks = []
    try:
        for _ in range(n):
            s = socket.socket()
            s.bind((HOST, 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def _ray_command() -> list[str]:
    exe = Path(sys.executable).with_name("ray")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("ray")
    if found is None:
        raise RuntimeError("the ray command is not installed (pip install 'binokel[ray]')")
    return [found]


def _reachable(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex((HOST, port)) == 0


@dataclass(frozen=True)
class LocalCluster:
    """A running local cluster: its address for ``--ray`` and its process group."""

    address: str
    pgid: int
    temp_dir: str


@contextlib.contextmanager
def local_cluster(num_cpus: int = 2, timeout: float = 90.0) -> Iterator[LocalCluster]:
    """Start a one-node Ray cluster on 127.0.0.1 and yield it (``.address`` is
    ``HOST:PORT``); stop it (its whole process group) on leaving."""
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")   # short: Ray's socket paths
    (gcs, node, objects, metrics, agent, agent_grpc, runtime_env,
     *workers) = free_ports(7 + 2 * num_cpus + 4)
    cmd = [*_ray_command(), "start", "--head", "--block",
           "--node-ip-address", HOST, "--port", str(gcs),
           "--node-manager-port", str(node),
           "--object-manager-port", str(objects), "--metrics-export-port", str(metrics),
           "--dashboard-agent-listen-port", str(agent),
           "--dashboard-agent-grpc-port", str(agent_grpc),
           "--runtime-env-agent-port", str(runtime_env),
           "--worker-port-list", ",".join(map(str, workers)),
           "--include-dashboard", "false", "--dashboard-host", HOST,
           "--num-cpus", str(num_cpus), "--num-gpus", "0",
           "--object-store-memory", str(100 * 2**20),
           "--temp-dir", temp, "--disable-usage-stats"]
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", **LOOPBACK_ENV)
    log = open(Path(temp) / "ray-start.log", "wb")  # noqa: SIM115 (closed below)
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while not _reachable(gcs):
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                text = (Path(temp) / "ray-start.log").read_text(errors="replace")[-2000:]
                raise RuntimeError(f"the local Ray cluster did not start:\n{text}")
            time.sleep(0.2)
        yield LocalCluster(f"{HOST}:{gcs}", proc.pid, temp)
    finally:
        _stop(proc)
        log.close()
        shutil.rmtree(temp, ignore_errors=True)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the cluster: SIGTERM to ``ray start --block`` (which then stops what it started,
    in Ray's order), SIGKILL to its whole process group for whatever is left after a grace
    period."""
    pgid = proc.pid   # start_new_session: the group is the one ray start leads
    proc.terminate()
    deadline = time.monotonic() + 8
    while time.monotonic() < deadline and (proc.poll() is None or _group_alive(pgid)):
        time.sleep(0.2)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


__all__ = ["HOST", "LOOPBACK_ENV", "LocalCluster", "free_ports", "local_cluster"]
