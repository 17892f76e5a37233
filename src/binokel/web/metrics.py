"""Health and Prometheus metrics of one server process (``GET /healthz``, ``GET /metrics``).

The figures come from the well-kept ``prometheus_client``; each app has its own registry, so
several apps in one process (tests) do not mix their counts.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import hmac
import ipaddress
from collections.abc import Callable
from functools import cache

from prometheus_client import CollectorRegistry
from prometheus_client import Counter
from prometheus_client import Gauge
from prometheus_client import Histogram
from prometheus_client import generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class TableCollector(Collector):
    """Live tables by status, counted when scraped (never kept up to date by hand)."""

    def __init__(self, statuses: Callable[[], list[str]]) -> None:
        self.statuses = statuses

    def collect(self) -> list[GaugeMetricFamily]:
        family = GaugeMetricFamily("binokel_tables", "Live tables of this process",
                                   labels=["status"])
        counts: dict[str, int] = {"waiting": 0, "playing": 0, "finished": 0}
        for s in self.statuses():
            counts[s] = counts.get(s, 0) + 1
        for status, n in sorted(counts.items()):
            family.add_metric([status], n)
        return [family]


class Metrics:
    """The process's figures: connections, actions, their latency, errors."""

    def __init__(self, statuses: Callable[[], list[str]]) -> None:
        self.registry = CollectorRegistry()
        self.registry.register(TableCollector(statuses))
        self.connections = Gauge("binokel_connections", "Open WebSocket connections",
                                 registry=self.registry)
        self.actions = Counter("binokel_actions", "Actions applied (people and bots)",
                               registry=self.registry)
        self.latency = Histogram(
            "binokel_action_seconds", "Time from receiving an action to its broadcast",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=self.registry)
        self.errors = Counter("binokel_errors", "Requests and messages refused, by code",
                              ["code"], registry=self.registry)

    def render(self) -> bytes:
        return generate_latest(self.registry)


def may_scrape(client: str | None, authorization: str | None, token: str | None) -> bool:
    """Whether a request may read ``/metrics``: from this machine (the client's address,
    after a trusted proxy's, is a loopback address), or with ``Authorization: Bearer
    <token>`` where the server has a metrics token. The figures say how busy the server is
    and which errors strangers cause: nothing for the open internet.

    >>> may_scrape("127.0.0.1", None, None), may_scrape("203.0.113.9", None, None)
    (True, False)
    >>> may_scrape("203.0.113.9", "Bearer s3cret", "s3cret")
    True
    """
    if client is not None:
        try:
            if ipaddress.ip_address(client).is_loopback:
                return True
        except ValueError:
            pass
    if not token or not authorization:
        return False
    scheme, _, given = authorization.partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip(), token)


@cache
def _libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    if name is None:   # pragma: no cover - not glibc
        return None
    try:
        return ctypes.CDLL(name)
    except OSError:   # pragma: no cover
        return None


def trim_memory() -> None:
    """Give freed memory back to the operating system after many tables closed: the objects
    of a closed table are freed (collected), but glibc keeps the freed heap for later
    allocations unless asked to trim it (measured in issue 31: 73 MB empty, 94 MB with 500
    tables, still 87 MB after they closed)."""
    gc.collect()
    libc = _libc()
    trim = getattr(libc, "malloc_trim", None) if libc is not None else None
    if trim is not None:
        trim(0)


__all__ = ["CONTENT_TYPE", "Metrics", "TableCollector", "may_scrape", "trim_memory"]
