"""Passkeys of accounts (issue 34): ``passkeys`` (a WebAuthn credential's id, its public key
in COSE form, its signature counter) and ``webauthn_challenges`` (each challenge handed
out, used once and within minutes, shared by every server process).

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

from binokel.web.columns import account_id
from binokel.web.columns import stamp

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(512), primary_key=True),
        account_id(foreign=True, index=True),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        stamp("created_at"),
        stamp("used_at", nullable=True),
    )
    op.create_table(
        "webauthn_challenges",
        sa.Column("challenge", sa.String(128), primary_key=True),
        account_id(nullable=True),
        stamp("expires_at", index=True),
    )


def downgrade() -> None:
    op.drop_table("webauthn_challenges")
    op.drop_table("passkeys")
