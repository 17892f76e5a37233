"""Persistence: tables, seats, deals and every accepted action, in SQLite or PostgreSQL.

Every accepted action is written (and committed) before it is broadcast, so a restart loses
nothing: a table is rebuilt by replaying its stored deals.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import JSON
from sqlalchemy import Boolean
from sqlalchemy import DateTime
from sqlalchemy import ForeignKey
from sqlalchemy import Integer
from sqlalchemy import String
from sqlalchemy import UniqueConstraint
from sqlalchemy import create_engine
from sqlalchemy import event
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import mapped_column
from sqlalchemy.orm import sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    bots: Mapped[list[str | None]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="waiting")


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    nickname: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64))


class DealRow(Base):
    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[int] = mapped_column(Integer)
    deck: Mapped[list[str]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "deal_number", "idx"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    deal_number: Mapped[int] = mapped_column(Integer)
    idx: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass
class StoredDeal:
    number: int
    dealer: int
    deck: list[str]
    actions: list[str]
    finished: bool
    result: dict[str, Any] | None


def default_database_url() -> str:
    return "sqlite:///binokel.sqlite3"


def make_engine(url: str) -> Engine:
    engine = create_engine(url, future=True)
    if url.startswith("sqlite"):
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


def migrate(url: str) -> None:
    """Bring the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, "head")


class Store:
    """All database access of the server (synchronous, short transactions)."""

    def __init__(self, url: str) -> None:
        self.url = url
        migrate(url)
        self.engine = make_engine(url)
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def create_table(self, table_id: str, game: str, players: int, rules: dict[str, Any],
                     seed: int, bots: list[str | None]) -> None:
        with self.session.begin() as s:
            s.add(TableRow(id=table_id, game=game, players=players, rules=rules, seed=seed,
                           bots=bots, status="waiting"))

    def set_status(self, table_id: str, status: str) -> None:
        with self.session.begin() as s:
            row = s.get(TableRow, table_id)
            if row is not None:
                row.status = status

    def add_seat(self, table_id: str, seat: int, nickname: str, token_hash: str) -> None:
        with self.session.begin() as s:
            s.add(SeatRow(table_id=table_id, seat=seat, nickname=nickname,
                          token_hash=token_hash))

    def add_deal(self, table_id: str, number: int, dealer: int, deck: list[str]) -> None:
        with self.session.begin() as s:
            s.add(DealRow(table_id=table_id, number=number, dealer=dealer, deck=deck))

    def add_action(self, table_id: str, deal_number: int, idx: int, seat: int, action: str,
                   result: dict[str, Any] | None = None) -> None:
        with self.session.begin() as s:
            s.add(ActionRow(table_id=table_id, deal_number=deal_number, idx=idx, seat=seat,
                            action=action))
            if result is not None:
                deal = s.scalars(select(DealRow).where(DealRow.table_id == table_id,
                                                       DealRow.number == deal_number)).one()
                deal.finished = True
                deal.result = result

    def tables(self, status: str | None = None) -> list[TableRow]:
        with self.session() as s:
            q = select(TableRow).order_by(TableRow.created_at)
            if status:
                q = q.where(TableRow.status == status)
            return list(s.scalars(q))

    def table(self, table_id: str) -> TableRow | None:
        with self.session() as s:
            return s.get(TableRow, table_id)

    def seats(self, table_id: str) -> list[SeatRow]:
        with self.session() as s:
            return list(s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                                  .order_by(SeatRow.seat)))

    def deals(self, table_id: str) -> list[StoredDeal]:
        with self.session() as s:
            deals = list(s.scalars(select(DealRow).where(DealRow.table_id == table_id)
                                   .order_by(DealRow.number)))
            actions = list(s.scalars(select(ActionRow).where(ActionRow.table_id == table_id)
                                     .order_by(ActionRow.deal_number, ActionRow.idx)))
        per: dict[int, list[str]] = {}
        for a in actions:
            per.setdefault(a.deal_number, []).append(a.action)
        return [StoredDeal(d.number, d.dealer, list(d.deck), per.get(d.number, []), d.finished,
                           d.result) for d in deals]


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
