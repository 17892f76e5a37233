"""Tables, seats, deals and actions.

Made on 2026-11-22.
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.schema import SchemaItem

from binokel.web.columns import row_id
from binokel.web.columns import stamp
from binokel.web.columns import table_id

revision = "0001"
down_revision = None


def _of_table(name: str, key: tuple[str, ...], *items: SchemaItem) -> None:
    """A table of rows belonging to one table (seats, deals, actions): a row number, the
    table's id (indexed: every read is by table) and ``items``; no two rows of a table have
    the same ``key``."""
    op.create_table(
        name,
        row_id(),
        table_id(foreign=True),
        *items,
        sa.UniqueConstraint("table_id", *key),
    )
    op.create_index(f"ix_{name}_table_id", name, ["table_id"])


def upgrade() -> None:
    op.create_table(
        "tables",
        table_id("id", primary_key=True),
        stamp("created_at"),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("bots", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
    )
    _of_table(
        "seats", ("seat",),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("nickname", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
    )
    _of_table(
        "deals", ("number",),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("deck", sa.JSON, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
    )
    _of_table(
        "actions", ("deal_number", "idx"),
        sa.Column("deal_number", sa.Integer, nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(128), nullable=False),
        stamp("created_at"),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("deals")
    op.drop_table("seats")
    op.drop_table("tables")
