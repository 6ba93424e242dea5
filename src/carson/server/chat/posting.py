"""What every chat's service does alike when a message is posted or reported (a game's
chat, :class:`~carson.server.chat.service.Chat`; the lobby's,
:class:`~carson.server.chat.lobby.LobbyChat`): a silenced account is refused, the account's
rate is counted once per message, a message that lost its number to another one is numbered
again, its streams are woken in every server process, and a reader reports a message once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import bindparam, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from carson.server.chat.tables import ChatSilence, ReportColumns
from carson.server.jobs.queue import JobQueue
from carson.server.kernel.db import User
from carson.server.kernel.errors import Conflict, Forbidden
from carson.server.kernel.live import CHANNEL, Notifier
from carson.server.kernel.ratelimit import RateLimiter, Rule

_NOTIFY = select(func.pg_notify(CHANNEL, bindparam("key")))
#: Tries at numbering a message before the chat is called busy.
TRIES = 5
StoredT = TypeVar("StoredT")


class Silenced(Forbidden):
    default_code = "silenced"


class Posting:
    """A chat's service, for one server process."""

    def __init__(
        self, sessions: sessionmaker[Session], notifier: Notifier, limiter: RateLimiter,
        jobs: JobQueue | None = None,
    ) -> None:  # fmt: skip
        """``jobs``: where a mention's notification is queued (``None``: nobody is told)."""
        self.sessions = sessions
        self.notifier = notifier
        self.limiter = limiter
        self.jobs = jobs

    def numbered(self, store: Callable[[bool], StoredT]) -> StoredT:
        """``store(count)`` until a try is not beaten to its seq by another message; ``count``
        is true on the first try only (a message numbered again is still one message)."""
        for attempt in range(TRIES):
            try:
                return store(attempt == 0)
            except IntegrityError:  # another message took the seq: number it again
                continue
        raise Conflict("the chat is busy: send it again", "chat_busy")

    def may_post(self, session: Session, user: User, count: bool) -> None:
        """Refuse a silenced account (403); ``count``: take one from the account's rate."""
        silence = session.get(ChatSilence, user.id)
        if silence is not None:
            raise Silenced(f"you may not post in the chat: {silence.reason}")
        if count:
            self.limiter.take(Rule.CHAT_USER, str(user.id))

    @staticmethod
    def wake_at_commit(session: Session, key: str) -> None:
        """On PostgreSQL, ``key``'s streams in the other server processes wake at commit."""
        if session.get_bind().dialect.name == "postgresql":
            session.execute(_NOTIFY, {"key": key})


def add_report(session: Session, report: ReportColumns) -> int:
    """Store ``report`` (409 if its reader reported the message already); its id."""
    session.add(report)
    try:
        session.flush()
    except IntegrityError:
        raise Conflict("you reported this message already", "reported") from None
    return report.id
