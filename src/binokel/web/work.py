"""Work whose cost grows with what a stranger made, off the event loop: a bounded pool of
worker processes, a queue limit, a per-client rate and a cache per document version.

A PDF of a 500-player club, the seating of its next round, a pad of 1,000 deals read
back or an analysis of a deal costs from a tenth of a second to several seconds of a core.
Run on the server's one event loop, every other client waits that long (issue 31: two
clients fetching run slips in a loop took a player at another table from 48 moves in 10 s
to 1 in 20 s). Threads would not help: such work is Python and holds the GIL, so the event
loop would get a share of a core, not a core. Here it runs in separate processes at a
lower priority (``nice``), so the event loop keeps its own core and the operating system
prefers it when the cores are busy.

Every job passes :meth:`Work.run`:

1. its result is looked up by a key that names the document's version (``("pad", id,
   version, "sheet.pdf", "de")``): a document that did not change is not made twice, and
   requests for the same key while it is being made wait for that one job;
2. else the client's rate is taken (429 ``rate_limited`` past it): each client may start
   only so many jobs a minute, however many documents it owns;
3. else the queue is looked at: with ``queue`` jobs running or waiting, the server answers
   503 ``busy`` at once rather than letting a backlog grow (a client tries again later),
   and one client may have only ``per_client`` of them (429), so that one client alone
   cannot fill the queue;
4. the job runs in the pool; its result is kept in a cache bounded in bytes.

Jobs are plain functions of JSON documents (:mod:`binokel.web.documents`), so that a
worker needs nothing but its arguments, and return ``bytes`` (or a tuple whose sizes are
counted), never live objects of the server.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable
from concurrent.futures import Executor
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any
from typing import TypeVar

from .guard import Gauge
from .guard import Limiter
from .guard import WebError

T = TypeVar("T")

WORKER_NICE = 10     # the workers' priority below the server's (Unix nice increment)


@dataclass(frozen=True)
class WorkLimits:
    """How much document work the server does at once, and for whom."""

    workers: int = max(1, (os.cpu_count() or 2) // 2)   # processes (a core each)
    queue: int = 8              # jobs running or waiting before the server says "busy"
    rate: float = 2.0           # jobs one client may start per second ...
    burst: float = 20.0         # ... with bursts up to this many
    per_client: int = 2         # jobs of one client running or waiting at once
    cache_bytes: int = 64 * 1024 * 1024   # results kept, by their size


def _start_worker() -> None:   # pragma: no cover - runs in the worker process
    """A worker's start: a lower priority than the server's, and an end with the server
    (a worker busy with a long job when the server is killed would otherwise finish it
    and wait on, orphaned)."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


_POOLS: dict[int, ProcessPoolExecutor] = {}


def shared_pool(workers: int) -> ProcessPoolExecutor:
    """The process's pool of ``workers`` worker processes, made on first use and shared by
    every app of the process (tests make many; a server one). Workers are spawned, not
    forked: the server has threads (the database listener), which a fork would copy in
    whatever state they were."""
    pool = _POOLS.get(workers)
    if pool is None:
        pool = _POOLS[workers] = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker)
    return pool


@atexit.register
def _shut_pools() -> None:   # pragma: no cover - at interpreter exit
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


def size_of(value: Any) -> int:
    """The bytes a cached result holds (its ``bytes`` and ``str`` parts; at least 64)."""
    if isinstance(value, (bytes, str)):
        return len(value) + 64
    if isinstance(value, (tuple, list)):
        return sum(size_of(v) for v in value) + 64
    return 64


class Cache:
    """Results by key, least recently used forgotten first once ``limit`` bytes are held."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held = 0
        self.items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()

    def get(self, key: Hashable) -> Any | None:
        hit = self.items.get(key)
        if hit is None:
            return None
        self.items.move_to_end(key)
        return hit[0]

    def put(self, key: Hashable, value: Any) -> None:
        size = size_of(value)
        if size > self.limit // 4:
            return          # one result must not push out everything else
        old = self.items.pop(key, None)
        if old is not None:
            self.held -= old[1]
        self.items[key] = (value, size)
        self.held += size
        while self.held > self.limit:
            _, (_, n) = self.items.popitem(last=False)
            self.held -= n


class Work:
    """One app's door to the worker pool (see the module): its cache, its queue count and
    its clients' rates. ``executor``: where jobs run (the shared process pool unless a test
    gives another)."""

    def __init__(self, limits: WorkLimits | None = None,
                 executor: Executor | None = None) -> None:
        self.limits = limits or WorkLimits()
        self.executor = executor
        self.cache = Cache(self.limits.cache_bytes)
        self.rates = Limiter(self.limits.rate, self.limits.burst)
        self.mine = Gauge(self.limits.per_client)
        self.pending = 0
        self.running: dict[Hashable, asyncio.Future[Any]] = {}
        self.done = 0           # jobs finished (for tests and the metrics)

    def pool(self) -> Executor:
        if self.executor is None:
            self.executor = shared_pool(self.limits.workers)
        return self.executor

    async def run(self, key: Hashable | None, client: str, job: Callable[..., T],
                  *args: Any) -> T:
        """``job(*args)`` in a worker, or its cached result under ``key`` (None: a change,
        never cached). Raises :class:`WebError` 429 ``rate_limited`` or 503 ``busy``."""
        if key is not None:
            hit = self.cache.get(key)
            if hit is not None:
                return hit  # type: ignore[no-any-return]
            same = self.running.get(key)
            if same is not None:
                return await asyncio.shield(same)
        if not self.rates.allow(client):
            raise WebError("rate_limited", "too many documents asked for; wait a little",
                           429)
        if self.pending >= self.limits.queue:
            raise WebError("busy", "the server is making other documents; try again in "
                           "a few seconds", 503)
        if not self.mine.acquire(client):
            raise WebError("rate_limited", "wait for your other documents first", 429)
        self.pending += 1
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        if key is not None:
            self.running[key] = future
        try:
            try:
                result = await loop.run_in_executor(self.pool(), job, *args)
            except BrokenProcessPool:   # a worker died (killed, out of memory): a new pool
                _POOLS.pop(self.limits.workers, None)
                self.executor = None
                raise WebError("busy", "the document could not be made; try again",
                               503) from None
            except asyncio.CancelledError:
                future.cancel()
                raise
            except Exception as e:
                future.set_exception(e)
                future.exception()   # retrieved: the waiters re-raise it themselves
                raise
            if key is not None:
                self.cache.put(key, result)
            future.set_result(result)
            self.done += 1
            return result
        finally:
            self.pending -= 1
            self.mine.release(client)
            if key is not None and self.running.get(key) is future:
                del self.running[key]


__all__ = ["Cache", "Work", "WorkLimits", "shared_pool", "size_of"]
