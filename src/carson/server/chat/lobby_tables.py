"""The lobby chat's tables (:mod:`carson.server.chat.lobby`): a room per site language, its
messages numbered per room, and the readers' reports of them. On the kernel's ``Base``;
:mod:`carson.server.tables` gathers them. Migration 0028 creates them."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.chat.tables import MessageColumns, ReportColumns, report_indexes
from carson.server.kernel.db import Base


class LobbyMessage(MessageColumns, Base):
    """One message of a lobby room (``room``: a site language's code). ``seq`` numbers a
    room's messages: the unique (room, seq) makes a reader that saw message n never miss an
    earlier one committed later, as in a game's chat."""

    __tablename__ = "lobby_messages"
    room: Mapped[str] = mapped_column(String(5))
    text: Mapped[str] = mapped_column(String(300))

    __table_args__ = (Index("ux_lobby_messages_room_seq", "room", "seq", unique=True),)


class LobbyReport(ReportColumns, Base):
    """A reader's report of a lobby message (one per reader and message); open until an
    administrator dismisses it or silences the message's author."""

    __tablename__ = "lobby_reports"
    message_id: Mapped[int] = mapped_column(ForeignKey("lobby_messages.id"))

    __table_args__ = report_indexes("lobby_reports")
