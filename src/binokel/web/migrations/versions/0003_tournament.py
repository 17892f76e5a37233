"""Score pads and club tournaments, each one JSON document with an owner's token hash.

Made on 2026-11-23.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def _documents(name: str) -> None:
    op.create_table(
        name,
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("creator", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("doc", sa.JSON, nullable=False),
    )
    op.create_index(f"ix_{name}_creator", name, ["creator"])


def upgrade() -> None:
    _documents("pads")
    _documents("tournaments")


def downgrade() -> None:
    op.drop_table("tournaments")
    op.drop_table("pads")
