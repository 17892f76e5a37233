"""The background analyser: rated deals nobody had analysed get their analysis when the
worker pool is idle, so a player page's "points given away" is taken over his rated deals,
not only over those somebody happened to open (issue 34; docs/web.md, "Ratings and player
pages").

Bounded three ways, so that people's own analyses and documents always come first: it
starts a deal only while the worker pool (:mod:`binokel.web.work`) has nothing running or
waiting, never more than one at a time, and at most :attr:`AnalyserLimits.per_hour` deals an
hour (0: off). It takes the oldest rated deal without a figure first and goes through the
replay's own analysis (:class:`binokel.web.analysis.Analyses`: the same cache key, node
budget and pool), then notes the points given away as an opened analysis does. On
PostgreSQL one server process of those sharing the database analyses, the one holding the
analyser's advisory lock (:meth:`binokel.web.driving.DriveLocks.lead`), so the hour's quota
is the cluster's; when it dies, the next process to look takes over with an hour of its own.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Select
from sqlalchemy import select

from .analysis import Analyses
from .analysis import note_given_away
from .driving import ANALYSER_LOCK
from .guard import WebError
from .rated import PlayedDealRow
from .replays import Seal
from .replays import TableRecords
from .store import Store
from .work import Work

log = logging.getLogger("binokel.web")

CLIENT = "background-analyser"   # the client its jobs count by (rates, queue share)
HOUR = 3600.0
MAX_SKIPPED = 100                # deals whose analysis failed, passed over (this process)


def waiting(n: int) -> Select[str, int]:
    """The ``n`` oldest rated deals without their points given away (table, number): read
    through the partial index ``ix_played_deals_unanalysed``."""
    return (select(PlayedDealRow.table_id, PlayedDealRow.deal)
            .where(PlayedDealRow.rated, PlayedDealRow.given_away.is_(None))
            .order_by(PlayedDealRow.id).limit(n))


@dataclass(frozen=True)
class AnalyserLimits:
    """How much the background analyser does."""

    per_hour: int = 6        # rated deals analysed in the background an hour; 0: none
    every: float = 60.0      # seconds between looks whether the pool is idle


class Backfill:
    """The background analyser of one app (see the module); :meth:`once` is one look."""

    def __init__(self, store: Store, work: Work, analyses: Analyses,
                 limits: AnalyserLimits | None = None, seal: Seal | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.work = work
        self.analyses = analyses
        self.limits = limits or AnalyserLimits()
        self.seal = seal
        self.clock = clock
        self.started: deque[float] = deque()     # when this hour's deals were started
        self.skipped: set[tuple[str, int]] = set()
        self.busy = False
        self.done = 0

    def due(self) -> bool:
        """Whether the hour's quota has room for one more deal."""
        if self.limits.per_hour <= 0:
            return False
        now = self.clock()
        while self.started and self.started[0] <= now - HOUR:
            self.started.popleft()
        return len(self.started) < self.limits.per_hour

    def next_deal(self) -> tuple[str, int] | None:
        """The oldest rated deal an account played whose points given away are not known
        (the deals passed over after a failure left out)."""
        with self.store.session() as s:
            rows = s.execute(waiting(len(self.skipped) + 1))
            for table_id, deal in rows:
                if (table_id, deal) not in self.skipped:
                    return table_id, deal
        return None

    async def once(self) -> tuple[str, int] | None:
        """Analyse one deal if the pool is idle and the hour allows it; the deal (table,
        number) whose figures were noted, or None."""
        if self.busy or self.work.pending or len(self.skipped) >= MAX_SKIPPED or \
                not self.due():
            return None
        # Several processes share a PostgreSQL database: one of them analyses, so that
        # the hour's quota is the cluster's (a cheap query on the loop, as the driving
        # locks' are).
        if self.store.postgres and not self.store.drive_locks.lead(ANALYSER_LOCK):
            return None
        self.busy = True
        try:
            pick = await asyncio.to_thread(self.next_deal)
            if pick is None:
                return None
            self.started.append(self.clock())
            table_id, number = pick
            try:
                records = await asyncio.to_thread(TableRecords.load, self.store, table_id,
                                                  self.seal)
                result = await self.analyses.get(records, number, CLIENT)
            except WebError as e:
                if e.code not in ("busy", "rate_limited"):   # else: again another time
                    log.warning("background analysis of %s/%d refused: %s", table_id, number,
                                e)
                    self.skipped.add(pick)
                return None
            except Exception:
                log.exception("background analysis of %s/%d failed", table_id, number)
                self.skipped.add(pick)
                return None
            await asyncio.to_thread(note_given_away, self.store, table_id, number, result,
                                    records.players)
            self.done += 1
            return pick
        finally:
            self.busy = False

    async def run(self) -> None:
        """Look every :attr:`AnalyserLimits.every` seconds, for ever (the app's task)."""
        while True:
            await asyncio.sleep(self.limits.every)
            try:
                await self.once()
            except Exception:  # pragma: no cover - a database hiccup: try again later
                log.exception("the background analyser's round failed")


__all__ = ["CLIENT", "AnalyserLimits", "Backfill", "waiting"]
