"""Rated tables (issue 34): ``table_accounts`` (the account at a seat), ``ratings`` (a
player's current rating per game), ``rating_history`` (one row per player and rated deal),
``rated_deals`` (the once-per-deal marker) and ``played_deals`` (every finished deal an
account played, for its player page).

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

from binokel.web.columns import account_id
from binokel.web.columns import row_id
from binokel.web.columns import stamp
from binokel.web.columns import table_id

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.create_table(
        "table_accounts",
        table_id(primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        account_id(index=True),
    )
    op.create_table(
        "ratings",
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("display", sa.Integer, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        stamp("updated_at"),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "display"])
    op.create_table(
        "rating_history",
        row_id(),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        table_id(),
        sa.Column("deal", sa.Integer, nullable=False),
        stamp("at"),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("display", sa.Integer, nullable=False),
        sa.Column("before", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.UniqueConstraint("key", "table_id", "deal"),
    )
    op.create_index("ix_rating_history_key", "rating_history", ["key", "game", "id"])
    op.create_table(
        "rated_deals",
        table_id(primary_key=True),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        stamp("at"),
    )
    op.create_table(
        "played_deals",
        row_id(),
        account_id(),
        sa.Column("game", sa.String(32), nullable=False),
        table_id(),
        sa.Column("deal", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("declared", sa.Boolean, nullable=False),
        sa.Column("made", sa.Boolean, nullable=False),
        stamp("at"),
        sa.Column("given_away", sa.Integer, nullable=True),
        sa.UniqueConstraint("account_id", "table_id", "deal"),
    )
    op.create_index("ix_played_deals_account", "played_deals", ["account_id", "id"])


def downgrade() -> None:
    op.drop_table("played_deals")
    op.drop_table("rated_deals")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_table("table_accounts")
