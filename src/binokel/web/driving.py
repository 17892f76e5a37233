"""Which server process drives which table (PostgreSQL): the bots and turn clock of a table
run in one process at a time, the one holding its driving lock.

One part of :class:`binokel.web.store.Store` (``store.drive_locks``). The locks are session
advisory locks on a connection of their own, which PostgreSQL drops when the process dies,
however it dies: the others take its tables over. Every live process holds one more lock
(in :data:`PROCESS_LOCKS`) by which the others count it for their fair share. SQLite has one
server process, which drives every table without any of this.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from contextlib import suppress

from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

DRIVE_LOCKS = 4243     # advisory lock space of "this process drives the table's bots"
PROCESS_LOCKS = 4245   # advisory lock space of "this server process is alive" (one each)
ANALYSER_LOCK = 4247   # advisory lock of "this process runs the background analyser"
# The advisory locks (two-key form) granted in this database, as pg_locks lists them.
HELD = ("locktype = 'advisory' AND granted AND objsubid = 2 AND database = "
        "(SELECT oid FROM pg_database WHERE datname = current_database())")


class DriveLocks:
    """This process's driving locks in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.conn: Connection | None = None   # holds the driving locks
        self.process_key = secrets.randbelow(2**31)   # this process's key of PROCESS_LOCKS

    def _connection(self) -> Connection:
        """The connection that holds this process's driving locks, and the lock that counts
        it among the live processes (both go when the connection goes)."""
        if self.conn is None:
            conn = self.engine.connect()
            conn.execute(text("SELECT pg_advisory_lock(:ns, :key)"),
                         {"ns": PROCESS_LOCKS, "key": self.process_key})
            conn.commit()
            self.conn = conn
        return self.conn

    def lost(self, mine: Sequence[str]) -> list[str]:
        """The tables of ``mine`` whose driving lock this process no longer holds (all of
        them when its lock connection broke, e.g. a restarted or terminated backend; the
        connection is then replaced, without locks)."""
        if not mine:
            return []
        if self.conn is None:
            return list(mine)    # dropped after an error: its locks went with it
        try:
            held = set(self.conn.execute(text(
                "SELECT id FROM unnest(CAST(:mine AS text[])) AS id WHERE hashtext(id)::oid "
                f"IN (SELECT objid FROM pg_locks WHERE {HELD} AND pid = pg_backend_pid() "
                "AND classid = :ns)"),
                {"mine": list(mine), "ns": DRIVE_LOCKS}).scalars())
            self.conn.commit()
        except DBAPIError:
            self._drop()
            return list(mine)
        return [tid for tid in mine if tid not in held]

    def _drop(self) -> None:
        """Forget a broken lock connection (its locks are gone with its backend)."""
        if self.conn is not None:
            with suppress(Exception):
                self.conn.invalidate()
                self.conn.close()
        self.conn = None

    def drive(self, mine: Sequence[str], limit: int = 500) -> list[str]:
        """Take the driving lock of running tables nobody drives (PostgreSQL): the
        process holding a table's lock runs its bots and turn clock, so they move once
        across processes. Session advisory locks on a connection of their own, which
        PostgreSQL drops when the process dies, however it dies: the others take over.

        While other processes live, a process takes no more than its fair share of the
        tables being played (:meth:`surplus`), so that after a restart the tables spread.
        Tables between deals (``finished``) are taken too, outside the share (they cost a
        lock and a timer): their clock marks away whoever is not ready for the next deal
        in time, and it must run somewhere after their driving process died."""
        try:
            conn = self._connection()
            share, playing = self._share(conn, mine)
            room = min(limit, share - len(playing))
            got: list[str] = []
            if room > 0:
                got = self._take(conn, "playing", mine, room)
            got += self._take(conn, "finished", mine, limit)
            conn.commit()
            return got
        except DBAPIError:
            # A broken lock connection: the next round starts on a new one (and
            # :meth:`lost` tells the caller which tables it no longer drives).
            self._drop()
            raise

    @staticmethod
    def _take(conn: Connection, status: str, mine: Sequence[str], n: int) -> list[str]:
        """Lock up to ``n`` tables of ``status`` that nobody drives, oldest first. Tables
        another process drives are left out before the limit (their locks are in
        pg_locks), so a small share still reaches the undriven ones."""
        return list(conn.execute(text(
            "WITH live AS MATERIALIZED (SELECT id FROM tables WHERE status = :status "
            "AND NOT (id = ANY(:mine)) AND hashtext(id)::oid NOT IN "
            f"(SELECT objid FROM pg_locks WHERE {HELD} AND classid = :ns) "
            "ORDER BY created_at LIMIT :n) "
            "SELECT id FROM live WHERE pg_try_advisory_lock(:ns, hashtext(id))"),
            {"status": status, "mine": list(mine), "n": n, "ns": DRIVE_LOCKS}).scalars())

    def surplus(self, mine: Sequence[str]) -> list[str]:
        """Give up driving the running tables of ``mine`` beyond this process's fair share
        (their number over the live processes', rounded up), newest first; their ids. A
        process that was alone drives every table; when others start (a restart), it hands
        them the surplus, and they take it on their next round."""
        if not mine:
            return []
        try:
            conn = self._connection()
            share, playing = self._share(conn, mine)
            extra = playing[:max(0, len(playing) - share)]
            for tid in extra:
                conn.execute(text("SELECT pg_advisory_unlock(:ns, hashtext(:id))"),
                             {"ns": DRIVE_LOCKS, "id": tid})
            conn.commit()
            return extra
        except DBAPIError:
            self._drop()
            raise

    @staticmethod
    def _share(conn: Connection, mine: Sequence[str]) -> tuple[int, list[str]]:
        """This process's fair share of the running tables (every process that drives
        counts itself by a lock in :data:`PROCESS_LOCKS`), and the running tables of
        ``mine``, newest first."""
        procs, playing = conn.execute(text(
            f"SELECT (SELECT count(*) FROM pg_locks WHERE {HELD} AND classid = :ps), "
            "(SELECT count(*) FROM tables WHERE status = 'playing')"),
            {"ps": PROCESS_LOCKS}).one()
        ours = list(conn.execute(text(
            "SELECT id FROM tables WHERE status = 'playing' AND id = ANY(:mine) "
            "ORDER BY created_at DESC"), {"mine": list(mine)}).scalars())
        return -(-int(playing) // max(1, int(procs))), ours

    def lead(self, role: int) -> bool:
        """Whether this process holds the cluster's one lock ``role`` (an advisory lock
        space such as :data:`ANALYSER_LOCK`), taking it when it is free: a task of which
        one process runs at a time holds it until its process (its lock connection) goes,
        and then the next process to ask takes the task over."""
        try:
            conn = self._connection()
            # Held already: asked again, the lock would only count up.
            got = conn.execute(text(
                f"SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_locks WHERE {HELD} AND "
                "pid = pg_backend_pid() AND classid = :ns AND objid = 0) THEN true "
                "ELSE pg_try_advisory_lock(:ns, 0) END"), {"ns": role}).scalar()
            conn.commit()
        except DBAPIError:
            self._drop()
            return False
        return bool(got)

    def undrive(self, table_id: str) -> None:
        """Give up driving a (closed) table."""
        if self.conn is not None:
            # A broken lock connection holds no lock to give up (:meth:`lost` replaces it).
            with suppress(DBAPIError):
                self.conn.execute(text("SELECT pg_advisory_unlock(:ns, hashtext(:id))"),
                                    {"ns": DRIVE_LOCKS, "id": table_id})
                self.conn.commit()

    def close(self) -> None:
        """Give up every lock (they go with their connection)."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None
