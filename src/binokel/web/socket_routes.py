"""The table's WebSocket (``/ws/{table_id}``, the protocol in :mod:`binokel.web.app`): who
may open one, its rates and limits, and what each kind of message does.

A message is parsed and handed by :func:`dispatch` to its handler in one of two tables:
:data:`ANYONE_MAY` (spectators too) and :data:`SEATED_MAY` (a seat's messages). A handler
refuses with a :class:`~binokel.web.tables.TableError`, which goes back to the sender as an
error message; the connection stays open.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.routing import BaseRoute
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket
from starlette.websockets import WebSocketDisconnect

from ..hints import hint
from .guard import MAX_MESSAGE
from .guard import TokenBucket
from .guard import WebError
from .guard import parse_json
from .guard import same_origin
from .server import Server
from .server import client_of
from .server import count_error
from .server import server_of
from .sessions import session_account
from .social_routes import chat_history
from .social_routes import send_chat
from .tables import Connection
from .tables import LiveTable
from .tables import TableError
from .tables import check_prefs
from .tables import off_loop

RATE = 10.0                 # messages per second a connection may send ...
BURST = 20.0                # ... with bursts up to this many
MAX_STRIKES = 100           # rate-limited messages before the connection is closed
CHAT_RATE = 0.5             # chat lines per second a connection may send ...
CHAT_BURST = 5.0            # ... with bursts up to this many
SEAT_MESSAGES = ("action", "next", "back", "leave", "chat", "hint")
ALL_MESSAGES = ("ping", "prefs", *SEAT_MESSAGES)
HINT_RATE = 1 / 10          # hints per second a connection may ask for ...
HINT_BURST = 2.0            # ... with bursts up to this many


@dataclass
class _Socket:
    """One open socket: its server, its table, its connection (whose seat is ``None`` for
    a spectator) and the rates it may still spend on chat and hints."""
    server: Server
    table: LiveTable
    conn: Connection
    chat_bucket: TokenBucket
    hint_bucket: TokenBucket

    async def reply_error(self, code: str, message: str) -> None:
        count_error(self.server.metrics, code)
        await self.conn.send({"type": "error", "code": code, "message": message})


async def ws_endpoint(websocket: WebSocket) -> None:
    sockets = server_of(websocket).sockets
    key = client_of(websocket)
    if not same_origin(websocket.headers):
        await websocket.close(code=4403)
        return
    if not sockets.acquire(key):
        await websocket.close(code=1013)   # try again later
        return
    try:
        await websocket.accept()
        await serve_socket(websocket)
    finally:
        sockets.release(key)


async def ask_hint(server: Server, table: LiveTable, seat: int, bucket: TokenBucket,
                   lang: str) -> dict[str, Any]:
    """The strong player's choice and each card's value for ``seat`` (issue 15): only
    where the table allows hints, for the seat's own view, rate limited, searched in a
    thread within a node budget so the event loop keeps serving the others."""
    async with table.lock:
        # refused where the table allows no hints or it is not the seat's turn
        view, deal, move = table.hint_view(seat)
    if not bucket.take():
        raise TableError("rate_limited", "a hint every few seconds; wait a little")
    async with server.hint_slots:
        answer = await asyncio.to_thread(hint, view, server.limits.hint_budget, deal, lang)
    return {"type": "hint", "deal": deal, "move": move, **answer.to_json()}


async def open_socket(websocket: WebSocket) -> tuple[LiveTable, Connection] | None:
    """The table and the seat (or spectator) a new socket speaks for; ``None`` after
    telling the client why not and closing."""
    server = server_of(websocket)
    try:
        table = server.registry.get(websocket.path_params["table_id"])
        lang, cards = check_prefs(websocket.query_params.get("lang"),
                                  websocket.query_params.get("cards"))
    except WebError as e:
        await websocket.send_json({"type": "error", "code": e.code, "message": str(e)})
        await websocket.close(code=4404 if e.code == "no_table" else 4400)
        return None
    token = websocket.query_params.get("token")
    seat: int | None = None
    if token:
        async with table.lock:
            seat = table.seats.seat_of(token[:200])
            if seat is not None:
                await off_loop(functools.partial(table.seats.renew, seat))
        if seat is None:
            await websocket.send_json({"type": "error", "code": "bad_token",
                                       "message": "this seat token is not valid here "
                                                  "(or it has expired)"})
            await websocket.close(code=4401)
            return None
    # a logged-in player's socket: online, and the chat of those he blocks is not sent
    # to it. The seat does not move into his account here: a seat token this browser
    # kept may be a guest's of a shared computer (docs/web.md, "Accounts"); the seats
    # he takes logged in follow his account from the join on.
    account = await asyncio.to_thread(session_account, server.accounts, websocket)
    if account is not None:
        await asyncio.to_thread(server.social.seen, [account.id])
    return table, Connection(seat, websocket.send_json, lang, cards, close=websocket.close,
                             account=account.id if account else None)


# ---------------------------------------------------------------------- messages
async def on_ping(s: _Socket, data: dict[str, Any]) -> None:
    await s.conn.send({"type": "pong"})


async def on_prefs(s: _Socket, data: dict[str, Any]) -> None:
    s.conn.lang, s.conn.cards = check_prefs(data.get("lang", s.conn.lang),
                                            data.get("cards", s.conn.cards))
    await s.table.push(s.conn, force=True)


async def on_chat(s: _Socket, seat: int, data: dict[str, Any]) -> None:
    if not s.chat_bucket.take():
        raise TableError("rate_limited", "too many chat lines; slow down")
    async with s.table.lock:
        line = await off_loop(functools.partial(s.table.chat.say, seat, data.get("text")))
    await send_chat(s.server.social, s.table, line, s.conn.account)


async def on_hint(s: _Socket, seat: int, data: dict[str, Any]) -> None:
    await s.conn.send(await ask_hint(s.server, s.table, seat, s.hint_bucket, s.conn.lang))


async def on_seat_move(s: _Socket, seat: int, data: dict[str, Any]) -> None:
    """action, next, back, leave: they change the table, so everybody hears of it and
    the bots may move."""
    kind = data["type"]
    started = time.perf_counter()
    await s.table.change(functools.partial(seat_message, s.table, seat, kind, data))
    await s.table.broadcast()
    if kind == "action":
        s.server.metrics.latency.observe(time.perf_counter() - started)
    s.table.bot_driver.schedule()
    if kind == "leave":
        s.conn.seat = None   # the connection watches on


def seat_message(table: LiveTable, seat: int, kind: str, data: dict[str, Any]) -> None:
    """What a seat's message does (under the table's lock)."""
    table.catch_up()
    if kind == "action":
        table.seats.take_back(seat)   # acting takes the seat back (between tricks)
        table.apply(seat, data.get("action"), data.get("move"), data.get("deal"))
    elif kind == "next":
        table.deals.ready_next(seat, data.get("series") is True)
    elif kind == "back":
        table.seats.take_back(seat)
    else:   # leave
        if seat in table.seats.token_hashes:
            table.seats.leave(seat)
        if table.round is not None and table.round.current.is_over:
            table.deals.ready_next(None)  # the others may be ready


# What each kind of message does: anybody's, and a seat's.
ANYONE_MAY: dict[str, Callable[[_Socket, dict[str, Any]], Awaitable[None]]] = {
    "ping": on_ping, "prefs": on_prefs}
SEATED_MAY: dict[str, Callable[[_Socket, int, dict[str, Any]], Awaitable[None]]] = {
    "chat": on_chat, "hint": on_hint,
    **dict.fromkeys(("action", "next", "back", "leave"), on_seat_move)}


async def dispatch(s: _Socket, data: Any) -> None:
    """Hands one parsed message to its handler; who may send what is checked here."""
    kind = data.get("type") if isinstance(data, dict) else None
    if kind in ANYONE_MAY:
        await ANYONE_MAY[kind](s, data)
        return
    if kind not in SEATED_MAY:
        raise TableError("unknown_type", f"unknown message type "
                         f"{str(kind)[:40]!r} ({', '.join(ALL_MESSAGES)})")
    seat = s.conn.seat
    if seat is None or seat not in s.table.seats.token_hashes:
        raise TableError("not_seated", "spectators cannot act; join a seat")
    await SEATED_MAY[kind](s, seat, data)


async def serve_socket(websocket: WebSocket) -> None:
    opened = await open_socket(websocket)
    if opened is None:
        return
    server = server_of(websocket)
    metrics = server.metrics
    table, conn = opened
    table.connections.add(conn)
    metrics.connections.inc()
    s = _Socket(server, table, conn, TokenBucket(CHAT_RATE, CHAT_BURST),
                TokenBucket(HINT_RATE, HINT_BURST))
    bucket = TokenBucket(RATE, BURST)
    strikes = 0
    try:
        if table.settings.get("chat", True):
            await conn.send(await chat_history(server.social, table, conn))
        await table.push(conn, force=True)
        while True:
            msg = await websocket.receive()
            if msg["type"] == "websocket.disconnect":
                break
            raw: str | bytes = msg.get("text") or msg.get("bytes") or b""
            # Counted before anything else is done with it: big or not, every message
            # costs the sender his rate.
            if not bucket.take():
                strikes += 1
                if strikes > MAX_STRIKES:
                    await websocket.close(code=1008)
                    break
                await s.reply_error("rate_limited", "too many messages; slow down")
                # Read nothing more until the rate allows one: uvicorn reads no further
                # frames from the socket until this loop asks, so a flooding client's
                # messages wait unparsed in its own buffers, not on the event loop.
                await asyncio.sleep(1 / RATE)
                continue
            if len(raw) > MAX_MESSAGE:
                await s.reply_error("too_large", f"messages are limited to "
                                    f"{MAX_MESSAGE} bytes; closing")
                await websocket.close(code=1009)
                break
            try:
                data = parse_json(raw)
            except WebError as e:
                await s.reply_error(e.code, str(e))
                continue
            try:
                await dispatch(s, data)
            except TableError as e:
                await s.reply_error(e.code, str(e))
    except WebSocketDisconnect:
        pass
    finally:
        table.connections.discard(conn)
        metrics.connections.dec()


def routes() -> list[BaseRoute]:
    """The table's socket."""
    return [WebSocketRoute("/ws/{table_id}", ws_endpoint)]
