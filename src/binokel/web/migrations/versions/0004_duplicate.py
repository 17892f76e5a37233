"""Online duplicate tournaments: one JSON document each with an owner's token hash, in the
same columns as pads and tournaments (the round's deals are in it: never sent as it is).

Made on 2026-11-23.
"""

from alembic import op

from binokel.web.columns import create_documents

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    create_documents("duplicates")


def downgrade() -> None:
    op.drop_table("duplicates")
