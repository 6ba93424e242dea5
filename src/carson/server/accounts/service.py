"""A server process's side of accounts and sessions: logging in and signing up (rate-limited
first, then checked by :mod:`carson.server.accounts.auth` with the server's password pool), who a
token is (with a short, bounded memory of the answers), logging out, listing and ending
one's sessions, changing one's password.

A login is refused (429) once its client address or its account has had too many failed
logins lately, before its password is hashed; every failure counts on both, so the account's
limit holds whatever addresses the guesses come from. A registration counts on its address
whether it succeeds or not: each costs a hash.

The memory spares a database query per request: a token checked lately is trusted for
:data:`TOKEN_MEMORY` seconds (never past its own expiry). A session ended in this process is
forgotten at once; on PostgreSQL, every process forgets it at once too (a notice sent with
the ending's transaction, :func:`carson.server.accounts.tokens.announce_forgotten`), and all it
remembered when its listening connection comes back after an outage. On SQLite, one ended
by another process is noticed within :data:`TOKEN_MEMORY` seconds. At most
:data:`TOKEN_MEMORY_SIZE` tokens are remembered (the least recently used go first).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session, sessionmaker

from carson.server.accounts import auth, guests, tokens
from carson.server.accounts.auth import account_key
from carson.server.accounts.passwords import PasswordPool
from carson.server.accounts.token_memory import TokenMemory
from carson.server.accounts.tokens import SessionInfo
from carson.server.kernel import settings
from carson.server.kernel.db import User, now
from carson.server.kernel.errors import BadSetting
from carson.server.kernel.limits import Limits
from carson.server.kernel.ratelimit import RateLimiter, Rule

if TYPE_CHECKING:
    from starlette.requests import Request

#: What a sign-up through the API also does, given its request and the body's address and
#: language: checks them first (refusing the sign-up), then returns what to do in the new
#: account's transaction. The composition root sets the mail feature's (an address to
#: verify); accounts know no mail.
#: Told of each new guest in the transaction that makes it (the composition root queues its
#: removal for when its sessions have ended: :mod:`carson.server.your_data.guest_expiry`).
GuestHook = Callable[[Session, User], None]
RegistrationHook = Callable[
    ["Request", str | None, str | None], Callable[[Session, User], None] | None
]

#: Seconds a process trusts a token it has checked before asking the database again: as
#: long as the database's record of a token's use may lag anyway (``tokens.TOUCH_EVERY``).
#: Asking every 30 s sent one move in 30 of a player moving each second to a request thread
#: and the database (issue 22).
TOKEN_MEMORY = 300.0


def memory_size_configured() -> int:
    """The tokens a process remembers at most: ``CARSON_TOKEN_MEMORY``, else 10,000."""
    try:
        return settings.load(only={"CARSON_TOKEN_MEMORY"}).token_memory
    except BadSetting as error:  # a ValueError, as it always was
        raise ValueError(str(error)) from None


TOKEN_MEMORY_SIZE = memory_size_configured()


class Accounts:
    """Accounts, tokens and sessions for one server process. ``clock`` tells the time (tests
    move it on instead of sleeping); the memory follows the same clock. ``limiter`` counts
    attempts (default: the default limits, in this process); ``pool`` hashes passwords."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        clock: Callable[[], datetime] = now,
        memory_size: int = TOKEN_MEMORY_SIZE,
        limiter: RateLimiter | None = None,
        pool: PasswordPool = auth.DEFAULT_POOL,
    ) -> None:
        self.sessions = sessions
        self.clock = clock
        self.limiter = limiter or RateLimiter(Limits())
        self.pool = pool
        self._memory: TokenMemory[User] = TokenMemory(memory_size, self._seconds)
        self._guard = threading.Lock()  # the memory is not safe across threads
        self.registration: RegistrationHook | None = None
        self.guest_made: GuestHook | None = None

    def _seconds(self) -> float:
        """The clock in seconds, for the memory's expiry; without making a date from the
        system's clock (read on every move) when the clock is the system's."""
        clock = self.clock  # tests move it after the start
        return time.time() if clock is now else clock().timestamp()

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
            checked = tokens.user_for(session, token, self.clock())
        if checked is None:
            return None
        user, expires_at = checked
        deadline = min(self._seconds() + TOKEN_MEMORY, expires_at.timestamp())
        with self._guard:
            self._memory.put(tokens.digest(token), user, deadline)
        return user

    def memory_size(self) -> int:
        with self._guard:
            return len(self._memory)

    def forget_expired(self) -> None:
        """Delete every expired token (at the server's start: one indexed ``DELETE``)."""
        with self.sessions.begin() as session:
            tokens.forget_expired(session, self.clock())

    def log_in(
        self,
        address: str,
        username: str,
        password: str,
        label: str,
        create: bool = False,
        then: Callable[[Session, User], None] | None = None,
    ) -> str:
        """A new session's token for an account (a new one with ``create``) asked from the
        client ``address``: ``auth.AuthError`` on wrong credentials, ``RateLimited``.
        ``then`` runs in the same transaction, once the account is known (its address and
        language at registration)."""
        if create:
            self.limiter.take(Rule.REGISTER_ADDRESS, address)
            with self.sessions.begin() as session:
                user = auth.register(session, username, password, self.pool)
                if then is not None:
                    then(session, user)
                return tokens.issue(session, user, self.clock(), label)
        account = account_key(username)
        self.limiter.check(Rule.LOGIN_ADDRESS, address)
        self.limiter.check(Rule.LOGIN_ACCOUNT, account)
        try:
            with self.sessions.begin() as session:
                user = auth.login(session, username, password, self.pool)
                if then is not None:
                    then(session, user)
                return tokens.issue(session, user, self.clock(), label)
        except auth.BadPassword:
            raise  # refused before any hashing: no guess was made
        except auth.AuthError:
            self.limiter.record(Rule.LOGIN_ADDRESS, address)
            self.limiter.record(Rule.LOGIN_ACCOUNT, account)
            raise

    def guest(self, address: str, label: str) -> str:
        """A new guest's session token (counted as a registration from ``address``)."""
        self.limiter.take(Rule.REGISTER_ADDRESS, address)
        with self.sessions.begin() as session:
            user = guests.new_guest(session)
            if self.guest_made is not None:
                self.guest_made(session, user)
            return tokens.issue(session, user, self.clock(), label)

    def claim(self, user: User, username: str, password: str, label: str = "") -> None:
        """The guest ``user`` signs up, keeping its games and sessions (labelled ``label``,
        the device's, instead of "guest")."""
        with self.sessions.begin() as session:
            digests = guests.claim(session, user, username, password, self.pool, label)
        self._forget(digests)

    def moving(self, user_id: int) -> None:
        """Count a move of the account, refused (``RateLimited``) beyond its rate."""
        self.limiter.take(Rule.MOVES_USER, str(user_id))

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
        short: nothing changes; ``RateLimited`` beyond the account's rate of attempts) and
        end every other session of the user."""
        self.limiter.take(Rule.PASSWORD_ACCOUNT, account_key(user.username))
        with self.sessions.begin() as session:
            auth.change_password(session, user.id, current, new, self.pool)
            ended = tokens.end_others(session, user.id, keep=token)
        self._forget(ended)

    def forget(self, digests: list[str]) -> None:
        """Stop trusting these tokens in this process at once (their sessions were ended)."""
        self._forget(digests)

    def forget_all(self) -> None:
        """Check every token again (notices of ended sessions may have been missed)."""
        with self._guard:
            self._memory.clear()

    def _forget(self, digests: list[str]) -> None:
        with self._guard:
            self._memory.forget(digests)
