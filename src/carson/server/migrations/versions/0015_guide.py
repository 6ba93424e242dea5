"""Guided first games: which games were started as a guide, and whether it was dismissed.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "guided_games",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("dismissed", sa.Boolean, nullable=False),
    )
    op.create_index("ix_guided_games_user_id", "guided_games", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_guided_games_user_id", "guided_games")
    op.drop_table("guided_games")
