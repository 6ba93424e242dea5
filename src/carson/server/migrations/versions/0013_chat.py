"""Chat: messages per game and channel, mutes, reports, silenced accounts, administrators.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer, "sqlite")
AT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", ID, primary_key=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("channel", sa.String(10), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("text", sa.String(300), nullable=True),
        sa.Column("phrase", sa.String(24), nullable=True),
        sa.Column("at", AT, nullable=False),
    )
    op.create_index("ux_chat_messages_game_seq", "chat_messages", ["game_id", "seq"], unique=True)
    op.create_index("ix_chat_messages_user_id", "chat_messages", ["user_id"])
    op.create_table(
        "chat_mutes",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("muted_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("at", AT, nullable=False),
    )
    op.create_table(
        "chat_reports",
        sa.Column("id", ID, primary_key=True),
        sa.Column("message_id", ID, sa.ForeignKey("chat_messages.id"), nullable=False),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("at", AT, nullable=False),
        sa.Column("resolution", sa.String(10), nullable=True),
        sa.Column("resolved_by", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("resolved_at", AT, nullable=True),
    )
    op.create_index(
        "ux_chat_reports_once", "chat_reports", ["message_id", "reporter_id"], unique=True
    )
    op.create_index("ix_chat_reports_open", "chat_reports", ["resolution", "at"])
    op.create_table(
        "chat_silences",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("by_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("at", AT, nullable=False),
    )
    op.create_table(
        "admins",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("granted_at", AT, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("admins")
    op.drop_table("chat_silences")
    op.drop_index("ix_chat_reports_open", "chat_reports")
    op.drop_index("ux_chat_reports_once", "chat_reports")
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_messages_user_id", "chat_messages")
    op.drop_index("ux_chat_messages_game_seq", "chat_messages")
    op.drop_table("chat_messages")
    op.drop_table("chat_mutes")
