"""Ratings: a finished game's result (every seat's score, the winners) and each person's
score and win at it (profiles count games played and won without replaying them), and the
rematch a game's players were offered after it.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN, as 0006 (a batch copy would lose the users' expression index).
    op.add_column("games", sa.Column("result", sa.JSON, nullable=True))
    op.add_column("games", sa.Column("rematch_of", sa.String(16), nullable=True))
    # One rematch per game, whichever player asks first and whichever process serves him.
    op.create_index("ux_games_rematch_of", "games", ["rematch_of"], unique=True)
    op.add_column("game_seats", sa.Column("score", sa.Integer, nullable=True))
    op.add_column("game_seats", sa.Column("won", sa.Boolean, nullable=True))
    op.create_index("ix_game_seats_player", "game_seats", ["user_id", "won"])


def downgrade() -> None:
    op.drop_index("ix_game_seats_player", "game_seats")
    op.drop_column("game_seats", "won")
    op.drop_column("game_seats", "score")
    op.drop_index("ux_games_rematch_of", "games")
    op.drop_column("games", "rematch_of")
    op.drop_column("games", "result")
