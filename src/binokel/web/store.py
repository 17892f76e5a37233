"""Persistence: tables, seats, deals, every accepted action and the chat, in SQLite or
PostgreSQL.

Every change of a table is one short transaction that first locks the table's row
(:meth:`Store.locked`: ``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite has one writer anyway)
and ends by bumping the table's ``version`` (and, on PostgreSQL, a ``NOTIFY`` that the other
server processes hear). A process that finds the stored version ahead of its own reads the
changes before it decides anything, so two processes never act on a stale table. Every
accepted action is committed before it is broadcast, so a crash loses nothing a player saw.
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import IO
from typing import Any

from sqlalchemy import JSON
from sqlalchemy import Boolean
from sqlalchemy import DateTime
from sqlalchemy import ForeignKey
from sqlalchemy import Index
from sqlalchemy import Integer
from sqlalchemy import String
from sqlalchemy import UniqueConstraint
from sqlalchemy import and_
from sqlalchemy import create_engine
from sqlalchemy import delete
from sqlalchemy import event
from sqlalchemy import false
from sqlalchemy import func
from sqlalchemy import or_
from sqlalchemy import select
from sqlalchemy import text
from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import Session
from sqlalchemy.orm import mapped_column
from sqlalchemy.orm import sessionmaker

from .driving import DriveLocks

MIGRATIONS = Path(__file__).parent / "migrations"
CHANNEL = "binokel"            # the PostgreSQL NOTIFY channel of table changes
LIVE = ("waiting", "playing", "finished")   # statuses of a table that is not closed
SWEEP_LOCK = 4244      # advisory lock (with key 0) of "this process closes abandoned tables"
CLIENT_LOCKS = 4246    # advisory lock space of "counting what one client holds" (per client)


def now() -> datetime:
    return datetime.now(UTC)


def aware(t: datetime) -> datetime:
    """SQLite hands back naive datetimes (stored as UTC): make them comparable."""
    return t if t.tzinfo is not None else t.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    # the lobby's and the sweeper's reads (migration 0002)
    __table_args__ = (Index("ix_tables_status_created", "status", "created_at"),)
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bots: Mapped[list[str | None]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="waiting")
    version: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # the SHA-256 of the owner token the creator's browser got (Seats.release)
    owner_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    series: Mapped[int] = mapped_column(Integer, default=0)
    # when a process last had a connection to the table (Registry.seen): a running table
    # nobody has open is closed sooner than one that merely has not changed
    seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class OfTableRow(Base):
    """A row that belongs to one table (a seat, a deal, an action, a chat line): its number
    and the table's id (indexed: every read is by table), first as in the migrations."""

    __abstract__ = True
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True,
                                    sort_order=-1)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True, sort_order=-1)


class SeatRow(OfTableRow):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)
    seat: Mapped[int] = mapped_column(Integer)
    nickname: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    ready_after: Mapped[int] = mapped_column(Integer, default=0)
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                        nullable=True)
    # the hashed address of the client who joined (Store.client_hash): what a client holds
    # is counted here, over every server process; None for seats the server gave out
    # (a duplicate round's entrants)
    holder: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # its person gave it up at a running table (Seats.leave): a stand-in plays it and
    # anybody with the table's link may take it over; an away seat that is not left only
    # timed out and stays its person's
    left: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class DealRow(OfTableRow):
    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    number: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[int] = mapped_column(Integer)
    deck: Mapped[list[str]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    series: Mapped[int] = mapped_column(Integer, default=1)
    rules: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class ActionRow(OfTableRow):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "deal_number", "idx"),)
    deal_number: Mapped[int] = mapped_column(Integer)
    idx: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatRow(OfTableRow):
    __tablename__ = "chat"
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(512))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class MetaRow(Base):
    """Server-wide values shared by every process (the secret that hashes client addresses)."""

    __tablename__ = "server_meta"
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


@dataclass
class StoredDeal:
    number: int
    dealer: int
    deck: list[str]
    actions: list[str]
    finished: bool
    result: dict[str, Any] | None
    series: int = 1
    rules: dict[str, Any] | None = None


def default_database_url() -> str:
    return "sqlite:///binokel.sqlite3"


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def make_engine(url: str) -> Engine:
    if is_sqlite(url):
        engine = create_engine(url)

        @event.listens_for(engine, "connect")
        def _pragma(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            # WAL keeps readers and the single writer apart; FULL sync: an accepted action
            # survives a crash.
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
        return engine
    # A lock wait or a statement longer than this is an error, never a hung server.
    return create_engine(url, pool_pre_ping=True, connect_args={
        "options": "-c lock_timeout=5000 -c statement_timeout=15000"})


class DatabaseInUse(RuntimeError):
    """Another server process already serves this SQLite file."""


def claim_sqlite(url: str) -> IO[bytes] | None:
    """One server process per SQLite file: each keeps its tables in memory and would not see
    the other's changes. The claim is an exclusive ``flock`` on ``<file>.lock`` that the
    operating system drops when the process ends, however it ends (no stale lock after a
    crash). PostgreSQL needs no claim (several processes share it safely)."""
    if not is_sqlite(url):
        return None
    path = make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    f = open(f"{path}.lock", "wb")  # noqa: SIM115 - held open for the store's life
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        f.close()
        raise DatabaseInUse(
            f"another binokel server already uses the database {path}; run one server "
            "process per SQLite file (several processes need PostgreSQL: --database-url "
            "postgresql+psycopg://...)") from None
    return f


def migrate(url: str) -> None:
    """Bring the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if not is_sqlite(url):
        # Several processes may start at once: one migrates, the others wait for it.
        engine = create_engine(url)
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(4242, 0)"))
            try:
                command.upgrade(cfg, "head")
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(4242, 0)"))
        engine.dispose()
        return
    command.upgrade(cfg, "head")


class Tx:
    """One locked transaction on one table: the writes of a change, then :meth:`bump`."""

    def __init__(self, session: Session, row: TableRow, postgres: bool) -> None:
        self.s = session
        self.row = row
        self.postgres = postgres

    def bump(self, status: str | None = None) -> int:
        """The change is complete: a new version (and a notification on PostgreSQL)."""
        self.row.version += 1
        self.row.updated_at = now()
        if status is not None:
            self.row.status = status
        self.s.flush()
        if self.postgres:
            self.s.execute(text("SELECT pg_notify(:c, :p)"),
                           {"c": CHANNEL, "p": f"t:{self.row.id}:{self.row.version}"})
        return self.row.version

    def add_seat(self, seat: int, nickname: str, token_hash: str, expires: datetime,
                 holder: str | None = None) -> None:
        self.s.add(SeatRow(table_id=self.row.id, seat=seat, nickname=nickname,
                           token_hash=token_hash, expires_at=expires, holder=holder))

    def seats_held(self, holder: str) -> int:
        """The seats ``holder`` holds now (:meth:`Store.seats_held`), counted under the
        client's lock: a join of the same client on another table, in any server process,
        waits until this transaction ends, so two joins never both see room for one."""
        Store.lock_client(self.s, self.postgres, holder)
        return Store.seats_held(self.s, holder)

    def remove_seat(self, seat: int) -> None:
        self.s.execute(delete(SeatRow).where(SeatRow.table_id == self.row.id,
                                             SeatRow.seat == seat))

    def set_seat(self, seat: int, **values: Any) -> None:
        self.s.execute(update(SeatRow).where(SeatRow.table_id == self.row.id,
                                             SeatRow.seat == seat).values(**values))

    def set_seats(self, **values: Any) -> None:
        self.s.execute(update(SeatRow).where(SeatRow.table_id == self.row.id).values(**values))

    def add_deal(self, number: int, dealer: int, deck: list[str], series: int,
                 rules: dict[str, Any]) -> None:
        self.s.add(DealRow(table_id=self.row.id, number=number, dealer=dealer, deck=deck,
                           series=series, rules=rules))

    def add_action(self, deal_number: int, idx: int, seat: int, action: str,
                   result: dict[str, Any] | None = None) -> None:
        self.s.add(ActionRow(table_id=self.row.id, deal_number=deal_number, idx=idx,
                             seat=seat, action=action))
        if result is not None:
            self.s.execute(update(DealRow).where(DealRow.table_id == self.row.id,
                                                 DealRow.number == deal_number)
                           .values(finished=True, result=result))

    def add_chat(self, seat: int, name: str, message: str, keep: int) -> int:
        """A chat line (its id); only the newest ``keep`` lines of a table are kept."""
        row = ChatRow(table_id=self.row.id, seat=seat, name=name, text=message)
        self.s.add(row)
        self.s.flush()
        old = list(self.s.scalars(select(ChatRow.id).where(ChatRow.table_id == self.row.id)
                                  .order_by(ChatRow.id.desc()).offset(keep).limit(50)))
        if old:
            self.s.execute(delete(ChatRow).where(ChatRow.id.in_(old)))
        if self.postgres:
            self.s.execute(text("SELECT pg_notify(:c, :p)"),
                           {"c": CHANNEL, "p": f"c:{self.row.id}:{row.id}"})
        return row.id


@dataclass
class Snapshot:
    """What a process reads to bring its copy of a table up to date."""

    row: TableRow
    seats: list[SeatRow]
    deals: list[StoredDeal]      # deals of the table's current series from ``from_deal`` on


class Store:
    """All database access of the server (synchronous, short transactions)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postgres = url.startswith("postgres")
        self.lock_file = claim_sqlite(url)
        migrate(url)
        self.engine = make_engine(url)
        # which tables this process drives, over every server process (PostgreSQL)
        self.drive_locks = DriveLocks(self.engine)
        self.session = sessionmaker(self.engine, expire_on_commit=False)
        self.secret = self._secret()

    def close(self) -> None:
        self.drive_locks.close()
        self.engine.dispose()
        if self.lock_file is not None:
            self.lock_file.close()   # releases the claim
            self.lock_file = None

    def _secret(self) -> bytes:
        """The server-wide secret (made by the first process that starts on the database)."""
        with self.session.begin() as s:
            row = s.get(MetaRow, "secret")
            if row is not None:
                return bytes.fromhex(row.value)
        try:
            with self.session.begin() as s:
                s.add(MetaRow(key="secret", value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # another process was first
        with self.session() as s:
            found = s.get(MetaRow, "secret")
            assert found is not None
            return bytes.fromhex(found.value)

    def client_hash(self, client: str) -> str:
        """A client address as stored (never the address itself)."""
        return hmac.new(self.secret, client.encode(), hashlib.sha256).hexdigest()[:32]

    def ping(self) -> None:
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    # ------------------------------------------------------------------ writes
    def create_table(self, table_id: str, game: str, players: int, rules: dict[str, Any],
                     seed: int | None, bots: list[str | None], settings: dict[str, Any],
                     creator: str | None,
                     check: Callable[[Session, str], None] | None = None,
                     owner_hash: str | None = None) -> None:
        """Store a new table; ``check(session, creator)`` first, under the creator's lock
        (:meth:`lock_client`), may count what the creator holds and refuse by raising;
        ``owner_hash``: the hash of the creator's owner token."""
        with self.session.begin() as s:
            if check is not None and creator is not None:
                self.lock_client(s, self.postgres, creator)
                check(s, creator)
            s.add(TableRow(id=table_id, game=game, players=players, rules=rules, seed=seed,
                           bots=bots, status="waiting", settings=settings, creator=creator,
                           owner_hash=owner_hash, version=1, series=0))

    @contextmanager
    def locked(self, table_id: str) -> Iterator[Tx]:
        """A transaction holding the table's row lock (committed unless an error escapes)."""
        with self.session.begin() as s:
            row = s.scalars(select(TableRow).where(TableRow.id == table_id)
                            .with_for_update()).one_or_none()
            if row is None:
                raise LookupError(table_id)
            yield Tx(s, row, self.postgres)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session whose reads see one moment of the store: on PostgreSQL a repeatable
        read transaction, so that a table's row, deals and actions read one after the other
        belong together (under read committed an action committed between the row and the
        actions would be read with the row's older version)."""
        with self.session() as s:
            if self.postgres:
                s.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            yield s

    # ------------------------------------------------------------------ reads
    def table(self, table_id: str) -> TableRow | None:
        with self.session() as s:
            return s.get(TableRow, table_id)

    def version(self, table_id: str) -> int | None:
        with self.session() as s:
            return s.scalar(select(TableRow.version).where(TableRow.id == table_id))

    def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The stored versions of these tables (those that exist), in one query."""
        if not table_ids:
            return {}
        with self.session() as s:
            rows = s.execute(select(TableRow.id, TableRow.version)
                             .where(TableRow.id.in_(list(table_ids))))
            return {tid: version for tid, version in rows}

    @staticmethod
    def row(s: Session, table_id: str) -> TableRow | None:
        """The table's row in session ``s`` (a later :meth:`snapshot` in it reuses it)."""
        return s.get(TableRow, table_id)

    @staticmethod
    def snapshot(s: Session, table_id: str, series: int | None = None, from_deal: int = 0,
                 from_action: int = 0) -> Snapshot | None:
        """The table's row and seats, and the deals of ``series`` (default: the table's
        current one) numbered ``from_deal`` or later; of deal ``from_deal`` only the actions
        from index ``from_action`` on."""
        row = s.get(TableRow, table_id)
        if row is None:
            return None
        seats = list(s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                               .order_by(SeatRow.seat)))
        series = row.series if series is None else series
        deals = list(s.scalars(select(DealRow).where(DealRow.table_id == table_id,
                                                     DealRow.series == series,
                                                     DealRow.number >= from_deal)
                               .order_by(DealRow.number)))
        per: dict[int, list[str]] = {}
        if deals:
            acts = s.execute(select(ActionRow.deal_number, ActionRow.action).where(
                ActionRow.table_id == table_id, ActionRow.deal_number >= deals[0].number,
                or_(ActionRow.deal_number > from_deal, ActionRow.idx >= from_action))
                .order_by(ActionRow.deal_number, ActionRow.idx))
            for number, action in acts:
                per.setdefault(number, []).append(action)
        return Snapshot(row, seats, [StoredDeal(d.number, d.dealer, list(d.deck),
                                                per.get(d.number, []), d.finished, d.result,
                                                d.series, d.rules) for d in deals])

    def deal(self, table_id: str, number: int) -> StoredDeal | None:
        with self.session() as s:
            d = s.scalars(select(DealRow).where(DealRow.table_id == table_id,
                                                DealRow.number == number)).one_or_none()
            if d is None:
                return None
            actions = list(s.scalars(select(ActionRow.action).where(
                ActionRow.table_id == table_id, ActionRow.deal_number == number)
                .order_by(ActionRow.idx)))
        return StoredDeal(d.number, d.dealer, list(d.deck), actions, d.finished, d.result,
                          d.series, d.rules)

    def finished_deals(self, table_id: str) -> list[dict[str, Any]]:
        with self.session() as s:
            rows = s.execute(select(DealRow.number, DealRow.dealer, DealRow.result,
                                    DealRow.series)
                             .where(DealRow.table_id == table_id, DealRow.finished)
                             .order_by(DealRow.number))
            return [{"number": n, "dealer": d, "result": r, "series": sr}
                    for n, d, r, sr in rows]

    def chat(self, table_id: str, after: int = 0, limit: int = 50) -> list[ChatRow]:
        with self.session() as s:
            rows = list(s.scalars(select(ChatRow).where(ChatRow.table_id == table_id,
                                                        ChatRow.id > after)
                                  .order_by(ChatRow.id.desc()).limit(limit)))
        return rows[::-1]

    @staticmethod
    def lock_client(s: Session, postgres: bool, client: str) -> None:
        """Hold ``client``'s lock to the end of the transaction of ``s`` (PostgreSQL; one
        SQLite server process writes alone anyway): what a client holds is counted and
        added to in one step, whichever server process its requests reach."""
        if postgres:
            s.execute(text("SELECT pg_advisory_xact_lock(:ns, hashtext(:c))"),
                      {"ns": CLIENT_LOCKS, "c": client})

    @staticmethod
    def seats_held(s: Session, holder: str) -> int:
        """The seats ``holder`` (a hashed address) joined that still hold: the table is
        live, the seat not given up or taken over (its row is gone then) and its token
        not expired."""
        return int(s.scalar(select(func.count()).select_from(SeatRow).join(
            TableRow, TableRow.id == SeatRow.table_id).where(
            SeatRow.holder == holder, TableRow.status.in_(LIVE),
            or_(SeatRow.expires_at.is_(None), SeatRow.expires_at > now()))) or 0)

    def seen(self, table_ids: Sequence[str]) -> None:
        """The tables somebody has open now (``seen_at``; no new version: nothing changed)."""
        if not table_ids:
            return
        with self.session.begin() as s:
            s.execute(update(TableRow).where(TableRow.id.in_(list(table_ids))).values(
                seen_at=now()))

    def close_idle(self, waiting_before: datetime, idle_before: datetime,
                   unseen_before: datetime | None = None) -> list[str]:
        """Close abandoned tables: waiting ones unchanged since ``waiting_before``, running
        or finished ones unchanged since ``idle_before``, or unchanged and open nowhere
        since ``unseen_before``. Returns their ids (none when another process is closing
        tables at the moment, on PostgreSQL)."""
        unseen_before = unseen_before or idle_before
        with self.session.begin() as s:
            # One process at a time closes tables (the others skip this round); the lock
            # ends with the transaction.
            if self.postgres and not s.scalar(text("SELECT pg_try_advisory_xact_lock(:ns, 0)"),
                                              {"ns": SWEEP_LOCK}):
                return []
            ids = list(s.scalars(select(TableRow.id).where(or_(
                and_(TableRow.status == "waiting", TableRow.updated_at < waiting_before),
                and_(TableRow.status.in_(("playing", "finished")),
                     TableRow.updated_at < idle_before),
                and_(TableRow.status.in_(("playing", "finished")),
                     TableRow.updated_at < unseen_before,
                     func.coalesce(TableRow.seen_at, TableRow.updated_at) < unseen_before)
            )).limit(500).with_for_update(
                skip_locked=self.postgres)))
            if not ids:
                return []
            s.execute(update(TableRow).where(TableRow.id.in_(ids)).values(
                status="closed", version=TableRow.version + 1, updated_at=now()))
            if self.postgres:
                for tid in ids:
                    s.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL,
                                                                "p": f"t:{tid}:0"})
        return ids


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
