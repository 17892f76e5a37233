"""Per-client limits that every request passes: a rate of HTTP requests and WebSocket
handshakes per client (its address; an IPv6 client by its /64, :func:`client_key`).

The finer limits stay where their work is (documents: :mod:`binokel.web.work`; a socket's
messages and chat: :mod:`binokel.web.app`; tables, seats and documents a client holds:
:class:`binokel.web.tables.Limits`); this one is the floor under all of them, so that no
endpoint, however cheap, can be called without bound by one client.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any

from .guard import MAX_CLIENTS
from .guard import ASGIApp
from .guard import Limiter
from .guard import WebError
from .guard import client_key

Receive = Callable[[], Awaitable[Any]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

REFUSED = json.dumps({"error": "rate_limited",
                      "message": "too many requests from your address; wait a little"}
                     ).encode()


class RequestRate:
    """ASGI middleware: at most ``rate`` requests (HTTP, and WebSocket handshakes) a second
    per client with bursts up to ``burst``; past it HTTP answers 429 with ``Retry-After``
    and a WebSocket handshake is closed (1013, try again later) before the app sees it."""

    def __init__(self, app: ASGIApp, rate: float, burst: float) -> None:
        self.app = app
        self.limiter = Limiter(rate, burst)

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        if self.limiter.allow(client_key(client[0] if client else None)):
            await self.app(scope, receive, send)
            return
        if kind == "websocket":
            await send({"type": "websocket.close", "code": 1013})
            return
        await send({"type": "http.response.start", "status": 429, "headers": [
            (b"content-type", b"application/json"), (b"retry-after", b"2"),
            (b"content-length", str(len(REFUSED)).encode())]})
        await send({"type": "http.response.body", "body": REFUSED})


Seat = tuple[str, int, str]          # table id, seat, the seat token's hash


class Seats:
    """The seats each client has joined in this process, at most ``limit`` at once: a seat
    counts while its table is live and the seat still has the token the client got (one
    given up, taken over or closed frees it). Bounded: the least recently seen clients are
    forgotten first."""

    def __init__(self, limit: int, size: int = MAX_CLIENTS) -> None:
        self.limit, self.size = limit, size
        self.held: OrderedDict[str, set[Seat]] = OrderedDict()

    def check(self, client: str, holds: Callable[[str, int, str], bool]) -> None:
        """Refuse (429 ``too_many_seats``) a client who holds ``limit`` seats; ``holds``
        says whether a seat it joined is still its own."""
        mine = {s for s in self.held.get(client, set()) if holds(*s)}
        self.held[client] = mine
        self.held.move_to_end(client)
        if len(mine) >= self.limit:
            raise WebError("too_many_seats", f"at most {self.limit} seats at once from one "
                           "address; leave one first", 429)
        while len(self.held) > self.size:
            self.held.popitem(last=False)

    def add(self, client: str, seat: Seat) -> None:
        self.held.setdefault(client, set()).add(seat)


__all__ = ["RequestRate", "Seats"]
