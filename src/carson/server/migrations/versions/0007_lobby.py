"""The lobby: quick-match seeks (a person asking to play now), and the lobby's index of
public tables waiting for players.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("time_control", sa.String(8), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("fill_with", sa.String(16), nullable=False),
        sa.Column("max_gap", sa.Integer, nullable=True),
        sa.Column("lang", sa.String(5), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id"), nullable=True),
    )
    op.create_index("ix_seeks_open", "seeks", ["game_id", "game"])


def downgrade() -> None:
    op.drop_table("seeks")
