"""The administrators' side of every chat's reports, whichever chat's tables hold them (a
game's chat, the lobby's): the open reports with the reported message among those around it,
how many are about one's own messages, dismissing one, and closing those of a silenced
author. No administrator judges their own case: the reports about their own messages are
left out (only counted), and dismissing one is refused. :mod:`carson.server.chat.admin` and
:mod:`carson.server.chat.lobby_admin` use it, each with its tables."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Generic, Protocol, TypeVar

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session, aliased, sessionmaker

from carson.server.chat.service import MAX_ROW_ID
from carson.server.chat.tables import MessageColumns, ReportColumns
from carson.server.kernel.db import User, now
from carson.server.kernel.errors import Forbidden, NotFound

#: Open reports one page lists at most (the oldest first).
SHOWN = 50
#: Messages shown before and after a reported one.
CONTEXT = 3


class Line(Protocol):
    @property
    def id(self) -> int: ...


MessageT = TypeVar("MessageT", bound=MessageColumns)
LineT = TypeVar("LineT", bound=Line)


@dataclass(frozen=True)
class ReportTables(Generic[MessageT]):
    """A chat's reports and the messages they report."""

    report: type[ReportColumns]
    message: type[MessageT]


@dataclass(frozen=True)
class Reported(Generic[LineT]):
    """An open report as an administrator sees it: who, why, when, the reported message as
    a reader sees it, and the messages around it (``context``, the reported one among
    them). Each chat's adds where it was said."""

    id: int
    reporter: str
    reason: str
    at: datetime
    message: LineT
    context: list[LineT]


@dataclass(frozen=True)
class InContext(Reported[LineT], Generic[MessageT, LineT]):
    """An open report and its stored message."""

    stored: MessageT


def context_after(seq: int) -> int:
    """The point to read a reported message's context after: :data:`CONTEXT` before it."""
    return max(0, seq - CONTEXT - 1)


def open_in_context(
    session: Session, tables: ReportTables[MessageT], admin: User,
    around: Callable[[MessageT], Sequence[LineT]],
) -> list[InContext[MessageT, LineT]]:  # fmt: skip
    """The open reports ``admin`` may judge (none about their own messages), oldest first,
    each with ``around(message)``: the messages around it, read as nobody (no mutes: the
    administrator sees what was written)."""
    report, message = tables.report, tables.message
    reporter = aliased(User)
    rows = session.execute(
        select(report, reporter.username, message)
        .join(reporter, reporter.id == report.reporter_id)
        .join(message, message.id == report.message_id)
        .where(report.resolution.is_(None), message.user_id != admin.id)
        .order_by(report.at, report.id)
        .limit(SHOWN)
    ).all()
    found = []
    for stored_report, name, stored in rows:
        lines = list(around(stored))
        reported = next(line for line in lines if line.id == stored.id)
        found.append(InContext(stored_report.id, name, stored_report.reason, stored_report.at,
                               reported, lines, stored))  # fmt: skip
    return found


def own_open(sessions: sessionmaker[Session], tables: ReportTables[MessageT], admin: User) -> int:
    """How many open reports are about ``admin``'s own messages (another judges them)."""
    report, message = tables.report, tables.message
    with sessions() as session:
        return int(
            session.scalar(
                select(func.count())
                .select_from(report)
                .join(message, message.id == report.message_id)
                .where(report.resolution.is_(None), message.user_id == admin.id)
            )
            or 0
        )


def dismiss(
    sessions: sessionmaker[Session], tables: ReportTables[MessageT], admin: User, report_id: int
) -> None:
    """Close an open report with no action (404 for no such open report, 403 for a report
    about the administrator's own message)."""
    report, message = tables.report, tables.message
    if not 0 < report_id <= MAX_ROW_ID:
        raise NotFound(f"no open report {report_id}")
    with sessions.begin() as session:
        author = session.scalar(
            select(message.user_id)
            .join(report, report.message_id == message.id)
            .where(report.id == report_id)
        )
        if author == admin.id:
            raise Forbidden("another administrator judges a report about you", "own_case")
        closed = session.execute(
            update(report)
            .where(report.id == report_id, report.resolution.is_(None))
            .values(resolution="dismissed", resolved_by=admin.id, resolved_at=now())
        )
        if closed.rowcount != 1:  # type: ignore[attr-defined]
            raise NotFound(f"no open report {report_id}")


def close_for_silence(
    session: Session, tables: ReportTables[MessageT], admin: User, author_id: int
) -> None:
    """In a silence's transaction: the open reports of ``author_id``'s messages are closed
    as ``silenced``."""
    report, message = tables.report, tables.message
    theirs = select(message.id).where(message.user_id == author_id)
    session.execute(
        update(report)
        .where(report.resolution.is_(None), report.message_id.in_(theirs))
        .values(resolution="silenced", resolved_by=admin.id, resolved_at=now())
    )
