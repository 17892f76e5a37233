"""The lobby's questions to the store: pages of tables, the tables a seat token holds, the
tables a client has created, the live tables to load at a start.

One part of the server's database access next to :class:`binokel.web.store.Store` (which
writes and reads single tables): read-only queries over many tables, each in one short
session, so that the lobby and the limits per client cost one or two queries whatever the
number of tables. :meth:`LobbyQueries.tables_held` counts in the caller's session, under the
client's lock (:meth:`Store.lock_client`), as a table is created.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import and_
from sqlalchemy import func
from sqlalchemy import or_
from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm import sessionmaker

from .store import LIVE
from .store import SeatRow
from .store import TableRow
from .store import aware
from .store import now


class LobbyQueries:
    """Queries over the tables of the database that ``session`` opens."""

    def __init__(self, session: sessionmaker[Session]) -> None:
        self.session = session

    def live_ids(self, statuses: Sequence[str] = LIVE) -> list[str]:
        with self.session() as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.status.in_(statuses))
                                  .order_by(TableRow.created_at)))

    @staticmethod
    def tables_held(s: Session, creator: str, status: Sequence[str] = LIVE) -> int:
        """The tables of ``status`` that ``creator`` (a hashed address) created."""
        return int(s.scalar(select(func.count()).select_from(TableRow).where(
            TableRow.status.in_(status), TableRow.creator == creator)) or 0)

    def count_live(self, creator: str | None = None, status: Sequence[str] = LIVE) -> int:
        with self.session() as s:
            q = select(func.count()).select_from(TableRow).where(TableRow.status.in_(status))
            if creator is not None:
                q = q.where(TableRow.creator == creator)
            return int(s.scalar(q) or 0)

    def page(self, status: str, limit: int, cursor: str | None
             ) -> tuple[list[tuple[TableRow, list[SeatRow]]], str | None]:
        """A page of the lobby: tables of ``status``, newest first, after ``cursor``."""
        with self.session() as s:
            q = select(TableRow).where(TableRow.status == status)
            if cursor is not None:
                at, tid = decode_cursor(cursor)
                q = q.where(or_(TableRow.created_at < at,
                                and_(TableRow.created_at == at, TableRow.id < tid)))
            rows = list(s.scalars(q.order_by(TableRow.created_at.desc(), TableRow.id.desc())
                                  .limit(limit + 1)))
            more = len(rows) > limit
            rows = rows[:limit]
            seats = self._seats_of(s, [r.id for r in rows])
        out = [(r, seats.get(r.id, [])) for r in rows]
        nxt = encode_cursor(rows[-1].created_at, rows[-1].id) if more and rows else None
        return out, nxt

    def by_tokens(self, hashes: Sequence[str]) -> list[tuple[str, TableRow, list[SeatRow]]]:
        """The live tables where these token hashes hold a seat: (hash, table, its seats)."""
        with self.session() as s:
            mine = list(s.scalars(select(SeatRow).where(SeatRow.token_hash.in_(hashes))))
            rows = {r.id: r for r in s.scalars(select(TableRow).where(
                TableRow.id.in_({m.table_id for m in mine}), TableRow.status.in_(LIVE)))}
            seats = self._seats_of(s, list(rows))
        t = now()
        return [(m.token_hash, rows[m.table_id], seats.get(m.table_id, [])) for m in mine
                if m.table_id in rows and (m.expires_at is None or aware(m.expires_at) > t)]

    @staticmethod
    def _seats_of(s: Session, ids: list[str]) -> dict[str, list[SeatRow]]:
        out: dict[str, list[SeatRow]] = {}
        if ids:
            for seat in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))
                                  .order_by(SeatRow.seat)):
                out.setdefault(seat.table_id, []).append(seat)
        return out


def encode_cursor(at: datetime, table_id: str) -> str:
    raw = f"{aware(at).isoformat()}|{table_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    """The position a lobby cursor names; ``ValueError`` for anything we did not hand out."""
    if len(cursor) > 120:
        raise ValueError("cursor too long")
    raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    at, _, tid = raw.partition("|")
    if not tid or len(tid) > 32:
        raise ValueError("bad cursor")
    return datetime.fromisoformat(at), tid
