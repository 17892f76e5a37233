"""Reports and suspensions of accounts (issue 34): what the operator judges and does
(``binokel admin``), apart from the players' own friends and blocks
(:mod:`binokel.web.social`, whose tables and limits these use)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from datetime import timedelta

from sqlalchemy import delete
from sqlalchemy import select
from sqlalchemy import update

from .accounts import AccountRow
from .accounts import AccountSeatRow
from .accounts import SessionRow
from .guard import WebError
from .social import MAX_DAYS
from .social import MAX_REASON
from .social import Left
from .social import ReportRow
from .social import Sessions
from .social import SuspensionRow
from .social import named
from .social import spend
from .store import aware
from .store import now


class Moderation:
    """Reports kept for the operator and the suspensions he makes (synchronous, short
    transactions; the routes call it in a thread)."""

    def __init__(self, store: Sessions) -> None:
        self.store = store

    def report(self, row: ReportRow, limits: Sequence[tuple[str, int]]) -> int:
        with self.store.session.begin() as s:
            spend(s, "report", limits)
            s.add(row)
            s.flush()
            return row.id

    def reports(self, limit: int = 50) -> list[ReportRow]:
        with self.store.session() as s:
            return list(s.scalars(select(ReportRow).order_by(ReportRow.id.desc())
                                  .limit(limit)))

    def report_row(self, number: int) -> ReportRow | None:
        with self.store.session() as s:
            return s.get(ReportRow, number)

    # ------------------------------------------------------------------ suspensions
    def suspension(self, account_id: str) -> SuspensionRow | None:
        """The account's suspension while it lasts."""
        with self.store.session() as s:
            row = s.get(SuspensionRow, account_id)
            return row if row is not None and aware(row.until) > now() else None

    def suspend(self, name: str, days: int, reason: str) -> tuple[AccountRow, datetime]:
        """Suspends the account of ``name`` for ``days``: its sessions end now; a server
        process leaves its seats (:meth:`unapplied`)."""
        if not 1 <= days <= MAX_DAYS:
            raise WebError("bad_days", f"days must be 1 to {MAX_DAYS}")
        reason = " ".join(reason.split())
        if not reason or len(reason) > MAX_REASON:
            raise WebError("bad_reason", f"a reason has 1 to {MAX_REASON} characters")
        until = now() + timedelta(days=days)
        with self.store.session.begin() as s:
            account = named(s, name)
            s.execute(delete(SuspensionRow).where(SuspensionRow.account_id == account.id))
            s.add(SuspensionRow(account_id=account.id, until=until, reason=reason))
            s.execute(delete(SessionRow).where(SessionRow.account_id == account.id))
        return account, until

    def unsuspend(self, name: str) -> AccountRow:
        with self.store.session.begin() as s:
            account = named(s, name)
            done = s.execute(delete(SuspensionRow)
                             .where(SuspensionRow.account_id == account.id))
            if not getattr(done, "rowcount", 0):
                raise WebError("not_suspended", f"{account.name} is not suspended", 404)
            return account

    def unapplied(self) -> dict[str, list[Left]]:
        """The suspensions no process has applied yet, each with the seats its account
        holds now; marked applied here (on PostgreSQL by one process only)."""
        out: dict[str, list[Left]] = {}
        with self.store.session.begin() as s:
            for row in list(s.scalars(select(SuspensionRow)
                                      .where(SuspensionRow.applied.is_(False)))):
                took = s.execute(update(SuspensionRow).where(
                    SuspensionRow.account_id == row.account_id,
                    SuspensionRow.applied.is_(False)).values(applied=True))
                if not getattr(took, "rowcount", 0):
                    continue   # another process took it
                seats = list(s.scalars(select(AccountSeatRow)
                                       .where(AccountSeatRow.account_id == row.account_id)))
                out[row.account_id] = [Left(m.table_id, m.seat, m.token) for m in seats]
                s.execute(delete(AccountSeatRow)
                          .where(AccountSeatRow.account_id == row.account_id))
        return out


__all__ = ["Moderation"]
