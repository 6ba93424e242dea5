"""The administrators' side of the lobby chat: its open reports (never about one's own
messages), each with the reported message among those around it in its room, dismissed with
no action, or closed by silencing the author (:meth:`~carson.server.chat.admin.Moderation.silence`
closes the open reports of every chat's messages of theirs). The work is
:mod:`carson.server.chat.reports`', over the lobby's tables."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC

from sqlalchemy.orm import Session, sessionmaker

from carson.server.chat import reports
from carson.server.chat.lobby import LobbyLine, read_lines
from carson.server.chat.lobby_tables import LobbyMessage, LobbyReport
from carson.server.kernel.db import User

LOBBY_REPORTS = reports.ReportTables(LobbyReport, LobbyMessage)


@dataclass(frozen=True)
class LobbyReportInfo(reports.Reported[LobbyLine]):
    room: str


def open_reports(sessions: sessionmaker[Session], admin: User) -> list[LobbyReportInfo]:
    """The open reports ``admin`` may judge, oldest first, each with its context."""
    with sessions() as session:

        def around(stored: LobbyMessage) -> list[LobbyLine]:
            since = reports.context_after(stored.seq)
            return read_lines(session, stored.room, 0, since, 2 * reports.CONTEXT + 1)

        found = reports.open_in_context(session, LOBBY_REPORTS, admin, around)
        return [
            LobbyReportInfo(report.id, report.reporter, report.reason,
                            report.at if report.at.tzinfo else report.at.replace(tzinfo=UTC),
                            report.message, report.context, report.stored.room)
            for report in found
        ]  # fmt: skip


def own_open_reports(sessions: sessionmaker[Session], admin: User) -> int:
    """How many open reports are about ``admin``'s own lobby messages."""
    return reports.own_open(sessions, LOBBY_REPORTS, admin)


def dismiss(sessions: sessionmaker[Session], admin: User, report_id: int) -> None:
    """Close an open report with no action (404 for no such open report, 403 for one about
    the administrator's own message)."""
    reports.dismiss(sessions, LOBBY_REPORTS, admin, report_id)


def close_for_silence(session: Session, admin: User, author_id: int) -> None:
    """In a silence's transaction: the open reports of ``author_id``'s lobby messages are
    closed as ``silenced``."""
    reports.close_for_silence(session, LOBBY_REPORTS, admin, author_id)
