"""Guests: accounts played without signing up (issue 48).

Revision ID: 0024
Revises: 0023
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN, as 0008: a batch copy of users would lose its expression index and,
    # with foreign keys on, SQLite refuses to drop the table the other tables point at.
    op.add_column(
        "users", sa.Column("is_guest", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("users", "is_guest")
