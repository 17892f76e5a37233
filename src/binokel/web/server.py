"""What the web server's handlers share: one :class:`Server` on ``app.state.server``.

Every handler is a module-level ``async def handler(request) -> Response`` (the socket's
too, with its messages' handlers); what it needs of the server it gets from
:func:`server_of`: the settings and limits ``create_app`` was given, the worker pool, the
counters and rate limits that outlive a request, and, once the app has started, the parts
that hold the database (:class:`Running`: the store, the live tables, the accounts, the
friends). ``create_app`` makes the Server and the route table; its lifespan starts and
stops the running parts and the background loops, each a function of the Server.

The small helpers every handler of the lobby, tables and records uses live here too: the
refusals (``{"error", "message"}``, counted by code), the client's key, the logged-in
account.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from dataclasses import field
from typing import TYPE_CHECKING
from typing import Any
from typing import cast

from starlette.requests import HTTPConnection
from starlette.requests import Request
from starlette.responses import JSONResponse

from .analysis import Analyses
from .backfill import AnalyserLimits
from .guard import Gauge
from .guard import Limiter
from .guard import WebError
from .guard import client_key
from .guard import same_origin
from .metrics import Metrics
from .rated import MIN_DEALS
from .sessions import session_account
from .tables import Limits
from .work import Work

if TYPE_CHECKING:
    from .accounts import Account
    from .accounts import Accounts
    from .backfill import Backfill
    from .social import Social
    from .store import Store
    from .tables import Registry

HINTS_AT_ONCE = 1           # hints searched at the same time (each takes a core)


@dataclass(frozen=True)
class Running:
    """The parts of a started server that hold its database (made by the app's lifespan)."""

    store: Store
    registry: Registry
    accounts: Accounts
    social: Social
    analyser: Backfill


@dataclass(eq=False)
class Server:
    """The web server's shared state: its settings (``create_app``'s arguments), what is
    made of them once (the worker pool's analyses, the metrics, the rate limits of new
    tables, sockets and hints) and, while the app runs, its :class:`Running` parts.

    ``url``: the database; ``metrics_token``: lets ``/metrics`` be read from elsewhere;
    ``min_rated_deals``: rated deals before an account is on a leaderboard;
    ``analyser``: the background analysis of rated deals."""

    url: str
    bot_delay: float = 0.5
    limits: Limits = field(default_factory=Limits)
    work: Work = field(default_factory=Work)
    metrics_token: str | None = None
    min_rated_deals: int = MIN_DEALS
    analyser: AnalyserLimits = field(default_factory=AnalyserLimits)
    analyses: Analyses = field(init=False)
    metrics: Metrics = field(init=False)
    creates: Limiter = field(init=False)
    sockets: Gauge = field(init=False)
    hint_slots: asyncio.Semaphore = field(init=False)
    running: Running | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.analyses = Analyses(self.work)
        self.metrics = Metrics(self.table_statuses)
        self.creates = Limiter(self.limits.create_rate, self.limits.create_burst)
        self.sockets = Gauge(self.limits.sockets_per_client)
        self.hint_slots = asyncio.Semaphore(HINTS_AT_ONCE)

    def started(self) -> Running:
        """The running parts; an error before the app has started (its lifespan)."""
        if self.running is None:
            raise RuntimeError("the web server has not started: its lifespan makes the "
                               "store, the tables and the accounts")
        return self.running

    @property
    def store(self) -> Store:
        return self.started().store

    @property
    def registry(self) -> Registry:
        return self.started().registry

    @property
    def accounts(self) -> Accounts:
        return self.started().accounts

    @property
    def social(self) -> Social:
        return self.started().social

    def table_statuses(self) -> list[str]:
        """The live tables' statuses (for the metrics; none before the start)."""
        if self.running is None:
            return []
        return [t.status for t in list(self.running.registry.tables.values())]

    def csrf_secret(self) -> bytes | None:
        """The secret the session cookies' CSRF tokens are made with (none before the
        start)."""
        return self.running.store.secret if self.running is not None else None


def server_of(conn: HTTPConnection) -> Server:
    """The :class:`Server` of the app a request or socket came to."""
    return cast(Server, conn.app.state.server)


# The running parts of a request's server, for the route modules that take a function of
# the request for each part they use (accounts, players, friends, duplicate rounds).
def store_of(conn: HTTPConnection) -> Store:
    return server_of(conn).store


def registry_of(conn: HTTPConnection) -> Registry:
    return server_of(conn).registry


def accounts_of(conn: HTTPConnection) -> Accounts:
    return server_of(conn).accounts


def social_of(conn: HTTPConnection) -> Social:
    return server_of(conn).social


# ---------------------------------------------------------------------- helpers
def error(code: str, message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


def web_error(e: WebError) -> JSONResponse:
    return JSONResponse(e.body(), status_code=e.status)


def count_error(metrics: Metrics, code: str) -> None:
    metrics.errors.labels(code=code).inc()


def failed(conn: HTTPConnection, e: WebError) -> JSONResponse:
    """A refusal's answer, counted by its code."""
    count_error(server_of(conn).metrics, e.code)
    return web_error(e)


def client_of(conn: HTTPConnection) -> str:
    """The key a request's or socket's client is counted and limited by."""
    return client_key(conn.client.host if conn.client else None)


def check_origin(request: Request) -> None:
    if not same_origin(request.headers):
        raise WebError("cross_origin", "requests from other sites are refused", 403)


def account_of(request: Request) -> Account | None:
    """The logged-in account (None: a guest), for a rated table."""
    return session_account(server_of(request).accounts, request)


def account_id(request: Request) -> str | None:
    me = account_of(request)
    return me.id if me is not None else None


def query_int(q: Any, name: str, default: int, low: int, high: int) -> int:
    """A whole-number query parameter within ``low..high`` (ASCII digits only: ``int()``
    takes "²" and "1_000" too, a parser's surprise we do not want)."""
    raw = q.get(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9 or not low <= int(raw) <= high:
        raise WebError(f"bad_{name}", f"{name} must be a whole number from {low} to {high}")
    return int(raw)
