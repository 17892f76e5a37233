"""The accounts' HTTP API (docs/web.md, "Accounts"): register, log in and out, recover,
change the password, new recovery codes, export, delete, and the seats that follow an
account. Everything under ``/api/account``; the session cookies and the CSRF guard are
:mod:`binokel.web.sessions`'.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from .accounts import ACCOUNT_LIMIT
from .accounts import ADDRESS_LIMIT
from .accounts import HASHING_AT_ONCE
from .accounts import Account
from .accounts import Accounts
from .accounts import check_password
from .accounts import new_codes
from .guard import Limiter
from .guard import WebError
from .guard import json_object
from .guard import refusing
from .moderation import Moderation
from .names import clean_name
from .pages import doc_page
from .passkeys import Party
from .passkeys import Passkeys
from .passkeys import credential_json
from .server import client_of
from .sessions import clear_session
from .sessions import csrf_token
from .sessions import session_account
from .sessions import session_id
from .sessions import set_session
from .social import Social

REGISTER_RATE = 5 / 3600    # new accounts per second from one address ...
REGISTER_BURST = 5.0        # ... with bursts up to this many
MAX_TOKENS = 50             # seat tokens one request may hand over


def _tokens(data: dict[str, Any]) -> list[str]:
    given = data.get("tokens", [])
    if not isinstance(given, list) or len(given) > MAX_TOKENS or \
            not all(isinstance(x, str) and 0 < len(x) <= 64 for x in given):
        raise WebError("bad_tokens", f"tokens must list at most {MAX_TOKENS} seat tokens")
    return list(dict.fromkeys(given))


Renamed = Callable[[str, list[tuple[str, int]]], Awaitable[None]]


def routes(accounts_of: Callable[[Request], Accounts], renamed: Renamed) -> list[BaseRoute]:
    """The account routes; ``accounts_of`` finds the server's :class:`Accounts` (made in
    the app's lifespan); ``renamed(label, seats)`` shows a deleted account's label in this
    process's copies of its tables."""
    hashing = asyncio.Semaphore(HASHING_AT_ONCE)
    registrations = Limiter(REGISTER_RATE, REGISTER_BURST)

    async def slow(fn: Callable[..., Any], *args: Any) -> Any:
        """Argon2 off the event loop, at most HASHING_AT_ONCE at a time."""
        async with hashing:
            return await asyncio.to_thread(fn, *args)

    def current(request: Request) -> Account | None:
        return session_account(accounts_of(request), request)

    def need(request: Request) -> Account:
        me = current(request)
        if me is None:
            raise WebError("not_logged_in", "log in first", 401)
        return me

    def logged_in(request: Request, me: Account | None, status: int = 200,
                  **extra: Any) -> JSONResponse:
        body: dict[str, Any] = {"account": {"id": me.id, "name": me.name} if me else None,
                                **extra}
        return JSONResponse(body, status_code=status)

    async def start_session(request: Request, account_id: str, name: str, status: int = 200,
                            **extra: Any) -> Response:
        """A new session for the account (the presented one, if any, ended first)."""
        accounts = accounts_of(request)
        # a suspended account (binokel admin suspend) logs in again after its end date
        held = await asyncio.to_thread(Moderation(accounts.store).suspension, account_id)
        if held is not None:
            until = held.until.date().isoformat()
            raise WebError("suspended", f"this account is suspended until {until}: "
                           f"{held.reason}", 403, reason="suspended",
                           params={"until": until, "why": held.reason})
        old = session_id(request)
        if old:
            await asyncio.to_thread(accounts.close_session, old)
        sid = await asyncio.to_thread(accounts.open_session, account_id)
        secret = accounts.store.secret
        response = JSONResponse({"account": {"id": account_id, "name": name},
                                 "csrf": csrf_token(secret, sid), **extra}, status_code=status)
        set_session(response, request, sid, secret)
        return response

    async def check_login(request: Request, name: Any, secret_ok: Callable[[Any], bool]
                          ) -> tuple[Any, str]:
        """The account of ``name`` if ``secret_ok(account)`` (run in a thread), within the
        login limits; else a refusal that does not say whether the name exists."""
        accounts = accounts_of(request)
        address = ADDRESS_LIMIT.prefix + accounts.store.client_hash(client_of(request))
        account = await asyncio.to_thread(accounts.find, name)
        keys = [address] + ([ACCOUNT_LIMIT.prefix + account.id] if account else [])
        wait = await asyncio.to_thread(accounts.waiting, keys)
        if wait:
            raise WebError("rate_limited", f"too many failed logins; try again in {wait} s",
                           429, reason="login_wait", params={"seconds": wait})
        ok = await slow(secret_ok, account)
        if not ok:
            await asyncio.to_thread(accounts.failed, address, ADDRESS_LIMIT)
            if account is not None:
                await asyncio.to_thread(accounts.failed, keys[1], ACCOUNT_LIMIT)
            raise WebError("bad_login", "wrong name or password", 401, reason="bad_login")
        await asyncio.to_thread(accounts.succeeded, keys[1])
        return account, keys[1]

    @refusing
    async def me(request: Request) -> Response:
        """Who is logged in (``account``: null for a guest) and the session's CSRF token."""
        account = await asyncio.to_thread(current, request)
        sid = session_id(request)
        if account is None or sid is None:
            response = logged_in(request, None, csrf=None)
            if request.cookies:
                clear_session(response, request)
            return response
        return logged_in(request, account,
                         csrf=csrf_token(accounts_of(request).store.secret, sid))

    @refusing
    async def register(request: Request) -> Response:
        data = await json_object(request)
        name = clean_name(data.get("name"), field="name")
        password = check_password(data.get("password"))
        tokens = _tokens(data)
        if not registrations.allow(client_of(request)):
            raise WebError("rate_limited", "too many new accounts from here; wait a while",
                           429)
        accounts = accounts_of(request)
        hashed = await slow(accounts.hash, password)
        codes = new_codes()
        row = await asyncio.to_thread(accounts.create, name, hashed, codes)
        if tokens:
            await asyncio.to_thread(accounts.attach_seats, row.id, tokens)
        return await start_session(request, row.id, row.name, 201, codes=codes)

    @refusing
    async def login(request: Request) -> Response:
        data = await json_object(request)
        password = data.get("password")
        if not isinstance(password, str) or len(password) > 256:
            raise WebError("bad_login", "wrong name or password", 401, reason="bad_login")
        tokens = _tokens(data)
        accounts = accounts_of(request)
        account, _ = await check_login(
            request, data.get("name"),
            lambda a: accounts.verify(a.password_hash if a else None, password))
        if accounts.hasher.check_needs_rehash(account.password_hash):
            hashed = await slow(accounts.hash, password)
            await asyncio.to_thread(accounts.set_password, account.id, hashed, None)
        if tokens:
            await asyncio.to_thread(accounts.attach_seats, account.id, tokens)
        return await start_session(request, account.id, account.name)

    @refusing
    async def recover(request: Request) -> Response:
        """A recovery code logs in once and sets a new password; every session ends."""
        data = await json_object(request)
        password = check_password(data.get("password"))
        accounts = accounts_of(request)
        code = data.get("code")
        account, _ = await check_login(
            request, data.get("name"),
            lambda a: a is not None and accounts.use_code(a.id, code))
        hashed = await slow(accounts.hash, password)
        await asyncio.to_thread(accounts.set_password, account.id, hashed, None)
        left = await asyncio.to_thread(accounts.codes_left, account.id)
        return await start_session(request, account.id, account.name, codes_left=left)

    @refusing
    async def logout(request: Request) -> Response:
        """Ends the session; ``seats``: the account's seats, which the page drops from the
        browser (the next person at a shared computer must not find them there)."""
        sid = session_id(request)
        held: list[dict[str, Any]] = []
        if sid:
            me = await asyncio.to_thread(current, request)
            if me is not None:
                held = await asyncio.to_thread(accounts_of(request).seats, me.id)
            await asyncio.to_thread(accounts_of(request).close_session, sid)
        response = logged_in(request, None, seats=held)
        clear_session(response, request)
        return response

    async def reauth(request: Request, me: Account, password: Any) -> None:
        """The account's password again, for what cannot be undone; failures count like
        failed logins."""
        accounts = accounts_of(request)
        await check_login(request, me.name, lambda a: isinstance(password, str) and
                          len(password) <= 256 and a is not None and a.id == me.id and
                          accounts.verify(a.password_hash, password))

    @refusing
    async def change_password(request: Request) -> Response:
        """``{"old", "new"}``: the new password; the account's other sessions end."""
        me = await asyncio.to_thread(need, request)
        data = await json_object(request)
        new = check_password(data.get("new"), "new")
        await reauth(request, me, data.get("old"))
        accounts = accounts_of(request)
        hashed = await slow(accounts.hash, new)
        await asyncio.to_thread(accounts.set_password, me.id, hashed, me.session)
        return logged_in(request, me)

    @refusing
    async def renew_codes(request: Request) -> Response:
        """``{"password"}``: ten new recovery codes (the old ones stop working)."""
        me = await asyncio.to_thread(need, request)
        data = await json_object(request)
        await reauth(request, me, data.get("password"))
        codes = new_codes()
        await asyncio.to_thread(accounts_of(request).renew_codes, me.id, codes)
        return logged_in(request, me, codes=codes)

    @refusing
    async def export(request: Request) -> Response:
        me = await asyncio.to_thread(need, request)
        data = await asyncio.to_thread(accounts_of(request).export, me.id)
        social = Social(accounts_of(request).store)
        data["friends"] = await asyncio.to_thread(social.friends, me.id)
        data["invitations"] = await asyncio.to_thread(social.invitations, me.id)
        return JSONResponse(data, headers={
            "Content-Disposition": 'attachment; filename="binokel-account.json"'})

    @refusing
    async def delete_account(request: Request) -> Response:
        """``{"password"}``: deletes the account (its deals stay, its name becomes an
        anonymous label)."""
        me = await asyncio.to_thread(need, request)
        data = await json_object(request)
        await reauth(request, me, data.get("password"))
        label, seats = await asyncio.to_thread(accounts_of(request).delete, me.id)
        await asyncio.to_thread(Social(accounts_of(request).store).forget, me.id)
        await renamed(label, seats)
        response = logged_in(request, None, deleted=True)
        clear_session(response, request)
        return response

    @refusing
    async def seats(request: Request) -> Response:
        """GET: the seats the account holds, ``[{"table", "seat", "token"}]`` (for "my
        tables" on any device); POST ``{"tokens"}``: hands over a guest's seat tokens
        first."""
        me = await asyncio.to_thread(need, request)
        accounts = accounts_of(request)
        added = 0
        if request.method == "POST":
            added = await asyncio.to_thread(accounts.attach_seats, me.id,
                                            _tokens(await json_object(request)))
        held = await asyncio.to_thread(accounts.seats, me.id)
        return logged_in(request, me, seats=held, added=added)

    def passkeys(request: Request) -> Passkeys:
        return Passkeys(accounts_of(request).store)

    @refusing
    async def passkey_options(request: Request) -> Response:
        """What the browser needs to make a passkey for the logged-in account."""
        me = await asyncio.to_thread(need, request)
        await json_object(request)
        options = await asyncio.to_thread(passkeys(request).register_options,
                                          Party.of(request), me.id, me.name)
        return Response(options, media_type="application/json")

    @refusing
    async def add_passkey(request: Request) -> Response:
        """GET: the account's passkeys; POST ``{"credential"}``: the browser's new passkey
        (``PublicKeyCredential.toJSON()``) for the account."""
        me = await asyncio.to_thread(need, request)
        if request.method == "GET":
            keys = await asyncio.to_thread(passkeys(request).of, me.id)
            return logged_in(request, me, passkeys=keys)
        credential = credential_json((await json_object(request)).get("credential"))
        key = await asyncio.to_thread(passkeys(request).register, Party.of(request), me.id,
                                      credential)
        return logged_in(request, me, passkey=key)

    @refusing
    async def passkey_login_options(request: Request) -> Response:
        await json_object(request)
        options = await asyncio.to_thread(passkeys(request).login_options, Party.of(request))
        return Response(options, media_type="application/json")

    @refusing
    async def passkey_login(request: Request) -> Response:
        """``{"credential", "tokens"}``: a passkey's answer logs its account in; failures
        count against the address like failed logins."""
        data = await json_object(request)
        tokens = _tokens(data)
        credential = credential_json(data.get("credential"))
        accounts = accounts_of(request)
        address = ADDRESS_LIMIT.prefix + accounts.store.client_hash(client_of(request))
        wait = await asyncio.to_thread(accounts.waiting, [address])
        if wait:
            raise WebError("rate_limited", f"too many failed logins; try again in {wait} s",
                           429, reason="login_wait", params={"seconds": wait})
        try:
            account_id = await asyncio.to_thread(passkeys(request).login, Party.of(request),
                                                 credential)
        except WebError:
            await asyncio.to_thread(accounts.failed, address, ADDRESS_LIMIT)
            raise
        row = await asyncio.to_thread(accounts.get, account_id)
        if row is None:
            raise WebError("bad_passkey", "this passkey's account is gone", 401,
                           reason="passkey_failed")
        if tokens:
            await asyncio.to_thread(accounts.attach_seats, row.id, tokens)
        return await start_session(request, row.id, row.name)

    return [
        Route("/account", doc_page, methods=["GET"]),
        Route("/api/account", me, methods=["GET"]),
        Route("/api/account/register", register, methods=["POST"]),
        Route("/api/account/login", login, methods=["POST"]),
        Route("/api/account/recover", recover, methods=["POST"]),
        Route("/api/account/logout", logout, methods=["POST"]),
        Route("/api/account/password", change_password, methods=["POST"]),
        Route("/api/account/codes", renew_codes, methods=["POST"]),
        Route("/api/account/export", export, methods=["GET"]),
        Route("/api/account/delete", delete_account, methods=["POST"]),
        Route("/api/account/seats", seats, methods=["GET", "POST"]),
        Route("/api/account/passkeys/options", passkey_options, methods=["POST"]),
        Route("/api/account/passkeys", add_passkey, methods=["GET", "POST"]),
        Route("/api/account/passkey-login/options", passkey_login_options, methods=["POST"]),
        Route("/api/account/passkey-login", passkey_login, methods=["POST"]),
    ]


__all__ = ["routes"]
