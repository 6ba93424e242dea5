"""The tournaments' tables (:mod:`carson.server.tournaments`). On the kernel's ``Base``;
:mod:`carson.server.tables` gathers them. Migration 0022 creates them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.kernel.db import Base, now


class Tournament(Base):
    """A tournament: its game and table settings, rounds, start, and where it stands
    (``open`` for joining, ``running``, ``finished``, or ``cancelled`` for want of players or
    by its creator). Its ``mode``: ``swiss`` rounds, or an ``arena`` (people join any time
    until ``ends_at`` and are seated as soon as enough are free; ``rounds`` is 0, ``round``
    counts the seatings). Migration 0029 adds ``mode`` and ``ends_at``."""

    __tablename__ = "tournaments"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    creator_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    game: Mapped[str] = mapped_column(String(16))
    variants: Mapped[list[str]] = mapped_column(JSON)
    seats: Mapped[int] = mapped_column(Integer)
    time_control: Mapped[str] = mapped_column(String(8))
    rounds: Mapped[int] = mapped_column(Integer)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(10), default="open")
    round: Mapped[int] = mapped_column(Integer, default=0)
    seed: Mapped[int] = mapped_column(BigInteger)  # the round-one draw's
    lang: Mapped[str] = mapped_column(String(2))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    mode: Mapped[str] = mapped_column(String(6), default="swiss", server_default="swiss")
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class TournamentPlayer(Base):
    """A person in a tournament: their points (a point per seat finished ahead of), the sum
    of their game scores (the tie-break), the games played, whether they withdrew, and (in an
    arena) whether they paused: not seated until they come back. Migration 0030 adds
    ``paused``."""

    __tablename__ = "tournament_players"
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    points: Mapped[float] = mapped_column(Float, default=0.0)
    score: Mapped[int] = mapped_column(Integer, default=0)
    played: Mapped[int] = mapped_column(Integer, default=0)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)
    paused: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class TournamentGame(Base):
    """A game of a tournament's round (in an arena, of its ``round``-th seating), once its
    points are counted (``counted``)."""

    __tablename__ = "tournament_games"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    counted: Mapped[bool] = mapped_column(Boolean, default=False)
    people: Mapped[list[int]] = mapped_column(JSON)  # the user ids seated, seat by seat
