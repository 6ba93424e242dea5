"""The tables of hints and post-game analyses (:mod:`carson.server.analysis.hints`,
:mod:`carson.server.analysis.service`; migration 0010)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from carson.server.kernel.db import Base, now


class HintRow(Base):
    """A seat's hint for one decision: asked at ``seq`` (the actions the seat knew then),
    ``pending`` until a worker stores its evaluation, then ``done``; a new decision's
    request takes the row over (one hint per seat at a time)."""

    __tablename__ = "hints"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(String(8))  # pending, done
    #: The evaluation (:meth:`carson.ai.evaluation.Evaluation.to_json`); NULL while pending.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    asked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: Who asked last (migration 0027): their waiting requests are counted. An account's id
    #: without a foreign key: SQLite adds none to a table without copying it, and accounts
    #: are never removed (a deleted one is renamed).
    asked_by: Mapped[int | None] = mapped_column(Integer, index=True)


class AnalysisRow(Base):
    """A seat's post-game analysis: ``pending`` until a worker starts, ``running`` while it
    walks the seat's ``total`` decisions (``decisions`` holds those done, in order), then
    ``done``. Computed once per game and seat."""

    __tablename__ = "analyses"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[str] = mapped_column(String(8))  # pending, running, done
    total: Mapped[int | None] = mapped_column(Integer)  # NULL until the worker counted
    #: Each decision: its step, the evaluation, and its verdict
    #: (:mod:`carson.server.analysis.service`).
    decisions: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    asked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    done_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: Who asked (migration 0027; anyone may ask for a public game's): their waiting
    #: requests are counted.
    asked_by: Mapped[int | None] = mapped_column(Integer, index=True)
