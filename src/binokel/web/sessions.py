"""Login sessions in cookies, and the CSRF guard in front of every state change.

Two cookies, both ``SameSite=Lax`` and ``Secure`` when the request came over https (behind
the deploy's nginx: uvicorn takes the scheme from ``X-Forwarded-Proto`` of a
``--trusted-proxy``):

- :data:`SESSION_COOKIE`, ``HttpOnly``: the session id, 256 random bits; the database keeps
  only its SHA-256 (:class:`binokel.web.accounts.SessionRow`). A login always makes a new
  id and ends the session the browser presented, so an id planted before the login is
  worthless after it (no session fixation).
- :data:`CSRF_COOKIE`, readable by the page's script: ``HMAC(server secret, session id)``.
  ``net.js`` sends it back in the :data:`CSRF_HEADER` header. Another site can neither read
  the cookie nor compute the value, so a forged request lacks it.

:class:`CsrfGuard` refuses (403 ``csrf``) every request other than GET, HEAD and OPTIONS
that carries a session cookie, unless its header holds the session's token and its
``Origin`` (where sent) is our own host. Requests without a session cookie, the guests' API,
pass unchanged: a guest's seat token is no ambient credential a browser sends by itself.
Logging in, registering and recovering replace whatever session was presented and are
checked by origin alone (their JSON bodies need a preflight no other site gets).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any

from starlette.requests import HTTPConnection
from starlette.responses import Response

from .accounts import LIFETIME
from .accounts import Account
from .accounts import Accounts
from .guard import same_origin

SESSION_COOKIE = "binokel_session"
CSRF_COOKIE = "binokel_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
# Paths that replace the presented session instead of acting in it (checked by origin).
FRESH_PATHS = ("/api/account/login", "/api/account/register", "/api/account/recover",
               "/api/account/passkey-login", "/api/account/passkey-login/options")


def csrf_token(secret: bytes, sid: str) -> str:
    """The CSRF token bound to session ``sid``.

    >>> csrf_token(b"k", "a") == csrf_token(b"k", "a") != csrf_token(b"k", "b")
    True
    """
    return hmac.new(secret, b"csrf:" + sid.encode(), hashlib.sha256).hexdigest()


def session_id(conn: HTTPConnection) -> str | None:
    sid = conn.cookies.get(SESSION_COOKIE)
    return sid if sid and len(sid) <= 100 else None


def session_account(accounts: Accounts, conn: HTTPConnection) -> Account | None:
    """The account logged in by ``conn``'s session cookie (None: a guest)."""
    sid = session_id(conn)
    return accounts.session_account(sid) if sid else None


def secure(conn: HTTPConnection) -> bool:
    return conn.url.scheme in ("https", "wss")


def set_session(response: Response, conn: HTTPConnection, sid: str, secret: bytes) -> str:
    """Puts session ``sid`` into the response's cookies; returns its CSRF token."""
    token = csrf_token(secret, sid)
    age = int(LIFETIME.total_seconds())
    response.set_cookie(SESSION_COOKIE, sid, max_age=age, path="/", httponly=True,
                        samesite="lax", secure=secure(conn))
    response.set_cookie(CSRF_COOKIE, token, max_age=age, path="/", httponly=False,
                        samesite="lax", secure=secure(conn))
    return token


def clear_session(response: Response, conn: HTTPConnection) -> None:
    for name in (SESSION_COOKIE, CSRF_COOKIE):
        response.delete_cookie(name, path="/", httponly=name == SESSION_COOKIE,
                               samesite="lax", secure=secure(conn))


Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[Any]]
ASGIApp = Callable[[dict[str, Any], Receive, Send], Awaitable[None]]


class CsrfGuard:
    """The CSRF check of the module's docstring, before any route sees the request."""

    def __init__(self, app: ASGIApp, secret: Callable[[], bytes | None]) -> None:
        self.app = app
        self.secret = secret

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        conn = HTTPConnection(scope)
        sid = conn.cookies.get(SESSION_COOKIE)
        refusal = None
        if sid is not None or scope["path"] in FRESH_PATHS:
            if not same_origin(conn.headers):
                refusal = "requests from other sites are refused"
            elif sid is not None and scope["path"] not in FRESH_PATHS:
                secret = self.secret()
                given = conn.headers.get(CSRF_HEADER, "")
                if secret is None or not hmac.compare_digest(
                        given.encode()[:200], csrf_token(secret, sid[:200]).encode()):
                    refusal = ("the request lacks this session's CSRF token (header "
                               "X-CSRF-Token); reload the page")
        if refusal is None:
            await self.app(scope, receive, send)
            return
        body = json.dumps({"error": "csrf", "message": refusal}).encode()
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


__all__ = ["CSRF_COOKIE", "CSRF_HEADER", "SESSION_COOKIE", "CsrfGuard", "clear_session",
           "csrf_token", "session_id", "set_session"]
