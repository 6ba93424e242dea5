"""Keep each move's events (and a game's setup events) with their audiences.

Revision ID: 0002
Revises: 0001

Existing rows get NULL: the server derives their events once by replaying the game and
writes them back (:mod:`carson.server.play.events`), so this migration needs no game code.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("moves", sa.Column("events", sa.JSON(none_as_null=True), nullable=True))
    op.add_column("games", sa.Column("opening_events", sa.JSON(none_as_null=True), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite has it since 3.35): a batch copy of ``games`` would break
    # the foreign keys that point at it.
    op.drop_column("games", "opening_events")
    op.drop_column("moves", "events")
