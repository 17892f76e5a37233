"""Leaderboards and player pages (issue 34; docs/web.md, "Ratings and player pages").

- ``GET /api/leaderboard/{game}?offset=0&limit=50``: the accounts with at least the server's
  minimum of rated deals (``create_app(min_rated_deals=...)``, default 20), best
  conservative value (``mu - 3 sigma``) first, a page at a time, and the computer players'
  published ratings as reference lines.
- ``GET /api/players/{name}``: public: per game the account's rating, the computer player it
  is about as strong as, its rating history and its statistics (every finished deal it
  played, rated or not). The account's id, sessions and seats stay private.
- ``GET /api/players/{name}/deals?offset=0&limit=20``: its latest finished deals, each with
  its table and number (the replay and analysis are the table's:
  ``/api/tables/{id}/deals/{n}/replay`` and ``.../analysis``).
- ``/ratings``, ``/leaderboard/{game}``, ``/players/{name}``: the pages
  (``static/leaderboard.js``, ``static/player.js``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from sqlalchemy import func
from sqlalchemy import select
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from ..present import level_name
from ..ratings import Rating
from ..ratings.bots import nearest_bot
from ..ratings.bots import published
from ..registry import find_game
from .accounts import AccountRow
from .accounts import Accounts
from .guard import WebError
from .pages import doc_page
from .rated import MAX_OFFSET
from .rated import PAGE
from .rated import RatingRow
from .rated import deals_of
from .rated import history_of
from .rated import ratings_of
from .rated import stats_of
from .store import Store
from .tables import web_games

DEALS_PAGE = 20     # a player page's deals per page (default)


def _int(request: Request, name: str, default: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 7 or int(raw) > high:
        raise WebError(f"bad_{name}", f"{name} must be a whole number from 0 to {high}")
    return int(raw)


def _game(name: str) -> str:
    if name not in web_games():
        raise WebError("no_game", f"there is no game {name[:40]!r}", 404)
    return name


def _words(kind: str) -> dict[str, str]:
    return {lang: level_name(kind, lang) for lang in ("de", "en")}


def _rating(r: Rating) -> dict[str, Any]:
    return {"display": r.display, "mu": round(r.mu, 1), "sigma": round(r.sigma, 1),
            "deals": r.deals}


def leaderboard(store: Store, game: str, min_deals: int, offset: int, limit: int
                ) -> dict[str, Any]:
    """A page of ``game``'s leaderboard (the accounts with ``min_deals`` rated deals)."""
    with store.session() as s:
        ranked = (select(RatingRow, AccountRow.name)
                  .join(AccountRow, AccountRow.id == RatingRow.key)
                  .where(RatingRow.game == game, RatingRow.deals >= min_deals))
        rows = list(s.execute(ranked.order_by(RatingRow.display.desc(), AccountRow.name)
                              .offset(offset).limit(limit + 1)))
        lines: list[dict[str, Any]] = []
        for i, (row, name) in enumerate(rows[:limit]):
            if lines and lines[-1]["display"] == row.display:
                place = lines[-1]["place"]   # equal values share a place
            elif lines or offset == 0:
                place = offset + i + 1
            else:   # a later page's first line may tie with the page before: count above
                place = 1 + (s.scalar(select(func.count()).select_from(RatingRow)
                                      .join(AccountRow, AccountRow.id == RatingRow.key)
                                      .where(RatingRow.game == game,
                                             RatingRow.deals >= min_deals,
                                             RatingRow.display > row.display)) or 0)
            lines.append({"place": place, "name": name, "display": row.display,
                          "deals": row.deals})
    spec = find_game(game)
    return {"game": game, "title": {"de": spec.title[0], "en": spec.title[1]},
            "min_deals": min_deals, "offset": offset, "lines": lines,
            "next": offset + limit if len(rows) > limit else None,
            "bots": [{"kind": b.kind, "words": _words(b.kind), **_rating(b.rating)}
                     for b in published(game)]}


def player(store: Store, account: AccountRow, min_deals: int) -> dict[str, Any]:
    """What a player's page shows (public). The computer player "about as strong" is named
    from ``min_deals`` rated deals on, as on the leaderboard: before, the rating is mostly
    the start value and the comparison would tell a newcomer nothing true."""
    with store.session() as s:
        ratings = ratings_of(s, account.id)
        stats = stats_of(s, account.id)
        games = []
        for name in sorted(set(ratings) | set(stats)):
            spec = find_game(name)
            r = ratings.get(name)
            bot = nearest_bot(name, r) if r is not None and r.deals >= min_deals else None
            games.append({
                "game": name, "title": {"de": spec.title[0], "en": spec.title[1]},
                "rating": _rating(r) if r is not None else None,
                "nearest_bot": bot.kind if bot is not None else None,
                "nearest_words": _words(bot.kind) if bot is not None else None,
                "history": history_of(s, account.id, name) if r is not None else [],
                "stats": stats.get(name, {"deals": 0, "rated": 0, "declared": 0, "made": 0,
                                          "average": 0.0, "analysed": 0,
                                          "given_away": None}),
            })
    return {"name": account.name, "since": account.created_at.date().isoformat(),
            "games": games}


def routes(store_of: Callable[[Request], Store], accounts_of: Callable[[Request], Accounts],
           min_deals: int) -> list[BaseRoute]:
    """The leaderboard and player routes; ``min_deals``: rated deals before an account is
    on a leaderboard."""

    def answer(fn: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def run(request: Request) -> Response:
            try:
                body = await fn(request)
            except WebError as e:
                return JSONResponse(e.body(), status_code=e.status)
            # public, and changing with every rated deal: a few seconds in caches at most
            return JSONResponse(body, headers={"Cache-Control": "public, max-age=5"})
        return run

    def account(request: Request) -> AccountRow:
        found = accounts_of(request).find(request.path_params["name"])
        if found is None:
            raise WebError("no_player", "there is no such player", 404)
        return found

    @answer
    async def board(request: Request) -> dict[str, Any]:
        game = _game(request.path_params["game"])
        offset = _int(request, "offset", 0, MAX_OFFSET)
        limit = _int(request, "limit", PAGE, PAGE)
        return await asyncio.to_thread(leaderboard, store_of(request), game, min_deals,
                                       offset, max(limit, 1))

    @answer
    async def games(request: Request) -> dict[str, Any]:
        return {"games": [{"game": name, "title": {"de": spec.title[0], "en": spec.title[1]}}
                          for name, spec in web_games().items() if published(name)],
                "min_deals": min_deals}

    @answer
    async def player_page(request: Request) -> dict[str, Any]:
        found = await asyncio.to_thread(account, request)
        return await asyncio.to_thread(player, store_of(request), found, min_deals)

    @answer
    async def player_deals(request: Request) -> dict[str, Any]:
        found = await asyncio.to_thread(account, request)
        offset = _int(request, "offset", 0, MAX_OFFSET)
        limit = max(_int(request, "limit", DEALS_PAGE, PAGE), 1)

        def read() -> list[dict[str, Any]]:
            with store_of(request).session() as s:
                return deals_of(s, found.id, offset, limit + 1)
        rows = await asyncio.to_thread(read)
        return {"deals": rows[:limit], "next": offset + limit if len(rows) > limit else None}

    return [
        Route("/ratings", doc_page, methods=["GET"]),
        Route("/leaderboard/{game}", doc_page, methods=["GET"]),
        Route("/players/{name}", doc_page, methods=["GET"]),
        Route("/api/leaderboard", games, methods=["GET"]),
        Route("/api/leaderboard/{game}", board, methods=["GET"]),
        Route("/api/players/{name}", player_page, methods=["GET"]),
        Route("/api/players/{name}/deals", player_deals, methods=["GET"]),
    ]


__all__ = ["leaderboard", "player", "routes"]
