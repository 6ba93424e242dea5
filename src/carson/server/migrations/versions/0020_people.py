"""People: follows and blocks between accounts (issue 48).

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table, other in (("follows", "friend_id"), ("blocks", "blocked_id")):
        op.create_table(
            table,
            sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
            sa.Column(other, sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
            sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        )
        op.create_index(f"ix_{table}_{other}", table, [other])


def downgrade() -> None:
    for table, other in (("follows", "friend_id"), ("blocks", "blocked_id")):
        op.drop_index(f"ix_{table}_{other}", table_name=table)
        op.drop_table(table)
