"""Tables: a game's settings (public, rated, time control, what a timeout does, rating
range), its clock, how and when it ended, seats whose players left, bot accounts, and
people's ratings with their history.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _game_columns() -> tuple[sa.Column[Any], ...]:
    return (
        sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("time_control", sa.String(8), nullable=True),
        sa.Column("on_timeout", sa.String(10), nullable=False, server_default="move"),
        sa.Column("timeout_level", sa.String(16), nullable=False, server_default="ai-medium"),
        sa.Column("rating_min", sa.Integer, nullable=True),
        sa.Column("rating_max", sa.Integer, nullable=True),
        sa.Column("clock", sa.JSON, nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended", sa.String(10), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )


def upgrade() -> None:
    # Plain ADD COLUMN (SQLite has it): a batch operation would copy the tables and lose the
    # expression index on lower(username), which SQLAlchemy cannot reflect.
    for column in _game_columns():
        op.add_column("games", column)
    op.create_index("ix_games_lobby", "games", ["public", "status"])
    op.create_index("ix_games_ended_at", "games", ["ended_at"])
    op.add_column("game_seats", sa.Column("left", sa.String(10), nullable=True))
    op.add_column("game_seats", sa.Column("left_seq", sa.Integer, nullable=True))
    op.add_column(
        "users", sa.Column("is_bot", sa.Boolean, nullable=False, server_default=sa.false())
    )
    _create_ratings()


def _create_ratings() -> None:
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "mu"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_player", "rating_history", ["user_id", "game", "at"])
    op.create_index("ux_rating_history_once", "rating_history", ["user_id", "game_id"], unique=True)


def downgrade() -> None:
    # Plain DROP COLUMN (SQLite 3.35+): a batch copy of ``users`` would break the foreign
    # keys that point at it and lose its expression index.
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_column("users", "is_bot")
    op.drop_column("game_seats", "left_seq")
    op.drop_column("game_seats", "left")
    op.drop_index("ix_games_ended_at", "games")
    op.drop_index("ix_games_lobby", "games")
    for column in reversed(_game_columns()):
        op.drop_column("games", column.name)
