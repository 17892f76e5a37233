"""The table's creator as a secret: ``tables.owner_hash``, the SHA-256 of the owner token
the creator's browser got with the new table, so that he may hand on the seat of a person
who is away (issue 33). Tables made before have none: nobody may hand their seats on.

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.add_column("tables", sa.Column("owner_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "owner_hash")
