"""The administrators' side of the lobby chat: its open reports (never about one's own
messages), each with the reported message among those around it in its room, dismissed with
no action, or closed by silencing the author (:meth:`~carson.server.chat.admin.Moderation.silence`
closes the open reports of every chat's messages of theirs)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session, aliased, sessionmaker

from carson.server.chat.lobby import LobbyLine, read_lines
from carson.server.chat.lobby_tables import LobbyMessage, LobbyReport
from carson.server.chat.service import MAX_ROW_ID
from carson.server.kernel.db import User, now
from carson.server.kernel.errors import Forbidden, NotFound

#: Open reports one page lists at most (the oldest first).
SHOWN = 50
#: Messages shown before and after a reported one.
CONTEXT = 3


@dataclass(frozen=True)
class LobbyReportInfo:
    id: int
    reporter: str
    reason: str
    at: datetime
    room: str
    message: LobbyLine
    #: The room's messages around it, the reported one among them.
    context: list[LobbyLine]


def open_reports(sessions: sessionmaker[Session], admin: User) -> list[LobbyReportInfo]:
    """The open reports ``admin`` may judge, oldest first, each with its context."""
    reporter = aliased(User)
    with sessions() as session:
        rows = session.execute(
            select(LobbyReport, reporter.username, LobbyMessage.room, LobbyMessage.seq)
            .join(reporter, reporter.id == LobbyReport.reporter_id)
            .join(LobbyMessage, LobbyMessage.id == LobbyReport.message_id)
            .where(LobbyReport.resolution.is_(None), LobbyMessage.user_id != admin.id)
            .order_by(LobbyReport.at, LobbyReport.id)
            .limit(SHOWN)
        ).all()
        found = []
        for report, name, room, seq in rows:
            # Read as nobody (no mutes): the administrator sees what was written.
            around = read_lines(session, room, 0, max(0, seq - CONTEXT - 1), 2 * CONTEXT + 1)
            reported = next(line for line in around if line.id == report.message_id)
            at = report.at if report.at.tzinfo is not None else report.at.replace(tzinfo=UTC)
            found.append(LobbyReportInfo(report.id, name, report.reason, at, room, reported,
                                         around))  # fmt: skip
        return found


def own_open_reports(sessions: sessionmaker[Session], admin: User) -> int:
    """How many open reports are about ``admin``'s own lobby messages."""
    with sessions() as session:
        return int(
            session.scalar(
                select(func.count())
                .select_from(LobbyReport)
                .join(LobbyMessage, LobbyMessage.id == LobbyReport.message_id)
                .where(LobbyReport.resolution.is_(None), LobbyMessage.user_id == admin.id)
            )
            or 0
        )


def dismiss(sessions: sessionmaker[Session], admin: User, report_id: int) -> None:
    """Close an open report with no action (404 for no such open report, 403 for one about
    the administrator's own message)."""
    if not 0 < report_id <= MAX_ROW_ID:
        raise NotFound(f"no open report {report_id}")
    with sessions.begin() as session:
        author = session.scalar(
            select(LobbyMessage.user_id)
            .join(LobbyReport, LobbyReport.message_id == LobbyMessage.id)
            .where(LobbyReport.id == report_id)
        )
        if author == admin.id:
            raise Forbidden("another administrator judges a report about you", "own_case")
        closed = session.execute(
            update(LobbyReport)
            .where(LobbyReport.id == report_id, LobbyReport.resolution.is_(None))
            .values(resolution="dismissed", resolved_by=admin.id, resolved_at=now())
        )
        if closed.rowcount != 1:  # type: ignore[attr-defined]
            raise NotFound(f"no open report {report_id}")


def close_for_silence(session: Session, admin: User, author_id: int) -> None:
    """In a silence's transaction: the open reports of ``author_id``'s lobby messages are
    closed as ``silenced``."""
    theirs = select(LobbyMessage.id).where(LobbyMessage.user_id == author_id)
    session.execute(
        update(LobbyReport)
        .where(LobbyReport.resolution.is_(None), LobbyReport.message_id.in_(theirs))
        .values(resolution="silenced", resolved_by=admin.id, resolved_at=now())
    )
