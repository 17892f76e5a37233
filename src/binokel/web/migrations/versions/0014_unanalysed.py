"""The rated deals still to be analysed, as an index of their own: the background analyser
(``web/backfill.py``) asks every minute for the oldest rated deal without its points given
away, which without it reads the whole of ``played_deals``. A partial index: it holds only
the deals still waiting, so it stays small however many deals are played.

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"



def upgrade() -> None:
    # Each in the words the dialect's queries use (SQLite has no boolean and matches the
    # terms of a partial index's condition by their form).
    op.create_index("ix_played_deals_unanalysed", "played_deals", ["id"],
                    sqlite_where=sa.text("rated = 1 AND given_away IS NULL"),
                    postgresql_where=sa.text("rated AND given_away IS NULL"))


def downgrade() -> None:
    op.drop_index("ix_played_deals_unanalysed", "played_deals")
