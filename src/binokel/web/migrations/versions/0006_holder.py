"""Who joined a seat: ``seats.holder``, the hashed address of the client who took it, so
that the seats a client holds are counted in the database, over every server process,
and not in each process's memory (issue 31).

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.add_column("seats", sa.Column("holder", sa.String(64), nullable=True))
    op.create_index("ix_seats_holder", "seats", ["holder"])


def downgrade() -> None:
    op.drop_index("ix_seats_holder", table_name="seats")
    op.drop_column("seats", "holder")
