"""Slow and many connections (issue 31, attack 4): a deadline for every request and a
limit of open connections per address, in the server itself.

uvicorn closes an idle keep-alive connection, but a client that sends a request's headers
one byte at a time is waited for without end: 1,000 such connections stayed open 70 s, and
with systemd's default of 1,024 open files 1,100 of them made the server refuse everybody.
:func:`guarded_http` makes uvicorn's HTTP protocol with

- a deadline of ``timeout`` seconds from the connection (and from the end of each response,
  when a kept-alive connection waits for the next request) to a complete request, headers
  and body: a request not complete by then is answered 408 and the connection closed (a
  WebSocket's handshake is a request too; once upgraded, the socket's own limits apply);
- at most ``per_address`` open connections per client address (an IPv6 client by its
  /64); one more is answered 503 and closed at once. The reverse proxy's own addresses
  (``--trusted-proxy``) are not counted: every client comes through them, and nginx
  limits connections per client itself (``limit_conn``, see ``deploy/``).

``binokel serve`` also raises its open-file limit to the hard limit and tells uvicorn to
answer 503 to new connections well before it (``limit_concurrency``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import resource
from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .guard import client_key

REQUEST_TIMEOUT = 15.0      # seconds from connection (or last response) to a whole request
PER_ADDRESS = 64            # open HTTP connections of one client address
SPARE_FILES = 64            # open files kept free for the database, logs and workers

_TOO_SLOW = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain\r\n"
             b"content-length: 30\r\nconnection: close\r\n\r\nrequest not complete in time\r\n")
_TOO_MANY = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n"
             b"content-length: 38\r\nconnection: close\r\nretry-after: 5\r\n\r\n"
             b"too many connections from your address")


def guarded_http(timeout: float = REQUEST_TIMEOUT, per_address: int = PER_ADDRESS,
                 proxies: Sequence[str] = ()) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol with a request deadline and a connection limit per address
    (see the module); pass it as uvicorn's ``http``."""
    exempt = [ipaddress.ip_network(p, strict=False) for p in proxies]
    counts: dict[str, int] = {}

    def counted(host: str | None) -> str | None:
        if host is None:
            return "?"
        try:
            addr = ipaddress.ip_address(host)
        except ValueError:
            return client_key(host)
        if any(addr in net for net in exempt):
            return None
        return client_key(host)

    class GuardedHttp(HttpToolsProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.deadline: asyncio.TimerHandle | None = None
            self.key: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            key = counted(self.client[0] if self.client else None)
            if key is not None:
                if counts.get(key, 0) >= per_address:
                    transport.write(_TOO_MANY)
                    transport.close()
                    return
                counts[key] = counts.get(key, 0) + 1
                self.key = key
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self.deadline = self.loop.call_later(timeout, self._too_slow)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _release(self) -> None:
            self._disarm()
            if self.key is not None:
                n = counts.get(self.key, 0) - 1
                if n > 0:
                    counts[self.key] = n
                else:
                    counts.pop(self.key, None)
                self.key = None

        def _too_slow(self) -> None:
            self.deadline = None
            if not self.transport.is_closing():
                if self.cycle is None or self.cycle.response_complete:
                    self.transport.write(_TOO_SLOW)
                self.transport.close()

        def on_message_complete(self) -> None:
            self._disarm()          # the whole request is in: the app has it now
            super().on_message_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()         # a kept-alive connection: the next request's turn

        def handle_websocket_upgrade(self) -> None:
            self._release()         # a WebSocket now: the app's socket limits count it
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._release()
            super().connection_lost(exc)

    GuardedHttp.counts = counts  # type: ignore[attr-defined]   # for tests
    return GuardedHttp


def open_files() -> int:
    """Raise this process's limit of open files to its hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        want = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return soft


def concurrency_limit(files: int) -> int:
    """Connections and tasks uvicorn may hold before it answers 503: the open files less
    those the server needs besides (the database, logs, the worker pool)."""
    return max(64, files - SPARE_FILES)


__all__ = ["PER_ADDRESS", "REQUEST_TIMEOUT", "concurrency_limit", "guarded_http",
           "open_files"]
