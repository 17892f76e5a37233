"""Online play: table versions and settings, seat state, series of deals, chat.

Made on 2026-11-23.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("tables") as b:
        b.alter_column("seed", existing_type=sa.Integer, nullable=True)
        b.add_column(sa.Column("version", sa.Integer, nullable=False, server_default="1"))
        b.add_column(sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False,
                               server_default=sa.func.current_timestamp()))
        b.add_column(sa.Column("settings", sa.JSON, nullable=True))
        b.add_column(sa.Column("creator", sa.String(64), nullable=True))
        b.add_column(sa.Column("series", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_tables_status_created", "tables", ["status", "created_at"])
    op.create_index("ix_tables_creator", "tables", ["creator"])
    # A table that had started has its deals in series 1.
    op.execute("UPDATE tables SET series = 1 WHERE status <> 'waiting'")
    with op.batch_alter_table("seats") as b:
        b.add_column(sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()))
        b.add_column(sa.Column("ready_after", sa.Integer, nullable=False, server_default="0"))
        b.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])
    with op.batch_alter_table("deals") as b:
        b.add_column(sa.Column("series", sa.Integer, nullable=False, server_default="1"))
        b.add_column(sa.Column("rules", sa.JSON, nullable=True))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(512), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])
    op.create_table(
        "server_meta",
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_meta")
    op.drop_table("chat")
    with op.batch_alter_table("deals") as b:
        b.drop_column("rules")
        b.drop_column("series")
    op.drop_index("ix_seats_token_hash", "seats")
    with op.batch_alter_table("seats") as b:
        b.drop_column("expires_at")
        b.drop_column("ready_after")
        b.drop_column("away")
    op.drop_index("ix_tables_creator", "tables")
    op.drop_index("ix_tables_status_created", "tables")
    with op.batch_alter_table("tables") as b:
        b.drop_column("series")
        b.drop_column("creator")
        b.drop_column("settings")
        b.drop_column("updated_at")
        b.drop_column("version")
        b.alter_column("seed", existing_type=sa.Integer, nullable=False)
