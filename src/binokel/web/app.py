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

import asyncio
import contextlib
import functools
import logging
import os
import time
from collections.abc import AsyncIterator
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse
from starlette.responses import JSONResponse
from starlette.responses import PlainTextResponse
from starlette.responses import Response
from starlette.routing import Mount
from starlette.routing import Route
from starlette.routing import WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket
from starlette.websockets import WebSocketDisconnect

from .. import __version__
from ..bots import bot_names
from ..hints import hint
from ..present import BOT_NAMES
from ..present import help_text
from ..present import level_name
from ..present import plain
from ..registry import GameSpec
from .account_routes import routes as account_routes
from .accounts import Account
from .accounts import Accounts
from .analysis import note_given_away
from .analysis import worded
from .backfill import AnalyserLimits
from .backfill import Backfill
from .duplicate import prepare as prepare_duplicate
from .duplicate import routes as duplicate_routes
from .duplicate import seal_of
from .guard import MAX_MESSAGE
from .guard import SecurityHeaders
from .guard import TokenBucket
from .guard import WebError
from .guard import client_key
from .guard import parse_json
from .guard import read_json
from .guard import same_origin
from .limits import RequestRate
from .listen import Listener
from .metrics import CONTENT_TYPE
from .metrics import Metrics
from .metrics import may_scrape
from .metrics import trim_memory
from .pads import routes as pad_routes
from .pages import page_response
from .player_routes import routes as player_routes
from .rated import MIN_DEALS
from .replays import TableRecords
from .seasons import routes as season_routes
from .server import Running
from .server import Server
from .sessions import CsrfGuard
from .sessions import session_account
from .social import Social
from .social_routes import apply_suspensions
from .social_routes import chat_history
from .social_routes import routes as social_routes
from .social_routes import send_chat
from .store import Store
from .store import default_database_url
from .tables import TURN_TIMEOUT_RANGE
from .tables import Connection
from .tables import Limits
from .tables import LiveTable
from .tables import Registry
from .tables import TableError
from .tables import again
from .tables import check_prefs
from .tables import off_loop
from .tables import web_games
from .work import Work
from .work import WorkLimits

log = logging.getLogger("binokel.web")
STATIC = Path(__file__).parent / "static"
RATE = 10.0                 # messages per second a connection may send ...
BURST = 20.0                # ... with bursts up to this many
MAX_STRIKES = 100           # rate-limited messages before the connection is closed
MAX_TOKENS = 50             # seat tokens one "my tables" request may name
CHAT_RATE = 0.5             # chat lines per second a connection may send ...
CHAT_BURST = 5.0            # ... with bursts up to this many
SEAT_MESSAGES = ("action", "next", "back", "leave", "chat", "hint")
ALL_MESSAGES = ("ping", "prefs", *SEAT_MESSAGES)
HINT_RATE = 1 / 10          # hints per second a connection may ask for ...
HINT_BURST = 2.0            # ... with bursts up to this many
DRIVE_EVERY = 1.5           # seconds between looks for tables nobody drives (PostgreSQL)
SOCIAL_EVERY = 5.0          # seconds between looks for new suspensions and who is online


def error(code: str, message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


def web_error(e: WebError) -> JSONResponse:
    return JSONResponse(e.body(), status_code=e.status)


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no route: 404, a wrong method: 405) in the API's words: an
    API path answers ``{"error", "message"}`` like every other refusal, e.g. a deal number
    that is no whole number (``/deals/-1/record``); other paths answer in plain text."""
    status = getattr(exc, "status_code", 500)
    headers = getattr(exc, "headers", None)
    if not request.url.path.startswith("/api/"):
        return PlainTextResponse(str(getattr(exc, "detail", "")), status, headers)
    code, message = {
        404: ("not_found", "there is no such API path (see docs/web.md; a deal number is a "
                           "whole number from 1)"),
        405: ("bad_method", f"{request.method[:10]} is not allowed here"),
    }.get(status, ("bad_request", str(getattr(exc, "detail", ""))))
    response = error(code, message, status)
    if headers:
        response.headers.update(headers)
    return response




def count_error(metrics: Metrics, code: str) -> None:
    metrics.errors.labels(code=code).inc()


@dataclass
class _Socket:
    """One open socket: its table, its connection (whose seat is ``None`` for a
    spectator) and the rates it may still spend on chat and hints."""
    table: LiveTable
    conn: Connection
    chat_bucket: TokenBucket
    hint_bucket: TokenBucket

    async def reply_error(self, metrics: Metrics, code: str, message: str) -> None:
        count_error(metrics, code)
        await self.conn.send({"type": "error", "code": code, "message": message})


def query_int(q: Any, name: str, default: int, low: int, high: int) -> int:
    """A whole-number query parameter within ``low..high`` (ASCII digits only: ``int()``
    takes "²" and "1_000" too, a parser's surprise we do not want)."""
    raw = q.get(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9 or not low <= int(raw) <= high:
        raise WebError(f"bad_{name}", f"{name} must be a whole number from {low} to {high}")
    return int(raw)


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
# The lobby names bots before the server seats them ("Lina (stark)"): the names and level
# words come from the presenter's texts, so the browser keeps no second copy of them.
BOT_WORDS: dict[str, Any] = {
    "names": list(BOT_NAMES),
    "levels": {kind: {lang: level_name(kind, lang) for lang in ("de", "en")}
               for kind in bot_names()},
}


def _json_value(v: Any) -> Any:
    return v if isinstance(v, (bool, int, str)) or v is None else str(v)


def game_meta(spec: GameSpec) -> dict[str, Any]:
    """What the lobby needs to offer a game: its texts, seats, presets, options, bots."""
    presets = list(spec.presets) or ["standard"]
    defaults = {p: spec.make_rules({"preset": p}) for p in presets}
    groups: dict[str, list[dict[str, Any]]] = {}
    for o in spec.options.values():
        # what each value means, for the choice; a yes/no option's words for yes and no
        # (lists of a table's changed rules)
        named = o.allowed or ((True, False) if isinstance(o.default, bool) else ())
        groups.setdefault(o.group, []).append({
            "name": o.name, "en": plain(o.en), "de": plain(o.de),
            "type": "bool" if isinstance(o.default, bool) else
            "int" if isinstance(o.default, int) else "str",
            "allowed": [_json_value(a) for a in o.allowed] if o.allowed else None,
            "labels": {lang: [o.value_label(a, lang) for a in named]
                       for lang in ("de", "en")} if named else None,
            "check": o.check_label("en") or None,
            "check_de": o.check_label("de") or None,
            "defaults": {p: _json_value(getattr(r, o.name, o.default))
                         for p, r in defaults.items()},
        })
    return {
        "name": spec.name, "title": {"de": spec.title[0], "en": spec.title[1]},
        "deck": spec.deck,
        "players": list(spec.players), "default_players": spec.default_players,
        "presets": [{"name": p, "en": plain(spec.presets.get(p, ("", ""))[0]),
                     "de": plain(spec.presets.get(p, ("", ""))[1])} for p in presets],
        "groups": [{"name": g, "options": opts} for g, opts in groups.items()],
        "target": "target" in spec.options, "deals": "deals_per_series" in spec.options,
        "teams": [list(t) for t in spec.teams],
        "bots": bot_names(spec.name), "default_bot": spec.default_bot,
        "help": {lang: help_text(spec.name, lang) for lang in ("de", "en")},
    }


def create_app(database_url: str | None = None, bot_delay: float = 0.5,
               limits: Limits | None = None, work: WorkLimits | None = None,
               metrics_token: str | None = None, min_rated_deals: int | None = None,
               analyser: AnalyserLimits | None = None) -> Starlette:
    """The web game's app; ``metrics_token``: lets ``/metrics`` be read from elsewhere
    than this machine with ``Authorization: Bearer <token>`` (default: the environment's
    ``BINOKEL_METRICS_TOKEN``); ``min_rated_deals``: rated deals before an account is on
    a leaderboard (default: the environment's ``BINOKEL_MIN_RATED_DEALS``, else 20);
    ``analyser``: rated deals analysed in the background an hour while the worker pool is
    idle (:mod:`binokel.web.backfill`; default: the environment's
    ``BINOKEL_ANALYSES_PER_HOUR``, else 6; 0: none)."""
    url = database_url or default_database_url()
    metrics_token = metrics_token or os.environ.get("BINOKEL_METRICS_TOKEN") or None
    limits = limits or Limits()
    if min_rated_deals is None:
        env = os.environ.get("BINOKEL_MIN_RATED_DEALS", "")
        min_rated_deals = int(env) if env.isascii() and env.isdigit() else MIN_DEALS
    if analyser is None:
        env = os.environ.get("BINOKEL_ANALYSES_PER_HOUR", "")
        analyser = AnalyserLimits(int(env)) if env.isascii() and env.isdigit() \
            else AnalyserLimits()
    server = Server(url, bot_delay, limits, Work(work), metrics_token, min_rated_deals,
                    analyser)
    documents = server.work
    analyses = server.analyses
    holder: dict[str, Any] = {}
    metrics = server.metrics
    creates = server.creates
    sockets = server.sockets

    def registry() -> Registry:
        return holder["registry"]  # type: ignore[no-any-return]

    def social() -> Social:
        return holder["social"]  # type: ignore[no-any-return]

    async def social_rounds() -> None:
        # Seats of accounts the operator suspended are left; the accounts with a table
        # socket open here are online (written at most once a minute each).
        while True:
            try:
                await apply_suspensions(social(), registry())
                await asyncio.to_thread(social().seen, [
                    c.account for t in list(registry().tables.values())
                    for c in list(t.connections) if c.account])
            except Exception:  # pragma: no cover - a database hiccup: try again soon
                log.exception("the friends' round failed")
            await asyncio.sleep(SOCIAL_EVERY)

    async def sweeper() -> None:
        while True:
            await asyncio.sleep(limits.sweep_every)
            try:
                if await registry().sweep():
                    trim_memory()   # the closed tables' memory back to the system
            except Exception:  # pragma: no cover - a database hiccup: try again later
                log.exception("closing abandoned tables failed")

    async def driver() -> None:
        # Several processes on PostgreSQL: take over the tables nobody drives (new ones,
        # and within seconds those of a process that died).
        while True:
            try:
                await registry().take_over()
                # A change whose notification this process missed is sent within seconds.
                behind = await registry().resync()
                if behind:   # mostly just ahead of their notifications
                    log.debug("caught up %d table(s) by their stored version", len(behind))
            except Exception:  # pragma: no cover - a database hiccup: try again soon
                log.exception("taking over tables failed")
            await asyncio.sleep(DRIVE_EVERY)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(url)
        app.state.work = documents
        holder["accounts"] = app.state.accounts = Accounts(store)
        holder["registry"] = app.state.registry = Registry(
            store, bot_delay, limits, metrics.actions.inc,
            prepare=lambda t: prepare_duplicate(store, t))
        holder["social"] = app.state.social = Social(store)
        registry().send_chat = lambda t, line: send_chat(social(), t, line)
        for t in registry().tables.values():
            if t.status in ("playing", "finished"):
                # A restart continues where the bots were to move, and the clock of a
                # person to move or not yet ready for the next deal starts again.
                t.bot_driver.schedule()
        loop = asyncio.get_running_loop()
        sweep = loop.create_task(sweeper())
        app.state.analyser = Backfill(store, documents, analyses, analyser, seal_of)
        server.running = Running(store, registry(), app.state.accounts, social(),
                                 app.state.analyser)
        # rated deals' points given away, analysed while nobody waits for the pool
        backfill = loop.create_task(app.state.analyser.run()) if analyser.per_hour else None
        friends = loop.create_task(social_rounds())
        listener = None
        drive = None
        if store.postgres:
            drive = loop.create_task(driver())
            # Other server processes may share the database: hear their changes.
            heard: set[asyncio.Task[None]] = set()

            def arrive(payload: str) -> None:
                task = loop.create_task(registry().heard(payload))
                heard.add(task)
                task.add_done_callback(heard.discard)

            def deliver(payload: str) -> None:   # from the listener's thread
                loop.call_soon_threadsafe(arrive, payload)

            listener = Listener(url, deliver)
            listener.start()
        yield
        if listener is not None:
            listener.stop()
        if drive is not None:
            drive.cancel()
        sweep.cancel()
        if backfill is not None:
            backfill.cancel()
        friends.cancel()
        for t in registry().tables.values():
            if t.bot_driver.bot_task is not None:
                t.bot_driver.bot_task.cancel()
        store.close()

    def failed(e: WebError) -> JSONResponse:
        count_error(metrics, e.code)
        return web_error(e)

    def client(request: Request | WebSocket) -> str:
        return client_key(request.client.host if request.client else None)

    def check_origin(request: Request) -> None:
        if not same_origin(request.headers):
            raise WebError("cross_origin", "requests from other sites are refused", 403)

    def account_of(request: Request) -> Account | None:
        """The logged-in account (None: a guest), for a rated table."""
        return session_account(holder["accounts"], request)

    def account_id(request: Request) -> str | None:
        me = account_of(request)
        return me.id if me is not None else None

    async def healthz(request: Request) -> Response:
        """200 while the database answers (for the proxy's and systemd's checks)."""
        try:
            await asyncio.to_thread(registry().store.ping)
        except Exception:
            return JSONResponse({"ok": False, "database": "unreachable"}, status_code=503)
        return JSONResponse({"ok": True, "tables": len(registry().tables),
                             "driving": len(registry().driving)})

    async def prometheus(request: Request) -> Response:
        if not may_scrape(request.client.host if request.client else None,
                          request.headers.get("authorization"), metrics_token):
            return error("not_found", "there is no such API path", 404)
        return Response(metrics.render(), media_type=CONTENT_TYPE)

    async def index(request: Request) -> Response:
        return page_response("table.body.html", "style.css")

    async def favicon(request: Request) -> Response:
        # Browsers ask for /favicon.ico on their own, whatever a page links (every page
        # links it and the SVG too); a day in the cache, it changes with a release at most.
        return FileResponse(STATIC / "favicon.ico", media_type="image/x-icon",
                            headers={"Cache-Control": "public, max-age=86400"})

    async def meta(request: Request) -> Response:
        return JSONResponse({"games": [game_meta(spec) for spec in web_games().values()],
                             "groups": GROUP_TEXT, "bots": BOT_WORDS,
                             "settings": {"turn_timeout": list(TURN_TIMEOUT_RANGE)},
                             "version": __version__})

    async def list_tables(request: Request) -> Response:
        """A page of the lobby: ``?status=waiting|playing&limit=N&cursor=C``."""
        q = request.query_params
        try:
            status = q.get("status", "waiting")
            if status not in ("waiting", "playing"):
                raise WebError("bad_status", "status must be waiting or playing")
            limit = query_int(q, "limit", limits.lobby_page, 1, limits.lobby_page)
            tables, nxt = registry().lobby(status, limit, q.get("cursor"))
        except WebError as e:
            return failed(e)
        return JSONResponse({"tables": tables, "next": nxt})

    async def create_table(request: Request) -> Response:
        try:
            check_origin(request)
            data = await read_json(request)
            key = client(request)
            if not creates.allow(key):
                raise WebError("rate_limited", "too many new tables; wait a little", 429)
            t = registry().create(data, registry().store.client_hash(key),
                                  await asyncio.to_thread(account_id, request))
        except WebError as e:
            return failed(e)
        info = t.json_view.info()
        info["invite"] = f"/t/{t.id}"
        # the creator's secret, once: with it he may hand on an away person's seat
        info["owner_token"] = t.owner_token
        t.owner_token = None
        return JSONResponse(info, status_code=201)

    async def get_table(request: Request) -> Response:
        try:
            t = registry().get(request.path_params["table_id"])
        except WebError as e:
            return failed(e)
        async with t.lock:   # never a change half done (LiveTable.push)
            info = t.json_view.info()
        return JSONResponse(info)

    async def join(request: Request) -> Response:
        try:
            check_origin(request)
            t = registry().get(request.path_params["table_id"])
            data = await read_json(request)
            if not isinstance(data, dict):
                raise TableError("bad_request", "expected a JSON object")
            address = registry().store.client_hash(client(request))
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
            return failed(e)
        await t.broadcast()
        if t.round is not None:
            t.bot_driver.schedule()   # a new table starts; a seat taken over stops its stand-in
        if me is not None:   # a seat taken logged in follows the account to its devices
            await asyncio.to_thread(holder["accounts"].attach_seats, me.id, [token])
        return JSONResponse({"token": token, "seat": data["seat"], "table": info})

    async def release_seat(request: Request) -> Response:
        """The creator hands on an away person's seat (:meth:`binokel.web.seats.Seats.release`)."""
        try:
            check_origin(request)
            t = registry().get(request.path_params["table_id"])
            seat = request.path_params["seat"]
            def release() -> None:
                t.catch_up()
                again(lambda: t.seats.release(seat, request.headers.get("x-owner-token")))
            async with t.lock:
                await off_loop(release)
                info = t.json_view.info()
        except WebError as e:
            return failed(e)
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
            return failed(e)
        out = []
        for token in dict.fromkeys(given):
            for t in registry().by_token(token):
                async with t.lock:   # never a change half done (LiveTable.push)
                    seat = t.seats.seat_of(token)
                    if seat is not None:
                        out.append({"seat": seat, "token": token, "table": t.json_view.info()})
        return JSONResponse({"tables": out})

    def records_of(table_id: str) -> TableRecords:
        """A table's finished deals as stored: a live table's and a closed one's alike."""
        return TableRecords.load(registry().store, table_id, seal_of)

    async def deals(request: Request) -> Response:
        try:
            t = await asyncio.to_thread(records_of, request.path_params["table_id"])
            done = await asyncio.to_thread(t.finished_deals)
        except WebError as e:
            return failed(e)
        return JSONResponse(done)

    async def record(request: Request) -> Response:
        try:
            t = await asyncio.to_thread(records_of, request.path_params["table_id"])
            number = int(request.path_params["number"])
            rec = await asyncio.to_thread(t.record, number)
        except WebError as e:
            return failed(e)
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
            t = await asyncio.to_thread(records_of, request.path_params["table_id"])
            data = await asyncio.to_thread(t.replay, int(request.path_params["number"]),
                                           None if step < 0 else step, lang, cards)
        except WebError as e:
            return failed(e)
        return JSONResponse(data)

    async def analysis(request: Request) -> Response:
        """A finished deal's card plays marked with the points each gave away (the replay's
        analysis, :mod:`binokel.web.analysis`), of a live or a closed table."""
        try:
            lang, cards = check_prefs(request.query_params.get("lang"),
                                      request.query_params.get("cards"))
            t = await asyncio.to_thread(records_of, request.path_params["table_id"])
            number = int(request.path_params["number"])
            result = await analyses.get(t, number, client(request))
        except WebError as e:
            return failed(e)
        await asyncio.to_thread(note_given_away, t.store, t.id, number, result, t.players)
        return JSONResponse(worded(t, number, result, lang, cards))

    async def ws_endpoint(websocket: WebSocket) -> None:
        key = client(websocket)
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

    hint_slots = server.hint_slots

    async def ask_hint(table: LiveTable, seat: int, bucket: TokenBucket, lang: str
                       ) -> dict[str, Any]:
        """The strong player's choice and each card's value for ``seat`` (issue 15): only
        where the table allows hints, for the seat's own view, rate limited, searched in a
        thread within a node budget so the event loop keeps serving the others."""
        async with table.lock:
            # refused where the table allows no hints or it is not the seat's turn
            view, deal, move = table.hint_view(seat)
        if not bucket.take():
            raise TableError("rate_limited", "a hint every few seconds; wait a little")
        async with hint_slots:
            answer = await asyncio.to_thread(hint, view, limits.hint_budget, deal, lang)
        return {"type": "hint", "deal": deal, "move": move, **answer.to_json()}

    async def open_socket(websocket: WebSocket) -> tuple[LiveTable, Connection] | None:
        """The table and the seat (or spectator) a new socket speaks for; ``None`` after
        telling the client why not and closing."""
        try:
            table = registry().get(websocket.path_params["table_id"])
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
        account = await asyncio.to_thread(session_account, holder["accounts"], websocket)
        if account is not None:
            await asyncio.to_thread(social().seen, [account.id])
        return table, Connection(seat, websocket.send_json, lang, cards, close=websocket.close,
                                 account=account.id if account else None)

    # What each kind of socket message does. A handler refuses with a TableError, which
    # goes back to the sender as an error message; the connection stays open.
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
        await send_chat(social(), s.table, line, s.conn.account)

    async def on_hint(s: _Socket, seat: int, data: dict[str, Any]) -> None:
        await s.conn.send(await ask_hint(s.table, seat, s.hint_bucket, s.conn.lang))

    async def on_seat_move(s: _Socket, seat: int, data: dict[str, Any]) -> None:
        """action, next, back, leave: they change the table, so everybody hears of it and
        the bots may move."""
        kind = data["type"]
        started = time.perf_counter()
        await s.table.change(functools.partial(seat_message, s.table, seat, kind, data))
        await s.table.broadcast()
        if kind == "action":
            metrics.latency.observe(time.perf_counter() - started)
        s.table.bot_driver.schedule()
        if kind == "leave":
            s.conn.seat = None   # the connection watches on

    anyone_may: dict[str, Callable[[_Socket, dict[str, Any]], Awaitable[None]]] = {
        "ping": on_ping, "prefs": on_prefs}
    seated_may: dict[str, Callable[[_Socket, int, dict[str, Any]], Awaitable[None]]] = {
        "chat": on_chat, "hint": on_hint,
        **{kind: on_seat_move for kind in ("action", "next", "back", "leave")}}

    async def dispatch(s: _Socket, data: Any) -> None:
        """Hands one parsed message to its handler; who may send what is checked here."""
        kind = data.get("type") if isinstance(data, dict) else None
        if kind in anyone_may:
            await anyone_may[kind](s, data)
            return
        if kind not in seated_may:
            raise TableError("unknown_type", f"unknown message type "
                             f"{str(kind)[:40]!r} ({', '.join(ALL_MESSAGES)})")
        seat = s.conn.seat
        if seat is None or seat not in s.table.seats.token_hashes:
            raise TableError("not_seated", "spectators cannot act; join a seat")
        await seated_may[kind](s, seat, data)

    async def serve_socket(websocket: WebSocket) -> None:
        opened = await open_socket(websocket)
        if opened is None:
            return
        table, conn = opened
        table.connections.add(conn)
        metrics.connections.inc()
        s = _Socket(table, conn, TokenBucket(CHAT_RATE, CHAT_BURST),
                    TokenBucket(HINT_RATE, HINT_BURST))
        bucket = TokenBucket(RATE, BURST)
        strikes = 0
        try:
            if table.settings.get("chat", True):
                await conn.send(await chat_history(social(), table, conn))
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
                    await s.reply_error(metrics, "rate_limited", "too many messages; slow down")
                    # Read nothing more until the rate allows one: uvicorn reads no further
                    # frames from the socket until this loop asks, so a flooding client's
                    # messages wait unparsed in its own buffers, not on the event loop.
                    await asyncio.sleep(1 / RATE)
                    continue
                if len(raw) > MAX_MESSAGE:
                    await s.reply_error(metrics, "too_large", f"messages are limited to "
                                        f"{MAX_MESSAGE} bytes; closing")
                    await websocket.close(code=1009)
                    break
                try:
                    data = parse_json(raw)
                except WebError as e:
                    await s.reply_error(metrics, e.code, str(e))
                    continue
                try:
                    await dispatch(s, data)
                except TableError as e:
                    await s.reply_error(metrics, e.code, str(e))
        except WebSocketDisconnect:
            pass
        finally:
            table.connections.discard(conn)
            metrics.connections.dec()

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

    async def renamed(label: str, seats: list[tuple[str, int]]) -> None:
        """A deleted account's seats show ``label`` (the store has it already)."""
        for table_id, seat in seats:
            t = registry().tables.get(table_id)
            if t is None:
                continue
            async with t.lock:
                if seat not in t.seats.nicknames:
                    continue
                t.seats.nicknames[seat] = label
            await t.broadcast()

    routes = [
        Route("/", index),
        Route("/t/{table_id}", index),
        Route("/favicon.ico", favicon),
        Route("/api/meta", meta),
        Route("/healthz", healthz),
        Route("/metrics", prometheus),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", get_table),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat:int}/release", release_seat,
              methods=["POST"]),
        Route("/api/my-tables", my_tables, methods=["POST"]),
        Route("/api/tables/{table_id}/deals", deals),
        Route("/api/tables/{table_id}/deals/{number:int}/record", record),
        Route("/api/tables/{table_id}/deals/{number:int}/replay", replay),
        Route("/api/tables/{table_id}/deals/{number:int}/analysis", analysis),
        WebSocketRoute("/ws/{table_id}", ws_endpoint),
        *account_routes(lambda request: holder["accounts"], renamed),
        *player_routes(lambda request: registry().store, lambda request: holder["accounts"],
                       min_rated_deals),
        *social_routes(lambda request: holder["accounts"], lambda request: social(),
                       lambda request: registry()),
        *pad_routes(),
        *season_routes(),
        *duplicate_routes(lambda request: registry().store, lambda request: registry(),
                          documents),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                     middleware=[Middleware(SecurityHeaders),
                                 Middleware(RequestRate, rate=limits.http_rate,
                                            burst=limits.http_burst),
                                 Middleware(CsrfGuard, secret=lambda: registry().store.secret
                                            if "registry" in holder else None)],
                     exception_handlers={HTTPException: http_error})
    app.state.server = server
    return app
