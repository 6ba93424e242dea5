"""Tables: a game's settings (public, rated, time control, what a timeout does, rating
range), its clock, how and when it ended, seats whose players left, and bot accounts.

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


def downgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.drop_column("is_bot")
    if op.get_bind().dialect.name == "sqlite":  # the table's copy lost it (see upgrade)
        op.create_index("users_username_lower", "users", [sa.text("lower(username)")], unique=True)
    if op.get_bind().dialect.name == "sqlite":  # the copy lost it (see upgrade)
        op.create_index("users_username_lower", "users", [sa.text("lower(username)")], unique=True)
    with op.batch_alter_table("game_seats") as seats:
        seats.drop_column("left_seq")
        seats.drop_column("left")
    op.drop_index("ix_games_ended_at", "games")
    op.drop_index("ix_games_lobby", "games")
    with op.batch_alter_table("games") as games:
        for column in reversed(_game_columns()):
            games.drop_column(column.name)
