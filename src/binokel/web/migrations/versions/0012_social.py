"""Friends, blocks, invitations, reports, suspensions and who is online (issue 34;
:mod:`binokel.web.social`). None of them has a foreign key to ``accounts``: an account's
deletion removes its rows itself (:meth:`Social.forget`) and a report outlives it.

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "account_seen",
        sa.Column("account_id", sa.String(24), primary_key=True),
        sa.Column("seen_at", WHEN, nullable=False, index=True),
    )
    op.create_table(
        "friends",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("asker_id", sa.String(24), nullable=False, index=True),
        sa.Column("asked_id", sa.String(24), nullable=False, index=True),
        sa.Column("accepted", sa.Boolean, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.UniqueConstraint("asker_id", "asked_id"),
    )
    op.create_table(
        "blocks",
        sa.Column("blocker_id", sa.String(24), primary_key=True),
        sa.Column("blocked_id", sa.String(24), primary_key=True, index=True),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False, index=True),
        sa.Column("from_id", sa.String(24), nullable=False),
        sa.Column("to_id", sa.String(24), nullable=False, index=True),
        sa.Column("watch", sa.Boolean, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("created_at", WHEN, nullable=False, index=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("deal_number", sa.Integer, nullable=False),
        sa.Column("deal_over", sa.Boolean, nullable=False),
        sa.Column("reporter_id", sa.String(24), nullable=True),
        sa.Column("reporter_name", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("reported_id", sa.String(24), nullable=True, index=True),
        sa.Column("reported_name", sa.String(64), nullable=False),
        sa.Column("reason", sa.String(2000), nullable=False),
        sa.Column("chat", sa.JSON, nullable=False),
        sa.Column("record", sa.JSON, nullable=True),
    )
    op.create_table(
        "suspensions",
        sa.Column("account_id", sa.String(24), primary_key=True),
        sa.Column("until", WHEN, nullable=False),
        sa.Column("reason", sa.String(2000), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("applied", sa.Boolean, nullable=False),
    )
    op.create_table(
        "social_counts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(80), nullable=False, index=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", WHEN, nullable=False, index=True),
    )


def downgrade() -> None:
    for name in ("social_counts", "suspensions", "reports", "invitations", "blocks",
                 "friends", "account_seen"):
        op.drop_table(name)
