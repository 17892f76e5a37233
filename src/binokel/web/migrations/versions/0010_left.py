"""A seat its person left, said in so many words: ``seats.left``. It was read from an
away seat without a holder, which a seat joined without an address (the server's own, a
test's) also is when its person merely times out, so a process that loaded the table
called a timed-out seat "left" and offered it to anyone (issue 33). No released
version stored a left seat before this column, so none is marked here.

Made on 2026-11-28.
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.add_column("seats", sa.Column("left", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("seats", "left")
