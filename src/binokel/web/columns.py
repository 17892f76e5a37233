"""The kinds of column the schema's migrations (``migrations/versions``) repeat, each written
once: a moment in time, an account's id, a row number, a table's id, and the table of JSON
documents that score pads, club tournaments, duplicate tournaments and seasons share.

**Frozen, like the migrations themselves.** An existing database was upgraded by what these
functions made when its migrations ran, and a new one must come out the same: never change
what a function here makes (type, size, nullability, keys, indexes, names). A new kind of
column is a new function; a change of the schema is a new migration. The ORM classes
(:mod:`binokel.web.store` and the modules beside it) describe the same columns for queries.

>>> stamp("seen_at", nullable=True)
Column('seen_at', DateTime(timezone=True), table=None)
>>> column = account_id(foreign=True, index=True)
>>> column.name, column.type, column.nullable, column.index, column.foreign_keys
('account_id', String(length=24), False, True, {ForeignKey('accounts.id')})
>>> row_id().primary_key, table_id().type
(True, String(length=32))
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from alembic import op

ACCOUNT_ID = 24    # the size of an account's public id (Accounts.register makes 16)
TABLE_ID = 32      # the size of a table's id (and a document's: a pad's, a season's, ...)


def stamp(name: str, *, nullable: bool = False, index: bool | None = None
          ) -> sa.Column[datetime]:
    """A moment in time, with its time zone (stored as UTC)."""
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable, index=index)


def account_id(name: str = "account_id", *, foreign: bool = False,
               primary_key: bool = False, nullable: bool = False,
               index: bool | None = None) -> sa.Column[str]:
    """An account's public id (``accounts.id`` itself with ``primary_key``); ``foreign``: a
    foreign key to ``accounts`` (the tables of the account's own login; later tables have
    none, an account's deletion removes their rows itself)."""
    key = (sa.ForeignKey("accounts.id"),) if foreign else ()
    return sa.Column(name, sa.String(ACCOUNT_ID), *key, primary_key=primary_key,
                     nullable=nullable, index=index)


def table_id(name: str = "table_id", *, foreign: bool = False, primary_key: bool = False,
             index: bool | None = None) -> sa.Column[str]:
    """A table's id; ``foreign``: a foreign key to ``tables`` (the rows a table is made of:
    seats, deals, actions, chat; records of finished deals outlive the table and have none)."""
    key = (sa.ForeignKey("tables.id"),) if foreign else ()
    return sa.Column(name, sa.String(TABLE_ID), *key, primary_key=primary_key,
                     nullable=False, index=index)


def row_id() -> sa.Column[int]:
    """``id``, the row's number, counted up by the database."""
    return sa.Column("id", sa.Integer, primary_key=True, autoincrement=True)


def create_documents(name: str) -> None:
    """The table ``name`` of JSON documents, one a row with its owner's token hash, the name
    its creator gave and a version counted up by each change (pads and tournaments in 0003,
    duplicate tournaments in 0004, seasons in 0013); indexed by creator."""
    op.create_table(
        name,
        sa.Column("id", sa.String(TABLE_ID), primary_key=True),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("creator", sa.String(64), nullable=False),
        stamp("created_at"),
        stamp("updated_at"),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("doc", sa.JSON, nullable=False),
    )
    op.create_index(f"ix_{name}_creator", name, ["creator"])


__all__ = ["ACCOUNT_ID", "TABLE_ID", "account_id", "create_documents", "row_id", "stamp",
           "table_id"]
