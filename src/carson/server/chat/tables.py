"""The chat's tables (:mod:`carson.server.chat.service`): messages per game and channel, mutes,
reports, silenced accounts, and the administrators who read reports and silence accounts.

On the kernel's ``Base`` (:mod:`carson.server.kernel.db`); :mod:`carson.server.tables` gathers
them with every other table. Migration 0010 creates them.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.kernel.db import Base, now

#: A message id: 64 bits on PostgreSQL, SQLite's own row id there.
MessageId = BigInteger().with_variant(Integer, "sqlite")


class MessageColumns:
    """The columns every chat's messages have (a game's, the lobby's): the id, the number in
    its room or channel (``seq``), the author and when."""

    id: Mapped[int] = mapped_column(MessageId, primary_key=True, sort_order=-1)
    seq: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ReportColumns:
    """The columns every chat's reports have, but the message they report: who reported,
    why and when, and what became of it."""

    id: Mapped[int] = mapped_column(MessageId, primary_key=True, sort_order=-1)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    reason: Mapped[str] = mapped_column(String(200), default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: ``dismissed`` or ``silenced``, by whom and when; NULL while open.
    resolution: Mapped[str | None] = mapped_column(String(10))
    resolved_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    message_id: Mapped[int]  # the reported message's: each table names its messages' table


def report_indexes(table: str) -> tuple[Index, Index]:
    """A report table's indexes: one report per reader and message, the open ones by age."""
    return (
        Index(f"ux_{table}_once", "message_id", "reporter_id", unique=True),
        Index(f"ix_{table}_open", "resolution", "at"),
    )


class ChatMessage(MessageColumns, Base):
    """One message of a game's channel (``players`` or ``spectators``): a text, or a quick
    phrase by its code (each reader sees it in the reader's own language). ``seq`` numbers a
    game's messages in each channel (migration 0026): the unique (game, channel, seq) makes a
    reader that saw message n never miss an earlier one committed later, and one channel's
    numbers tell nothing of the other's."""

    __tablename__ = "chat_messages"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    channel: Mapped[str] = mapped_column(String(10))
    text: Mapped[str | None] = mapped_column(String(300))
    phrase: Mapped[str | None] = mapped_column(String(24))

    __table_args__ = (Index("ux_chat_messages_game_seq", "game_id", "channel", "seq", unique=True),)


class ChatMute(Base):
    """``user_id`` reads nothing more of ``muted_id``, in every game, until unmuted."""

    __tablename__ = "chat_mutes"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    muted_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatReport(ReportColumns, Base):
    """A reader's report of a message (one per reader and message); open until an
    administrator dismisses it or silences the message's author."""

    __tablename__ = "chat_reports"
    message_id: Mapped[int] = mapped_column(ForeignKey("chat_messages.id"))

    __table_args__ = report_indexes("chat_reports")


class ChatSilence(Base):
    """An account that may not post in any chat, why, by which administrator, since when;
    deleting the row lifts it."""

    __tablename__ = "chat_silences"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    reason: Mapped[str] = mapped_column(String(200))
    by_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Admin(Base):
    """An administrator (granted with ``carson admin grant NAME``)."""

    __tablename__ = "admins"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    granted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
