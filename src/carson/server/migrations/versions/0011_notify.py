"""Notifications: each person's notifications, their settings per kind and channel, web
push subscriptions and the server's own keys (VAPID, the unsubscribe links' secret).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id"), nullable=True),
        sa.Column("payload", sa.JSON, nullable=False),
        _when("created_at"),
        _when("read_at", nullable=True),
        _when("emailed_at", nullable=True),
        sa.Column("in_app", sa.Boolean, nullable=False),
    )
    op.create_index("ix_notifications_user", "notifications", ["user_id", "id"])
    op.create_index("ix_notifications_unread", "notifications", ["user_id", "read_at"])
    op.create_table(
        "notification_settings",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("channel", sa.String(8), primary_key=True),
        sa.Column("enabled", sa.Boolean, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        _when("created_at"),
    )
    op.create_index("ix_push_subscriptions_user_id", "push_subscriptions", ["user_id"])
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("secret", sa.Text, nullable=False),
        sa.Column("public", sa.Text, nullable=False),
        _when("created_at"),
    )


def downgrade() -> None:
    for table in ("server_keys", "push_subscriptions", "notification_settings"):
        op.drop_table(table)
    op.drop_table("notifications")
