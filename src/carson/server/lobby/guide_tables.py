"""The guided first games (issue 25): which games were started as a guide, for whom, and
whether the player dismissed the guide's sentences."""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.kernel.db import Base


class GuidedGame(Base):
    """A game started as a guided first game: its one person is shown a sentence at each
    step until they dismiss it. Migration 0010."""

    __tablename__ = "guided_games"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    dismissed: Mapped[bool] = mapped_column(Boolean, default=False)
