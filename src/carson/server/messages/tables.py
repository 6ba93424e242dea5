"""The private messages' tables (:mod:`carson.server.messages`). On the kernel's ``Base``;
:mod:`carson.server.tables` gathers them. Migration 0023 creates them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.chat.tables import MessageId
from carson.server.kernel.db import Base, now


class DirectMessage(Base):
    """A message from ``sender_id`` to ``recipient_id`` (read once ``read_at`` is set)."""

    __tablename__ = "direct_messages"
    id: Mapped[int] = mapped_column(MessageId, primary_key=True)
    sender_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    recipient_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    text: Mapped[str] = mapped_column(String(300))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_direct_messages_recipient", "recipient_id", "at"),)


class DirectMessageReport(Base):
    """A recipient's report of a message, until an administrator dismisses it."""

    __tablename__ = "direct_message_reports"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("direct_messages.id"), unique=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    reason: Mapped[str] = mapped_column(String(200), default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    resolution: Mapped[str | None] = mapped_column(String(10))
