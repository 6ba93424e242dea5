"""Arena tournaments (issue 48): a tournament's mode (``swiss`` rounds or an ``arena``) and
the end of an arena's window.

Revision ID: 0029
Revises: 0028
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tournaments",
        sa.Column("mode", sa.String(6), nullable=False, server_default="swiss"),
    )
    op.add_column("tournaments", sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    # Plain ALTER TABLE … DROP COLUMN (SQLite 3.35 has it): a batch would copy the table,
    # which the tournament players' and games' foreign keys refuse.
    op.drop_column("tournaments", "ends_at")
    op.drop_column("tournaments", "mode")
