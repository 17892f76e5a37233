"""The lobby's tables and their seats over HTTP: a page of the lobby, a new table, a
table's facts, joining a seat, the creator handing on an away person's seat, and the
running tables where a browser's seat tokens still hold a seat (docs/web.md)."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from .guard import WebError
from .guard import read_json
from .server import account_id
from .server import account_of
from .server import check_origin
from .server import client_of
from .server import failed
from .server import query_int
from .server import server_of
from .tables import TableError
from .tables import again
from .tables import off_loop

MAX_TOKENS = 50             # seat tokens one "my tables" request may name


async def list_tables(request: Request) -> Response:
    """A page of the lobby: ``?status=waiting|playing&limit=N&cursor=C``."""
    server = server_of(request)
    q = request.query_params
    try:
        status = q.get("status", "waiting")
        if status not in ("waiting", "playing"):
            raise WebError("bad_status", "status must be waiting or playing")
        limit = query_int(q, "limit", server.limits.lobby_page, 1, server.limits.lobby_page)
        tables, nxt = server.registry.lobby(status, limit, q.get("cursor"))
    except WebError as e:
        return failed(request, e)
    return JSONResponse({"tables": tables, "next": nxt})


async def create_table(request: Request) -> Response:
    server = server_of(request)
    try:
        check_origin(request)
        data = await read_json(request)
        key = client_of(request)
        if not server.creates.allow(key):
            raise WebError("rate_limited", "too many new tables; wait a little", 429)
        registry = server.registry
        t = registry.create(data, registry.store.client_hash(key),
                            await asyncio.to_thread(account_id, request))
    except WebError as e:
        return failed(request, e)
    info = t.json_view.info()
    info["invite"] = f"/t/{t.id}"
    # the creator's secret, once: with it he may hand on an away person's seat
    info["owner_token"] = t.owner_token
    t.owner_token = None
    return JSONResponse(info, status_code=201)


async def get_table(request: Request) -> Response:
    try:
        t = server_of(request).registry.get(request.path_params["table_id"])
    except WebError as e:
        return failed(request, e)
    async with t.lock:   # never a change half done (LiveTable.push)
        info = t.json_view.info()
    return JSONResponse(info)


async def join(request: Request) -> Response:
    server = server_of(request)
    registry = server.registry
    try:
        check_origin(request)
        t = registry.get(request.path_params["table_id"])
        data = await read_json(request)
        if not isinstance(data, dict):
            raise TableError("bad_request", "expected a JSON object")
        address = registry.store.client_hash(client_of(request))
        me = await asyncio.to_thread(account_of, request)
        # at a rated table a player is known by his account's name (his player page)
        nickname = me.name if me is not None and t.settings.get("rated") \
            else data.get("nickname")
        def take() -> str:
            t.catch_up()
            return again(lambda: t.seats.join(data.get("seat"), nickname, address,
                                              me.id if me is not None else None))
        async with t.lock:
            token = await off_loop(take)
            info = t.json_view.info()
    except WebError as e:
        return failed(request, e)
    await t.broadcast()
    if t.round is not None:
        t.bot_driver.schedule()   # a new table starts; a seat taken over stops its stand-in
    if me is not None:   # a seat taken logged in follows the account to its devices
        await asyncio.to_thread(server.accounts.attach_seats, me.id, [token])
    return JSONResponse({"token": token, "seat": data["seat"], "table": info})


async def release_seat(request: Request) -> Response:
    """The creator hands on an away person's seat (:meth:`binokel.web.seats.Seats.release`)."""
    try:
        check_origin(request)
        t = server_of(request).registry.get(request.path_params["table_id"])
        seat = request.path_params["seat"]
        def release() -> None:
            t.catch_up()
            again(lambda: t.seats.release(seat, request.headers.get("x-owner-token")))
        async with t.lock:
            await off_loop(release)
            info = t.json_view.info()
    except WebError as e:
        return failed(request, e)
    await t.broadcast()
    return JSONResponse({"seat": seat, "table": info})


async def my_tables(request: Request) -> Response:
    """The running tables where the seat tokens a browser holds still hold a seat:
    ``{"tokens": [...]}`` (POST: tokens never go into a URL or a log)."""
    try:
        check_origin(request)
        data = await read_json(request)
        given = data.get("tokens") if isinstance(data, dict) else None
        if not isinstance(given, list) or len(given) > MAX_TOKENS or \
                not all(isinstance(x, str) and len(x) <= 200 for x in given):
            raise WebError("bad_tokens", f"tokens must list at most {MAX_TOKENS} seat "
                           "tokens")
    except WebError as e:
        return failed(request, e)
    registry = server_of(request).registry
    out = []
    for token in dict.fromkeys(given):
        for t in registry.by_token(token):
            async with t.lock:   # never a change half done (LiveTable.push)
                seat = t.seats.seat_of(token)
                if seat is not None:
                    out.append({"seat": seat, "token": token, "table": t.json_view.info()})
    return JSONResponse({"tables": out})


def routes() -> list[BaseRoute]:
    """The lobby's and the tables' HTTP routes."""
    return [
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", get_table),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat:int}/release", release_seat,
              methods=["POST"]),
        Route("/api/my-tables", my_tables, methods=["POST"]),
    ]
