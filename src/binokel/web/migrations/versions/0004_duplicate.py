"""Online duplicate tournaments, one JSON document each with an owner's token hash (the
round's deals are in it: it is never sent as it is).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "duplicates",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("creator", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("doc", sa.JSON, nullable=False),
    )
    op.create_index("ix_duplicates_creator", "duplicates", ["creator"])


def downgrade() -> None:
    op.drop_table("duplicates")
