"""Online duplicate tournaments: one JSON document each with an owner's token hash, in the
same columns as pads and tournaments (the round's deals are in it: never sent as it is).

Made on 2026-11-23.
"""

import importlib.util
from pathlib import Path

from alembic import op

revision = "0004"
down_revision = "0003"


def _documents(name: str) -> None:
    """0003's table of documents (a migration never changes, so its helper is safe to use)."""
    path = Path(__file__).with_name("0003_tournament.py")
    spec = importlib.util.spec_from_file_location("binokel_migration_0003", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module._documents(name)


def upgrade() -> None:
    _documents("duplicates")


def downgrade() -> None:
    op.drop_table("duplicates")
