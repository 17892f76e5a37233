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
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.routing import BaseRoute
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from .account_routes import routes as account_routes
from .accounts import Accounts
from .backfill import AnalyserLimits
from .backfill import Backfill
from .duplicate import prepare as prepare_duplicate
from .duplicate import routes as duplicate_routes
from .duplicate import seal_of
from .guard import SecurityHeaders
from .limits import RequestRate
from .listen import Listener
from .meta_routes import http_error
from .meta_routes import routes as meta_routes
from .metrics import trim_memory
from .pads import routes as pad_routes
from .pages import STATIC
from .player_routes import routes as player_routes
from .rated import MIN_DEALS
from .record_routes import routes as record_routes
from .seasons import routes as season_routes
from .server import Running
from .server import Server
from .server import accounts_of
from .server import registry_of
from .server import social_of
from .server import store_of
from .sessions import CsrfGuard
from .social import Social
from .social_routes import apply_suspensions
from .social_routes import routes as social_routes
from .social_routes import send_chat
from .socket_routes import routes as socket_routes
from .store import Store
from .store import default_database_url
from .table_routes import routes as table_routes
from .tables import Limits
from .tables import Registry
from .work import Work
from .work import WorkLimits

log = logging.getLogger("binokel.web")
DRIVE_EVERY = 1.5           # seconds between looks for tables nobody drives (PostgreSQL)
SOCIAL_EVERY = 5.0          # seconds between looks for new suspensions and who is online


# ---------------------------------------------------------------------- background
async def social_rounds(server: Server) -> None:
    """Seats of accounts the operator suspended are left; the accounts with a table
    socket open here are online (written at most once a minute each)."""
    while True:
        try:
            await apply_suspensions(server.social, server.registry)
            await asyncio.to_thread(server.social.seen, [
                c.account for t in list(server.registry.tables.values())
                for c in list(t.connections) if c.account])
        except Exception:  # pragma: no cover - a database hiccup: try again soon
            log.exception("the friends' round failed")
        await asyncio.sleep(SOCIAL_EVERY)


async def sweeper(server: Server) -> None:
    """Closes abandoned tables every ``sweep_every`` seconds."""
    while True:
        await asyncio.sleep(server.limits.sweep_every)
        try:
            if await server.registry.sweep():
                trim_memory()   # the closed tables' memory back to the system
        except Exception:  # pragma: no cover - a database hiccup: try again later
            log.exception("closing abandoned tables failed")


async def driver(server: Server) -> None:
    """Several processes on PostgreSQL: take over the tables nobody drives (new ones,
    and within seconds those of a process that died)."""
    while True:
        try:
            await server.registry.take_over()
            # A change whose notification this process missed is sent within seconds.
            behind = await server.registry.resync()
            if behind:   # mostly just ahead of their notifications
                log.debug("caught up %d table(s) by their stored version", len(behind))
        except Exception:  # pragma: no cover - a database hiccup: try again soon
            log.exception("taking over tables failed")
        await asyncio.sleep(DRIVE_EVERY)


def start(server: Server) -> Running:
    """The parts that hold the database: the store, the accounts, the live tables (those
    of the store, with a duplicate round's deals and seal), the friends, the analyser."""
    store = Store(server.url)
    accounts = Accounts(store)
    registry = Registry(store, server.bot_delay, server.limits, server.metrics.actions.inc,
                        prepare=functools.partial(prepare_duplicate, store))
    social = Social(store)
    registry.send_chat = functools.partial(send_chat, social)
    analyser = Backfill(store, server.work, server.analyses, server.analyser, seal_of)
    return Running(store, registry, accounts, social, analyser)


def listen(server: Server, loop: asyncio.AbstractEventLoop) -> Listener:
    """Other server processes may share the database (PostgreSQL): hear their changes."""
    heard: set[asyncio.Task[None]] = set()

    def arrive(payload: str) -> None:
        task = loop.create_task(server.registry.heard(payload))
        heard.add(task)
        task.add_done_callback(heard.discard)

    def deliver(payload: str) -> None:   # from the listener's thread
        loop.call_soon_threadsafe(arrive, payload)

    listener = Listener(server.url, deliver)
    listener.start()
    return listener


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """Starts the server's running parts and background loops, and stops them."""
    server: Server = app.state.server
    running = server.running = start(server)
    app.state.work = server.work
    app.state.accounts = running.accounts
    app.state.registry = running.registry
    app.state.social = running.social
    app.state.analyser = running.analyser
    for t in running.registry.tables.values():
        if t.status in ("playing", "finished"):
            # A restart continues where the bots were to move, and the clock of a
            # person to move or not yet ready for the next deal starts again.
            t.bot_driver.schedule()
    loop = asyncio.get_running_loop()
    tasks = [loop.create_task(sweeper(server)), loop.create_task(social_rounds(server))]
    if server.analyser.per_hour:
        # rated deals' points given away, analysed while nobody waits for the pool
        tasks.append(loop.create_task(running.analyser.run()))
    listener = None
    if running.store.postgres:
        tasks.append(loop.create_task(driver(server)))
        listener = listen(server, loop)
    yield
    if listener is not None:
        listener.stop()
    for task in tasks:
        task.cancel()
    for t in running.registry.tables.values():
        if t.bot_driver.bot_task is not None:
            t.bot_driver.bot_task.cancel()
    running.store.close()


async def renamed(server: Server, label: str, seats: list[tuple[str, int]]) -> None:
    """A deleted account's seats show ``label`` (the store has it already)."""
    for table_id, seat in seats:
        t = server.registry.tables.get(table_id)
        if t is None:
            continue
        async with t.lock:
            if seat not in t.seats.nicknames:
                continue
            t.seats.nicknames[seat] = label
        await t.broadcast()


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
    if min_rated_deals is None:
        env = os.environ.get("BINOKEL_MIN_RATED_DEALS", "")
        min_rated_deals = int(env) if env.isascii() and env.isdigit() else MIN_DEALS
    if analyser is None:
        env = os.environ.get("BINOKEL_ANALYSES_PER_HOUR", "")
        analyser = AnalyserLimits(int(env)) if env.isascii() and env.isdigit() \
            else AnalyserLimits()
    server = Server(database_url or default_database_url(), bot_delay, limits or Limits(),
                    Work(work), metrics_token or os.environ.get("BINOKEL_METRICS_TOKEN")
                    or None, min_rated_deals, analyser)
    app = Starlette(routes=route_table(server), lifespan=lifespan,
                    middleware=[Middleware(SecurityHeaders),
                                Middleware(RequestRate, rate=server.limits.http_rate,
                                           burst=server.limits.http_burst),
                                Middleware(CsrfGuard, secret=server.csrf_secret)],
                    exception_handlers={HTTPException: http_error})
    app.state.server = server
    return app


def route_table(server: Server) -> list[BaseRoute]:
    """Every route of the server. The routes of accounts, players, friends and duplicate
    rounds take the functions of the request that find the server's parts."""
    return [
        *meta_routes(),
        *table_routes(),
        *record_routes(),
        *socket_routes(),
        *account_routes(accounts_of, functools.partial(renamed, server)),
        *player_routes(store_of, accounts_of, server.min_rated_deals),
        *social_routes(accounts_of, social_of, registry_of),
        *pad_routes(),
        *season_routes(),
        *duplicate_routes(store_of, registry_of, server.work),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
