"""Score pads and club tournaments on the web: storage and JSON routes.

A pad or a tournament is one JSON document (``Pad.to_json`` / ``Tournament.to_json``) in
its own row, checked and rebuilt with ``from_json`` on every read, so a document in the
database never bypasses the pure checks of :mod:`binokel.tournament`. Whoever creates one
gets a secret owner token (only its SHA-256 is stored); entering, correcting and organising
need it, reading needs only the id (the share link). Every change bumps the row's
``version``: readers poll ``?since=<version>`` and get ``304`` while nothing changed.

Whatever grows with a document (reading it back, a change, a PDF or CSV, a round's
seating) runs in the worker pool (:mod:`binokel.web.work`, the jobs in
:mod:`binokel.web.documents`), never on the event loop, and each view and file is made
once per document version. A change is computed there on the document as read and written
only if its version is still the one read (:func:`changed`), so no database transaction
waits for a worker.

Limits a stranger could push: the body size, the documents per client (creator address
hash), a stored document's size (:data:`MAX_PAD_BYTES`, :data:`MAX_CLUB_BYTES`), the
worker pool's queue and rate, and what :mod:`binokel.tournament` itself limits (deals per
pad, players, rounds).
"""

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
import hmac
import json
import secrets
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON
from sqlalchemy import DateTime
from sqlalchemy import Integer
from sqlalchemy import String
from sqlalchemy import func
from sqlalchemy import select
from sqlalchemy import update
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import mapped_column
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from ..tournament.club import MAX_NAME as CLUB_NAME
from ..tournament.club import MAX_TEXT as CLUB_TEXT
from ..tournament.club import ClubError
from ..tournament.club import Tournament
from ..tournament.pad import MAX_NAME as PAD_NAME
from ..tournament.pad import Pad
from ..tournament.pad import PadError
from ..tournament.texts import PAGE
from .documents import CLUB_FILES
from .documents import club_change
from .documents import club_file
from .documents import club_page
from .documents import club_table
from .documents import club_view
from .documents import envelope
from .documents import pad_change
from .documents import pad_file
from .documents import pad_page
from .documents import pad_view
from .guard import WebError
from .guard import read_json
from .guard import rules_refused
from .guard import same_origin
from .names import clean_name
from .pages import doc_page
from .server import client_of
from .server import server_of
from .store import Base
from .store import Store
from .store import now

MAX_BODY = 256 * 1024        # bytes of one request body (a tournament with 500 players fits)
MAX_DOCS_PER_CLIENT = 50     # pads (and, separately, tournaments) one client may create
MAX_PADS_PER_CLUB = 2000     # the pads a tournament makes for its tables (one a table)
ID_BYTES = 9                 # 12 URL-safe characters: not guessable, short to share
TOKEN_BYTES = 24
# A stored document's JSON: a pad of 1,000 deals is about 65 KB; a club of 500 players
# after 6 rounds about 115 KB, and each table's pad entered as its result adds its deals.
MAX_PAD_BYTES = 256 * 1024
MAX_CLUB_BYTES = 2 * 1024 * 1024
TRIES = 3                    # a change made again on a document changed meanwhile


class DocRow(Base):
    """The columns shared by pads and tournaments: the document and who may change it."""

    __abstract__ = True
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner_hash: Mapped[str] = mapped_column(String(64))
    creator: Mapped[str] = mapped_column(String(64), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    version: Mapped[int] = mapped_column(Integer, default=1)
    doc: Mapped[dict[str, Any]] = mapped_column(JSON)


class PadRow(DocRow):
    __tablename__ = "pads"


class TournamentRow(DocRow):
    __tablename__ = "tournaments"



def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def table_pad_token(club_token: str, club_id: str, round_no: int, table: int) -> str:
    """The owner token of the score pad the organiser made for a table: derived from his
    own secret, so that his page can show the table's link again (after a reload, on
    another device) while the server stores neither token, only their hashes."""
    mac = hmac.new(club_token.encode(), f"table-pad/{club_id}/{round_no}/{table}".encode(),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:TOKEN_BYTES]).decode().rstrip("=")


@dataclass
class Stored:
    """A document as read: its id, version and JSON."""

    id: str
    version: int
    doc: dict[str, Any]
    owner_hash: str = ""


class DocStore:
    """Pads or tournaments (``kind``) in the server's database, through its :class:`Store`:
    at most ``limit`` per client, each at most ``max_bytes`` of JSON."""

    def __init__(self, store: Store, kind: type[DocRow], limit: int | None = None,
                 max_bytes: int | None = None) -> None:
        self.store = store
        self.kind = kind
        self.limit = MAX_DOCS_PER_CLIENT if limit is None else limit
        self.max_bytes = max_bytes

    def check_size(self, doc: dict[str, Any]) -> None:
        if self.max_bytes is not None and len(json.dumps(doc)) > self.max_bytes:
            raise WebError("too_large", f"a document holds at most {self.max_bytes // 1024} "
                           "KiB; start a new one", 413)

    def create(self, doc: dict[str, Any], client: str, token: str | None = None
               ) -> tuple[str, str]:
        """Store a new document; returns (id, owner token: ``token``, or a new one). At
        most ``limit`` per client."""
        self.check_size(doc)
        creator = self.store.client_hash(client)
        token = token or secrets.token_urlsafe(TOKEN_BYTES)
        with self.store.session.begin() as s:
            count = s.scalar(select(func.count()).select_from(self.kind)
                             .where(self.kind.creator == creator)) or 0
            if count >= self.limit:
                raise WebError("too_many", f"one client may create at most {self.limit}", 429)
            doc_id = secrets.token_urlsafe(ID_BYTES)
            s.add(self.kind(id=doc_id, owner_hash=token_hash(token), creator=creator,
                            doc=doc, version=1))
        return doc_id, token

    def read(self, doc_id: str) -> Stored:
        with self.store.session() as s:
            row = s.get(self.kind, doc_id[:32])
            if row is None:
                raise WebError("not_found", "no such document", 404)
            return Stored(row.id, row.version, row.doc, row.owner_hash)

    @staticmethod
    def owns(got: Stored, token: str | None) -> bool:
        """Whether ``token`` is the owner's token of the document read as ``got``."""
        return token is not None and hmac.compare_digest(got.owner_hash, token_hash(token))

    def replace(self, got: Stored, doc: dict[str, Any]) -> Stored | None:
        """Store ``doc`` as the document's next version if it is still at the version
        read as ``got``; None if somebody changed it meanwhile."""
        self.check_size(doc)
        with self.store.session.begin() as s:
            done = s.execute(update(self.kind).where(
                self.kind.id == got.id, self.kind.version == got.version).values(
                doc=doc, version=got.version + 1, updated_at=now()))
            if done.rowcount != 1:  # type: ignore[attr-defined]
                return None
        return Stored(got.id, got.version + 1, doc, got.owner_hash)

    def owner(self, doc_id: str, token: str | None) -> bool:
        """Whether ``token`` is the owner's token of the document (404 if there is none)."""
        with self.store.session() as s:
            row = s.get(self.kind, doc_id[:32])
            if row is None:
                raise WebError("not_found", "no such document", 404)
            return token is not None and hmac.compare_digest(row.owner_hash, token_hash(token))

    def update(self, doc_id: str, token: str | None,
               change: Callable[[dict[str, Any]], dict[str, Any]],
               trusted: bool = False) -> Stored:
        """Apply ``change`` to the stored document under the owner's ``token`` in one
        transaction (the row locked on PostgreSQL, so two owners' changes never cross).
        ``trusted``: a change that needs no owner (a player joining, the server settling
        a finished round)."""
        with self.store.session.begin() as s:
            q = select(self.kind).where(self.kind.id == doc_id[:32])
            if self.store.postgres:
                q = q.with_for_update()
            row = s.scalars(q).first()
            if row is None:
                raise WebError("not_found", "no such document", 404)
            if not trusted and (token is None or
                                not hmac.compare_digest(row.owner_hash, token_hash(token))):
                raise WebError("forbidden", "the owner's link is needed for this", 403)
            row.doc = change(row.doc)
            self.check_size(row.doc)
            row.version += 1
            row.updated_at = now()
            return Stored(row.id, row.version, row.doc)


class Documents:
    """A :class:`DocStore` for request handlers: each of its database calls runs in a
    worker thread, so that the event loop serves every socket of the process meanwhile
    (a write waiting for a PostgreSQL row lock would otherwise hold them all up)."""

    def __init__(self, docs: DocStore) -> None:
        self.docs = docs

    owns = staticmethod(DocStore.owns)

    async def create(self, doc: dict[str, Any], client: str, token: str | None = None
                     ) -> tuple[str, str]:
        return await asyncio.to_thread(self.docs.create, doc, client, token)

    async def read(self, doc_id: str) -> Stored:
        return await asyncio.to_thread(self.docs.read, doc_id)

    async def replace(self, got: Stored, doc: dict[str, Any]) -> Stored | None:
        return await asyncio.to_thread(self.docs.replace, got, doc)

    async def owner(self, doc_id: str, token: str | None) -> bool:
        return await asyncio.to_thread(self.docs.owner, doc_id, token)


# ---------------------------------------------------------------------- requests
def _rows_arg(body: dict[str, Any], name: str) -> Any:
    if name not in body:
        raise WebError("bad_request", f"{name}: missing")
    return body[name]


async def _body(request: Request) -> dict[str, Any]:
    """A change's body: JSON (415 otherwise: no form on another site can send it), from our
    own site or no browser (403), at most :data:`MAX_BODY` bytes (413), an object."""
    if not same_origin(request.headers):
        raise WebError("cross_origin", "requests from other sites are refused", 403)
    data = await read_json(request, MAX_BODY)
    if not isinstance(data, dict):
        raise WebError("bad_request", "the body must be a JSON object")
    return data


def _token(request: Request, body: dict[str, Any] | None = None) -> str | None:
    tok = request.headers.get("x-owner-token")
    if tok is None and body is not None and isinstance(body.get("token"), str):
        tok = body["token"]
    return tok[:128] if tok else None


def _error(code: str, message: str, status: int = 400, field: str | None = None,
           cause: BaseException | None = None,
           words: dict[str, str] | None = None) -> JSONResponse:
    """A refusal; where ``cause`` was one option's refused value, with the reason and
    parameters the client says it by (see :func:`~.guard.rules_refused`); ``words``: the
    sentence in every language (a :class:`PadError`'s)."""
    out: dict[str, Any] = rules_refused(code, message, status, cause).body() \
        if cause is not None else {"error": code, "message": message}
    if field is not None:
        out["field"] = field
    if words is not None:
        out["words"] = words
    return JSONResponse(out, status_code=status)


def _field(message: str) -> str | None:
    """The field a :class:`PadError` or :class:`ClubError` names (``points: ...``), so
    that the page shows the message next to it."""
    head = message.split(":", 1)[0].strip()
    return head if head and " " not in head and len(head) < 40 else None


Handler = Callable[[Request], Awaitable[Response]]


def _guarded(fn: Handler) -> Handler:
    """Every bad request a clear 4xx with a message, never a 500."""
    async def run(request: Request) -> Response:
        try:
            return await fn(request)
        except WebError as e:
            return JSONResponse(e.body(), status_code=e.status,
                                headers={"retry-after": "5"} if e.status in (429, 503)
                                else None)
        except PadError as e:
            # the sentence in every language: a German page shows no English message
            return _error("invalid", str(e), 422, e.field or _field(str(e)), e, e.said())
        except ClubError as e:
            return _error("invalid", str(e), 422, _field(str(e)), e)
    return run


def _since(request: Request, version: int) -> bool:
    """True when the reader's ``?since=`` is the current version (nothing new)."""
    raw = request.query_params.get("since", "")
    return raw.isdigit() and len(raw) < 12 and int(raw) == version


def _int_arg(v: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise WebError("bad_request", f"{name}: a whole number {lo}..{hi}")
    return v


def _name(value: Any, limit: int, field: str, *, reserved: bool = True) -> str:
    """A name a person typed (:func:`~binokel.web.names.clean_name`), refused as the
    pages' other faults are (422 ``invalid``, with the field)."""
    return clean_name(value, limit, reserved=reserved, code="invalid", status=422,
                      what=field, field=field)


def _lang(request: Request) -> str:
    return "en" if request.query_params.get("lang") == "en" else "de"


def json_bytes(body: bytes, status: int = 200) -> Response:
    return Response(body, status, media_type="application/json")


async def _created(docs: Documents, request: Request, doc: dict[str, Any], name: str,
                   view: dict[str, Any]) -> Response:
    """A new document stored: its id, the owner's token (shown once) and its view."""
    doc_id, token = await docs.create(doc, client_of(request))
    return JSONResponse({"id": doc_id, "token": token, "version": 1, name: view},
                        status_code=201)


Job = Callable[..., Any]


async def changed(docs: Documents, doc_id: str, token: str | None,
                  compute: Callable[[Stored], Awaitable[tuple[dict[str, Any], Any]]],
                  trusted: bool = False) -> tuple[Stored, Any]:
    """A change made off the event loop: the document is read, ``compute`` makes the new
    one (in a worker), and it is written only if nobody changed the document meanwhile
    (its version); otherwise the change is made again on the new document, a few times at
    most (409 ``stale``). The owner's ``token`` is needed unless ``trusted``. Returns the
    stored document and what ``compute`` gave besides it."""
    for _ in range(TRIES):
        got = await docs.read(doc_id)
        if not trusted and not docs.owns(got, token):
            raise WebError("forbidden", "the owner's link is needed for this", 403)
        new, extra = await compute(got)
        stored = await docs.replace(got, new)
        if stored is not None:
            return stored, extra
    raise WebError("stale", "the document changed meanwhile; try again", 409)


# ---------------------------------------------------------------------- handlers
def _pads(request: Request) -> Documents:
    return Documents(DocStore(server_of(request).store, PadRow, max_bytes=MAX_PAD_BYTES))


def _clubs(request: Request) -> Documents:
    return Documents(DocStore(server_of(request).store, TournamentRow,
                              max_bytes=MAX_CLUB_BYTES))


def _table_pads(request: Request) -> Documents:
    # The pads a tournament makes count against the tournament, not its organiser's
    # fifty: one a table and round, at most.
    return Documents(DocStore(server_of(request).store, PadRow, MAX_PADS_PER_CLUB,
                              max_bytes=MAX_PAD_BYTES))


def _job(request: Request, key: Any, fn: Job, *args: Any) -> Awaitable[Any]:
    """``fn(*args)`` in the server's worker pool (its result cached under ``key``)."""
    return server_of(request).work.run(key, client_of(request), fn, *args)


async def _shown(request: Request, docs: Documents, kind: str, param: str,
                 page: Job) -> Response:
    """A document's view for everyone with its id (made once per version); 304 while
    the reader's is current."""
    got = await docs.read(request.path_params[param])
    if _since(request, got.version):
        return Response(status_code=304)
    view = await _job(request, (kind, got.id, got.version), page, got.doc)
    return json_bytes(envelope({"id": got.id, "version": got.version}, kind, view))


# ---------------------------------------------------------------------- pads
async def create_pad(request: Request) -> Response:
    body = await _body(request)
    players = _rows_arg(body, "players")
    if not isinstance(players, list) or len(players) > 8:
        raise WebError("bad_request", "players: a list of at most 8 names")
    players = [_name(p, PAD_NAME, "players") for p in players]
    options = body.get("options", {})
    if not isinstance(options, dict) or len(options) > 100:
        raise WebError("bad_request", "options: an object of at most 100 options")
    preset = body.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise WebError("bad_request", "preset: a name")
    pad = Pad.new(str(_rows_arg(body, "game"))[:40], players, preset, options,
                  _int_arg(body.get("first_dealer", 0), "first_dealer", 0, 7))
    return await _created(_pads(request), request, pad.to_json(), "pad", pad_view(pad))


async def get_pad(request: Request) -> Response:
    return await _shown(request, _pads(request), "pad", "pad_id", pad_page)


async def _change_pad(request: Request, body: dict[str, Any], op: str,
                      *args: Any) -> Response:
    async def compute(got: Stored) -> tuple[dict[str, Any], bytes]:
        new, view = await _job(request, None, pad_change, got.doc, op, list(args))
        return new, view
    stored, view = await changed(_pads(request), request.path_params["pad_id"],
                                 _token(request, body), compute)
    # its readers' next look
    server_of(request).work.cache.put(("pad", stored.id, stored.version), view)
    return json_bytes(envelope({"id": stored.id, "version": stored.version}, "pad",
                               view))


async def add_deal(request: Request) -> Response:
    body = await _body(request)
    return await _change_pad(request, body, "add", _rows_arg(body, "deal"))


async def correct_deal(request: Request) -> Response:
    body = await _body(request)
    return await _change_pad(request, body, "correct", request.path_params["number"],
                             _rows_arg(body, "deal"))


async def remove_last(request: Request) -> Response:
    body = await _body(request)
    return await _change_pad(request, body, "remove_last")


async def pad_sheet(request: Request) -> Response:
    fmt = request.path_params["fmt"]
    if fmt not in ("csv", "pdf"):
        raise WebError("not_found", "files: sheet.csv, sheet.pdf", 404)
    got = await _pads(request).read(request.path_params["pad_id"])
    lang = _lang(request)
    data = await _job(request, ("pad-file", got.id, got.version, fmt, lang), pad_file,
                      got.doc, fmt, lang)
    media = "text/csv; charset=utf-8" if fmt == "csv" else "application/pdf"
    return Response(data, media_type=media, headers={
        "content-disposition": f'attachment; filename="pad-{got.id}.{fmt}"'})


# ---------------------------------------------------------------------- tournaments
async def create_club(request: Request) -> Response:
    body = await _body(request)
    options = body.get("options", {})
    if not isinstance(options, dict) or len(options) > 100:
        raise WebError("bad_request", "options: an object of at most 100 options")
    sizes = body.get("table_sizes", [])
    if not isinstance(sizes, list) or len(sizes) > 8:
        raise WebError("bad_request", "table_sizes: a list of table sizes")
    preset = body.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise WebError("bad_request", "preset: a name")
    place = body.get("place") or ""
    t = Tournament.new(
        _name(_rows_arg(body, "title"), CLUB_TEXT, "title", reserved=False),
        str(body.get("date", "")),
        _name(place, CLUB_TEXT, "place", reserved=False) if place else "",
        str(_rows_arg(body, "game"))[:40],
        rounds=_int_arg(body.get("rounds", 3), "rounds", 1, 30),
        deals_per_round=_int_arg(body.get("deals_per_round", 12), "deals_per_round",
                                 1, 100),
        preset=preset, options=options, table_sizes=sizes,
        preferred_size=None if body.get("preferred_size") is None else
        _int_arg(body.get("preferred_size"), "preferred_size", 2, 8),
        tie_rule=str(body.get("tie_rule", "shared")),
        seed=secrets.randbelow(2**62), note=str(body.get("note", ""))[:2000])
    return await _created(_clubs(request), request, t.to_json(), "tournament",
                          club_view(t))


async def get_club(request: Request) -> Response:
    return await _shown(request, _clubs(request), "tournament", "club_id", club_page)


async def _change_club(request: Request, body: dict[str, Any], op: str, *args: Any,
                       result: Callable[[Any], Awaitable[Any]] | None = None
                       ) -> Response:
    async def compute(got: Stored) -> tuple[dict[str, Any], tuple[Any, bytes]]:
        new, out, view = await _job(request, None, club_change, got.doc, op, list(args))
        return new, (out, view)
    stored, (out, view) = await changed(_clubs(request), request.path_params["club_id"],
                                        _token(request, body), compute)
    server_of(request).work.cache.put(("tournament", stored.id, stored.version), view)
    if result is not None:
        out = await result(out)
    return json_bytes(envelope({"id": stored.id, "version": stored.version,
                                "result": out}, "tournament", view))


async def add_player(request: Request) -> Response:
    body = await _body(request)
    name = _name(_rows_arg(body, "name"), CLUB_NAME, "name")
    number = body.get("number")
    if number is not None:
        number = _int_arg(number, "number", 1, 9999)
    return await _change_club(request, body, "add_player", name, number)


async def withdraw(request: Request) -> Response:
    body = await _body(request)
    number = _int_arg(_rows_arg(body, "number"), "number", 1, 9999)
    return await _change_club(request, body, "withdraw", number)


async def start_round(request: Request) -> Response:
    body = await _body(request)
    return await _change_club(request, body, "start_round",
                              body.get("fill_with_bots", False) is True)


async def enter_table(request: Request) -> Response:
    body = await _body(request)
    round_no = request.path_params["round"]
    table = request.path_params["table"]
    if "pad" in body:
        pad_id = body["pad"]
        if not isinstance(pad_id, str):
            raise WebError("bad_request", "pad: a pad's id")
        pad = (await _pads(request).read(pad_id)).doc
        return await _change_club(request, body, "enter_pad", round_no, table, pad)
    scores = _rows_arg(body, "scores")
    if not isinstance(scores, list) or len(scores) > 8:
        raise WebError("bad_request", "scores: a list, one per seat")
    checked = [_int_arg(v, "scores", -1_000_000, 1_000_000) for v in scores]
    return await _change_club(request, body, "enter_totals", round_no, table, checked)


async def _organiser_only(request: Request, docs: Documents, token: str | None
                          ) -> Stored:
    got = await docs.read(request.path_params["club_id"])
    if not docs.owns(got, token):
        raise WebError("forbidden", "the owner's link is needed for this", 403)
    return got


async def _pad_link(request: Request, token: str, pad_id: str | None) -> dict[str, Any]:
    """A table's linked pad for its organiser: the id, and the owner token where the
    pad is the one the tournament made (else the table has it, not the organiser)."""
    if pad_id is None:
        return {"pad": None, "token": None}
    club_id = request.path_params["club_id"]
    round_no, table = request.path_params["round"], request.path_params["table"]
    mine = table_pad_token(token, club_id, round_no, table)
    try:
        own = await _pads(request).owner(pad_id, mine)
    except WebError:
        own = False                      # no such pad (any more)
    return {"pad": pad_id, "token": mine if own else None}


async def get_table_pad(request: Request) -> Response:
    """Organiser: the pad linked to a table, with its owner token where he made it."""
    token = _token(request)
    got = await _organiser_only(request, _clubs(request), token)
    assert token is not None
    round_no, table = request.path_params["round"], request.path_params["table"]
    info = await _job(request, None, club_table, got.doc, round_no, table, None)
    return JSONResponse(await _pad_link(request, token, info["pad"]))


async def link_table_pad(request: Request) -> Response:
    """Organiser: make a score pad for a table (the tournament's game and rules, the
    table's players in seat order) and link it, or link an existing pad (``{"pad":
    id or link}``). Making one for a table that has one answers the one it has."""
    body = await _body(request)
    token = _token(request, body)
    got = await _organiser_only(request, _clubs(request), token)
    assert token is not None
    club_id = got.id
    round_no, table = request.path_params["round"], request.path_params["table"]
    given = body.get("pad")
    given_doc = None
    if given is not None:
        if not isinstance(given, str):
            raise WebError("bad_request", "pad: a pad's id or link")
        pad_id = given.split("#")[0].rstrip("/").rsplit("/", 1)[-1][:32]
        given_doc = (await _pads(request).read(pad_id)).doc
    info = await _job(request, None, club_table, got.doc, round_no, table, given_doc)
    if given is None:
        if info["pad"] is not None:
            pad_id = info["pad"]
        else:
            pad = Pad.new(info["game"], info["names"], info["preset"], info["options"])
            pad_id, _ = await _table_pads(request).create(
                pad.to_json(), f"club:{club_id}",
                table_pad_token(token, club_id, round_no, table))
    # Another request may have linked one meanwhile: a made pad never replaces it.
    return await _change_club(request, body, "link_pad", round_no, table, pad_id,
                              given is not None,
                              result=functools.partial(_pad_link, request, token))


async def club_download(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in CLUB_FILES:
        raise WebError("not_found", f"files: {', '.join(CLUB_FILES)}", 404)
    raw = request.query_params.get("round", "")
    if raw and not (raw.isdigit() and len(raw) < 4):
        raise WebError("bad_request", "round: a round's number")
    round_no = int(raw) if raw and name == "cards.pdf" else None
    got = await _clubs(request).read(request.path_params["club_id"])
    lang = _lang(request)
    data = await _job(request, ("club-file", got.id, got.version, name, lang, round_no),
                      club_file, got.doc, name, lang, round_no)
    media = "application/pdf" if name.endswith(".pdf") else "text/csv; charset=utf-8"
    return Response(data, media_type=media)


async def page_texts(request: Request) -> Response:
    return JSONResponse(PAGE)


def routes() -> list[BaseRoute]:
    """The pad and tournament routes (their handlers find the server's store and worker
    pool through :func:`~binokel.web.server.server_of`)."""
    g = _guarded
    return [
        Route("/pad", doc_page),
        Route("/pad/{pad_id}", doc_page),
        Route("/club", doc_page),
        Route("/club/{club_id}", doc_page),
        Route("/api/page-texts", page_texts),
        Route("/api/pads", g(create_pad), methods=["POST"]),
        Route("/api/pads/{pad_id}", g(get_pad), methods=["GET"]),
        Route("/api/pads/{pad_id}/deals", g(add_deal), methods=["POST"]),
        Route("/api/pads/{pad_id}/deals/last", g(remove_last), methods=["DELETE"]),
        Route("/api/pads/{pad_id}/deals/{number:int}", g(correct_deal), methods=["PUT"]),
        Route("/api/pads/{pad_id}/sheet.{fmt:str}", g(pad_sheet), methods=["GET"]),
        Route("/api/clubs", g(create_club), methods=["POST"]),
        Route("/api/clubs/{club_id}", g(get_club), methods=["GET"]),
        Route("/api/clubs/{club_id}/players", g(add_player), methods=["POST"]),
        Route("/api/clubs/{club_id}/withdraw", g(withdraw), methods=["POST"]),
        Route("/api/clubs/{club_id}/rounds", g(start_round), methods=["POST"]),
        Route("/api/clubs/{club_id}/rounds/{round:int}/tables/{table:int}",
              g(enter_table), methods=["POST"]),
        Route("/api/clubs/{club_id}/rounds/{round:int}/tables/{table:int}/pad",
              g(get_table_pad), methods=["GET"]),
        Route("/api/clubs/{club_id}/rounds/{round:int}/tables/{table:int}/pad",
              g(link_table_pad), methods=["POST"]),
        Route("/api/clubs/{club_id}/files/{name:str}", g(club_download), methods=["GET"]),
    ]
