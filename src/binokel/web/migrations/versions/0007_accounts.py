"""Optional accounts (issue 34): ``accounts`` (a stable public id, the name and its
skeleton, the Argon2id hash of the password), ``account_sessions`` (the SHA-256 of each
session id: the cookie's value is never stored), ``recovery_codes`` (their SHA-256),
``login_throttle`` (failed logins per account and per hashed address) and ``account_seats``
(the seat tokens a logged-in browser handed over, so its seats follow the account).

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

from binokel.web.columns import account_id
from binokel.web.columns import row_id
from binokel.web.columns import stamp
from binokel.web.columns import table_id

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "accounts",
        account_id("id", primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("skeleton", sa.String(256), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=False),
        stamp("created_at"),
        stamp("password_at"),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        account_id(foreign=True, index=True),
        stamp("created_at"),
        stamp("seen_at"),
    )
    op.create_table(
        "recovery_codes",
        row_id(),
        account_id(foreign=True, index=True),
        sa.Column("code_hash", sa.String(64), nullable=False),
        stamp("used_at", nullable=True),
    )
    op.create_table(
        "login_throttle",
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        stamp("last_at"),
        stamp("blocked_until", nullable=True),
    )
    op.create_table(
        "account_seats",
        row_id(),
        account_id(foreign=True, index=True),
        sa.Column("token", sa.String(64), nullable=False),
        table_id(index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        stamp("created_at"),
        sa.UniqueConstraint("account_id", "token"),
    )


def downgrade() -> None:
    for name in ("account_seats", "login_throttle", "recovery_codes", "account_sessions",
                 "accounts"):
        op.drop_table(name)
