"""Writing, reading and reporting private messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from carson.server.accounts.guests import require_member
from carson.server.chat.service import MAX_CHARS, clean_reason, clean_text
from carson.server.chat.tables import ChatSilence
from carson.server.jobs.queue import JobQueue, as_utc
from carson.server.kernel.db import User
from carson.server.kernel.errors import Conflict, Forbidden, NotFound, Unprocessable
from carson.server.kernel.ratelimit import RateLimiter, Rule
from carson.server.messages.tables import DirectMessage, DirectMessageReport
from carson.server.notify.notices import MESSAGE, notify
from carson.server.people.relations import apart
from carson.server.people.service import account

#: Messages of one conversation read at once, and conversations listed.
PAGE = 100
CONVERSATIONS = 100


@dataclass(frozen=True)
class Letter:
    id: int
    sender: str
    text: str
    at: datetime
    mine: bool


@dataclass(frozen=True)
class Conversation:
    other: str
    last: str
    at: datetime
    unread: int


class Messages:
    """Private messages over the server's database, rate limits and notifications."""

    def __init__(self, sessions: sessionmaker[Session], limiter: RateLimiter, jobs: JobQueue,
                 clock: Callable[[], datetime]) -> None:  # fmt: skip
        self.sessions, self.limiter, self.jobs, self.clock = sessions, limiter, jobs, clock

    def send(self, user: User, username: str, raw: str) -> Letter:
        """``user`` writes to ``username``; the recipient is notified."""
        require_member(user, "write messages")
        text = clean_text(raw)
        if not text:
            raise Unprocessable("write something first", "empty_message")
        if len(text) > MAX_CHARS:
            raise Unprocessable(f"a message has at most {MAX_CHARS} characters",
                                "message_too_long")  # fmt: skip
        with self.sessions.begin() as session:
            other = _other(session, user, username)
            if apart(session, user.id, [other.id]):
                raise Forbidden(f"you cannot write to {other.username}", "blocked")
            if session.get(ChatSilence, user.id) is not None:
                raise Forbidden("an administrator has silenced your account", "silenced")
            self.limiter.take(Rule.CHAT_USER, str(user.id))
            at = self.clock()
            stored = DirectMessage(sender_id=user.id, recipient_id=other.id, text=text, at=at)
            session.add(stored)
            session.flush()
            notify(session, self.jobs, [other.id], MESSAGE, None, {"by": user.username})
            return Letter(stored.id, user.username, text, at, True)

    def conversation(self, user: User, username: str) -> tuple[str, list[Letter]]:
        """The last messages between ``user`` and ``username``, oldest first; those to
        ``user`` are now read. Answers the other's name as spelt, and the messages."""
        with self.sessions.begin() as session:
            other = _other(session, user, username)
            between = or_(
                (DirectMessage.sender_id == user.id) & (DirectMessage.recipient_id == other.id),
                (DirectMessage.sender_id == other.id) & (DirectMessage.recipient_id == user.id),
            )
            rows = session.scalars(
                select(DirectMessage).where(between)
                .order_by(DirectMessage.at.desc(), DirectMessage.id.desc()).limit(PAGE)
            ).all()  # fmt: skip
            session.execute(
                update(DirectMessage)
                .where(DirectMessage.sender_id == other.id, DirectMessage.recipient_id == user.id,
                       DirectMessage.read_at.is_(None))
                .values(read_at=self.clock())
            )  # fmt: skip
            letters = [Letter(row.id, user.username if row.sender_id == user.id else
                              other.username, row.text, as_utc(row.at), row.sender_id == user.id)
                       for row in reversed(rows)]  # fmt: skip
            return other.username, letters

    def conversations(self, user: User) -> list[Conversation]:
        """Everyone ``user`` exchanged messages with, the latest first."""
        with self.sessions() as session:
            mine = or_(DirectMessage.sender_id == user.id, DirectMessage.recipient_id == user.id)
            rows = session.scalars(
                select(DirectMessage).where(mine)
                .order_by(DirectMessage.at.desc(), DirectMessage.id.desc()).limit(2000)
            ).all()  # fmt: skip
            others = {row.sender_id if row.recipient_id == user.id else row.recipient_id
                      for row in rows}  # fmt: skip
            named = session.execute(select(User.id, User.username).where(User.id.in_(others)))
            names: dict[int, str] = {user_id: name for user_id, name in named}
        found: dict[int, Conversation] = {}
        for row in rows:
            other = row.sender_id if row.recipient_id == user.id else row.recipient_id
            unread = int(row.recipient_id == user.id and row.read_at is None)
            if other not in found:
                found[other] = Conversation(names[other], row.text, as_utc(row.at), unread)
            elif unread:
                was = found[other]
                found[other] = Conversation(was.other, was.last, was.at, was.unread + 1)
        return list(found.values())[:CONVERSATIONS]

    def report(self, user: User, message_id: int, reason: str) -> int:
        """The recipient reports a message, once; administrators see it."""
        why = clean_reason(reason)
        with self.sessions.begin() as session:
            message = session.get(DirectMessage, message_id)
            if message is None or message.recipient_id != user.id:
                raise NotFound(f"no message {message_id} to you")
            taken = select(DirectMessageReport.id).where(
                DirectMessageReport.message_id == message_id
            )
            if session.scalar(taken) is not None:
                raise Conflict("this message is reported already", "reported")
            found = DirectMessageReport(message_id=message_id, reporter_id=user.id, reason=why,
                                        at=self.clock())  # fmt: skip
            session.add(found)
            session.flush()
            return found.id


def _other(session: Session, user: User, username: str) -> User:
    other = account(session, username)
    if other.id == user.id:
        raise Unprocessable("you cannot write to yourself", "message_self")
    return other
