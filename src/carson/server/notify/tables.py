"""The notifications' tables (:mod:`carson.server.notify.notices`): each notification of a person,
their choices of channel per kind, their browsers' push subscriptions, and the server's own
keys (the VAPID key pair of web push, the secret that signs unsubscribe links)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.kernel.db import Base, now
from carson.server.kernel.server_keys import ServerKey

__all__ = ["Notification", "NotificationSetting", "PushSubscription", "ServerKey"]


class Notification(Base):
    """Something a person should hear of: ``kind`` (``your_turn``, ``invitation``,
    ``game_over``, ``timeout_soon``, ``mention``), the game it is about, a small payload
    (who, which seq), unread while ``read_at`` is NULL; ``emailed_at``: when a mail told
    it (the your-turn mails' throttle counts them)."""

    __tablename__ = "notifications"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    kind: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    emailed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: Shown in the bell and the list (its person may want it by mail or push only).
    in_app: Mapped[bool] = mapped_column(Boolean, default=True)

    __table_args__ = (
        Index("ix_notifications_user", "user_id", "id"),
        Index("ix_notifications_unread", "user_id", "read_at"),
    )


class NotificationSetting(Base):
    """A person's choice for one kind on one channel (``app``, ``email``, ``push``); a
    missing row means the default (:data:`carson.server.notify.notices.DEFAULTS`)."""

    __tablename__ = "notification_settings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    channel: Mapped[str] = mapped_column(String(8), primary_key=True)
    enabled: Mapped[bool] = mapped_column(Boolean)


class PushSubscription(Base):
    """A browser's web push subscription (its push service's endpoint and its keys)."""

    __tablename__ = "push_subscriptions"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
