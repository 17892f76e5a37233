"""The server's own pages and facts: the lobby and table page, the favicon, what the lobby
offers (``GET /api/meta``), the health check and the metrics; and the API's answer to
Starlette's own refusals (:func:`http_error`)."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse
from starlette.responses import JSONResponse
from starlette.responses import PlainTextResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from .. import __version__
from ..bots import bot_names
from ..present import BOT_NAMES
from ..present import help_text
from ..present import level_name
from ..present import plain
from ..registry import GameSpec
from .metrics import CONTENT_TYPE
from .metrics import may_scrape
from .pages import STATIC
from .pages import page_response
from .server import error
from .server import server_of
from .tables import TURN_TIMEOUT_RANGE
from .tables import web_games


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


async def healthz(request: Request) -> Response:
    """200 while the database answers (for the proxy's and systemd's checks)."""
    try:
        registry = server_of(request).registry
        await asyncio.to_thread(registry.store.ping)
    except Exception:
        return JSONResponse({"ok": False, "database": "unreachable"}, status_code=503)
    return JSONResponse({"ok": True, "tables": len(registry.tables),
                         "driving": len(registry.driving)})


async def prometheus(request: Request) -> Response:
    server = server_of(request)
    if not may_scrape(request.client.host if request.client else None,
                      request.headers.get("authorization"), server.metrics_token):
        return error("not_found", "there is no such API path", 404)
    return Response(server.metrics.render(), media_type=CONTENT_TYPE)


def routes() -> list[BaseRoute]:
    """The lobby's page (a table's too), the favicon, the lobby's facts, health, metrics."""
    return [
        Route("/", index),
        Route("/t/{table_id}", index),
        Route("/favicon.ico", favicon),
        Route("/api/meta", meta),
        Route("/healthz", healthz),
        Route("/metrics", prometheus),
    ]
