"""The people feature's tables (:mod:`carson.server.people`): follows and blocks, each a pair
of accounts. On the kernel's ``Base``; :mod:`carson.server.tables` gathers them with every
other table. Migration 0020 creates them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.kernel.db import Base, now


class Follow(Base):
    """``user_id`` follows ``friend_id``: one way, the friend is not asked."""

    __tablename__ = "follows"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    friend_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Block(Base):
    """``user_id`` blocked ``blocked_id``: it keeps both apart (see the package)."""

    __tablename__ = "blocks"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
