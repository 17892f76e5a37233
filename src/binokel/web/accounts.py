"""Optional accounts (issue 34): who a returning player is, in the database.

A guest plays as before, with nothing but the seat tokens his browser keeps. A player who
registers gets an account:

- ``id``: a random public id (16 characters, 96 bits) that never changes and is never
  reused; ratings and anything else that follows a player key on it, never on the name.
- ``name``: checked like every name a person types (:func:`binokel.web.names.clean_name`)
  and unique by its skeleton (``Anna`` and ``Аnna`` with a Cyrillic А are one name).
- the password's Argon2id hash (argon2-cffi's defaults, RFC 9106's second recommendation:
  3 passes over 64 MiB); at most :data:`HASHING_AT_ONCE` hashes run at the same time in one
  process, so a burst of logins costs a bounded amount of memory and of the two cores.
- ten recovery codes (there is no e-mail), shown once and stored as SHA-256 (each carries
  50 random bits, so a fast hash suffices; a guess still goes through the login limits).

Failed logins are counted in ``login_throttle`` per account and per hashed address, shared
by every server process. Past a number of free failures each further attempt must wait a
delay that doubles up to a cap (:data:`ACCOUNT_LIMIT`, :data:`ADDRESS_LIMIT`): a stranger
who guesses at somebody's password makes him wait at most a minute, never locks him out.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError
from argon2.exceptions import VerificationError
from sqlalchemy import DateTime
from sqlalchemy import ForeignKey
from sqlalchemy import Integer
from sqlalchemy import String
from sqlalchemy import UniqueConstraint
from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy import text
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import mapped_column

from .guard import WebError
from .names import clean_name
from .names import skeleton
from .passkeys import PasskeyRow
from .rated import export_of as rated_export
from .rated import forget as forget_ratings
from .store import CHANNEL
from .store import Base
from .store import ChatRow
from .store import SeatRow
from .store import Store
from .store import TableRow
from .store import aware
from .store import now

MIN_PASSWORD = 8            # characters of a password ...
MAX_PASSWORD = 256          # ... and at most (Argon2 takes any length; a body has a limit)
RECOVERY_CODES = 10         # codes made at registration (and when asked for new ones)
MAX_SESSIONS = 20           # sessions of one account; a new one ends the oldest
IDLE = timedelta(days=14)       # a session unused this long has ended ...
LIFETIME = timedelta(days=60)   # ... and every session ends this long after the login
TOUCH_EVERY = timedelta(minutes=5)   # how often a session's last use is written
HASHING_AT_ONCE = 2         # Argon2 hashes one process computes at the same time
MAX_SEATS = 200             # seats remembered for one account (the oldest forgotten)
FORGET_FAILURES = timedelta(hours=1)   # failures older than this no longer count
DELETED = "gelöscht"        # the start of the label a deleted account's name becomes


@dataclass(frozen=True)
class Throttle:
    """``free`` failed logins in a row cost nothing; after them each attempt waits
    ``2 ** (failures - free)`` seconds, at most ``cap`` seconds."""

    prefix: str
    free: int
    cap: int

    def delay(self, failures: int) -> int:
        """Seconds to wait after ``failures`` failures.

        >>> [ACCOUNT_LIMIT.delay(n) for n in (4, 5, 6, 7, 12, 40)]
        [0, 1, 2, 4, 60, 60]
        """
        if failures < self.free:
            return 0
        return min(self.cap, int(2 ** min(failures - self.free, 20)))


ACCOUNT_LIMIT = Throttle("a:", free=5, cap=60)          # per account: at worst a minute
ADDRESS_LIMIT = Throttle("c:", free=20, cap=15 * 60)    # per address: up to 15 minutes


class AccountRow(Base):
    __tablename__ = "accounts"
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    skeleton: Mapped[str] = mapped_column(String(256), unique=True)
    password_hash: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    password_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SessionRow(Base):
    __tablename__ = "account_sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RecoveryRow(Base):
    __tablename__ = "recovery_codes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ThrottleRow(Base):
    __tablename__ = "login_throttle"
    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    last_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    blocked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                           nullable=True)


class AccountSeatRow(Base):
    """A seat token a logged-in browser handed over: the seat follows the account to its
    other devices. The token itself is kept (the seat table keeps only its hash), since
    another device needs it to take the seat."""

    __tablename__ = "account_seats"
    __table_args__ = (UniqueConstraint("account_id", "token"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    token: Mapped[str] = mapped_column(String(64))
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


@dataclass(frozen=True)
class Account:
    """A logged-in account as a request sees it."""

    id: str
    name: str
    session: str      # the hash of the session id (which session this request is)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def seat_hash(token: str) -> str:
    """A seat token as the seat table stores it (:mod:`binokel.web.tables`)."""
    return sha(token)


def check_password(value: Any, field: str = "password") -> str:
    if not isinstance(value, str) or not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
        raise WebError("bad_password", f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} "
                       "characters", reason="password_length",
                       params={"min": MIN_PASSWORD, "max": MAX_PASSWORD}, field=field)
    return value


def new_codes() -> list[str]:
    """Ten recovery codes like ``k7q2m-x9p4w`` (50 random bits each, no look-alikes)."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return ["-".join("".join(secrets.choice(alphabet) for _ in range(5)) for _ in range(2))
            for _ in range(RECOVERY_CODES)]


def code_hash(code: str) -> str:
    return sha(code.strip().lower().replace(" ", ""))


class Accounts:
    """The accounts' database work (synchronous, short transactions, like :class:`Store`).

    The slow part, Argon2, runs outside any transaction: the caller hashes first
    (:meth:`hash`, :meth:`verify`, in a thread) and stores after.
    """

    def __init__(self, store: Store, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self._dummy: str | None = None

    @property
    def dummy(self) -> str:
        """A hash verified against when a name is unknown, so that the answer takes as
        long (made on first use: an Accounts that only reads sessions never needs it)."""
        if self._dummy is None:
            self._dummy = self.hasher.hash(secrets.token_hex(8))
        return self._dummy

    # ------------------------------------------------------------------ passwords
    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        try:
            return self.hasher.verify(stored or self.dummy, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    # ------------------------------------------------------------------ accounts
    def find(self, name: Any) -> AccountRow | None:
        """The account of ``name`` (by skeleton), or None (also for a name no account could
        have)."""
        try:
            shape = skeleton(clean_name(name, reserved=False))
        except WebError:
            return None
        with self.store.session() as s:
            return s.scalars(select(AccountRow).where(AccountRow.skeleton == shape)).first()

    def get(self, account_id: str) -> AccountRow | None:
        with self.store.session() as s:
            return s.get(AccountRow, account_id)

    def create(self, name: str, password_hash: str, codes: Sequence[str]) -> AccountRow:
        row = AccountRow(id=secrets.token_urlsafe(12), name=name, skeleton=skeleton(name),
                         password_hash=password_hash)
        try:
            with self.store.session.begin() as s:
                s.add(row)
                s.flush()
                s.add_all(RecoveryRow(account_id=row.id, code_hash=code_hash(c))
                          for c in codes)
        except IntegrityError:
            raise WebError("name_taken", "this name (or one that looks like it) has an "
                           "account already", 409, reason="name_taken",
                           field="name") from None
        return row

    def set_password(self, account_id: str, password_hash: str,
                     keep_session: str | None) -> None:
        """A new password; every session but ``keep_session`` ends."""
        with self.store.session.begin() as s:
            s.execute(update(AccountRow).where(AccountRow.id == account_id)
                      .values(password_hash=password_hash, password_at=now()))
            s.execute(delete(SessionRow).where(SessionRow.account_id == account_id,
                                               SessionRow.id_hash != (keep_session or "")))

    def use_code(self, account_id: str, code: Any) -> bool:
        """Spends a recovery code of the account; False if it is not one (or used)."""
        if not isinstance(code, str) or len(code) > 40:
            return False
        with self.store.session.begin() as s:
            done = s.execute(update(RecoveryRow).where(
                RecoveryRow.account_id == account_id, RecoveryRow.used_at.is_(None),
                RecoveryRow.code_hash == code_hash(code)).values(used_at=now()))
            return bool(getattr(done, "rowcount", 0))

    def renew_codes(self, account_id: str, codes: Sequence[str]) -> None:
        with self.store.session.begin() as s:
            s.execute(delete(RecoveryRow).where(RecoveryRow.account_id == account_id))
            s.add_all(RecoveryRow(account_id=account_id, code_hash=code_hash(c))
                      for c in codes)

    def codes_left(self, account_id: str) -> int:
        with self.store.session() as s:
            return len(list(s.scalars(select(RecoveryRow.id).where(
                RecoveryRow.account_id == account_id, RecoveryRow.used_at.is_(None)))))

    # ------------------------------------------------------------------ throttle
    def waiting(self, keys: Sequence[str]) -> int:
        """Seconds until a login may be tried under all of ``keys`` (0: now)."""
        at = now()
        with self.store.session() as s:
            rows = s.scalars(select(ThrottleRow).where(ThrottleRow.key.in_(list(keys))))
            waits = [(aware(r.blocked_until) - at).total_seconds() for r in rows
                     if r.blocked_until is not None]
        return max([0, *(int(w) + 1 for w in waits if w > 0)])

    def failed(self, key: str, limit: Throttle) -> None:
        """One more failed login under ``key``."""
        for attempt in range(2):
            at = now()
            try:
                with self.store.session.begin() as s:
                    row = s.get(ThrottleRow, key, with_for_update=self.store.postgres)
                    if row is None:
                        row = ThrottleRow(key=key, failures=0, last_at=at)
                        s.add(row)
                    elif at - aware(row.last_at) > FORGET_FAILURES:
                        row.failures = 0
                    row.failures += 1
                    row.last_at = at
                    wait = limit.delay(row.failures)
                    row.blocked_until = at + timedelta(seconds=wait) if wait else None
                    # counts nobody adds to any more go (the table holds one hour's)
                    s.execute(delete(ThrottleRow).where(
                        ThrottleRow.last_at < at - FORGET_FAILURES,
                        ThrottleRow.key != key))
                return
            except IntegrityError:   # another process counted the first failure
                if attempt:
                    raise

    def succeeded(self, key: str) -> None:
        with self.store.session.begin() as s:
            s.execute(delete(ThrottleRow).where(ThrottleRow.key == key))

    # ------------------------------------------------------------------ sessions
    def open_session(self, account_id: str) -> str:
        """A new session of the account: its id (for the cookie; only its hash is kept)."""
        sid = secrets.token_urlsafe(32)
        with self.store.session.begin() as s:
            s.add(SessionRow(id_hash=sha(sid), account_id=account_id))
            old = list(s.scalars(select(SessionRow.id_hash)
                                 .where(SessionRow.account_id == account_id)
                                 .order_by(SessionRow.created_at.desc())
                                 .offset(MAX_SESSIONS)))
            if old:
                s.execute(delete(SessionRow).where(SessionRow.id_hash.in_(old)))
        return sid

    def session_account(self, sid: str) -> Account | None:
        """The account a session id belongs to, while the session lives."""
        if not sid or len(sid) > 100:
            return None
        at = now()
        key = sha(sid)
        with self.store.session() as s:
            row = s.get(SessionRow, key)
            if row is None:
                return None
            if at - aware(row.seen_at) > IDLE or at - aware(row.created_at) > LIFETIME:
                s.execute(delete(SessionRow).where(SessionRow.id_hash == key))
                s.commit()
                return None
            account = s.get(AccountRow, row.account_id)
            if account is None:
                return None
            if at - aware(row.seen_at) > TOUCH_EVERY:
                row.seen_at = at
                s.commit()
            return Account(account.id, account.name, key)

    def close_session(self, sid: str) -> None:
        with self.store.session.begin() as s:
            s.execute(delete(SessionRow).where(SessionRow.id_hash == sha(sid)))

    def sessions(self, account_id: str) -> list[SessionRow]:
        with self.store.session() as s:
            return list(s.scalars(select(SessionRow).where(SessionRow.account_id == account_id)
                                  .order_by(SessionRow.created_at)))

    # ------------------------------------------------------------------ seats
    def attach_seats(self, account_id: str, tokens: Sequence[str]) -> int:
        """Remembers the seats of ``tokens`` that hold a seat now, but for a duplicate
        tournament's; how many were new."""
        hashes = {seat_hash(t): t for t in tokens}
        added = 0
        with self.store.session.begin() as s:
            seats = list(s.scalars(select(SeatRow)
                                   .where(SeatRow.token_hash.in_(list(hashes)))))
            # A duplicate tournament's seat is its entry's, handed out by the tournament's
            # page to whoever holds that entry: a login on a shared computer must not take
            # the seat of a guest who entered there into the account (docs/tournament.md,
            # "Whose entry a page shows").
            tables = {seat.table_id for seat in seats}
            tournament = {t.id for t in s.scalars(select(TableRow)
                                                  .where(TableRow.id.in_(tables)))
                          if (t.settings or {}).get("duplicate")}
            seats = [seat for seat in seats if seat.table_id not in tournament]
            known = set(s.scalars(select(AccountSeatRow.token)
                                  .where(AccountSeatRow.account_id == account_id)))
            for seat in seats:
                token = hashes[seat.token_hash]
                if token not in known:
                    s.add(AccountSeatRow(account_id=account_id, token=token,
                                         table_id=seat.table_id, seat=seat.seat))
                    known.add(token)
                    added += 1
            s.flush()
            old = list(s.scalars(select(AccountSeatRow.id)
                                 .where(AccountSeatRow.account_id == account_id)
                                 .order_by(AccountSeatRow.id.desc()).offset(MAX_SEATS)))
            if old:
                s.execute(delete(AccountSeatRow).where(AccountSeatRow.id.in_(old)))
        return added

    def seats(self, account_id: str) -> list[dict[str, Any]]:
        """The seats the account's browsers handed over: ``{"table", "seat", "token"}``."""
        with self.store.session() as s:
            return [{"table": m.table_id, "seat": m.seat, "token": m.token}
                    for m in s.scalars(select(AccountSeatRow)
                                       .where(AccountSeatRow.account_id == account_id)
                                       .order_by(AccountSeatRow.id))]

    # ------------------------------------------------------------------ export, delete
    def export(self, account_id: str) -> dict[str, Any]:
        """Everything stored about the account, as JSON."""
        # (seasons import the session helpers, which import this module)
        from .seasons import export_of as seasons_export
        with self.store.session() as s:
            a = s.get(AccountRow, account_id)
            if a is None:
                raise WebError("no_account", "there is no such account", 404)
            sessions = s.scalars(select(SessionRow).where(SessionRow.account_id == a.id))
            mine = list(s.scalars(select(AccountSeatRow)
                                  .where(AccountSeatRow.account_id == a.id)))
            seats = []
            for m in mine:
                table = s.get(TableRow, m.table_id)
                row = s.scalars(select(SeatRow).where(SeatRow.table_id == m.table_id,
                                                      SeatRow.seat == m.seat)).first()
                chat = s.scalars(select(ChatRow).where(ChatRow.table_id == m.table_id,
                                                       ChatRow.seat == m.seat)
                                 .order_by(ChatRow.id))
                seats.append({
                    "table": m.table_id, "seat": m.seat, "since": m.created_at.isoformat(),
                    "game": table.game if table else None,
                    "status": table.status if table else None,
                    "nickname": row.nickname if row and row.token_hash == seat_hash(m.token)
                    else None,
                    "chat": [{"at": c.created_at.isoformat(), "text": c.text} for c in chat]})
            return {
                "account": {"id": a.id, "name": a.name, "created": a.created_at.isoformat(),
                            "password_changed": a.password_at.isoformat()},
                "sessions": [{"created": x.created_at.isoformat(),
                              "last_used": x.seen_at.isoformat()} for x in sessions],
                "passkeys": [{"id": k.id, "created": k.created_at.isoformat(),
                              "used": k.used_at.isoformat() if k.used_at else None}
                             for k in s.scalars(select(PasskeyRow)
                                                .where(PasskeyRow.account_id == a.id))],
                "recovery_codes_left": len(list(s.scalars(select(RecoveryRow.id).where(
                    RecoveryRow.account_id == a.id, RecoveryRow.used_at.is_(None))))),
                "seats": seats,
                **rated_export(s, a.id),   # ratings with their history, deals played
                **seasons_export(s, a.id),
            }

    def delete(self, account_id: str) -> tuple[str, list[tuple[str, int]]]:
        """Deletes the account (its sessions, codes, passkeys, seat list, ratings and their
        history, its list of deals played: binokel.web.rated; its seasons keep him as a
        member without account: binokel.web.seasons). Its seats' names
        (and its chat lines' names) become an anonymous label, the deals stay. On
        PostgreSQL each table so renamed gets a new version, so that every other server
        process reloads its names. Returns the label and the seats it now names (for this
        process's copies of the tables)."""
        # (seasons import the session helpers, which import this module)
        from .seasons import forget as forget_seasons
        label = f"{DELETED} {secrets.token_hex(2)}"
        with self.store.session.begin() as s:
            mine = list(s.scalars(select(AccountSeatRow)
                                  .where(AccountSeatRow.account_id == account_id)))
            renamed = []
            for m in mine:
                done = s.execute(update(SeatRow).where(
                    SeatRow.table_id == m.table_id, SeatRow.seat == m.seat,
                    SeatRow.token_hash == seat_hash(m.token)).values(nickname=label))
                if not getattr(done, "rowcount", 0):
                    continue   # the seat was left, and perhaps taken by somebody else
                s.execute(update(ChatRow).where(ChatRow.table_id == m.table_id,
                                                ChatRow.seat == m.seat).values(name=label))
                renamed.append((m.table_id, m.seat))
                table = s.get(TableRow, m.table_id, with_for_update=True)
                if table is not None and self.store.postgres:
                    table.version += 1
                    s.flush()
                    s.execute(text("SELECT pg_notify(:c, :p)"), {
                        "c": CHANNEL, "p": f"t:{table.id}:{table.version}"})
            forget_ratings(s, account_id)   # ratings, their history, the deal list
            forget_seasons(s, account_id)   # a member without account from now on
            for kind in (AccountSeatRow, SessionRow, RecoveryRow, PasskeyRow):
                s.execute(delete(kind).where(kind.account_id == account_id))
            s.execute(delete(ThrottleRow).where(
                ThrottleRow.key == ACCOUNT_LIMIT.prefix + account_id))
            s.execute(delete(AccountRow).where(AccountRow.id == account_id))
        return label, renamed


__all__ = ["ACCOUNT_LIMIT", "ADDRESS_LIMIT", "Account", "AccountRow", "AccountSeatRow",
           "Accounts", "RecoveryRow", "SessionRow", "Throttle", "ThrottleRow",
           "check_password", "new_codes"]
