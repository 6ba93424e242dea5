"""The table of who watches which game (:mod:`carson.server.play.live.watchers`), kept out of
:mod:`carson.server.kernel.db` so that it stays one module's size."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.kernel.db import Base


class Watcher(Base):
    """A spectator of a game as last seen: one row per (game, viewer), refreshed while the
    viewer's live stream is open; rows not refreshed within a minute no longer count and
    are deleted."""

    __tablename__ = "watchers"
    __table_args__ = (Index("ix_watchers_last_seen", "last_seen"),)
    game_id: Mapped[str] = mapped_column(String(16), ForeignKey("games.id"), primary_key=True)
    #: ``u<user id>`` for a signed-in spectator, ``a<hash>`` of an anonymous one's address.
    viewer: Mapped[str] = mapped_column(String(24), primary_key=True)
    last_seen: Mapped[datetime] = mapped_column(DateTime(timezone=True))
