"""The soak test, short (issue 31; the benchmark is benchmarks/soak.py): three server
processes on one PostgreSQL database, tables of scripted players and bots, one process
killed with SIGKILL every few seconds and started again. No acknowledged action may be
lost, no state a client was shown may be missing from the database, and no client may
wait longer than a bound for its table to move on."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from test_web_postgres import BIN
from test_web_postgres import pg_url  # noqa: F401 - the fixture

pytestmark = pytest.mark.skipif(not (BIN / "initdb").exists(), reason="no PostgreSQL server")


def load_benchmark() -> Any:
    path = Path(__file__).parents[1] / "benchmarks" / "soak.py"
    spec = importlib.util.spec_from_file_location("binokel_soak", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench      # its dataclasses look their module up
    spec.loader.exec_module(bench)
    return bench


def test_three_processes_killed_in_turn_lose_nothing(pg_url: str,  # noqa: F811
                                                     tmp_path: Path) -> None:
    bench = load_benchmark()
    out = bench.soak(pg_url, seconds=20, tables=4, kill_every=5, down=0.5, stall=15.0,
                     log_dir=tmp_path)
    summary = bench.report(out, 5, 15.0)
    assert out["kills"] >= 2, summary
    assert out["acked"] >= 30, summary
    assert out["lost"] == 0 and out["unstored"] == 0, summary
    assert out["stalls"] == [], summary
    assert out["reconnects"] >= 1, summary     # the kills did cut clients off
