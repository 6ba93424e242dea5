"""Spectators are counted in memory (carson.server.play.live.watchers, issue 43: looking at a
game writes nothing): the table of watchers goes.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_watchers_last_seen", table_name="watchers")
    op.drop_table("watchers")


def downgrade() -> None:
    op.create_table(
        "watchers",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("viewer", sa.String(24), primary_key=True),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_watchers_last_seen", "watchers", ["last_seen"])
