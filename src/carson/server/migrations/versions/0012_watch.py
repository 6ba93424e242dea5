"""Spectators: who watches which game, as last seen (carson.server.play.live.watchers).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "watchers",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("viewer", sa.String(24), primary_key=True),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_watchers_last_seen", "watchers", ["last_seen"])


def downgrade() -> None:
    op.drop_index("ix_watchers_last_seen", table_name="watchers")
    op.drop_table("watchers")
