"""Club seasons (issue 34): ``seasons``, one JSON document each with its organiser's token
hash (as ``pads`` and ``tournaments``), and ``season_members``, the accounts that are
members of a season (for "my seasons").

Made beside 0011 (ratings) and 0012 (friends and reports), it comes after them; it
touches none of their tables.

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

from binokel.web.columns import account_id
from binokel.web.columns import create_documents

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    create_documents("seasons")
    op.create_table(
        "season_members",
        sa.Column("season_id", sa.String(32), primary_key=True),
        account_id(primary_key=True),
    )
    op.create_index("ix_season_members_account_id", "season_members", ["account_id"])


def downgrade() -> None:
    op.drop_table("season_members")
    op.drop_table("seasons")
