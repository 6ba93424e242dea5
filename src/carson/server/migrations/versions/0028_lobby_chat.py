"""The lobby chat (issue 48): a room per site language, its messages and their reports.

Revision ID: 0028
Revises: 0027
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
AT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "lobby_messages",
        sa.Column("id", ID, primary_key=True),
        sa.Column("room", sa.String(5), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("at", AT, nullable=False),
    )
    op.create_index("ux_lobby_messages_room_seq", "lobby_messages", ["room", "seq"], unique=True)
    op.create_index("ix_lobby_messages_user_id", "lobby_messages", ["user_id"])
    op.create_table(
        "lobby_reports",
        sa.Column("id", ID, primary_key=True),
        sa.Column("message_id", ID, sa.ForeignKey("lobby_messages.id"), nullable=False),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("at", AT, nullable=False),
        sa.Column("resolution", sa.String(10), nullable=True),
        sa.Column("resolved_by", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("resolved_at", AT, nullable=True),
    )
    op.create_index(
        "ux_lobby_reports_once", "lobby_reports", ["message_id", "reporter_id"], unique=True
    )
    op.create_index("ix_lobby_reports_open", "lobby_reports", ["resolution", "at"])


def downgrade() -> None:
    op.drop_index("ix_lobby_reports_open", "lobby_reports")
    op.drop_index("ux_lobby_reports_once", "lobby_reports")
    op.drop_table("lobby_reports")
    op.drop_index("ix_lobby_messages_user_id", "lobby_messages")
    op.drop_index("ux_lobby_messages_room_seq", "lobby_messages")
    op.drop_table("lobby_messages")
