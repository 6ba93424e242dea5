"""Administrators and the chat's moderation: who is an administrator (granted and revoked
with ``carson admin grant|revoke NAME``), the open reports with their message in context,
dismissing a report, and silencing an account (it may not post in any chat) or lifting it.
Every change records who made it and when. No administrator judges their own case: the
reports about an administrator's own messages are left out of what they are shown (only
counted), and dismissing one is refused; silencing oneself is refused too."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session, aliased, sessionmaker

from carson.server.chat import reports
from carson.server.chat.cursor import Cursor
from carson.server.chat.lobby_admin import close_for_silence
from carson.server.chat.service import Message, clean_reason, read_messages
from carson.server.chat.tables import Admin, ChatMessage, ChatReport, ChatSilence
from carson.server.kernel.db import User, now
from carson.server.kernel.errors import Forbidden, NotFound, Unprocessable

GAME_REPORTS = reports.ReportTables(ChatReport, ChatMessage)


@dataclass(frozen=True)
class OpenReport(reports.Reported[Message]):
    game_id: str


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
        with self.sessions() as session:

            def around(stored: ChatMessage) -> list[Message]:
                since = reports.context_after(stored.seq)
                return read_messages(session, stored.game_id, 0, (stored.channel,),
                                     Cursor(since, since), 2 * reports.CONTEXT + 1)  # fmt: skip

            found = reports.open_in_context(session, GAME_REPORTS, admin, around)
            return [
                OpenReport(report.id, report.reporter, report.reason, report.at, report.message,
                           report.context, report.stored.game_id)
                for report in found
            ]  # fmt: skip

    def own_open_reports(self, admin: User) -> int:
        """How many open reports are about ``admin``'s own messages (another judges them)."""
        return reports.own_open(self.sessions, GAME_REPORTS, admin)

    def dismiss(self, admin: User, report_id: int) -> None:
        """Close an open report with no action (404 for no such open report, 403 for a
        report about the administrator's own message)."""
        reports.dismiss(self.sessions, GAME_REPORTS, admin, report_id)

    # ------------------------------------------------------------------ silences

    def silence(self, admin: User, username: str, reason: str) -> str:
        """``username`` may no longer post in any chat; the open reports of its messages
        (in games and in the lobby) are closed as ``silenced``. A reason is required."""
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
            reports.close_for_silence(session, GAME_REPORTS, admin, user.id)
            close_for_silence(session, admin, user.id)  # the lobby's too
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
