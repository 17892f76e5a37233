"""What stands between a stranger and the game: size, depth and rate limits, the client's
address, the origin check and the security headers.

Every limit here is checked before the work it guards: a body is read only up to its limit, a
message is counted against the rate before it is looked at, JSON nesting is measured before
it is parsed, and every per-client table is bounded (the oldest clients are forgotten first).
"""

from __future__ import annotations

import ipaddress
import json
import time
from collections import OrderedDict
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import MutableMapping
from typing import Any
from typing import TypedDict

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response

from ..core.errors import RulesError

MAX_MESSAGE = 4096          # bytes of one WebSocket message
MAX_BODY = 16384            # bytes of one HTTP request body
MAX_DEPTH = 8               # nesting of JSON objects and arrays (the protocol needs 3)
MAX_CLIENTS = 10000         # clients remembered by one limiter


class WebError(ValueError):
    """A request that cannot be honoured: ``code`` is machine-readable, ``status`` the HTTP
    status it answers with. ``reason`` (with ``params``) names the exact fault where a person
    typed it, so that the client can say it in the player's language (``why_<reason>`` in
    ``static/prefs.js``); the English ``message`` says the same for everyone else.
    ``field``: the form field at fault, where a page shows the refusal beside it."""

    def __init__(self, code: str, message: str, status: int = 400, *,
                 reason: str | None = None, params: dict[str, int | str] | None = None,
                 field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.reason = reason
        self.params = params or {}
        self.field = field

    def __reduce__(self) -> tuple[Any, ...]:
        # A refusal raised in a worker process comes back whole (code, status, reason).
        return _restore_error, (type(self), str(self), dict(self.__dict__))

    def body(self) -> dict[str, Any]:
        """The refusal as the API answers it: ``{"error", "message"[, "reason", "params"]}``."""
        out: dict[str, Any] = {"error": self.code, "message": str(self)}
        if self.reason:
            out["reason"] = self.reason
            out["params"] = dict(self.params)
        if self.field:
            out["field"] = self.field
        return out


def _restore_error(kind: type[WebError], message: str, state: dict[str, Any]) -> WebError:
    error = kind.__new__(kind)
    ValueError.__init__(error, message)
    error.__dict__.update(state)
    return error


def refused_option(e: BaseException | None) -> Any:
    """The option whose value a rules error (``e`` or what it was raised from) refused, or
    None."""
    seen = 0
    while e is not None and seen < 8:
        if isinstance(e, RulesError):
            return e.option
        e, seen = e.__cause__ or e.__context__, seen + 1
    return None


class Refusal(TypedDict, total=False):
    """A refusal's ``reason`` and ``params`` (see :class:`WebError`), to pass on as keywords."""

    reason: str
    params: dict[str, int | str]


def option_refusal(e: BaseException) -> Refusal:
    """The ``reason`` and ``params`` of a refused rule set: where one option's value was the
    fault, the option's name and what it accepts in both languages, for the client to say
    whole; else none."""
    o = refused_option(e)
    if o is None:
        return Refusal()
    return Refusal(reason="option_value", params={
        "option_de": o.de, "option_en": o.en,
        "accepts_de": o.accepts("de"), "accepts_en": o.accepts("en")})


def rules_refused(code: str, message: str, status: int, e: BaseException) -> WebError:
    """A refused rule set as a :class:`WebError` (see :func:`option_refusal`)."""
    return WebError(code, message, status, **option_refusal(e))


class TokenBucket:
    """``rate`` events a second with bursts up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()

    def take(self, cost: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


class Limiter:
    """A token bucket per client key, for at most ``MAX_CLIENTS`` keys (least recently seen
    forgotten first: a flood of addresses cannot grow it)."""

    def __init__(self, rate: float, burst: float, size: int = MAX_CLIENTS) -> None:
        self.rate, self.burst, self.size = rate, burst, size
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
            if len(self.buckets) > self.size:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket.take()


class Gauge:
    """How many of something (open WebSockets) each client key holds, bounded per key."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.counts: dict[str, int] = {}

    def acquire(self, key: str) -> bool:
        n = self.counts.get(key, 0)
        if n >= self.limit:
            return False
        self.counts[key] = n + 1
        return True

    def release(self, key: str) -> None:
        n = self.counts.get(key, 0) - 1
        if n > 0:
            self.counts[key] = n
        else:
            self.counts.pop(key, None)


def client_key(host: str | None) -> str:
    """The key limits count by: the address, an IPv6 client by its /64 (one household or
    server gets one; otherwise every address of a /64 would be a new client).

    >>> client_key("2001:db8::1") == client_key("2001:db8::ffff")
    True
    >>> client_key("192.0.2.7")
    '192.0.2.7'
    """
    if not host:
        return "?"
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.ip_network(f"{addr}/64", strict=False).network_address) + "/64"
    return str(addr)


def check_proxies(proxies: list[str]) -> list[str]:
    """The trusted proxies, each an address or a network; a typo is an error at start (the
    proxy middleware would silently treat it as a name and trust nobody)."""
    for p in proxies:
        try:
            ipaddress.ip_network(p, strict=False)
        except ValueError:
            raise ValueError(f"--trusted-proxy {p!r} is not an IP address or network") from None
    return proxies


def json_depth(raw: str) -> int:
    """How deeply objects and arrays nest in ``raw`` (brackets inside strings not counted).

    >>> json_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = top = 0
    in_string = escaped = False
    for ch in raw:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            top = max(top, depth)
        elif ch in "]}":
            depth -= 1
    return top


def parse_json(raw: str | bytes) -> Any:
    """A message or body as JSON: at most :data:`MAX_DEPTH` deep, else a :class:`WebError`."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise WebError("bad_json", "the text is not UTF-8") from None
    if json_depth(raw) > MAX_DEPTH:
        raise WebError("bad_json", f"JSON nested more than {MAX_DEPTH} deep")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise WebError("bad_json", "not valid JSON") from None


async def json_object(request: Request) -> dict[str, Any]:
    """A change's body: from our own site or no browser (403), JSON (:func:`read_json`),
    an object."""
    if not same_origin(request.headers):
        raise WebError("cross_origin", "requests from other sites are refused", 403)
    data = await read_json(request)
    if not isinstance(data, dict):
        raise WebError("bad_request", "expected a JSON object")
    return data


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    """The request body as JSON, read only up to ``limit`` bytes (a longer body is refused
    as soon as it is seen to be longer: by its Content-Length, else while it streams in)."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        # A cross-site form can post only form types; JSON needs a preflight we never allow.
        raise WebError("bad_content_type", "send the body as application/json", 415)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or len(length) > 12 or int(length) > limit):
        raise WebError("too_large", f"request body over {limit} bytes", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise WebError("too_large", f"request body over {limit} bytes", 413)
    return parse_json(bytes(body) or b"{}")


def same_origin(headers: MutableMapping[str, str] | Any) -> bool:
    """Whether a browser request comes from our own pages: no ``Origin`` (not a browser's
    cross-site request) or one whose host is the ``Host`` the request was sent to."""
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    _, sep, rest = origin.partition("://")
    return bool(sep) and rest.rstrip("/").lower() == host.lower()


CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]

ASGIApp = Callable[[dict[str, Any], Callable[[], Awaitable[Any]],
                    Callable[[dict[str, Any]], Awaitable[None]]], Awaitable[None]]


class SecurityHeaders:
    """Adds the Content-Security-Policy and frame protection to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[Any]],
                       send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


def refusing(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
    """An HTTP handler whose :class:`WebError` is answered as its JSON body and status
    (a 429 that says its ``seconds`` with ``Retry-After``), and whose every answer is
    ``no-store``: the account and friends pages answer for one person only."""
    async def run(request: Request) -> Response:
        try:
            response: Response = await handler(request)
        except WebError as e:
            response = JSONResponse(e.body(), status_code=e.status)
            if e.status == 429 and e.params.get("seconds"):
                response.headers["Retry-After"] = str(e.params["seconds"])
        response.headers["Cache-Control"] = "no-store"
        return response
    return run


__all__ = ["CSP", "MAX_BODY", "MAX_DEPTH", "MAX_MESSAGE", "Gauge", "Limiter",
           "Refusal", "SecurityHeaders", "TokenBucket", "WebError", "check_proxies", "client_key",
           "json_depth", "option_refusal", "parse_json", "read_json", "refusing", "rules_refused",
           "same_origin"]
