"""Vacations as the clocks see them: the ``vacations`` table (a person's declared vacations,
kept by :mod:`carson.server.vacation`) and the pauses they make in the clocks of that
person's correspondence games (:attr:`carson.core.clock.Clocks.pauses`).

A vacation is the interval ``[starts_at, ends_at)``; ending it early moves ``ends_at`` to
that moment. The clocks read the pauses whenever they read a correspondence game's clocks,
so nothing is written to a game when a vacation begins, ends or is cancelled: its seats'
deadlines simply are where the pauses put them. Migration 0025 creates the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from carson.core.clock import Pause
from carson.server.jobs.queue import as_utc
from carson.server.kernel.db import Base, GameSeat, now


class Vacation(Base):
    """A person's vacation: their correspondence clocks stand still from ``starts_at`` until
    ``ends_at`` (moved to the moment it was ended, if ended early)."""

    __tablename__ = "vacations"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: The days declared (what the allowance was charged before any early end).
    days: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __table_args__ = (Index("ix_vacations_user", "user_id", "ends_at"),)


def epoch(moment: datetime) -> float:
    """Seconds since the epoch of a stored moment (SQLite gives it back without its zone)."""
    return as_utc(moment).timestamp()


def game_pauses(session: Session, game_id: str, since: float) -> dict[int, list[Pause]]:
    """Each seat's pauses (seat → intervals) that end after ``since``: its player's
    vacations, for the seats a person still plays."""
    after = datetime.fromtimestamp(since, UTC)
    rows = session.execute(
        select(GameSeat.seat, Vacation.starts_at, Vacation.ends_at)
        .join(Vacation, Vacation.user_id == GameSeat.user_id)
        .where(GameSeat.game_id == game_id, GameSeat.left.is_(None), Vacation.ends_at > after)
    ).all()
    found: dict[int, list[Pause]] = {}
    for seat, starts_at, ends_at in rows:
        found.setdefault(seat, []).append((epoch(starts_at), epoch(ends_at)))
    return found


def earliest(times: Iterable[float | None], now: float) -> float:
    """The earliest of the running clocks' starts and ``now``: pauses ending before it
    change no clock."""
    return min([now, *(time for time in times if time is not None)])
