"""The ASGI app: a small HTTP JSON API for the lobby, a WebSocket for live play, the client.

The lobby offers every game the engine registers and :mod:`binokel.present` can draw
(``GET /api/meta``); ``POST /api/tables`` creates a table::

    {"game": "doppelkopf", "players": 5, "preset": "standard", "options": {...},
     "target": 1000, "deals": 12, "bots": [null, "heuristic", ...], "seed": 7}

(``target``/``deals``: the game's target or series length, where it has one; ``bots``: a bot
kind per seat that plays the game, null for a person).

Protocol (WebSocket ``/ws/{table_id}?token=SEAT_TOKEN&lang=de&cards=token``; no token: a
spectator):

- server -> client: ``{"type": "state", "info": {...the lobby's table info...}, "you": seat,
  "lang": ..., "cards": ..., "names": [...], "status": "waiting|playing|finished",
  "table": the presented Table of the seat (binokel.present, built from view(seat) only;
  spectators: from public_view()), "deal": n, "moves": actions so far in the deal,
  "sheet": {"parties", "lines", "totals", "durch_totals", "target", "deals"},
  "winner": seat or null, "winners": [the winner and his partners]}`` after every change
  (a connection always gets the newest state; states in between may be skipped);
  ``{"type": "error", "code": ..., "message": ...}`` to the sender of a bad message;
  ``{"type": "pong"}``.
- client -> server: ``{"type": "action", "action": "play EA"}``, ``{"type": "next"}`` (start
  the next deal), ``{"type": "prefs", "lang": "en", "cards": "symbol"}`` (the language and
  how texts write cards: token, symbol, words, french; answered with a state),
  ``{"type": "ping"}``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import Mount
from starlette.routing import Route
from starlette.routing import WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket
from starlette.websockets import WebSocketDisconnect

from ..bots import bot_names
from ..registry import GameSpec
from .store import Store
from .store import default_database_url
from .tables import Connection
from .tables import Registry
from .tables import TableError
from .tables import check_prefs
from .tables import web_games

log = logging.getLogger("binokel.web")
STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096          # bytes of one WebSocket message
MAX_BODY = 16384            # bytes of one HTTP request body
RATE = 10.0                 # messages per second a connection may send ...
BURST = 20.0                # ... with bursts up to this many
MAX_STRIKES = 100           # rate-limited messages before the connection is closed


class TokenBucket:
    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def error(code: str, message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


async def read_json(request: Request) -> Any:
    body = await request.body()
    if len(body) > MAX_BODY:
        raise TableError("too_large", f"request body over {MAX_BODY} bytes")
    try:
        return json.loads(body or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise TableError("bad_json", "the request body is not valid JSON") from None


# Titles of the option groups the games use (the lobby groups the house rules by them).
GROUP_TEXT: dict[str, dict[str, str]] = {
    "deal": {"de": "Karten und Austeilen", "en": "Cards and deal"},
    "points": {"de": "Augen", "en": "Card points"},
    "bidding": {"de": "Reizen", "en": "Bidding"},
    "play": {"de": "Spiel", "en": "Play"},
    "melds": {"de": "Meldungen", "en": "Melds"},
    "abgehen": {"de": "Abgehen", "en": "Going out (abgehen)"},
    "scoring": {"de": "Wertung", "en": "Scoring"},
    "special": {"de": "Sonderspiele", "en": "Special games"},
    "round": {"de": "Runde", "en": "Round"},
    "reservations": {"de": "Vorbehalte", "en": "Reservations"},
}


def _json_value(v: Any) -> Any:
    return v if isinstance(v, (bool, int, str)) or v is None else str(v)


def game_meta(spec: GameSpec) -> dict[str, Any]:
    """What the lobby needs to offer a game: its texts, seats, presets, options, bots."""
    presets = list(spec.presets) or ["standard"]
    defaults = {p: spec.make_rules({"preset": p}) for p in presets}
    groups: dict[str, list[dict[str, Any]]] = {}
    for o in spec.options.values():
        groups.setdefault(o.group, []).append({
            "name": o.name, "en": o.en, "de": o.de,
            "type": "bool" if isinstance(o.default, bool) else
            "int" if isinstance(o.default, int) else "str",
            "allowed": [_json_value(a) for a in o.allowed] if o.allowed else None,
            "check": o.check_label("en") or None,
            "check_de": o.check_label("de") or None,
            "defaults": {p: _json_value(getattr(r, o.name, o.default))
                         for p, r in defaults.items()},
        })
    return {
        "name": spec.name, "title": {"de": spec.title[0], "en": spec.title[1]},
        "players": list(spec.players), "default_players": spec.default_players,
        "presets": [{"name": p, "en": spec.presets.get(p, ("", ""))[0],
                     "de": spec.presets.get(p, ("", ""))[1]} for p in presets],
        "groups": [{"name": g, "options": opts} for g, opts in groups.items()],
        "target": "target" in spec.options, "deals": "deals_per_series" in spec.options,
        "teams": [list(t) for t in spec.teams],
        "bots": bot_names(spec.name),
        "help": dict(spec.help),
    }


def create_app(database_url: str | None = None, bot_delay: float = 0.5) -> Starlette:
    url = database_url or default_database_url()
    holder: dict[str, Any] = {}

    def registry() -> Registry:
        return holder["registry"]  # type: ignore[no-any-return]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(url)
        holder["registry"] = app.state.registry = Registry(store, bot_delay)
        for t in registry().tables.values():
            if t.status == "playing":
                t.schedule_bots()  # a restart continues where the bots were to move
        yield
        for t in registry().tables.values():
            if t.bot_task is not None:
                t.bot_task.cancel()
        store.close()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def meta(request: Request) -> Response:
        return JSONResponse({"games": [game_meta(spec) for spec in web_games().values()],
                             "groups": GROUP_TEXT})

    async def list_tables(request: Request) -> Response:
        return JSONResponse([t.info() for t in registry().tables.values()
                             if t.status == "waiting"])

    async def create_table(request: Request) -> Response:
        try:
            data = await read_json(request)
            t = registry().create(data)
        except TableError as e:
            return error(e.code, str(e))
        info = t.info()
        info["invite"] = f"/t/{t.id}"
        return JSONResponse(info, status_code=201)

    async def get_table(request: Request) -> Response:
        try:
            t = registry().get(request.path_params["table_id"])
        except TableError as e:
            return error(e.code, str(e), 404)
        return JSONResponse(t.info())

    async def join(request: Request) -> Response:
        try:
            t = registry().get(request.path_params["table_id"])
        except TableError as e:
            return error(e.code, str(e), 404)
        try:
            data = await read_json(request)
            if not isinstance(data, dict):
                raise TableError("bad_request", "expected a JSON object")
            async with t.lock:
                token = t.join(data.get("seat"), data.get("nickname"))
                started = t.start_if_full()
        except TableError as e:
            return error(e.code, str(e), 409 if e.code == "seat_taken" else 400)
        await t.broadcast()
        if started:
            t.schedule_bots()
        return JSONResponse({"token": token, "seat": data["seat"], "table": t.info()})

    async def deals(request: Request) -> Response:
        try:
            t = registry().get(request.path_params["table_id"])
        except TableError as e:
            return error(e.code, str(e), 404)
        return JSONResponse(t.finished_deals())

    async def record(request: Request) -> Response:
        try:
            t = registry().get(request.path_params["table_id"])
            number = int(request.path_params["number"])
            rec = t.record(number)
        except TableError as e:
            return error(e.code, str(e), 404 if e.code in ("no_table", "no_deal") else 409)
        return JSONResponse(rec, headers={
            "Content-Disposition": f'attachment; filename="{t.game}-{t.id}-{number}.json"'})

    async def replay(request: Request) -> Response:
        """A finished deal for the browser's replay: the public table after ``?step=k``
        actions (default: all) and every seat's hand at that point."""
        q = request.query_params
        try:
            t = registry().get(request.path_params["table_id"])
            lang, cards = check_prefs(q.get("lang"), q.get("cards"))
            step_text = q.get("step")
            if step_text is not None and not step_text.isdigit():
                raise TableError("bad_step", "step must be a number")
            data = t.replay(int(request.path_params["number"]),
                            int(step_text) if step_text is not None else None, lang, cards)
        except TableError as e:
            return error(e.code, str(e), 404 if e.code in ("no_table", "no_deal") else
                         409 if e.code == "not_over" else 400)
        return JSONResponse(data)

    async def ws_endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            table = registry().get(websocket.path_params["table_id"])
        except TableError as e:
            await websocket.send_json({"type": "error", "code": e.code, "message": str(e)})
            await websocket.close(code=4404)
            return
        token = websocket.query_params.get("token")
        seat: int | None = None
        try:
            lang, cards = check_prefs(websocket.query_params.get("lang"),
                                      websocket.query_params.get("cards"))
        except TableError as e:
            await websocket.send_json({"type": "error", "code": e.code, "message": str(e)})
            await websocket.close(code=4400)
            return
        if token:
            seat = table.seat_of(token)
            if seat is None:
                await websocket.send_json({"type": "error", "code": "bad_token",
                                           "message": "this seat token is not valid here"})
                await websocket.close(code=4401)
                return
        conn = Connection(seat, websocket.send_json, lang, cards)
        table.connections.add(conn)
        bucket = TokenBucket()
        strikes = 0

        async def reply_error(code: str, message: str) -> None:
            await conn.send({"type": "error", "code": code, "message": message})

        try:
            await table.push(conn, force=True)
            while True:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                raw = msg.get("text")
                if raw is None:
                    raw_bytes = msg.get("bytes") or b""
                    raw = raw_bytes.decode("utf-8", "replace")
                if len(raw) > MAX_MESSAGE:
                    await reply_error("too_large", f"messages are limited to {MAX_MESSAGE} "
                                      "bytes")
                    continue
                if not bucket.take():
                    strikes += 1
                    if strikes > MAX_STRIKES:
                        await websocket.close(code=1008)
                        break
                    await reply_error("rate_limited", "too many messages; slow down")
                    continue
                try:
                    data = json.loads(raw)
                except json.JSONDecodeError:
                    await reply_error("bad_json", "the message is not valid JSON")
                    continue
                kind = data.get("type") if isinstance(data, dict) else None
                if kind == "ping":
                    await conn.send({"type": "pong"})
                    continue
                if kind == "prefs":
                    try:
                        conn.lang, conn.cards = check_prefs(data.get("lang", conn.lang),
                                                            data.get("cards", conn.cards))
                    except TableError as e:
                        await reply_error(e.code, str(e))
                        continue
                    await table.push(conn, force=True)
                    continue
                if kind not in ("action", "next"):
                    await reply_error("unknown_type", f"unknown message type {kind!r} "
                                      "(action, next, prefs, ping)")
                    continue
                if seat is None:
                    await reply_error("not_seated", "spectators cannot act; join a seat")
                    continue
                try:
                    async with table.lock:
                        if kind == "action":
                            table.apply(seat, data.get("action"))
                        else:
                            table.next_deal()
                except TableError as e:
                    await reply_error(e.code, str(e))
                    continue
                await table.broadcast()
                table.schedule_bots()
        except WebSocketDisconnect:
            pass
        finally:
            table.connections.discard(conn)

    routes = [
        Route("/", index),
        Route("/t/{table_id}", index),
        Route("/api/meta", meta),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", get_table),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/deals", deals),
        Route("/api/tables/{table_id}/deals/{number:int}/record", record),
        Route("/api/tables/{table_id}/deals/{number:int}/replay", replay),
        WebSocketRoute("/ws/{table_id}", ws_endpoint),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
