"""Score pads and club tournaments on the web: storage and JSON routes.

A pad or a tournament is one JSON document (``Pad.to_json`` / ``Tournament.to_json``) in
its own row, checked and rebuilt with ``from_json`` on every read, so a document in the
database never bypasses the pure checks of :mod:`binokel.tournament`. Whoever creates one
gets a secret owner token (only its SHA-256 is stored); entering, correcting and organising
need it, reading needs only the id (the share link). Every change bumps the row's
``version``: readers poll ``?since=<version>`` and get ``304`` while nothing changed.

Limits a stranger could push: the body size, the documents per client (creator address
hash) and what :mod:`binokel.tournament` itself limits (deals per pad, players, rounds).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
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
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import mapped_column
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from ..registry import find_game
from ..tournament.club import ClubError
from ..tournament.club import Tournament
from ..tournament.pad import Pad
from ..tournament.pad import PadError
from ..tournament.pad import entry_form
from ..tournament.printout import pad_csv
from ..tournament.printout import ranking_csv
from ..tournament.printout import ranking_pdf
from ..tournament.printout import run_slips
from ..tournament.printout import score_sheet_pdf
from ..tournament.printout import scores_csv
from ..tournament.printout import table_cards
from ..tournament.texts import PAGE
from .guard import WebError
from .guard import client_key
from .guard import parse_json
from .guard import rules_refused
from .guard import same_origin
from .pages import page_response
from .store import Base
from .store import Store
from .store import now

MAX_BODY = 256 * 1024        # bytes of one request body (a tournament with 500 players fits)
MAX_DOCS_PER_CLIENT = 50     # pads (and, separately, tournaments) one client may create
MAX_PADS_PER_CLUB = 2000     # the pads a tournament makes for its tables (one a table)
ID_BYTES = 9                 # 12 URL-safe characters: not guessable, short to share
TOKEN_BYTES = 24


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


class DocStore:
    """Pads or tournaments (``kind``) in the server's database, through its :class:`Store`."""

    def __init__(self, store: Store, kind: type[DocRow], limit: int | None = None) -> None:
        self.store = store
        self.kind = kind
        self.limit = MAX_DOCS_PER_CLIENT if limit is None else limit

    def create(self, doc: dict[str, Any], client: str, token: str | None = None
               ) -> tuple[str, str]:
        """Store a new document; returns (id, owner token: ``token``, or a new one). At
        most ``limit`` per client."""
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
            return Stored(row.id, row.version, row.doc)

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
            row.version += 1
            row.updated_at = now()
            return Stored(row.id, row.version, row.doc)


# ---------------------------------------------------------------------- views
def pad_view(pad: Pad) -> dict[str, Any]:
    """What the pad page shows: the running sheet (each deal in the game's own words,
    ``what``), totals, winner and next dealer, the game's title and the description of its
    entry form (:func:`entry_form`), from which the page builds the form."""
    title = find_game(pad.game).title
    return {
        "game": pad.game, "title": {"de": title[0], "en": title[1]},
        "form": entry_form(pad),
        "players": list(pad.players), "rules": pad.rules.to_dict(),
        "deals": [d.to_json() for d in pad.deals],
        "sheet": [{"deal": ln.deal, "dealer": ln.dealer, "scores": list(ln.scores),
                   "totals": list(ln.totals), "declarer": ln.declarer,
                   "contract": ln.contract, "bid": ln.bid, "made": ln.made,
                   "separate": ln.separate, "what": what}
                  for ln, what in zip(pad.sheet(), pad.descriptions(), strict=True)],
        "totals": list(pad.totals()), "separate_totals": list(pad.separate_totals()),
        "winner": pad.winner(), "next_dealer": pad.next_dealer(),
    }


def club_view(t: Tournament) -> dict[str, Any]:
    """The public page: the tournament without the organiser's note and seed, with the
    overall ranking and one per round."""
    def lines(up_to: int | None = None, only: int | None = None) -> list[dict[str, Any]]:
        return [{"place": r.place, "number": r.number, "name": r.name, "total": r.total,
                 "rounds": list(r.rounds), "table_wins": r.table_wins,
                 "withdrawn": r.withdrawn} for r in t.ranking(up_to, only)]
    out = t.public_json()
    out["current_round"] = t.current_round
    out["ranking"] = lines()
    out["round_rankings"] = [lines(only=r.number) for r in t.played
                             if r.results]
    return out


# ---------------------------------------------------------------------- requests
def _rows_arg(body: dict[str, Any], name: str) -> Any:
    if name not in body:
        raise WebError("bad_request", f"{name}: missing")
    return body[name]


async def _body(request: Request) -> dict[str, Any]:
    if not same_origin(request.headers):
        raise WebError("cross_origin", "requests from other sites are refused", 403)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise WebError("too_large", f"a request body holds at most {MAX_BODY} bytes", 413)
    data = parse_json(raw or b"{}")
    if not isinstance(data, dict):
        raise WebError("bad_request", "the body must be a JSON object")
    return data


def _token(request: Request, body: dict[str, Any] | None = None) -> str | None:
    tok = request.headers.get("x-owner-token")
    if tok is None and body is not None and isinstance(body.get("token"), str):
        tok = body["token"]
    return tok[:128] if tok else None


def _client(request: Request) -> str:
    return client_key(request.client.host if request.client else None)


def _error(code: str, message: str, status: int = 400, field: str | None = None,
           cause: BaseException | None = None) -> JSONResponse:
    """A refusal; where ``cause`` was one option's refused value, with the reason and
    parameters the client says it by (see :func:`~.guard.rules_refused`)."""
    out: dict[str, Any] = rules_refused(code, message, status, cause).body() \
        if cause is not None else {"error": code, "message": message}
    if field is not None:
        out["field"] = field
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
            return JSONResponse(e.body(), status_code=e.status)
        except PadError as e:
            return _error("invalid", str(e), 422, e.field or _field(str(e)), e)
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


def _created(docs: DocStore, request: Request, doc: dict[str, Any],
             view: dict[str, Any]) -> Response:
    """A new document stored: its id, the owner's token (shown once) and its view."""
    doc_id, token = docs.create(doc, _client(request))
    return JSONResponse({"id": doc_id, "token": token, "version": 1, **view},
                        status_code=201)


def _shown(docs: DocStore, request: Request, param: str,
           view: Callable[[dict[str, Any]], dict[str, Any]]) -> Response:
    """A document's view for everyone with its id; 304 while the reader's is current."""
    got = docs.read(request.path_params[param])
    if _since(request, got.version):
        return Response(status_code=304)
    return JSONResponse({"id": got.id, "version": got.version, **view(got.doc)})


def routes(store_of: Callable[[Request], Store]) -> list[BaseRoute]:
    """The pad and tournament routes; ``store_of`` finds the server's store (made in the
    app's lifespan)."""

    def pads(request: Request) -> DocStore:
        return DocStore(store_of(request), PadRow)

    def clubs(request: Request) -> DocStore:
        return DocStore(store_of(request), TournamentRow)

    # ------------------------------------------------------------------ pads
    async def create_pad(request: Request) -> Response:
        body = await _body(request)
        players = _rows_arg(body, "players")
        if not isinstance(players, list) or len(players) > 8:
            raise WebError("bad_request", "players: a list of at most 8 names")
        options = body.get("options", {})
        if not isinstance(options, dict) or len(options) > 100:
            raise WebError("bad_request", "options: an object of at most 100 options")
        preset = body.get("preset")
        if preset is not None and not isinstance(preset, str):
            raise WebError("bad_request", "preset: a name")
        pad = Pad.new(str(_rows_arg(body, "game"))[:40], players, preset, options,
                      _int_arg(body.get("first_dealer", 0), "first_dealer", 0, 7))
        return _created(pads(request), request, pad.to_json(), {"pad": pad_view(pad)})

    async def get_pad(request: Request) -> Response:
        return _shown(pads(request), request, "pad_id",
                      lambda doc: {"pad": pad_view(Pad.from_json(doc))})

    def change_pad(request: Request, body: dict[str, Any],
                   step: Callable[[Pad], None]) -> Response:
        out: dict[str, Pad] = {}

        def change(doc: dict[str, Any]) -> dict[str, Any]:
            pad = Pad.from_json(doc)
            step(pad)
            out["pad"] = pad
            return pad.to_json()
        got = pads(request).update(request.path_params["pad_id"], _token(request, body),
                                   change)
        return JSONResponse({"id": got.id, "version": got.version,
                             "pad": pad_view(out["pad"])})

    async def add_deal(request: Request) -> Response:
        body = await _body(request)
        deal = _rows_arg(body, "deal")
        return change_pad(request, body, lambda p: p.add(p.read_entry(deal)))

    async def correct_deal(request: Request) -> Response:
        body = await _body(request)
        deal = _rows_arg(body, "deal")
        number = request.path_params["number"]
        return change_pad(request, body, lambda p: p.correct(number - 1, p.read_entry(deal)))

    async def remove_last(request: Request) -> Response:
        body = await _body(request)
        return change_pad(request, body, lambda p: p.remove_last())

    async def pad_file(request: Request) -> Response:
        got = pads(request).read(request.path_params["pad_id"])
        pad = Pad.from_json(got.doc)
        lang = "en" if request.query_params.get("lang") == "en" else "de"
        fmt = request.path_params["fmt"]
        if fmt not in ("csv", "pdf"):
            raise WebError("not_found", "files: sheet.csv, sheet.pdf", 404)
        if fmt == "csv":
            return Response(pad_csv(pad, lang), media_type="text/csv; charset=utf-8",
                            headers={"content-disposition":
                                     f'attachment; filename="pad-{got.id}.csv"'})
        return Response(score_sheet_pdf(pad, lang=lang), media_type="application/pdf",
                        headers={"content-disposition":
                                 f'attachment; filename="pad-{got.id}.pdf"'})

    # ------------------------------------------------------------------ tournaments
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
        t = Tournament.new(
            str(_rows_arg(body, "title")), str(body.get("date", "")),
            str(body.get("place", "")), str(_rows_arg(body, "game"))[:40],
            rounds=_int_arg(body.get("rounds", 3), "rounds", 1, 30),
            deals_per_round=_int_arg(body.get("deals_per_round", 12), "deals_per_round",
                                     1, 100),
            preset=preset, options=options, table_sizes=sizes,
            preferred_size=None if body.get("preferred_size") is None else
            _int_arg(body.get("preferred_size"), "preferred_size", 2, 8),
            tie_rule=str(body.get("tie_rule", "shared")),
            seed=secrets.randbelow(2**62), note=str(body.get("note", ""))[:2000])
        return _created(clubs(request), request, t.to_json(), {"tournament": club_view(t)})

    async def get_club(request: Request) -> Response:
        return _shown(clubs(request), request, "club_id",
                      lambda doc: {"tournament": club_view(Tournament.from_json(doc))})

    def change_club(request: Request, body: dict[str, Any],
                    step: Callable[[Tournament], Any]) -> Response:
        out: dict[str, Any] = {}

        def change(doc: dict[str, Any]) -> dict[str, Any]:
            t = Tournament.from_json(doc)
            out["result"] = step(t)
            out["t"] = t
            return t.to_json()
        got = clubs(request).update(request.path_params["club_id"], _token(request, body),
                                    change)
        return JSONResponse({"id": got.id, "version": got.version,
                             "result": out["result"], "tournament": club_view(out["t"])})

    async def add_player(request: Request) -> Response:
        body = await _body(request)
        name = _rows_arg(body, "name")
        if not isinstance(name, str):
            raise WebError("bad_request", "name: a text")
        number = body.get("number")
        if number is not None:
            number = _int_arg(number, "number", 1, 9999)
        return change_club(request, body, lambda t: t.add_player(name, number))

    async def withdraw(request: Request) -> Response:
        body = await _body(request)
        number = _int_arg(_rows_arg(body, "number"), "number", 1, 9999)
        return change_club(request, body, lambda t: t.withdraw(number))

    async def start_round(request: Request) -> Response:
        body = await _body(request)
        bots = body.get("fill_with_bots", False) is True

        def step(t: Tournament) -> dict[str, Any]:
            # A bounded search: a request never runs the seating search unbounded.
            r = t.start_round(fill_with_bots=bots, budget=20_000)
            return {"round": r.number, "tables": r.tables, "repeats": r.repeats}
        return change_club(request, body, step)

    async def enter_table(request: Request) -> Response:
        body = await _body(request)
        round_no = request.path_params["round"]
        table = request.path_params["table"]
        if "pad" in body:
            pad_id = body["pad"]
            if not isinstance(pad_id, str):
                raise WebError("bad_request", "pad: a pad's id")
            pad = Pad.from_json(pads(request).read(pad_id).doc)
            return change_club(request, body, lambda t: t.enter_pad(round_no, table, pad))
        scores = _rows_arg(body, "scores")
        if not isinstance(scores, list) or len(scores) > 8:
            raise WebError("bad_request", "scores: a list, one per seat")
        checked = [_int_arg(v, "scores", -1_000_000, 1_000_000) for v in scores]
        return change_club(request, body,
                           lambda t: t.enter_totals(round_no, table, checked))

    def table_pads(request: Request) -> DocStore:
        # The pads a tournament makes count against the tournament, not its organiser's
        # fifty: one a table and round, at most.
        return DocStore(store_of(request), PadRow, MAX_PADS_PER_CLUB)

    def organiser_only(request: Request, docs: DocStore, token: str | None) -> str:
        club_id: str = request.path_params["club_id"]
        if not docs.owner(club_id, token):
            raise WebError("forbidden", "the owner's link is needed for this", 403)
        assert token is not None
        return club_id

    def pad_link(request: Request, token: str, t: Tournament) -> dict[str, Any]:
        """A table's linked pad for its organiser: the id, and the owner token where the
        pad is the one the tournament made (else the table has it, not the organiser)."""
        club_id = request.path_params["club_id"]
        round_no, table = request.path_params["round"], request.path_params["table"]
        t.table_seats(round_no, table)
        pad_id = t.played[round_no - 1].pads.get(table)
        if pad_id is None:
            return {"pad": None, "token": None}
        mine = table_pad_token(token, club_id, round_no, table)
        try:
            own = pads(request).owner(pad_id, mine)
        except WebError:
            own = False                      # no such pad (any more)
        return {"pad": pad_id, "token": mine if own else None}

    async def get_table_pad(request: Request) -> Response:
        """Organiser: the pad linked to a table, with its owner token where he made it."""
        token = _token(request)
        docs = clubs(request)
        club_id = organiser_only(request, docs, token)
        assert token is not None
        return JSONResponse(pad_link(request, token,
                                     Tournament.from_json(docs.read(club_id).doc)))

    async def link_table_pad(request: Request) -> Response:
        """Organiser: make a score pad for a table (the tournament's game and rules, the
        table's players in seat order) and link it, or link an existing pad (``{"pad":
        id or link}``). Making one for a table that has one answers the one it has."""
        body = await _body(request)
        token = _token(request, body)
        docs = clubs(request)
        club_id = organiser_only(request, docs, token)
        assert token is not None
        round_no, table = request.path_params["round"], request.path_params["table"]
        t = Tournament.from_json(docs.read(club_id).doc)
        seats = t.table_seats(round_no, table)
        given = body.get("pad")
        if given is not None:
            if not isinstance(given, str):
                raise WebError("bad_request", "pad: a pad's id or link")
            pad_id = given.split("#")[0].rstrip("/").rsplit("/", 1)[-1][:32]
            t.check_pad(round_no, table, Pad.from_json(pads(request).read(pad_id).doc))
        elif table not in t.played[round_no - 1].pads:
            names: list[str] = []
            for k, who in enumerate(seats, 1):
                name = (t.player(who).name if who is not None else f"Bot {k}")[:40]
                if name in names:
                    name = f"{name[:32]} ({who if who is not None else k})"
                names.append(name)
            pad = Pad.new(t.game, names, t.rules.preset, t.rules.changed_options())
            pad_id, _ = table_pads(request).create(
                pad.to_json(), f"club:{club_id}",
                table_pad_token(token, club_id, round_no, table))
        else:
            pad_id = t.played[round_no - 1].pads[table]

        def step(t: Tournament) -> dict[str, Any]:
            # Another request may have linked one meanwhile: a made pad never replaces it.
            if given is not None or table not in t.played[round_no - 1].pads:
                t.link_pad(round_no, table, pad_id)
            assert token is not None
            return pad_link(request, token, t)
        return change_club(request, body, step)

    async def club_file(request: Request) -> Response:
        got = clubs(request).read(request.path_params["club_id"])
        t = Tournament.from_json(got.doc)
        lang = "en" if request.query_params.get("lang") == "en" else "de"
        name = request.path_params["name"]
        if name == "ranking.pdf":
            return Response(ranking_pdf(t, lang=lang), media_type="application/pdf")
        if name == "ranking.csv":
            return Response(ranking_csv(t, lang=lang), media_type="text/csv; charset=utf-8")
        if name == "scores.csv":
            return Response(scores_csv(t, lang=lang), media_type="text/csv; charset=utf-8")
        if name == "slips.pdf":
            return Response(run_slips(t, lang=lang), media_type="application/pdf")
        if name == "cards.pdf":
            raw = request.query_params.get("round", "")
            if raw and not (raw.isdigit() and len(raw) < 4):
                raise WebError("bad_request", "round: a round's number")
            round_no = int(raw) if raw else t.current_round
            if not 1 <= round_no <= t.current_round:
                raise WebError("not_found", f"no round {round_no} (started: "
                               f"{t.current_round}): table cards are made when a round "
                               "is drawn", 404)
            return Response(table_cards(t, round_no, lang=lang),
                            media_type="application/pdf")
        raise WebError("not_found", "files: ranking.pdf, slips.pdf, cards.pdf, ranking.csv, "
                       "scores.csv", 404)

    async def page(request: Request) -> Response:
        return page_response("docs.body.html", "pad.css")   # loads pad.js or club.js

    async def page_texts(request: Request) -> Response:
        return JSONResponse(PAGE)

    g = _guarded
    return [
        Route("/pad", page),
        Route("/pad/{pad_id}", page),
        Route("/club", page),
        Route("/club/{club_id}", page),
        Route("/api/page-texts", page_texts),
        Route("/api/pads", g(create_pad), methods=["POST"]),
        Route("/api/pads/{pad_id}", g(get_pad), methods=["GET"]),
        Route("/api/pads/{pad_id}/deals", g(add_deal), methods=["POST"]),
        Route("/api/pads/{pad_id}/deals/last", g(remove_last), methods=["DELETE"]),
        Route("/api/pads/{pad_id}/deals/{number:int}", g(correct_deal), methods=["PUT"]),
        Route("/api/pads/{pad_id}/sheet.{fmt:str}", g(pad_file), methods=["GET"]),
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
        Route("/api/clubs/{club_id}/files/{name:str}", g(club_file), methods=["GET"]),
    ]
