"""Logins and registrations as the API and the pages make them: rate-limited first, then
checked by :mod:`carson.server.auth` with the server's password pool.

A login is refused (429) once its client address or its account has had too many failed
logins lately, before its password is hashed; every failure counts on both, so the account's
limit holds whatever addresses the guesses come from. A registration counts on its address
whether it succeeds or not: each costs a hash.
"""

from __future__ import annotations

from sqlalchemy.orm import Session, sessionmaker

from carson.server import auth
from carson.server.passwords import PasswordPool
from carson.server.ratelimit import RateLimiter, Rule, account_key


class Accounts:
    def __init__(
        self, sessions: sessionmaker[Session], limiter: RateLimiter, pool: PasswordPool
    ) -> None:
        self.sessions = sessions
        self.limiter = limiter
        self.pool = pool

    def login(self, address: str, username: str, password: str) -> str:
        """A new token (``auth.AuthError`` on wrong credentials, ``RateLimited``)."""
        account = account_key(username)
        self.limiter.check(Rule.LOGIN_ADDRESS, address)
        self.limiter.check(Rule.LOGIN_ACCOUNT, account)
        try:
            with self.sessions.begin() as session:
                return auth.login(session, username, password, self.pool)
        except auth.BadPassword:
            raise  # refused before any hashing: no guess was made
        except auth.AuthError:
            self.limiter.record(Rule.LOGIN_ADDRESS, address)
            self.limiter.record(Rule.LOGIN_ACCOUNT, account)
            raise

    def register(self, address: str, username: str, password: str) -> str:
        """A new account's token (``auth.AuthError`` if refused, ``RateLimited``)."""
        self.limiter.take(Rule.REGISTER_ADDRESS, address)
        with self.sessions.begin() as session:
            return auth.register(session, username, password, self.pool)

    def changing_password(self, username: str) -> None:
        """Count an attempt to change the account's password, refused (``RateLimited``)
        beyond its rate: call it before the current password is verified."""
        self.limiter.take(Rule.PASSWORD_ACCOUNT, account_key(username))

    def moving(self, user_id: int) -> None:
        """Count a move of the account, refused (``RateLimited``) beyond its rate."""
        self.limiter.take(Rule.MOVES_USER, str(user_id))
