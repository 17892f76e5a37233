"""Optional accounts (issue 34): ``accounts`` (a stable public id, the name and its
skeleton, the Argon2id hash of the password), ``account_sessions`` (the SHA-256 of each
session id: the cookie's value is never stored), ``recovery_codes`` (their SHA-256),
``login_throttle`` (failed logins per account and per hashed address) and ``account_seats``
(the seat tokens a logged-in browser handed over, so its seats follow the account).

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("skeleton", sa.String(256), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("password_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(24), sa.ForeignKey("accounts.id"), nullable=False,
                  index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "recovery_codes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(24), sa.ForeignKey("accounts.id"), nullable=False,
                  index=True),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "login_throttle",
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("blocked_until", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "account_seats",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(24), sa.ForeignKey("accounts.id"), nullable=False,
                  index=True),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("account_id", "token"),
    )


def downgrade() -> None:
    for name in ("account_seats", "login_throttle", "recovery_codes", "account_sessions",
                 "accounts"):
        op.drop_table(name)
