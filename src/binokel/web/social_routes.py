"""The HTTP API of friends, invitations, blocks and reports (docs/web.md, "Friends"), and
what the table's socket needs of them: who is online, and whose chat a connection is not
sent. The database work is :mod:`binokel.web.social`'s.

Everything but reports needs a logged-in account, and every answer is about the session's
own account: no request names another account's lists.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
from collections.abc import Callable
from typing import Any

from starlette.requests import HTTPConnection
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from . import social as limits
from .accounts import Account
from .accounts import Accounts
from .chat import CHAT_KEEP
from .chat import chat_line
from .guard import WebError
from .guard import client_key
from .guard import json_object
from .guard import refusing
from .moderation import Moderation
from .pages import doc_page
from .replays import TableRecords
from .sessions import session_account
from .social import ReportRow
from .social import Social
from .social import check_reason
from .tables import Connection
from .tables import LiveTable
from .tables import Registry
from .tables import hash_token
from .tables import off_loop
from .tables import web_games


async def send_chat(social: Social, table: LiveTable, line: dict[str, Any],
                    sender: str | None = None) -> None:
    """A chat line to the table's connections here, but not to those whose account blocks
    the writer's (``sender``: the writing socket's account; else the seat's account by
    ``account_seats``). The writer is not told."""
    if sender is None and isinstance(line.get("seat"), int):
        sender = (await asyncio.to_thread(social.seat_accounts, table.id)).get(line["seat"])
    conns = list(table.connections)
    hidden: set[str] = set()
    if sender is not None:
        viewers = [c.account for c in conns if c.account]
        if viewers:
            hidden = await asyncio.to_thread(social.blocking, viewers, sender)

    async def one(conn: Connection) -> None:
        try:
            await conn.send(line)
        except Exception:   # a closed socket: its loop ends it
            return
    await asyncio.gather(*(one(c) for c in conns if c.account not in hidden))


async def chat_history(social: Social, table: LiveTable, conn: Connection) -> dict[str, Any]:
    """The table's chat for a new connection, without the lines of seats whose account
    its account blocks."""
    message = await asyncio.to_thread(table.chat.history)
    if conn.account is None:
        return message
    blocked = await asyncio.to_thread(social.blocked_by, conn.account)
    if not blocked:
        return message
    seats = await asyncio.to_thread(social.seat_accounts, table.id)
    message["lines"] = [x for x in message["lines"] if seats.get(x["seat"]) not in blocked]
    return message


def routes(accounts_of: Callable[[HTTPConnection], Accounts],
           social_of: Callable[[HTTPConnection], Social],
           registry_of: Callable[[HTTPConnection], Registry]) -> list[BaseRoute]:

    def need(request: Request) -> Account:
        me = session_account(accounts_of(request), request)
        if me is None:
            raise WebError("not_logged_in", "log in first", 401)
        return me

    async def logged_in(request: Request) -> Account:
        me = await asyncio.to_thread(need, request)
        await asyncio.to_thread(social_of(request).seen, [me.id])   # polling: online
        return me

    @refusing
    async def friends(request: Request) -> Response:
        """GET: the account's friends (who is online), requests both ways, blocked ones."""
        me = await logged_in(request)
        return JSONResponse(await asyncio.to_thread(social_of(request).friends, me.id))

    @refusing
    async def ask(request: Request) -> Response:
        """``{"name"}``: asks that account to be friends (accepts its request, if any)."""
        me = await logged_in(request)
        data = await json_object(request)
        got = await asyncio.to_thread(social_of(request).ask, me.id, data.get("name"))
        return JSONResponse(got, status_code=201)

    def on_account(act: Callable[[Social, str, Any], None]) -> Callable[[Request], Any]:
        """A request ``{"id"}`` naming another account that ``act(social, me, id)`` answers
        for the logged-in ``me``: accept or decline his request, end a friendship (or take
        back one's request), unblock him."""
        @refusing
        async def run(request: Request) -> Response:
            me = await logged_in(request)
            data = await json_object(request)
            await asyncio.to_thread(act, social_of(request), me.id, data.get("id"))
            return JSONResponse({"ok": True})
        return run

    @refusing
    async def block(request: Request) -> Response:
        """``{"name"}``: blocks that account."""
        me = await logged_in(request)
        data = await json_object(request)
        who = await asyncio.to_thread(social_of(request).block, me.id, data.get("name"))
        return JSONResponse({"blocked": who}, status_code=201)

    @refusing
    async def invitations(request: Request) -> Response:
        """GET: the invitations to the account (the lobby polls it: online).
        POST ``{"table", "token", "to", "watch"}``: a seated player (his seat token)
        invites friend ``to`` to a free seat of his table, or to watch."""
        me = await logged_in(request)
        social = social_of(request)
        if request.method == "GET":
            got = await asyncio.to_thread(social.invitations, me.id)
            for invitation in got:   # the game's name in both languages
                invitation["title"] = list(web_games()[invitation["game"]].title) \
                    if invitation["game"] in web_games() else [invitation["game"]] * 2
            return JSONResponse({"invitations": got})
        data = await json_object(request)
        token, watch = data.get("token"), data.get("watch", False)
        if not isinstance(watch, bool):
            raise WebError("bad_request", "watch is true or false")
        table = registry_of(request).get(str(data.get("table"))[:40])
        async with table.lock:
            await off_loop(table.catch_up)
            seat = table.seats.seat_of(token[:200]) if isinstance(token, str) else None
            if seat is None or seat in table.seats.left:
                raise WebError("not_seated", "only a player at the table invites", 403)
            free = (table.status == "waiting" and any(
                s not in table.seats.token_hashes for s in table.seats.human_seats)) or \
                (table.status == "playing" and bool(table.seats.left))
        if table.status not in ("waiting", "playing"):
            raise WebError("table_over", "this table is over", 409)
        if not watch and not free:
            raise WebError("no_free_seat", "the table has no free seat; invite to watch",
                           409, reason="no_free_seat")
        sent = await asyncio.to_thread(social.invite, me.id, data.get("to"), table.id, watch)
        return JSONResponse(sent, status_code=201)

    @refusing
    async def drop_invitation(request: Request) -> Response:
        """Accepted (the page opens the table) or declined: the invitation goes."""
        me = await logged_in(request)
        await json_object(request)
        await asyncio.to_thread(social_of(request).drop_invitation, me.id,
                                request.path_params["invitation"])
        return JSONResponse({"ok": True})

    @refusing
    async def report(request: Request) -> Response:
        """``{"table", "seat", "reason"}``: puts the table's deal and chat before the
        operator. Guests too; limited per account and per address."""
        data = await json_object(request)
        reason = check_reason(data.get("reason"))
        me = await asyncio.to_thread(session_account, accounts_of(request), request)
        table = registry_of(request).get(str(data.get("table"))[:40])
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or \
                not 0 <= seat < table.players or table.bots[seat] or \
                seat not in table.seats.nicknames:
            raise WebError("bad_seat", "report a person's seat", field="seat")
        social = social_of(request)

        def look() -> tuple[int, bool, Any, str]:
            """The deal reported, whether it is over, its record, the seat's name."""
            table.catch_up()
            number = table.deal_number
            over = table.round is None or table.round.current.is_over
            record = None
            if over and number:
                try:   # never the hidden cards of a deal still being played
                    record = TableRecords.load(table.store, table.id,
                                               lambda _s, _settings: table.sealed
                                               ).record(number)
                except WebError:   # a sealed duplicate round's deal
                    record = None
            return number, over, record, table.seats.name(seat)

        async with table.lock:
            number, over, record, name = await off_loop(look)
        chat = [chat_line(r) for r in await asyncio.to_thread(
            table.store.chat, table.id, 0, CHAT_KEEP)]
        reported = (await asyncio.to_thread(social.seat_accounts, table.id)).get(seat)
        address = "c:" + table.store.client_hash(
            client_key(request.client.host if request.client else None))
        spend = [(address, limits.REPORTS_PER_ADDRESS)]
        if me is not None:
            spend.append((f"a:{me.id}", limits.REPORTS_PER_HOUR))
        row = ReportRow(table_id=table.id, game=table.game, deal_number=number,
                        deal_over=over, reporter_id=me.id if me else None,
                        reporter_name=me.name if me else "", seat=seat,
                        reported_id=reported, reported_name=name, reason=reason, chat=chat,
                        record=record)
        number = await asyncio.to_thread(Moderation(social.store).report, row, spend)
        return JSONResponse({"report": number}, status_code=201)

    return [
        Route("/api/friends", friends, methods=["GET"]),
        Route("/api/friends/ask", ask, methods=["POST"]),
        Route("/api/friends/accept", on_account(lambda s, me, other: s.answer(me, other, True)),
              methods=["POST"]),
        Route("/api/friends/decline", on_account(lambda s, me, other: s.answer(me, other, False)),
              methods=["POST"]),
        Route("/api/friends/remove", on_account(Social.remove), methods=["POST"]),
        Route("/api/friends/block", block, methods=["POST"]),
        Route("/api/friends/unblock", on_account(Social.unblock), methods=["POST"]),
        Route("/api/invitations", invitations, methods=["GET", "POST"]),
        Route("/api/invitations/{invitation}/done", drop_invitation, methods=["POST"]),
        Route("/api/reports", report, methods=["POST"]),
        Route("/friends", doc_page, methods=["GET"]),
    ]


def _leave(table: LiveTable, token: str, seat: int) -> bool:
    """A suspended account's ``seat`` (held by ``token``) left, its token made worthless;
    whether the token held that seat (a change: under the table's lock, in a worker
    thread)."""
    table.catch_up()
    if table.seats.seat_of(token) != seat:
        return False
    if seat not in table.seats.left:
        table.seats.leave(seat)
    if seat in table.seats.token_hashes:
        void = hash_token(secrets.token_urlsafe(24))
        with table.locked() as tx:
            tx.set_seat(seat, token_hash=void)
            tx.bump()
        table.seats.token_hashes[seat] = void
    if table.round is not None and table.round.current.is_over:
        table.deals.ready_next(None)   # the others may be ready
    return True


async def apply_suspensions(social: Social, registry: Registry) -> int:
    """Leaves the seats of newly suspended accounts (``binokel admin suspend`` wrote the
    suspension): at a waiting table the seat is free again; at a running one a stand-in
    plays it, the account's seat token no longer holds it, and anybody with the table's
    link may take it over. How many seats were left."""
    done = 0
    for seats in (await asyncio.to_thread(Moderation(social.store).unapplied)).values():
        for left in seats:
            try:
                table = registry.find(left.table_id)
            except WebError:
                table = None
            if table is None:
                continue
            async with table.lock:
                if not await off_loop(functools.partial(_leave, table, left.token,
                                                        left.seat)):
                    continue
                seat = left.seat
            for conn in list(table.connections):
                if conn.seat == seat:
                    conn.seat = None   # the suspended one's socket watches on at most
            await table.broadcast()
            table.bot_driver.schedule()
            done += 1
    return done


__all__ = ["apply_suspensions", "chat_history", "routes", "send_chat"]
