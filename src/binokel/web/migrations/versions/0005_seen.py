"""When somebody last had a running table open: ``tables.seen_at``, touched every minute by
each server process for the tables it has connections to, so that a running table nobody
has open is closed sooner than one without any change (issue 31).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "seen_at")
