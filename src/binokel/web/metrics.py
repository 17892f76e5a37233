"""Health and Prometheus metrics of one server process (``GET /healthz``, ``GET /metrics``).

The figures come from the well-kept ``prometheus_client``; each app has its own registry, so
several apps in one process (tests) do not mix their counts.
"""

from __future__ import annotations

from collections.abc import Callable

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


__all__ = ["CONTENT_TYPE", "Metrics", "TableCollector"]
