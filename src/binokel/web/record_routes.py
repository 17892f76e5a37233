"""A table's finished deals over HTTP, of a live table or a closed one alike: the list, a
deal's game record (a download), the browser's replay and the replay's analysis."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from .analysis import note_given_away
from .analysis import worded
from .duplicate import seal_of
from .guard import WebError
from .replays import TableRecords
from .server import client_of
from .server import failed
from .server import query_int
from .server import server_of
from .store import Store
from .tables import check_prefs


def records_of(store: Store, table_id: str) -> TableRecords:
    """A table's finished deals as stored: a live table's and a closed one's alike."""
    return TableRecords.load(store, table_id, seal_of)


async def _records(request: Request) -> TableRecords:
    """The finished deals of the request's table (read in a worker thread)."""
    return await asyncio.to_thread(records_of, server_of(request).registry.store,
                                   request.path_params["table_id"])


async def deals(request: Request) -> Response:
    try:
        t = await _records(request)
        done = await asyncio.to_thread(t.finished_deals)
    except WebError as e:
        return failed(request, e)
    return JSONResponse(done)


async def record(request: Request) -> Response:
    try:
        t = await _records(request)
        number = int(request.path_params["number"])
        rec = await asyncio.to_thread(t.record, number)
    except WebError as e:
        return failed(request, e)
    return JSONResponse(rec, headers={
        "Content-Disposition": f'attachment; filename="{t.game}-{t.id}-{number}.json"'})


async def replay(request: Request) -> Response:
    """A finished deal for the browser's replay: the public table after ``?step=k``
    actions (default: all) and every seat's hand at that point; of a live table or a
    closed one (``closed``: the page shows the replay and no seats)."""
    q = request.query_params
    try:
        lang, cards = check_prefs(q.get("lang"), q.get("cards"))
        step = query_int(q, "step", -1, 0, 10**6)
        t = await _records(request)
        data = await asyncio.to_thread(t.replay, int(request.path_params["number"]),
                                       None if step < 0 else step, lang, cards)
    except WebError as e:
        return failed(request, e)
    return JSONResponse(data)


async def analysis(request: Request) -> Response:
    """A finished deal's card plays marked with the points each gave away (the replay's
    analysis, :mod:`binokel.web.analysis`), of a live or a closed table."""
    try:
        lang, cards = check_prefs(request.query_params.get("lang"),
                                  request.query_params.get("cards"))
        t = await _records(request)
        number = int(request.path_params["number"])
        result = await server_of(request).analyses.get(t, number, client_of(request))
    except WebError as e:
        return failed(request, e)
    await asyncio.to_thread(note_given_away, t.store, t.id, number, result, t.players)
    return JSONResponse(worded(t, number, result, lang, cards))


def routes() -> list[BaseRoute]:
    """A table's finished deals: the list, a record, a replay, an analysis."""
    return [
        Route("/api/tables/{table_id}/deals", deals),
        Route("/api/tables/{table_id}/deals/{number:int}/record", record),
        Route("/api/tables/{table_id}/deals/{number:int}/replay", replay),
        Route("/api/tables/{table_id}/deals/{number:int}/analysis", analysis),
    ]
