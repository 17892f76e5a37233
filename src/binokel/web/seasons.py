"""A club's season on the web (Jahreswertung, issue 34): the club's evenings of this server
added up under the club's rule (:mod:`binokel.tournament.season`), with an organiser's
secret link like the club evenings' (:mod:`binokel.web.pads`).

A season is one JSON document (:class:`ClubSeason`, version 1) in its own row of the
``seasons`` table, with the owner token's hash, read and checked again on every use:

- the club's name, the season's title, the game, the rule (``sum``, ``best`` with how many
  evenings count, ``average``), the evenings a member needs to be ranked and whether
  players who are no members are ranked as guests;
- the members: each with his name in the season and, for a member with an account, the
  account's id (the key that "my seasons" and the highlighted own line follow; it is never
  shown: the season's public view and files name members by name);
- the spellings: a name as an evening lists it -> the member it is (a guest's "Gabi" who is
  the member "Gabriele"); every other name counts for the member of that name, or is a
  guest;
- the evenings: per club tournament of this server (its id) its title, date and each
  player's points and deals (:meth:`Evening.from_tournament`), taken when the organiser
  attaches it and again when he updates it (a running evening's later rounds).

The season page's view (:func:`season_view`) is the ranking under the rule, the evenings in
date order, the members and the names on evenings that are no member (offered as new
members or as a member's spelling). Every change runs in the worker pool
(:func:`season_change`), is checked by building the pure season, and is refused with a
reason the page says in both languages (``why_season_*`` in ``tournament/texts.toml``).

``season_members`` keeps which account is a member of which season, for the account's "my
seasons" (``GET /api/account/seasons``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from sqlalchemy import String
from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import Session
from sqlalchemy.orm import mapped_column
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from ..registry import find_game
from ..tournament.checks import DataError
from ..tournament.club import MAX_NAME
from ..tournament.club import Tournament
from ..tournament.printout import season_csv
from ..tournament.printout import season_pdf
from ..tournament.season import MAX_EVENINGS
from ..tournament.season import RULES
from ..tournament.season import Evening
from ..tournament.season import Member
from ..tournament.season import Season
from .documents import dumps
from .documents import envelope
from .guard import WebError
from .names import clean_name
from .pads import DocRow
from .pads import DocStore
from .pads import Documents
from .pads import Stored
from .pads import TournamentRow
from .pads import _body
from .pads import _guarded
from .pads import _lang
from .pads import _since
from .pads import _token
from .pads import changed
from .pads import json_bytes
from .pages import doc_page
from .server import client_of
from .server import server_of
from .sessions import session_account
from .store import Base
from .store import Store
from .store import now

VERSION = 1
MAX_MEMBERS = 200            # members of one season
MAX_SPELLINGS = 400          # other spellings of members' names
MAX_CLUB = 100               # characters of the club's name
MAX_TITLE = 90               # ... and of the season's title (the PDF prints both)
MAX_SEASON_BYTES = 1024 * 1024   # 100 evenings of 100 players are about 400 KB
MAX_MY_SEASONS = 50          # seasons "my seasons" lists (the newest)
FILES = ("season.pdf", "season.csv")


class SeasonRow(DocRow):
    __tablename__ = "seasons"


class SeasonMemberRow(Base):
    """An account that is a member of a season (for "my seasons")."""

    __tablename__ = "season_members"
    season_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(24), primary_key=True, index=True)


def refused(reason: str, message: str, status: int = 422, field: str | None = None,
            **params: int | str) -> WebError:
    """A refusal the page says in the reader's language (``why_<reason>``)."""
    return WebError("invalid", message, status, reason=reason, params=params, field=field)


@dataclass
class ClubEvening:
    """An evening as the season keeps it: the club tournament's id, title, date and each
    player's (points, deals)."""

    id: str
    title: str
    date: str
    results: dict[str, tuple[int, int]]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "date": self.date,
                "results": {n: list(r) for n, r in self.results.items()}}


@dataclass
class SeasonMember:
    name: str
    account: str | None = None       # the account's id; None: a member without account


@dataclass
class ClubSeason:
    """The web's season document (see the module's docstring)."""

    club: str
    title: str
    game: str
    rule: str = "sum"
    best: int | None = None
    min_evenings: int = 1
    guests: bool = False
    members: list[SeasonMember] = field(default_factory=list)
    spellings: dict[str, str] = field(default_factory=dict)
    evenings: list[ClubEvening] = field(default_factory=list)

    # ------------------------------------------------------------------ reading
    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, "club": self.club, "title": self.title,
                "game": self.game, "rule": self.rule, "best": self.best,
                "min_evenings": self.min_evenings, "guests": self.guests,
                "members": [{"name": m.name, "account": m.account} for m in self.members],
                "spellings": dict(self.spellings),
                "evenings": [e.to_json() for e in self.evenings]}

    @classmethod
    def from_json(cls, data: Any) -> ClubSeason:
        """A stored season, checked again: the pure season is built from it, so that its
        rule, members and evenings pass :class:`~binokel.tournament.season.Season`'s
        checks (a :class:`~.checks.DataError` otherwise)."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise DataError("season: a version 1 document expected")
        raw_members = data.get("members")
        if not isinstance(raw_members, list) or len(raw_members) > MAX_MEMBERS or \
                not all(isinstance(m, dict) for m in raw_members):
            raise DataError(f"members: a list of at most {MAX_MEMBERS} members")
        pure = Season.from_json({
            "title": "x", "rule": data.get("rule"), "best": data.get("best"),
            "min_evenings": data.get("min_evenings"), "guests": data.get("guests"),
            "members": [{"key": m.get("name"), "name": m.get("name")} for m in raw_members],
            "evenings": data.get("evenings")})
        members = [SeasonMember(m.name, _account(raw)) for m, raw
                   in zip(pure.members, raw_members, strict=True)]
        spellings = data.get("spellings")
        if not isinstance(spellings, dict) or len(spellings) > MAX_SPELLINGS or \
                not all(isinstance(k, str) and isinstance(v, str) and len(k) <= MAX_NAME
                        for k, v in spellings.items()):
            raise DataError("spellings: an object of names")
        ids = [e.get("id") for e in data["evenings"]]
        if not all(isinstance(i, str) and 0 < len(i) <= 32 for i in ids):
            raise DataError("evening id: a club tournament's id")
        game = _text(data.get("game"), 40)
        try:
            find_game(game)
        except ValueError:
            raise DataError(f"game: no game {game!r} on this server") from None
        out = cls(_text(data.get("club"), MAX_CLUB), _text(data.get("title"), MAX_TITLE),
                  game, pure.rule, pure.best, pure.min_evenings,
                  pure.guests, members, dict(spellings),
                  [ClubEvening(i, e.title, e.date, dict(e.results))
                   for i, e in zip(ids, pure.evenings, strict=True)])
        out.season()            # the spellings fit the members and evenings
        return out

    # ------------------------------------------------------------------ the pure season
    def member(self, name: str) -> SeasonMember | None:
        return next((m for m in self.members if m.name == name), None)

    def who(self, name: str) -> str:
        """The member an evening's ``name`` is (by spelling, else by name), or the name
        itself (a guest)."""
        return self.spellings.get(name, name)

    def ordered(self) -> list[ClubEvening]:
        """The evenings by date (attached order among the same date)."""
        return sorted(self.evenings, key=lambda e: e.date)

    def season(self) -> Season:
        """The pure season: members by name (the key too: account ids stay in here),
        each evening's names turned into the members they are."""
        evenings = []
        for e in self.ordered():
            results: dict[str, tuple[int, int]] = {}
            by: dict[str, str] = {}
            for name, r in e.results.items():
                target = self.who(name)
                if target in results:
                    raise refused("season_spelling_twice",
                                  f"{by[target]} and {name} both played on {e.title} "
                                  f"({e.date}): they cannot both be {target}",
                                  a=by[target], b=name, member=target, evening=e.title)
                results[target] = r
                by[target] = name
            evenings.append(Evening(e.title, e.date, results))
        title = f"{self.club} – {self.title}" if self.title else self.club
        return Season(title, [Member(m.name, m.name) for m in self.members], evenings,
                      rule=self.rule, best=self.best, min_evenings=self.min_evenings,
                      guests=self.guests)

    def unmatched(self) -> list[dict[str, Any]]:
        """Names on evenings that are no member: how often each played."""
        names = {m.name for m in self.members}
        seen: dict[str, int] = {}
        for e in self.evenings:
            for name in e.results:
                if self.who(name) not in names:
                    seen[name] = seen.get(name, 0) + 1
        return [{"name": n, "evenings": k} for n, k in sorted(seen.items())]

    # ------------------------------------------------------------------ changes
    def set_rule(self, rule: Any, best: Any, min_evenings: Any, guests: Any) -> None:
        self.rule, self.best, self.min_evenings, self.guests = check_rule(
            rule, best, min_evenings, guests)

    def add_member(self, name: str, account: str | None) -> None:
        if len(self.members) >= MAX_MEMBERS:
            raise refused("season_members_full", f"a season has at most {MAX_MEMBERS} "
                          "members", n=MAX_MEMBERS)
        if self.member(name) is not None:
            raise refused("season_member_twice", f"{name} is a member already",
                          field="name", name=name)
        if account is not None and any(m.account == account for m in self.members):
            raise refused("season_member_twice", f"{name} is a member already",
                          field="name", name=name)
        if name in self.spellings:
            raise refused("season_member_spelling", f"{name} is a spelling of "
                          f"{self.spellings[name]}; undo that first", field="name",
                          name=name, member=self.spellings[name])
        self.members.append(SeasonMember(name, account))

    def remove_member(self, name: str) -> None:
        if self.member(name) is None:
            raise refused("season_no_member", f"{name} is no member", name=name)
        self.members = [m for m in self.members if m.name != name]
        self.spellings = {k: v for k, v in self.spellings.items() if v != name}

    def spell(self, spelling: str, member: str | None) -> None:
        """``spelling`` (a name as an evening lists it) is ``member``; None: it is nobody
        (counts as itself again)."""
        if member is None:
            self.spellings.pop(spelling, None)
            return
        if self.member(member) is None:
            raise refused("season_no_member", f"{member} is no member", name=member)
        if self.member(spelling) is not None:
            raise refused("season_spelling_member", f"{spelling} is a member of his own",
                          name=spelling)
        if spelling not in self.spellings and len(self.spellings) >= MAX_SPELLINGS:
            raise refused("season_spellings_full", f"at most {MAX_SPELLINGS} spellings",
                          n=MAX_SPELLINGS)
        self.spellings[spelling] = member

    def add_evening(self, club_id: str, t: Tournament) -> None:
        if any(e.id == club_id for e in self.evenings):
            raise refused("season_evening_twice", f"{t.title} ({t.date}) is in the season "
                          "already", field="club", title=t.title)
        if len(self.evenings) >= MAX_EVENINGS:
            raise refused("season_evenings_full", f"a season has at most {MAX_EVENINGS} "
                          "evenings", n=MAX_EVENINGS)
        self.evenings.append(self._evening(club_id, t))

    def update_evening(self, club_id: str, t: Tournament) -> None:
        i = self._index(club_id)
        self.evenings[i] = self._evening(club_id, t)

    def remove_evening(self, club_id: str) -> None:
        del self.evenings[self._index(club_id)]

    def _index(self, club_id: str) -> int:
        for i, e in enumerate(self.evenings):
            if e.id == club_id:
                return i
        raise refused("season_no_evening", "that evening is not in the season", 404,
                      field="club")

    def _evening(self, club_id: str, t: Tournament) -> ClubEvening:
        if t.game != self.game:
            mine, theirs = find_game(self.game).title, find_game(t.game).title
            raise refused("season_evening_game", f"{t.title} is an evening of {theirs[1]}, "
                          f"the season counts {mine[1]}", field="club", title=t.title,
                          game_de=theirs[0], game_en=theirs[1], season_de=mine[0],
                          season_en=mine[1])
        e = Evening.from_tournament(t)
        return ClubEvening(club_id, e.title, e.date, dict(e.results))


def _text(v: Any, limit: int) -> str:
    if not isinstance(v, str) or len(v) > limit:
        raise DataError(f"a text of at most {limit} characters expected")
    return v


def _account(raw: Any) -> str | None:
    account = raw.get("account") if isinstance(raw, dict) else None
    if account is not None and not (isinstance(account, str) and 0 < len(account) <= 24):
        raise DataError("member account: an account's id")
    return account


def check_rule(rule: Any, best: Any, min_evenings: Any, guests: Any
               ) -> tuple[str, int | None, int, bool]:
    """The rule and its parameters as a person chose them, or a refusal that says which."""
    if rule not in RULES:
        raise refused("season_rule", f"rule: one of {', '.join(RULES)}", field="rule")
    if rule == "best":
        if isinstance(best, bool) or not isinstance(best, int) or \
                not 1 <= best <= MAX_EVENINGS:
            raise refused("season_best", f"best: how many evenings count, 1 to "
                          f"{MAX_EVENINGS}", field="best", n=MAX_EVENINGS)
    else:
        best = None
    if isinstance(min_evenings, bool) or not isinstance(min_evenings, int) or \
            not 1 <= min_evenings <= MAX_EVENINGS:
        raise refused("season_min", f"min_evenings: 1 to {MAX_EVENINGS}",
                      field="min_evenings", n=MAX_EVENINGS)
    if not isinstance(guests, bool):
        raise refused("season_guests", "guests: true or false", field="guests")
    return rule, best, min_evenings, guests


# ---------------------------------------------------------------------- worker jobs
def season_view(s: ClubSeason) -> dict[str, Any]:
    """What the season page shows (public): the ranking under the rule with each evening's
    points and whether it counted, the evenings in order, the members (by name; whether
    each has an account) with their spellings, the names on evenings that are no member."""
    pure = s.season()
    title = find_game(s.game).title
    spelled: dict[str, list[str]] = {}
    for k, v in sorted(s.spellings.items()):
        spelled.setdefault(v, []).append(k)
    return {
        "club": s.club, "title": s.title, "game": s.game,
        "game_title": {"de": title[0], "en": title[1]},
        "rule": s.rule, "best": s.best, "min_evenings": s.min_evenings, "guests": s.guests,
        "evenings": [{"id": e.id, "title": e.title, "date": e.date,
                      "players": len(e.results)} for e in s.ordered()],
        "ranking": [{"place": ln.place, "name": ln.name, "value": ln.value,
                     "points": ln.points, "deals": ln.deals,
                     "evenings": list(ln.evenings), "counted": list(ln.counted),
                     "guest": ln.guest} for ln in pure.ranking()],
        "members": [{"name": m.name, "account": m.account is not None,
                     "spellings": spelled.get(m.name, [])} for m in s.members],
        "unmatched": s.unmatched(),
        "limits": {"members": MAX_MEMBERS, "evenings": MAX_EVENINGS, "name": MAX_NAME},
    }


def season_page(doc: dict[str, Any]) -> bytes:
    return dumps(season_view(ClubSeason.from_json(doc)))


def season_change(doc: dict[str, Any], op: str, args: list[Any]
                  ) -> tuple[dict[str, Any], bytes]:
    """A change of the season (the operations of :class:`ClubSeason`; an evening's club
    document comes as JSON and is read here); the new document and its view. The season
    is built once more, so a change that would make it impossible is refused."""
    s = ClubSeason.from_json(doc)
    if op == "rule":
        s.set_rule(*args)
    elif op == "add_member":
        s.add_member(args[0], args[1])
    elif op == "remove_member":
        s.remove_member(args[0])
    elif op == "spell":
        s.spell(args[0], args[1])
    elif op in ("add_evening", "update_evening"):
        t = Tournament.from_json(args[1])
        (s.add_evening if op == "add_evening" else s.update_evening)(args[0], t)
    elif op == "remove_evening":
        s.remove_evening(args[0])
    else:   # pragma: no cover - the handlers name the operations
        raise ValueError(f"no season operation {op!r}")
    view = season_view(s)
    return s.to_json(), dumps(view)


def season_file(doc: dict[str, Any], name: str, lang: str) -> bytes:
    pure = ClubSeason.from_json(doc).season()
    if name == "season.pdf":
        return season_pdf(pure, lang=lang)
    return season_csv(pure, lang=lang).encode()


def season_lines(docs: list[tuple[str, dict[str, Any], str]]) -> bytes:
    """"My seasons": per (season id, document, member name) the season's heading and the
    member's own line."""
    out = []
    for season_id, doc, name in docs:
        try:
            s = ClubSeason.from_json(doc)
            line = s.season().line_of(name)
        except (DataError, WebError):   # pragma: no cover - stored documents are checked
            continue
        out.append({"id": season_id, "club": s.club, "title": s.title, "rule": s.rule,
                    "best": s.best, "place": None if line is None else line.place,
                    "value": None if line is None else line.value,
                    "evenings": len(s.evenings)})
    return dumps({"seasons": out})


# ---------------------------------------------------------------------- requests
def _club_id(value: Any) -> str:
    """A club tournament's id from its id or any of its links (the organiser's too: the
    fragment is dropped, never stored)."""
    if not isinstance(value, str) or not value.strip() or len(value) > 500:
        raise refused("season_no_evening", "club: a club evening's link or id",
                      field="club")
    return value.split("#")[0].split("?")[0].rstrip("/").rsplit("/", 1)[-1][:32]


def _member_name(value: Any, what: str = "name") -> str:
    """A member's name as a club player's is checked (nothing that passes for a bot)."""
    return clean_name(value, MAX_NAME, code="invalid", status=422, what=what, field=what)


def _seasons(request: Request) -> Documents:
    return Documents(DocStore(server_of(request).store, SeasonRow,
                              max_bytes=MAX_SEASON_BYTES))


def _clubs(request: Request) -> Documents:
    return Documents(DocStore(server_of(request).store, TournamentRow))


async def _me(request: Request) -> str | None:
    """The logged-in account's id (None: a guest)."""
    account = await asyncio.to_thread(session_account, server_of(request).accounts, request)
    return account.id if account is not None else None


def _sync_members(store: Store, stored: Stored) -> None:
    """``season_members`` as the stored document says after a change of members (read
    again in the transaction: of two changes at once, the later state wins)."""
    with store.session.begin() as s:
        row = s.get(SeasonRow, stored.id)
        members = row.doc.get("members", []) if row is not None else []
        ids = {m.get("account") for m in members} - {None}
        s.execute(delete(SeasonMemberRow).where(SeasonMemberRow.season_id == stored.id))
        s.add_all(SeasonMemberRow(season_id=stored.id, account_id=a) for a in ids)


def _my_seasons(store: Store, account: str) -> list[tuple[str, dict[str, Any], str]]:
    """The newest seasons ``account`` is a member of: (id, document, his name in it)."""
    with store.session() as s:
        rows = s.execute(
            select(SeasonRow.id, SeasonRow.doc)
            .join(SeasonMemberRow, SeasonMemberRow.season_id == SeasonRow.id)
            .where(SeasonMemberRow.account_id == account)
            .order_by(SeasonRow.created_at.desc()).limit(MAX_MY_SEASONS)).all()
    out = []
    for season_id, doc in rows:
        name = next((m["name"] for m in doc.get("members", [])
                     if m.get("account") == account), None)
        if name is not None:
            out.append((season_id, doc, name))
    return out


async def create(request: Request) -> Response:
    body = await _body(request)
    club = clean_name(body.get("club"), MAX_CLUB, reserved=False, code="invalid",
                      status=422, what="club", field="club")
    title = clean_name(body.get("title") or "", MAX_TITLE, reserved=False,
                       code="invalid", status=422, what="title", field="title") \
        if body.get("title") else ""
    game = body.get("game")
    try:
        find_game(str(game)[:40])
    except ValueError:
        raise refused("season_game", "game: a game of this server", field="game") from None
    rule = check_rule(body.get("rule", "sum"), body.get("best"),
                      body.get("min_evenings", 1), body.get("guests", False))
    s = ClubSeason(club, title, str(game), *rule)
    season_id, token = await _seasons(request).create(s.to_json(), client_of(request))
    return JSONResponse({"id": season_id, "token": token, "version": 1,
                         "season": season_view(s)}, status_code=201)


async def get_season(request: Request) -> Response:
    got = await _seasons(request).read(request.path_params["season_id"])
    if _since(request, got.version):
        return Response(status_code=304)
    view = await server_of(request).work.run(("season", got.id, got.version),
                                             client_of(request), season_page, got.doc)
    account = await _me(request)
    mine = next((m["name"] for m in got.doc.get("members", [])
                 if account is not None and m.get("account") == account), None)
    return json_bytes(envelope({"id": got.id, "version": got.version, "me": mine},
                               "season", view))


async def _change(request: Request, body: dict[str, Any], op: str, *args: Any,
                  members: bool = False) -> Response:
    server = server_of(request)

    async def compute(got: Stored) -> tuple[dict[str, Any], bytes]:
        new, view = await server.work.run(None, client_of(request), season_change, got.doc,
                                          op, list(args))
        return new, view
    stored, view = await changed(_seasons(request), request.path_params["season_id"],
                                 _token(request, body), compute)
    server.work.cache.put(("season", stored.id, stored.version), view)
    if members:
        await asyncio.to_thread(_sync_members, server.store, stored)
    return json_bytes(envelope({"id": stored.id, "version": stored.version},
                               "season", view))


async def _owned(request: Request, body: dict[str, Any]) -> None:
    """The organiser's link before any look-up a stranger could use to probe."""
    got = await _seasons(request).read(request.path_params["season_id"])
    if not DocStore.owns(got, _token(request, body)):
        raise WebError("forbidden", "the organiser's link is needed for this", 403)


async def set_rule(request: Request) -> Response:
    body = await _body(request)
    rule = check_rule(body.get("rule"), body.get("best"), body.get("min_evenings", 1),
                      body.get("guests", False))
    return await _change(request, body, "rule", *rule)


async def add_member(request: Request) -> Response:
    body = await _body(request)
    await _owned(request, body)
    if body.get("account") is not None:
        account = await asyncio.to_thread(server_of(request).accounts.find,
                                          _member_name(body["account"], "account"))
        if account is None:
            raise refused("season_no_account", "no account of that name",
                          field="account", name=str(body["account"])[:MAX_NAME])
        return await _change(request, body, "add_member", account.name, account.id,
                             members=True)
    return await _change(request, body, "add_member", _member_name(body.get("name")),
                         None, members=True)


async def remove_member(request: Request) -> Response:
    body = await _body(request)
    name = body.get("name")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise refused("season_no_member", "name: a member's name", name="")
    return await _change(request, body, "remove_member", name, members=True)


async def spell(request: Request) -> Response:
    body = await _body(request)
    spelling, member = body.get("spelling"), body.get("member")
    if not isinstance(spelling, str) or not 0 < len(spelling) <= MAX_NAME or \
            not (member is None or (isinstance(member, str) and len(member) <= MAX_NAME)):
        raise WebError("bad_request", "spelling: a name on an evening; member: a "
                       "member's name or null")
    return await _change(request, body, "spell", spelling, member)


async def _evening(request: Request, op: str) -> Response:
    body = await _body(request)
    await _owned(request, body)
    club_id = _club_id(body.get("club"))
    if op == "remove_evening":
        return await _change(request, body, op, club_id)
    try:
        club = await _clubs(request).read(club_id)
    except WebError:
        raise refused("season_no_evening", "no club evening of this server has that "
                      "link", 404, field="club") from None
    return await _change(request, body, op, club_id, club.doc)


async def add_evening(request: Request) -> Response:
    return await _evening(request, "add_evening")


async def update_evening(request: Request) -> Response:
    return await _evening(request, "update_evening")


async def remove_evening(request: Request) -> Response:
    return await _evening(request, "remove_evening")


async def download(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in FILES:
        raise WebError("not_found", f"files: {', '.join(FILES)}", 404)
    got = await _seasons(request).read(request.path_params["season_id"])
    lang = _lang(request)
    data = await server_of(request).work.run(("season-file", got.id, got.version, name,
                                              lang), client_of(request), season_file,
                                             got.doc, name, lang)
    media = "application/pdf" if name.endswith(".pdf") else "text/csv; charset=utf-8"
    return Response(data, media_type=media, headers={
        "content-disposition": f'attachment; filename="season-{got.id}.{name[7:]}"'})


async def my_seasons(request: Request) -> Response:
    account = await _me(request)
    if account is None:
        raise WebError("not_logged_in", "log in first", 401)
    server = server_of(request)
    docs = await asyncio.to_thread(_my_seasons, server.store, account)
    return json_bytes(await server.work.run(None, client_of(request), season_lines, docs)
                      if docs else b'{"seasons":[]}')


def _guarded_season(fn: Callable[[Request], Awaitable[Response]]
                    ) -> Callable[[Request], Awaitable[Response]]:
    """:func:`~binokel.web.pads._guarded`, and a stored document that no longer reads back
    refused as invalid."""
    async def run(request: Request) -> Response:
        try:
            return await fn(request)
        except DataError as e:      # a stored document that no longer reads back
            raise WebError("invalid", str(e), 422) from e
    return _guarded(run)


def routes() -> list[BaseRoute]:
    """The season routes (docs/web.md, "Club seasons"); their handlers find the server's
    store, accounts and worker pool through :func:`~binokel.web.server.server_of`."""
    g = _guarded_season
    return [
        Route("/season", doc_page),
        Route("/season/{season_id}", doc_page),
        Route("/api/seasons", g(create), methods=["POST"]),
        Route("/api/seasons/{season_id}", g(get_season), methods=["GET"]),
        Route("/api/seasons/{season_id}/rule", g(set_rule), methods=["POST"]),
        Route("/api/seasons/{season_id}/members", g(add_member), methods=["POST"]),
        Route("/api/seasons/{season_id}/members/remove", g(remove_member),
              methods=["POST"]),
        Route("/api/seasons/{season_id}/spellings", g(spell), methods=["POST"]),
        Route("/api/seasons/{season_id}/evenings", g(add_evening), methods=["POST"]),
        Route("/api/seasons/{season_id}/evenings/update", g(update_evening),
              methods=["POST"]),
        Route("/api/seasons/{season_id}/evenings/remove", g(remove_evening),
              methods=["POST"]),
        Route("/api/seasons/{season_id}/files/{name:str}", g(download), methods=["GET"]),
        Route("/api/account/seasons", g(my_seasons), methods=["GET"]),
    ]


def forget(s: Session, account: str) -> None:
    """A deleted account leaves its seasons' member lists as a member without an account:
    the club's ranking keeps the name its organiser gave him (like a club evening's), the
    link to the account and "my seasons" go."""
    ids = list(s.scalars(select(SeasonMemberRow.season_id)
                         .where(SeasonMemberRow.account_id == account)))
    for season_id in ids:
        row = s.get(SeasonRow, season_id, with_for_update=True)
        if row is None:
            continue
        doc = dict(row.doc)
        doc["members"] = [{**m, "account": None} if m.get("account") == account else m
                          for m in doc.get("members", [])]
        row.doc = doc
        row.version += 1
        row.updated_at = now()
    s.execute(delete(SeasonMemberRow).where(SeasonMemberRow.account_id == account))


def export_of(s: Session, account: str) -> dict[str, Any]:
    """What an account's export holds of its seasons: each with its name in it."""
    rows = s.execute(select(SeasonRow.id, SeasonRow.doc)
                     .join(SeasonMemberRow, SeasonMemberRow.season_id == SeasonRow.id)
                     .where(SeasonMemberRow.account_id == account)
                     .order_by(SeasonRow.created_at)).all()
    return {"seasons": [
        {"season": season_id, "club": doc.get("club"), "title": doc.get("title"),
         "name": next((m.get("name") for m in doc.get("members", [])
                       if m.get("account") == account), None)}
        for season_id, doc in rows]}


__all__ = ["FILES", "MAX_MEMBERS", "ClubSeason", "SeasonMemberRow", "SeasonRow",
           "check_rule", "export_of", "forget", "routes", "season_change", "season_file",
           "season_lines", "season_page", "season_view"]
