"""``web/columns.py`` is frozen like the migrations that build their tables with it: what each
kind of column makes, on SQLite and on PostgreSQL, is pinned here (a change would make a new
database differ from one upgraded before it)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects import sqlite
from sqlalchemy.schema import CreateTable

from binokel.web.columns import account_id
from binokel.web.columns import row_id
from binokel.web.columns import stamp
from binokel.web.columns import table_id
from binokel.web.store import migrate
from test_web_postgres import pg_url  # noqa: F401 - the fixture

FK_ACCOUNT = "FOREIGN KEY(account_id) REFERENCES accounts (id)"
FK_TABLE = "FOREIGN KEY(table_id) REFERENCES tables (id)"

# (the column, its DDL on SQLite, on PostgreSQL, the index it asks for)
KINDS = [
    (row_id, "id INTEGER NOT NULL, PRIMARY KEY (id)", "id SERIAL NOT NULL, PRIMARY KEY (id)",
     None),
    (lambda: stamp("at"), "at DATETIME NOT NULL", "at TIMESTAMP WITH TIME ZONE NOT NULL", None),
    (lambda: stamp("at", nullable=True, index=True), "at DATETIME",
     "at TIMESTAMP WITH TIME ZONE", "ix_t_at"),
    (lambda: account_id(foreign=True, index=True), f"account_id VARCHAR(24) NOT NULL, {FK_ACCOUNT}",
     f"account_id VARCHAR(24) NOT NULL, {FK_ACCOUNT}", "ix_t_account_id"),
    (lambda: account_id("id", primary_key=True), "id VARCHAR(24) NOT NULL, PRIMARY KEY (id)",
     "id VARCHAR(24) NOT NULL, PRIMARY KEY (id)", None),
    (lambda: account_id(nullable=True), "account_id VARCHAR(24)", "account_id VARCHAR(24)",
     None),
    (lambda: table_id(foreign=True), f"table_id VARCHAR(32) NOT NULL, {FK_TABLE}",
     f"table_id VARCHAR(32) NOT NULL, {FK_TABLE}", None),
    (lambda: table_id(primary_key=True), "table_id VARCHAR(32) NOT NULL, PRIMARY KEY (table_id)",
     "table_id VARCHAR(32) NOT NULL, PRIMARY KEY (table_id)", None),
    (lambda: table_id(index=True), "table_id VARCHAR(32) NOT NULL",
     "table_id VARCHAR(32) NOT NULL", "ix_t_table_id"),
]


@pytest.mark.parametrize(("make", "on_sqlite", "on_postgres", "index"), KINDS)
def test_each_kind_of_column_makes_what_it_made(make: object, on_sqlite: str, on_postgres: str,
                                                index: str | None) -> None:
    meta = sa.MetaData()
    sa.Table("accounts", meta, sa.Column("id", sa.String(24), primary_key=True))
    sa.Table("tables", meta, sa.Column("id", sa.String(32), primary_key=True))
    assert callable(make)
    table = sa.Table("t", meta, make())
    for dialect, expected in ((sqlite.dialect(), on_sqlite), (postgresql.dialect(), on_postgres)):
        ddl = " ".join(str(CreateTable(table).compile(dialect=dialect)).split())
        assert ddl == f"CREATE TABLE t ( {expected} )"
    assert [i.name for i in table.indexes] == ([index] if index else [])


def test_the_four_tables_of_documents_are_alike(tmp_path: Path) -> None:
    """Pads and tournaments (0003), duplicates (0004) and seasons (0013): the columns and the
    creator's index of ``create_documents``, the same in each."""
    db = tmp_path / "docs.sqlite3"
    migrate(f"sqlite:///{db}")
    with sqlite3.connect(db) as con:
        made = dict(con.execute("SELECT name, sql FROM sqlite_master").fetchall())
    names = ("pads", "tournaments", "duplicates", "seasons")
    tables = {made[n].replace(n, "NAME", 1) for n in names}
    indexes = {made[f"ix_{n}_creator"].replace(n, "NAME") for n in names}
    assert len(tables) == 1 and len(indexes) == 1
    assert "doc JSON NOT NULL" in tables.pop()



def no_drift(url: str) -> None:
    """The ORM classes the queries use and the schema the migrations build at ``url``
    agree, column by column and index by index (alembic finds nothing to change)."""
    import binokel.web.app  # noqa: F401 - every module's rows in the metadata
    from binokel.web.store import Base
    from binokel.web.store import Store

    store = Store(url)
    try:
        with store.engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    finally:
        store.close()


def test_the_models_describe_the_migrated_schema(tmp_path: Path) -> None:
    no_drift(f"sqlite:///{tmp_path / 'db.sqlite3'}")


def test_the_models_describe_the_migrated_schema_on_postgresql(pg_url: str) -> None:  # noqa: F811
    no_drift(pg_url)
