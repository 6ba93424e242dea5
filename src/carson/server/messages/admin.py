"""The administrators' side of private messages: the open reports (never about one's own
messages), each dismissed with no action or followed by silencing its author on the chat's
page (a silenced account writes no private message either)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session, aliased, sessionmaker

from carson.server.chat.service import MAX_ROW_ID
from carson.server.jobs.queue import as_utc
from carson.server.kernel.db import User
from carson.server.kernel.errors import Forbidden, NotFound
from carson.server.messages.tables import DirectMessage, DirectMessageReport

SHOWN = 50


@dataclass(frozen=True)
class MessageReport:
    id: int
    reporter: str
    author: str
    text: str
    reason: str
    at: datetime


def open_reports(sessions: sessionmaker[Session], admin: User) -> list[MessageReport]:
    reporter, author = aliased(User), aliased(User)
    with sessions() as session:
        rows = session.execute(
            select(DirectMessageReport, reporter.username, author.username, DirectMessage.text)
            .join(DirectMessage, DirectMessage.id == DirectMessageReport.message_id)
            .join(reporter, reporter.id == DirectMessageReport.reporter_id)
            .join(author, author.id == DirectMessage.sender_id)
            .where(DirectMessageReport.resolution.is_(None), DirectMessage.sender_id != admin.id)
            .order_by(DirectMessageReport.at, DirectMessageReport.id)
            .limit(SHOWN)
        ).all()
    return [MessageReport(report.id, by, wrote, text, report.reason, as_utc(report.at))
            for report, by, wrote, text in rows]  # fmt: skip


def dismiss(sessions: sessionmaker[Session], admin: User, report_id: int) -> None:
    if not 0 < report_id <= MAX_ROW_ID:
        raise NotFound(f"no open report {report_id}")
    with sessions.begin() as session:
        report = session.get(DirectMessageReport, report_id)
        if report is None or report.resolution is not None:
            raise NotFound(f"no open report {report_id}")
        sender = session.scalar(
            select(DirectMessage.sender_id).where(DirectMessage.id == report.message_id)
        )
        if sender == admin.id:
            raise Forbidden("another administrator judges a report about you", "own_case")
        session.execute(update(DirectMessageReport).where(DirectMessageReport.id == report_id)
                        .values(resolution="dismissed"))  # fmt: skip
