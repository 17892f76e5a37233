"""Score pads and club tournaments, each one JSON document with an owner's token hash.

Made on 2026-11-23.
"""

from alembic import op

from binokel.web.columns import create_documents

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    create_documents("pads")
    create_documents("tournaments")


def downgrade() -> None:
    op.drop_table("tournaments")
    op.drop_table("pads")
