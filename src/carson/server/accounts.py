"""A server process's side of sessions: who a token is (with a short, bounded memory of the
answers), logging out, listing and ending one's sessions, changing one's password.

The memory spares a database query per request: a token checked lately is trusted for
:data:`TOKEN_MEMORY` seconds. A session ended in this process is forgotten at once; one ended
by another process (or expired) is noticed within those seconds. At most
:data:`TOKEN_MEMORY_SIZE` tokens are remembered (the least recently used go first).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from datetime import datetime

from cachetools import TTLCache
from sqlalchemy.orm import Session, sessionmaker

from carson.server import auth, tokens
from carson.server.db import User, now
from carson.server.tokens import SessionInfo

#: Seconds a process trusts a token it has checked before asking the database again.
TOKEN_MEMORY = 30.0


def memory_size_configured() -> int:
    """The tokens a process remembers at most: ``CARSON_TOKEN_MEMORY``, else 10,000."""
    raw = os.environ.get("CARSON_TOKEN_MEMORY", "10000")
    if not raw.isdecimal() or int(raw) < 1:
        raise ValueError(
            f"CARSON_TOKEN_MEMORY must be a whole number of tokens (1 or more), not {raw!r}"
        )
    return int(raw)


TOKEN_MEMORY_SIZE = memory_size_configured()


class Accounts:
    """Tokens and sessions for one server process. ``clock`` tells the time (tests move it
    on instead of sleeping); the memory follows the same clock."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        clock: Callable[[], datetime] = now,
        memory_size: int = TOKEN_MEMORY_SIZE,
    ) -> None:
        self.sessions = sessions
        self.clock = clock
        self._memory: TTLCache[str, User] = TTLCache(
            memory_size, TOKEN_MEMORY, timer=lambda: self.clock().timestamp()
        )
        self._guard = threading.Lock()  # a TTLCache is not safe across threads

    def remembered_user(self, token: str) -> User | None:
        """The token's user if this process checked the token lately (no database query)."""
        with self._guard:
            return self._memory.get(tokens.digest(token))

    def user_for_token(self, token: str) -> User | None:
        """The token's user, or None if the token is unknown, ended or expired."""
        known = self.remembered_user(token)
        if known is not None:
            return known
        with self.sessions.begin() as session:
            user = tokens.user_for(session, token, self.clock())
        if user is not None:
            with self._guard:
                self._memory[tokens.digest(token)] = user
        return user

    def memory_size(self) -> int:
        with self._guard:
            return len(self._memory)

    def forget_expired(self) -> None:
        """Delete every expired token (at the server's start: one indexed ``DELETE``)."""
        with self.sessions.begin() as session:
            tokens.forget_expired(session, self.clock())

    def log_in(self, username: str, password: str, label: str, create: bool = False) -> str:
        """A new session's token for an account (a new one with ``create``); AuthError."""
        with self.sessions.begin() as session:
            if create:
                user = auth.register(session, username, password)
            else:
                user = auth.login(session, username, password)
            return tokens.issue(session, user, self.clock(), label)

    def revoke(self, token: str) -> None:
        """End the session of ``token``: it stops working at once in this process."""
        with self.sessions.begin() as session:
            tokens.end_token(session, token)
        self._forget([tokens.digest(token)])

    def sessions_of(self, user: User, token: str) -> list[SessionInfo]:
        with self.sessions() as session:
            return tokens.sessions_of(session, user.id, token, self.clock())

    def end_session(self, user: User, public_id: str) -> bool:
        """End one of the user's sessions by its public id; False if the user has none."""
        with self.sessions.begin() as session:
            ended = tokens.end(session, user.id, public_id)
        if ended is None:
            return False
        self._forget([ended])
        return True

    def change_password(self, user: User, token: str, current: str, new: str) -> None:
        """Change the user's password (AuthError if ``current`` is wrong or ``new`` too
        short: nothing changes) and end every other session of the user."""
        with self.sessions.begin() as session:
            auth.change_password(session, user.id, current, new)
            ended = tokens.end_others(session, user.id, keep=token)
        self._forget(ended)

    def _forget(self, digests: list[str]) -> None:
        with self._guard:
            for digest in digests:
                self._memory.pop(digest, None)
