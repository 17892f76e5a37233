"""Hearing the changes other server processes make (PostgreSQL ``LISTEN``).

Every change of a table ends with ``NOTIFY binokel 't:<id>:<version>'`` (see
:mod:`binokel.web.store`). When several server processes share one database, each listens
on that channel on a connection of its own, in a thread (psycopg's blocking notification
generator), and hands every notification to the event loop: the table is caught up from the
store and this process's WebSockets are sent the new state at once.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from .store import CHANNEL

log = logging.getLogger("binokel.web")


def conninfo(url: str) -> str:
    """The libpq address of a SQLAlchemy PostgreSQL URL.

    >>> conninfo("postgresql+psycopg://u:p@/db?host=/run/pg&port=5433")
    'postgresql://u:p@/db?host=%2Frun%2Fpg&port=5433'
    """
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """A daemon thread that calls ``deliver(payload)`` for every notification on the
    channel (from the thread: ``deliver`` must hand over to the event loop itself). It
    reconnects after a lost connection (what was announced meanwhile is missed here; the
    registry's periodic ``resync`` catches those tables up); :meth:`stop` ends it within
    ``poll`` seconds."""

    def __init__(self, url: str, deliver: Callable[[str], None], poll: float = 1.0) -> None:
        self.url = url
        self.deliver = deliver
        self.poll = poll
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="binokel-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=self.poll + 5)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(conninfo(self.url), autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=self.poll):
                            self.deliver(note.payload)
            except Exception:
                if self._stop.is_set():
                    return
                log.exception("listening for other processes' changes failed; retrying")
                self._stop.wait(2.0)
