"""Friends, invitations, blocks, reports and suspensions of accounts (issue 34), in the
database, shared by every server process.

- **Friends**: one row per pair (``friends``): the one who asked, the one asked, and
  whether it was accepted. A request to somebody who asked you already accepts his.
- **Online**: ``account_seen`` keeps when each account was last seen (a page that polls,
  an open table socket); seen within :data:`ONLINE` is online. Each process writes an
  account's time at most every :data:`SEEN_EVERY`, so polling costs few writes.
- **Blocks** (``blocks``): the blocked account cannot ask the blocker to be friends or
  invite him, and the blocker is not sent his chat lines. Blocking ends a friendship
  (the blocked one sees it end, as if removed); the blocked one is never told more: a
  request he sends is stored but not shown to the blocker.
- **Invitations** (``invitations``): a seated player asks a friend to his table, to play
  or to watch; one lives as long as its table is waiting or playing.
- **Reports** (``reports``): what the operator needs to judge a complaint, kept when it is
  made: the table, the deal, the chat as it stood, who reported whom, and the deal's record
  only if the deal was over (an unfinished deal's hidden cards never go into a report).
- **Suspensions** (``suspensions``): made by ``binokel admin suspend``; the account's
  sessions end, a login is refused until the end date, and a server process leaves the
  account's seats at running tables (a stand-in plays them). The operator's side of
  reports and suspensions is :class:`binokel.web.moderation.Moderation`.
- **Limits** (``social_counts``): requests, invitations and reports per hour, counted in
  the database so that every process counts the same.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import Protocol

from sqlalchemy import JSON
from sqlalchemy import Boolean
from sqlalchemy import DateTime
from sqlalchemy import Integer
from sqlalchemy import String
from sqlalchemy import UniqueConstraint
from sqlalchemy import delete
from sqlalchemy import func
from sqlalchemy import or_
from sqlalchemy import select
from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import Session
from sqlalchemy.orm import mapped_column
from sqlalchemy.orm import sessionmaker

from .accounts import AccountRow
from .accounts import AccountSeatRow
from .accounts import seat_hash
from .guard import WebError
from .names import clean_name
from .names import skeleton
from .store import Base
from .store import SeatRow
from .store import TableRow
from .store import aware
from .store import now

ONLINE = timedelta(minutes=2)        # seen this recently: online
SEEN_EVERY = timedelta(seconds=60)   # a process writes an account's time at most this often
HOUR = timedelta(hours=1)
MAX_FRIENDS = 200          # friends of one account
MAX_PENDING = 20           # requests one account has asked and nobody answered yet
REQUESTS_PER_HOUR = 10     # friend requests one account may send in an hour
INVITES_PER_HOUR = 30      # invitations one account may send in an hour
REPORTS_PER_HOUR = 5       # reports per account (a guest: per address) in an hour ...
REPORTS_PER_ADDRESS = 10   # ... and per address, whoever is logged in there
MAX_REASON = 500           # characters of a report's reason
MAX_BLOCKS = 500           # accounts one account may block
MAX_DAYS = 3650            # the longest suspension


class SeenRow(Base):
    __tablename__ = "account_seen"
    account_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class FriendRow(Base):
    """``asker`` asked ``asked`` to be friends; ``accepted`` once ``asked`` said yes."""

    __tablename__ = "friends"
    __table_args__ = (UniqueConstraint("asker_id", "asked_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    asker_id: Mapped[str] = mapped_column(String(24), index=True)
    asked_id: Mapped[str] = mapped_column(String(24), index=True)
    accepted: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class BlockRow(Base):
    __tablename__ = "blocks"
    blocker_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    blocked_id: Mapped[str] = mapped_column(String(24), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class InvitationRow(Base):
    __tablename__ = "invitations"
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    from_id: Mapped[str] = mapped_column(String(24))
    to_id: Mapped[str] = mapped_column(String(24), index=True)
    watch: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ReportRow(Base):
    __tablename__ = "reports"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now,
                                                 index=True)
    table_id: Mapped[str] = mapped_column(String(32))
    game: Mapped[str] = mapped_column(String(32))
    deal_number: Mapped[int] = mapped_column(Integer)
    deal_over: Mapped[bool] = mapped_column(Boolean)
    reporter_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    reporter_name: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    reported_id: Mapped[str | None] = mapped_column(String(24), nullable=True, index=True)
    reported_name: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(String(MAX_REASON * 4))
    chat: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    # the deal's binokel-record, only when the deal was over when reported
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class SuspensionRow(Base):
    __tablename__ = "suspensions"
    account_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    reason: Mapped[str] = mapped_column(String(MAX_REASON * 4))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # whether a server process has left the account's seats yet
    applied: Mapped[bool] = mapped_column(Boolean, default=False)


class CountRow(Base):
    """One request that counts against an hourly limit (``key``: ``a:<account>`` or
    ``c:<hashed address>``; ``kind``: what was done)."""

    __tablename__ = "social_counts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(80), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


@dataclass(frozen=True)
class Left:
    """A seat a suspension takes from its account."""

    table_id: str
    seat: int
    token: str


def _person(a: AccountRow, online: set[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"id": a.id, "name": a.name}
    if online is not None:
        out["online"] = a.id in online
    return out


def _shape(name: Any) -> str | None:
    try:
        return skeleton(clean_name(name, reserved=False))
    except WebError:
        return None


class Sessions(Protocol):
    """What :class:`Social` needs of a database: the server's :class:`~.store.Store`, or
    the operator's command's plain connection (:func:`tool_sessions`), which does not claim
    the SQLite file a running server holds."""

    session: sessionmaker[Session]


class ToolSessions:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.session = sessionmaker(engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()


def tool_sessions(url: str) -> ToolSessions:
    """Sessions on the server's database for a command run beside the server (the schema
    brought to the newest revision first, a no-op when a server made it)."""
    from .store import make_engine
    from .store import migrate

    migrate(url)
    return ToolSessions(make_engine(url))


def spend(s: Session, kind: str, limits: Sequence[tuple[str, int]]) -> None:
    """Counts one ``kind`` against each ``(key, per hour)``; 429 if one is spent."""
    at = now()
    s.execute(delete(CountRow).where(CountRow.at < at - HOUR))
    for key, limit in limits:
        used = s.scalar(select(func.count()).select_from(CountRow).where(
            CountRow.key == key, CountRow.kind == kind, CountRow.at >= at - HOUR)) or 0
        if used >= limit:
            raise WebError("rate_limited", f"at most {limit} of these an hour; try "
                           "again later", 429, reason="social_limit",
                           params={"limit": limit})
    s.add_all(CountRow(key=key, kind=kind, at=at) for key, _ in limits)


def named(s: Session, name: Any) -> AccountRow:
    shape = _shape(name)
    row = s.scalars(select(AccountRow).where(AccountRow.skeleton == shape)).first() \
        if shape else None
    if row is None:
        raise WebError("no_account", "there is no account of this name", 404,
                       reason="no_account", field="name")
    return row


class Social:
    """The database work of this module (synchronous, short transactions; the routes call
    it in a thread)."""

    def __init__(self, store: Sessions) -> None:
        self.store = store
        self._written: dict[str, datetime] = {}   # this process's last seen-write per account

    # ------------------------------------------------------------------ online
    def seen(self, account_ids: Iterable[str]) -> int:
        """The accounts were seen now; written where this process has not written them
        within :data:`SEEN_EVERY`. How many were written."""
        at = now()
        due = [a for a in set(account_ids)
               if at - self._written.get(a, at - 2 * SEEN_EVERY) >= SEEN_EVERY]
        if not due:
            return 0
        for attempt in range(2):
            try:
                with self.store.session.begin() as s:
                    have = set(s.scalars(select(SeenRow.account_id)
                                         .where(SeenRow.account_id.in_(due))))
                    if have:
                        s.execute(update(SeenRow).where(SeenRow.account_id.in_(have))
                                  .values(seen_at=at))
                    s.add_all(SeenRow(account_id=a, seen_at=at) for a in due
                              if a not in have)
                break
            except IntegrityError:   # another process wrote an account's first time
                if attempt:
                    raise
        for a in due:
            self._written[a] = at
        if len(self._written) > 10_000:   # forget the oldest half
            for a in sorted(self._written, key=self._written.__getitem__)[:5_000]:
                del self._written[a]
        return len(due)

    @staticmethod
    def _online(s: Session, ids: Sequence[str]) -> set[str]:
        if not ids:
            return set()
        return set(s.scalars(select(SeenRow.account_id).where(
            SeenRow.account_id.in_(list(ids)), SeenRow.seen_at >= now() - ONLINE)))

    @staticmethod
    def _blocks(s: Session, blocker: str, blocked: str) -> bool:
        return s.get(BlockRow, (blocker, blocked)) is not None

    @staticmethod
    def _pair(s: Session, a: str, b: str) -> list[FriendRow]:
        return list(s.scalars(select(FriendRow).where(or_(
            (FriendRow.asker_id == a) & (FriendRow.asked_id == b),
            (FriendRow.asker_id == b) & (FriendRow.asked_id == a)))))

    # ------------------------------------------------------------------ friends
    def friends(self, me: str) -> dict[str, Any]:
        """The account's friends (with who is online), the requests it was sent and those
        it sent, and whom it blocks."""
        with self.store.session() as s:
            rows = list(s.scalars(select(FriendRow).where(
                or_(FriendRow.asker_id == me, FriendRow.asked_id == me))))
            blocked = {b.blocked_id: b for b in s.scalars(
                select(BlockRow).where(BlockRow.blocker_id == me))}
            others = {r.asked_id if r.asker_id == me else r.asker_id for r in rows}
            people = {a.id: a for a in s.scalars(select(AccountRow).where(
                AccountRow.id.in_(list(others | set(blocked)))))}
            friend_ids = [r.asked_id if r.asker_id == me else r.asker_id
                          for r in rows if r.accepted]
            online = self._online(s, friend_ids)
        friends = sorted((_person(people[i], online) for i in friend_ids if i in people),
                         key=lambda p: (not p["online"], p["name"].casefold()))
        incoming = [_person(people[r.asker_id]) for r in rows
                    if not r.accepted and r.asked_id == me and r.asker_id in people
                    and r.asker_id not in blocked]
        outgoing = [_person(people[r.asked_id]) for r in rows
                    if not r.accepted and r.asker_id == me and r.asked_id in people]
        return {"friends": friends, "incoming": incoming, "outgoing": outgoing,
                "blocked": sorted((_person(people[i]) for i in blocked if i in people),
                                  key=lambda p: p["name"].casefold())}

    def ask(self, me: str, name: Any) -> dict[str, Any]:
        """``me`` asks the account of ``name`` to be friends (or accepts its request)."""
        with self.store.session.begin() as s:
            other = named(s, name)
            if other.id == me:
                raise WebError("bad_friend", "you cannot be your own friend",
                               reason="self_friend", field="name")
            if self._blocks(s, me, other.id):
                raise WebError("blocked", "you block this player; unblock him first", 409,
                               reason="you_block", field="name")
            pair = self._pair(s, me, other.id)
            if any(r.accepted for r in pair):
                raise WebError("already_friends", "you are friends already", 409,
                               reason="already_friends", field="name")
            theirs = [r for r in pair if r.asker_id == other.id]
            if theirs:
                self._check_friends(s, me)
                theirs[0].accepted = True
                return {"friend": _person(other), "accepted": True}
            if pair:
                raise WebError("already_asked", "you asked already", 409,
                               reason="already_asked", field="name")
            pending = s.scalar(select(func.count()).select_from(FriendRow).where(
                FriendRow.asker_id == me, FriendRow.accepted.is_(False))) or 0
            if pending >= MAX_PENDING:
                raise WebError("too_many_requests", f"at most {MAX_PENDING} requests wait "
                               "for an answer at once", 429, reason="too_many_pending",
                               params={"limit": MAX_PENDING})
            self._check_friends(s, me)
            spend(s, "friend", [(f"a:{me}", REQUESTS_PER_HOUR)])
            # to somebody who blocks ``me`` it is stored all the same, and never shown him
            s.add(FriendRow(asker_id=me, asked_id=other.id))
            return {"friend": _person(other), "accepted": False}

    @staticmethod
    def _check_friends(s: Session, me: str) -> None:
        n = s.scalar(select(func.count()).select_from(FriendRow).where(
            or_(FriendRow.asker_id == me, FriendRow.asked_id == me),
            FriendRow.accepted.is_(True))) or 0
        if n >= MAX_FRIENDS:
            raise WebError("too_many_friends", f"at most {MAX_FRIENDS} friends", 409,
                           reason="too_many_friends", params={"limit": MAX_FRIENDS})

    def answer(self, me: str, other: Any, accept: bool) -> None:
        """``me`` accepts or declines the request of account ``other``."""
        if not isinstance(other, str):
            raise WebError("no_request", "there is no such request", 404)
        with self.store.session.begin() as s:
            row = s.scalars(select(FriendRow).where(
                FriendRow.asker_id == other, FriendRow.asked_id == me,
                FriendRow.accepted.is_(False))).first()
            if row is None or (accept and self._blocks(s, me, other)):
                raise WebError("no_request", "there is no such request", 404)
            if accept:
                self._check_friends(s, me)
                row.accepted = True
            else:
                s.delete(row)

    def remove(self, me: str, other: Any) -> None:
        """Ends a friendship with ``other``, or takes back a request to him."""
        if not isinstance(other, str):
            raise WebError("no_friend", "not a friend", 404)
        with self.store.session.begin() as s:
            done = s.execute(delete(FriendRow).where(or_(
                (FriendRow.asker_id == me) & (FriendRow.asked_id == other),
                (FriendRow.asker_id == other) & (FriendRow.asked_id == me)
                & FriendRow.accepted.is_(True))))
            if not getattr(done, "rowcount", 0):
                raise WebError("no_friend", "not a friend", 404)
            s.execute(delete(InvitationRow).where(or_(
                (InvitationRow.from_id == me) & (InvitationRow.to_id == other),
                (InvitationRow.from_id == other) & (InvitationRow.to_id == me))))

    def are_friends(self, s: Session, a: str, b: str) -> bool:
        return any(r.accepted for r in self._pair(s, a, b))

    # ------------------------------------------------------------------ blocks
    def block(self, me: str, name: Any) -> dict[str, Any]:
        """``me`` blocks the account of ``name``: a friendship ends, ``me``'s requests and
        invitations to him and his invitations to ``me`` go."""
        with self.store.session.begin() as s:
            other = named(s, name)
            if other.id == me:
                raise WebError("bad_block", "you cannot block yourself", reason="self_block",
                               field="name")
            if self._blocks(s, me, other.id):
                return _person(other)
            n = s.scalar(select(func.count()).select_from(BlockRow)
                         .where(BlockRow.blocker_id == me)) or 0
            if n >= MAX_BLOCKS:
                raise WebError("too_many_blocks", f"at most {MAX_BLOCKS} blocked accounts",
                               409)
            s.add(BlockRow(blocker_id=me, blocked_id=other.id))
            # his pending request to ``me`` stays (he is not told), hidden from ``me``
            s.execute(delete(FriendRow).where(or_(
                (FriendRow.asker_id == me) & (FriendRow.asked_id == other.id),
                FriendRow.accepted.is_(True) & (FriendRow.asker_id == other.id)
                & (FriendRow.asked_id == me))))
            s.execute(delete(InvitationRow).where(or_(
                (InvitationRow.from_id == me) & (InvitationRow.to_id == other.id),
                (InvitationRow.from_id == other.id) & (InvitationRow.to_id == me))))
            return _person(other)

    def unblock(self, me: str, other: Any) -> None:
        if not isinstance(other, str):
            raise WebError("not_blocked", "not blocked", 404)
        with self.store.session.begin() as s:
            done = s.execute(delete(BlockRow).where(BlockRow.blocker_id == me,
                                                    BlockRow.blocked_id == other))
            if not getattr(done, "rowcount", 0):
                raise WebError("not_blocked", "not blocked", 404)

    def blocking(self, viewers: Iterable[str], sender: str) -> set[str]:
        """Which of ``viewers`` block ``sender``."""
        ids = list(set(viewers))
        if not ids:
            return set()
        with self.store.session() as s:
            return set(s.scalars(select(BlockRow.blocker_id).where(
                BlockRow.blocked_id == sender, BlockRow.blocker_id.in_(ids))))

    def blocked_by(self, viewer: str) -> set[str]:
        """The accounts ``viewer`` blocks."""
        with self.store.session() as s:
            return set(s.scalars(select(BlockRow.blocked_id)
                                 .where(BlockRow.blocker_id == viewer)))

    def seat_accounts(self, table_id: str) -> dict[int, str]:
        """The accounts that hold a seat of the table now (through the seat tokens their
        browsers handed over: ``account_seats``)."""
        with self.store.session() as s:
            held = {r.seat: r.token_hash for r in s.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id))}
            out: dict[int, str] = {}
            for m in s.scalars(select(AccountSeatRow)
                               .where(AccountSeatRow.table_id == table_id)):
                if held.get(m.seat) == seat_hash(m.token):
                    out[m.seat] = m.account_id
            return out

    # ------------------------------------------------------------------ invitations
    def invite(self, me: str, to: Any, table_id: str, watch: bool) -> dict[str, Any]:
        """``me`` (checked by the caller to sit at the table) invites friend ``to``."""
        with self.store.session.begin() as s:
            other = s.get(AccountRow, to) if isinstance(to, str) and len(to) <= 24 else None
            if other is None or not self.are_friends(s, me, other.id):
                raise WebError("not_friends", "you can invite only your friends", 403,
                               reason="not_friends")
            spend(s, "invite", [(f"a:{me}", INVITES_PER_HOUR)])
            if self._blocks(s, other.id, me) or self._blocks(s, me, other.id):
                # not told: it looks sent, and nobody sees it
                return {"id": secrets.token_urlsafe(12), "to": _person(other)}
            s.execute(delete(InvitationRow).where(
                InvitationRow.from_id == me, InvitationRow.to_id == other.id,
                InvitationRow.table_id == table_id))
            row = InvitationRow(id=secrets.token_urlsafe(12), table_id=table_id, from_id=me,
                                to_id=other.id, watch=watch)
            s.add(row)
            return {"id": row.id, "to": _person(other)}

    def invitations(self, me: str) -> list[dict[str, Any]]:
        """The invitations to ``me`` whose table still waits or plays (the others go)."""
        with self.store.session.begin() as s:
            rows = list(s.scalars(select(InvitationRow).where(InvitationRow.to_id == me)
                                  .order_by(InvitationRow.created_at.desc())))
            tables = {t.id: t for t in s.scalars(select(TableRow).where(
                TableRow.id.in_([r.table_id for r in rows])))}
            dead = [r.id for r in rows if r.table_id not in tables
                    or tables[r.table_id].status not in ("waiting", "playing")]
            if dead:
                s.execute(delete(InvitationRow).where(InvitationRow.id.in_(dead)))
            senders = {a.id: a for a in s.scalars(select(AccountRow).where(
                AccountRow.id.in_([r.from_id for r in rows])))}
            return [{"id": r.id, "table": r.table_id, "game": tables[r.table_id].game,
                     "watch": r.watch, "from": _person(senders[r.from_id]),
                     "at": aware(r.created_at).isoformat(timespec="seconds")}
                    for r in rows if r.id not in dead and r.from_id in senders]

    def drop_invitation(self, me: str, invitation: Any) -> None:
        """Accepted or declined: the invitation to ``me`` goes (404 if it is not his)."""
        with self.store.session.begin() as s:
            done = s.execute(delete(InvitationRow).where(
                InvitationRow.id == str(invitation)[:24], InvitationRow.to_id == me))
            if not getattr(done, "rowcount", 0):
                raise WebError("no_invitation", "there is no such invitation", 404)

    # ------------------------------------------------------------------ deletion
    def forget(self, account_id: str) -> None:
        """A deleted account's friends, blocks, invitations and counts go; reports about
        it stay (the operator's record), and so does a suspension (its id is never
        reused, so it harms nobody)."""
        with self.store.session.begin() as s:
            s.execute(delete(FriendRow).where(or_(FriendRow.asker_id == account_id,
                                                  FriendRow.asked_id == account_id)))
            s.execute(delete(BlockRow).where(or_(BlockRow.blocker_id == account_id,
                                                 BlockRow.blocked_id == account_id)))
            s.execute(delete(InvitationRow).where(or_(InvitationRow.from_id == account_id,
                                                      InvitationRow.to_id == account_id)))
            s.execute(delete(SeenRow).where(SeenRow.account_id == account_id))
            s.execute(delete(CountRow).where(CountRow.key == f"a:{account_id}"))


def check_reason(value: Any) -> str:
    if not isinstance(value, str):
        raise WebError("bad_reason", "a reason is text", field="reason")
    text = " ".join(value.split())
    if not text or len(text) > MAX_REASON:
        raise WebError("bad_reason", f"a reason has 1 to {MAX_REASON} characters",
                       reason="reason_length", params={"max": MAX_REASON}, field="reason")
    return text


__all__ = ["ONLINE", "BlockRow", "CountRow", "FriendRow", "InvitationRow",
           "Left", "ReportRow", "SeenRow", "Sessions", "Social", "SuspensionRow", "check_reason",
           "named", "spend", "tool_sessions"]
