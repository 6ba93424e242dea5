"""Hints and analyses remember who asked, so that one account's waiting requests are
counted (issue 45).

Revision ID: 0027
Revises: 0026
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None

TABLES = ("hints", "analyses")


def upgrade() -> None:
    # Plain ADD COLUMN (as 0008): no copy of the tables, hence no foreign key (SQLite adds
    # none without one); accounts are never removed.
    for table in TABLES:
        op.add_column(table, sa.Column("asked_by", sa.Integer, nullable=True))
        op.create_index(f"ix_{table}_asked_by", table, ["asked_by"])


def downgrade() -> None:
    for table in TABLES:
        op.drop_index(f"ix_{table}_asked_by", table_name=table)
        op.drop_column(table, "asked_by")
