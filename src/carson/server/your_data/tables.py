"""The deletions asked and not yet done (:mod:`carson.server.your_data.deletion`). On the
kernel's ``Base``; :mod:`carson.server.tables` gathers it. Migration 0021 creates it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.kernel.db import Base


class AccountDeletion(Base):
    """``user_id`` asked at ``asked_at`` that their account be deleted at ``due_at``."""

    __tablename__ = "account_deletions"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    asked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
