"""Rated tables' storage (issue 34): who sat where, every finished deal an account played,
and the ratings that move after each deal of a rated table (docs/ratings.md, docs/web.md).

A table's creator who is logged in may mark it rated (``settings.rated``). Only logged-in
accounts take its people's seats, it gives no hints, its rules and seed are fixed when it
is made, and its computer players play with their published ratings
(:mod:`binokel.ratings.bots`), which do not move.

Everything here runs inside the transaction that stores the deal's last action
(:meth:`binokel.web.tables.LiveTable.apply`), which holds the table's row lock: a deal's
ratings are written together with its end or not at all. :class:`RatedDealRow`, unique per
(table, deal), marks a rated deal, so that rating it a second time (another server process
with an old copy of the table, a retry) changes nothing. Rating rows are read ``FOR
UPDATE`` in the order of their keys on PostgreSQL, so two tables ending at once with the
same player wait for each other instead of losing an update (or deadlocking).

Player keys: an account's stable id (:class:`binokel.web.accounts.AccountRow`, never its
name), a computer player ``bot:<kind>``. A person whose seat a stand-in played (he timed
out or left) is rated like anyone: leaving does not save a rating.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Boolean
from sqlalchemy import DateTime
from sqlalchemy import Float
from sqlalchemy import Index
from sqlalchemy import Integer
from sqlalchemy import String
from sqlalchemy import UniqueConstraint
from sqlalchemy import delete
from sqlalchemy import func
from sqlalchemy import select
from sqlalchemy import text
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import Session
from sqlalchemy.orm import mapped_column

from ..core.outcome import Outcome
from ..ratings import Rating
from ..ratings import RatingError
from ..ratings import deal_contest
from ..ratings import rate
from ..ratings.bots import published
from .store import Base
from .store import now

BOT = "bot:"                # a computer player's key: bot:<kind>
MIN_DEALS = 20              # rated deals before an account is on a leaderboard (default)
HISTORY_KEEP = 500          # history points one player's page draws (the newest)
PAGE = 50                   # lines of one page of a leaderboard or a deal list, at most
MAX_OFFSET = 100_000        # how far a stranger may page
# A deal the background analyser waits for, in the words of each dialect's queries (SQLite
# has no boolean, and matches a partial index's condition term by term).
UNANALYSED = {"sqlite": "rated = 1 AND given_away IS NULL",
              "postgresql": "rated AND given_away IS NULL"}


class TableAccountRow(Base):
    """The account at a seat of a table (any table, rated or not): set when a logged-in
    player joins, replaced when somebody else takes the seat over."""

    __tablename__ = "table_accounts"
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(String(24), index=True)


class RatingRow(Base):
    """A player's current rating in one game (``display``: mu - 3 sigma, for ordering)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_board", "game", "display"),)
    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    display: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingHistoryRow(Base):
    """What one rated deal did to one player's rating."""

    __tablename__ = "rating_history"
    __table_args__ = (UniqueConstraint("key", "table_id", "deal"),
                      Index("ix_rating_history_key", "key", "game", "id"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(32))
    table_id: Mapped[str] = mapped_column(String(32))
    deal: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    display: Mapped[int] = mapped_column(Integer)
    before: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)


class RatedDealRow(Base):
    """The marker of a rated deal: one per (table, deal), so a deal is rated once."""

    __tablename__ = "rated_deals"
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class PlayedDealRow(Base):
    """A finished deal an account played (rated or not): its player page's statistics and
    latest deals."""

    __tablename__ = "played_deals"
    __table_args__ = (UniqueConstraint("account_id", "table_id", "deal"),
                      Index("ix_played_deals_account", "account_id", "id"),
                      # the deals the background analyser still waits for (0014)
                      Index("ix_played_deals_unanalysed", "id",
                            sqlite_where=text(UNANALYSED["sqlite"]),
                            postgresql_where=text(UNANALYSED["postgresql"])))
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(String(24))
    game: Mapped[str] = mapped_column(String(32))
    table_id: Mapped[str] = mapped_column(String(32))
    deal: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)
    score: Mapped[int] = mapped_column(Integer)
    declared: Mapped[bool] = mapped_column(Boolean)
    made: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # card points the analysis found given away (over the tricks it reached), once somebody
    # had the deal analysed (:func:`note_analysis`); None: not analysed
    given_away: Mapped[int | None] = mapped_column(Integer, nullable=True)


def bot_key(kind: str) -> str:
    return BOT + kind


def rated_bots_refusal(game: str, bots: Sequence[str | None]) -> str | None:
    """Why ``bots`` cannot sit at a rated table of ``game`` (None: they can): every
    computer player needs a published rating, which it plays with."""
    kinds = {b.kind for b in published(game)}
    if not kinds:
        return f"{game} has no published computer ratings; it cannot be played rated"
    odd = sorted({b for b in bots if b and b not in kinds})
    if odd:
        return (f"at a rated table a computer player plays with its published rating; "
                f"{', '.join(odd)} has none (rated: {', '.join(sorted(kinds))})")
    return None


def seat_account(s: Session, table_id: str, seat: int, account: str | None) -> None:
    """``account`` (None: a guest) now holds ``seat`` of the table."""
    s.execute(delete(TableAccountRow).where(TableAccountRow.table_id == table_id,
                                            TableAccountRow.seat == seat))
    if account is not None:
        s.add(TableAccountRow(table_id=table_id, seat=seat, account_id=account))
    s.flush()


def seats_of(s: Session, table_id: str, account: str) -> list[int]:
    """The seats of the table noted for ``account``."""
    return list(s.scalars(select(TableAccountRow.seat).where(
        TableAccountRow.table_id == table_id, TableAccountRow.account_id == account)))


@dataclass(frozen=True)
class FinishedDeal:
    """A deal as it ended at a table: what :func:`deal_finished` needs."""

    table_id: str
    game: str
    deal: int
    bots: Sequence[str | None]
    in_play: Sequence[int]          # the seats dealt in (with five at Doppelkopf, four)
    outcome: Outcome
    rated: bool


def _lock_rating(s: Session, key: str, game: str, postgres: bool) -> RatingRow | None:
    stmt = select(RatingRow).where(RatingRow.key == key, RatingRow.game == game)
    if postgres:
        stmt = stmt.with_for_update()
    return s.scalars(stmt).first()


def deal_finished(s: Session, deal: FinishedDeal, postgres: bool) -> bool:
    """Store a finished deal for the accounts that played it and, at a rated table, rate
    it (once: False when it was rated before). Runs in the transaction of the deal's last
    action."""
    seats = {r.seat: r.account_id for r in s.scalars(
        select(TableAccountRow).where(TableAccountRow.table_id == deal.table_id))}
    at = now()
    _note_played(s, deal, seats, at)
    if not deal.rated or s.get(RatedDealRow, (deal.table_id, deal.deal)) is not None:
        return False
    keys, fixed = _contest_keys(deal, seats)
    if any(k is None for i, k in enumerate(keys) if i in deal.in_play):
        return False   # a person's seat without an account: not a rated seat (old tables)
    try:
        contest = deal_contest(deal.game, keys, deal.outcome)
    except RatingError:
        return False
    if contest is None:
        return False   # thrown in: nobody played
    s.add(RatedDealRow(table_id=deal.table_id, deal=deal.deal, game=deal.game, at=at))
    s.flush()
    movers = sorted({k for side in contest.sides for k in side} - set(fixed))
    rows = {key: _rating_row(s, key, deal.game, postgres, at) for key in movers}
    current = {k: Rating(r.mu, r.sigma, r.deals) for k, r in rows.items()}
    update = rate(contest, current, fixed=fixed, when=at.isoformat(timespec="seconds"))
    for entry in update.history:
        r = update.ratings[entry.key]
        row = rows[entry.key]
        row.mu, row.sigma, row.deals, row.display = r.mu, r.sigma, r.deals, r.display
        row.updated_at = at
        s.add(RatingHistoryRow(key=entry.key, game=deal.game, table_id=deal.table_id,
                               deal=deal.deal, at=at, mu=r.mu, sigma=r.sigma,
                               display=r.display, before=entry.before, place=entry.place))
    s.flush()
    return True


def _note_played(s: Session, deal: FinishedDeal, seats: dict[int, str], at: datetime
                 ) -> None:
    """The deal in the deal list of every account that played it (once)."""
    out = deal.outcome
    for seat, account in seats.items():
        if seat not in deal.in_play or deal.bots[seat]:
            continue
        exists = s.scalars(select(PlayedDealRow.id).where(
            PlayedDealRow.account_id == account, PlayedDealRow.table_id == deal.table_id,
            PlayedDealRow.deal == deal.deal)).first()
        if exists is None:
            s.add(PlayedDealRow(account_id=account, game=deal.game, table_id=deal.table_id,
                                deal=deal.deal, seat=seat, rated=deal.rated,
                                score=int(out.scores[seat]), declared=out.declarer == seat,
                                made=out.declarer == seat and bool(out.made), at=at))


def _contest_keys(deal: FinishedDeal, seats: dict[int, str]
                  ) -> tuple[list[str | None], dict[str, Rating]]:
    """Each seat's rating key (None: not dealt in, or a person without an account) and the
    computer players' fixed published ratings (two of a kind: ``bot:kind#2``)."""
    keys: list[str | None] = []
    fixed: dict[str, Rating] = {}
    bots = {b.kind: b.rating for b in published(deal.game)}
    for seat, kind in enumerate(deal.bots):
        if seat not in deal.in_play:
            keys.append(None)
        elif kind:
            key = bot_key(kind)
            n = sum(1 for k in keys if k is not None and k.split("#")[0] == key)
            key = key if n == 0 else f"{key}#{n + 1}"
            fixed[key] = bots.get(kind, Rating())
            keys.append(key)
        else:
            keys.append(seats.get(seat))
    return keys, fixed


def _rating_row(s: Session, key: str, game: str, postgres: bool, at: datetime) -> RatingRow:
    """``key``'s rating row in ``game``, locked (made at the start value if new)."""
    row = _lock_rating(s, key, game, postgres)
    if row is not None:
        return row
    fresh = Rating()
    row = RatingRow(key=key, game=game, mu=fresh.mu, sigma=fresh.sigma,
                    display=fresh.display, deals=0, updated_at=at)
    try:
        with s.begin_nested():
            s.add(row)
    except IntegrityError:   # another table's deal made it meanwhile
        row = _lock_rating(s, key, game, postgres)
        assert row is not None
    return row


# ---------------------------------------------------------------------- reading
def ratings_of(s: Session, key: str) -> dict[str, Rating]:
    return {r.game: Rating(r.mu, r.sigma, r.deals)
            for r in s.scalars(select(RatingRow).where(RatingRow.key == key))}


def history_of(s: Session, key: str, game: str, keep: int = HISTORY_KEEP
               ) -> list[dict[str, Any]]:
    rows = list(s.scalars(select(RatingHistoryRow).where(
        RatingHistoryRow.key == key, RatingHistoryRow.game == game)
        .order_by(RatingHistoryRow.id.desc()).limit(keep)))
    return [{"at": r.at.isoformat(timespec="seconds"), "table": r.table_id, "deal": r.deal,
             "before": r.before, "display": r.display, "mu": round(r.mu, 1),
             "sigma": round(r.sigma, 1), "place": r.place} for r in reversed(rows)]


def stats_of(s: Session, account: str) -> dict[str, dict[str, Any]]:
    """Per game: deals (rated of them), contracts declared and made, mean score per deal,
    and over the deals somebody had analysed the mean card points given away."""
    q = select(PlayedDealRow.game, PlayedDealRow.rated, func.count(PlayedDealRow.id),
               func.sum(PlayedDealRow.score),
               func.sum(func.cast(PlayedDealRow.declared, Integer)),
               func.sum(func.cast(PlayedDealRow.made, Integer)),
               func.count(PlayedDealRow.given_away), func.sum(PlayedDealRow.given_away)
               ).where(PlayedDealRow.account_id == account).group_by(PlayedDealRow.game,
                                                                     PlayedDealRow.rated)
    out: dict[str, dict[str, Any]] = {}
    for game, rated, n, total, declared, made, analysed, lost in s.execute(q):
        g = out.setdefault(game, {"deals": 0, "rated": 0, "total": 0, "declared": 0,
                                  "made": 0, "analysed": 0, "lost": 0})
        g["deals"] += n
        g["rated"] += n if rated else 0
        g["total"] += int(total or 0)
        g["declared"] += int(declared or 0)
        g["made"] += int(made or 0)
        g["analysed"] += int(analysed or 0)
        g["lost"] += int(lost or 0)
    for g in out.values():
        g["average"] = round(g.pop("total") / g["deals"], 1) if g["deals"] else 0.0
        lost = g.pop("lost")
        g["given_away"] = round(lost / g["analysed"], 1) if g["analysed"] else None
    return out


def note_analysis(s: Session, table_id: str, deal: int, lost: dict[int, int]) -> None:
    """A deal's analysis was computed (somebody opened it): the card points each seat gave
    away (``lost``, seats that played in the analysed tricks) go into the deal lists of the
    accounts that played it, for their statistics. Cheap: only what was analysed anyway."""
    for seat, points in lost.items():
        s.execute(update(PlayedDealRow).where(
            PlayedDealRow.table_id == table_id, PlayedDealRow.deal == deal,
            PlayedDealRow.seat == seat, PlayedDealRow.given_away.is_(None))
            .values(given_away=points))


def deals_of(s: Session, account: str, offset: int, limit: int) -> list[dict[str, Any]]:
    rows = s.scalars(select(PlayedDealRow).where(PlayedDealRow.account_id == account)
                     .order_by(PlayedDealRow.id.desc()).offset(offset).limit(limit))
    return [{"game": r.game, "table": r.table_id, "deal": r.deal, "seat": r.seat,
             "rated": r.rated, "score": r.score, "declared": r.declared, "made": r.made,
             "given_away": r.given_away, "at": r.at.isoformat(timespec="seconds")}
            for r in rows]


def forget(s: Session, account: str) -> None:
    """A deleted account's ratings, history, deal list and seats go (its deals stay, under
    the deleted label, at their tables)."""
    for kind, column in ((RatingRow, RatingRow.key), (RatingHistoryRow, RatingHistoryRow.key),
                         (PlayedDealRow, PlayedDealRow.account_id),
                         (TableAccountRow, TableAccountRow.account_id)):
        s.execute(delete(kind).where(column == account))


def export_of(s: Session, account: str) -> dict[str, Any]:
    """What an account's export holds of its ratings and deals."""
    games = ratings_of(s, account)
    return {
        "ratings": {g: {**r.to_json(), "display": r.display,
                        "history": history_of(s, account, g, keep=10**6)}
                    for g, r in games.items()},
        "deals": deals_of(s, account, 0, 10**6),
    }


__all__ = [
    "BOT",
    "MIN_DEALS",
    "FinishedDeal",
    "PlayedDealRow",
    "RatedDealRow",
    "RatingHistoryRow",
    "RatingRow",
    "TableAccountRow",
    "bot_key",
    "deal_finished",
    "deals_of",
    "export_of",
    "forget",
    "history_of",
    "note_analysis",
    "rated_bots_refusal",
    "ratings_of",
    "seat_account",
    "seats_of",
    "stats_of",
]
