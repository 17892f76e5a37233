"""Passkeys of accounts (issue 34): ``passkeys`` (a WebAuthn credential's id, its public key
in COSE form, its signature counter) and ``webauthn_challenges`` (each challenge handed
out, used once and within minutes, shared by every server process).

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(512), primary_key=True),
        sa.Column("account_id", sa.String(24), sa.ForeignKey("accounts.id"), nullable=False,
                  index=True),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "webauthn_challenges",
        sa.Column("challenge", sa.String(128), primary_key=True),
        sa.Column("account_id", sa.String(24), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("webauthn_challenges")
    op.drop_table("passkeys")
