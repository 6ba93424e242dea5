"""Administrators and the chat's moderation: who is an administrator (granted and revoked
with ``carson admin grant|revoke NAME``), the open reports with their message in context,
dismissing a report, and silencing an account (it may not post in any chat) or lifting it.
Every change records who made it and when. No administrator judges their own case: the
reports about an administrator's own messages are left out of what they are shown (only
counted), and dismissing one is refused; silencing oneself is refused too."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session, aliased, sessionmaker

from carson.server.chat.cursor import Cursor
from carson.server.chat.service import MAX_ROW_ID, Message, clean_reason, read_messages
from carson.server.chat.tables import Admin, ChatMessage, ChatReport, ChatSilence
from carson.server.kernel.db import User, now
from carson.server.kernel.errors import Forbidden, NotFound, Unprocessable

#: Open reports one page lists at most (the oldest first).
REPORTS_SHOWN = 50
#: Messages shown before and after a reported one.
CONTEXT = 3


@dataclass(frozen=True)
class OpenReport:
    id: int
    reporter: str
    reason: str
    at: datetime
    game_id: str
    message: Message
    #: The messages of the same channel around it, the reported one among them.
    context: list[Message]


@dataclass(frozen=True)
class SilenceInfo:
    username: str
    reason: str
    by: str
    at: datetime


def _user(session: Session, username: str) -> User:
    found = session.scalar(select(User).where(func.lower(User.username) == username.lower()))
    if found is None:
        raise NotFound(f"no account {username!r}")
    return found


class Moderation:
    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions

    # ------------------------------------------------------------------ administrators

    def is_admin(self, user: User) -> bool:
        with self.sessions() as session:
            return session.get(Admin, user.id) is not None

    def require_admin(self, user: User) -> None:
        if not self.is_admin(user):
            raise Forbidden("for administrators only", "not_admin")

    def grant(self, username: str) -> str:
        """Make ``username`` an administrator (no change if it is one); its stored name."""
        with self.sessions.begin() as session:
            user = _user(session, username)
            if session.get(Admin, user.id) is None:
                session.add(Admin(user_id=user.id))
            return user.username

    def revoke(self, username: str) -> str:
        with self.sessions.begin() as session:
            user = _user(session, username)
            session.execute(delete(Admin).where(Admin.user_id == user.id))
            return user.username

    def admins(self) -> list[str]:
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(User.username).join(Admin, Admin.user_id == User.id)
                    .order_by(func.lower(User.username))
                )
            )  # fmt: skip

    # ------------------------------------------------------------------ reports

    def open_reports(self, admin: User) -> list[OpenReport]:
        """The open reports ``admin`` may judge (none about their own messages), oldest
        first, each with its message in context."""
        reporter = aliased(User)
        with self.sessions() as session:
            rows = session.execute(
                select(ChatReport, reporter.username, ChatMessage)
                .join(reporter, reporter.id == ChatReport.reporter_id)
                .join(ChatMessage, ChatMessage.id == ChatReport.message_id)
                .where(ChatReport.resolution.is_(None), ChatMessage.user_id != admin.id)
                .order_by(ChatReport.at, ChatReport.id)
                .limit(REPORTS_SHOWN)
            ).all()
            found = []
            for report, name, message in rows:
                # Read as nobody (no mutes): the administrator sees what was written.
                before = max(0, message.seq - CONTEXT - 1)
                since = Cursor(before, before)
                channel = (message.channel,)
                around = read_messages(session, message.game_id, 0, channel, since, 2 * CONTEXT + 1)
                reported = next(item for item in around if item.id == message.id)
                found.append(OpenReport(report.id, name, report.reason, report.at,
                                        message.game_id, reported, around))  # fmt: skip
            return found

    def own_open_reports(self, admin: User) -> int:
        """How many open reports are about ``admin``'s own messages (another judges them)."""
        with self.sessions() as session:
            return int(
                session.scalar(
                    select(func.count())
                    .select_from(ChatReport)
                    .join(ChatMessage, ChatMessage.id == ChatReport.message_id)
                    .where(ChatReport.resolution.is_(None), ChatMessage.user_id == admin.id)
                )
                or 0
            )

    def dismiss(self, admin: User, report_id: int) -> None:
        """Close an open report with no action (404 for no such open report, 403 for a
        report about the administrator's own message)."""
        if not 0 < report_id <= MAX_ROW_ID:
            raise NotFound(f"no open report {report_id}")
        with self.sessions.begin() as session:
            author = session.scalar(
                select(ChatMessage.user_id)
                .join(ChatReport, ChatReport.message_id == ChatMessage.id)
                .where(ChatReport.id == report_id)
            )
            if author == admin.id:
                raise Forbidden("another administrator judges a report about you", "own_case")
            closed = session.execute(
                update(ChatReport)
                .where(ChatReport.id == report_id, ChatReport.resolution.is_(None))
                .values(resolution="dismissed", resolved_by=admin.id, resolved_at=now())
            )
            if closed.rowcount != 1:  # type: ignore[attr-defined]
                raise NotFound(f"no open report {report_id}")

    # ------------------------------------------------------------------ silences

    def silence(self, admin: User, username: str, reason: str) -> str:
        """``username`` may no longer post in any chat; the open reports of its messages
        are closed as ``silenced``. A reason is required."""
        reason = clean_reason(reason)
        if not reason:
            raise Unprocessable("say why the account is silenced", "reason_needed")
        with self.sessions.begin() as session:
            user = _user(session, username)
            if user.id == admin.id:
                raise Unprocessable("you cannot silence yourself", "silence_self")
            stored = session.get(ChatSilence, user.id)
            if stored is None:
                session.add(ChatSilence(user_id=user.id, reason=reason, by_id=admin.id))
            else:
                stored.reason, stored.by_id, stored.at = reason, admin.id, now()
            theirs = select(ChatMessage.id).where(ChatMessage.user_id == user.id)
            session.execute(
                update(ChatReport)
                .where(ChatReport.resolution.is_(None), ChatReport.message_id.in_(theirs))
                .values(resolution="silenced", resolved_by=admin.id, resolved_at=now())
            )
            return user.username

    def lift(self, username: str) -> str:
        """``username`` may post again (no change if it was not silenced)."""
        with self.sessions.begin() as session:
            user = _user(session, username)
            session.execute(delete(ChatSilence).where(ChatSilence.user_id == user.id))
            return user.username

    def silenced(self) -> list[SilenceInfo]:
        who, by = aliased(User), aliased(User)
        with self.sessions() as session:
            rows = session.execute(
                select(who.username, ChatSilence.reason, by.username, ChatSilence.at)
                .join(who, who.id == ChatSilence.user_id)
                .join(by, by.id == ChatSilence.by_id)
                .order_by(ChatSilence.at.desc())
            ).all()
            return [SilenceInfo(*row) for row in rows]
