"""Pausing in an arena (issue 48): a tournament player's ``paused`` (not seated until they
come back; a timeout in an arena game pauses them).

Revision ID: 0030
Revises: 0029
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tournament_players",
        sa.Column("paused", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    # Plain ALTER TABLE … DROP COLUMN (SQLite 3.35 has it): a batch would copy the table.
    op.drop_column("tournament_players", "paused")
