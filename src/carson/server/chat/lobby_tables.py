"""The lobby chat's tables (:mod:`carson.server.chat.lobby`): a room per site language, its
messages numbered per room, and the readers' reports of them. On the kernel's ``Base``;
:mod:`carson.server.tables` gathers them. Migration 0028 creates them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.chat.tables import MessageId
from carson.server.kernel.db import Base, now


class LobbyMessage(Base):
    """One message of a lobby room (``room``: a site language's code). ``seq`` numbers a
    room's messages: the unique (room, seq) makes a reader that saw message n never miss an
    earlier one committed later, as in a game's chat."""

    __tablename__ = "lobby_messages"
    id: Mapped[int] = mapped_column(MessageId, primary_key=True)
    room: Mapped[str] = mapped_column(String(5))
    seq: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    text: Mapped[str] = mapped_column(String(300))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __table_args__ = (Index("ux_lobby_messages_room_seq", "room", "seq", unique=True),)


class LobbyReport(Base):
    """A reader's report of a lobby message (one per reader and message); open until an
    administrator dismisses it or silences the message's author."""

    __tablename__ = "lobby_reports"
    id: Mapped[int] = mapped_column(MessageId, primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("lobby_messages.id"))
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    reason: Mapped[str] = mapped_column(String(200), default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: ``dismissed`` or ``silenced``, by whom and when; NULL while open.
    resolution: Mapped[str | None] = mapped_column(String(10))
    resolved_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    __table_args__ = (
        Index("ux_lobby_reports_once", "message_id", "reporter_id", unique=True),
        Index("ix_lobby_reports_open", "resolution", "at"),
    )
