"""Accounts: who may log in. Passwords are hashed in :mod:`carson.server.accounts.passwords` (a
bounded pool, argon2id); the sessions a login opens (bearer tokens) are
:mod:`carson.server.accounts.tokens`."""

from __future__ import annotations

import hmac
import re
import unicodedata

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from carson.server.accounts.passwords import PasswordPool, PasswordTooLong, check_length
from carson.server.accounts.tokens import digest
from carson.server.kernel.db import User

__all__ = [
    "AuthError",
    "BadPassword",
    "UsernameTaken",
    "change_password",
    "digest",
    "login",
    "register",
    "same_secret",
]


def same_secret(expected: str, sent: str) -> bool:
    """Whether ``sent`` is the secret ``expected``, in constant time. Compared as UTF-8 bytes:
    ``hmac.compare_digest`` refuses text with non-ASCII characters, which anyone may send."""
    return hmac.compare_digest(expected.encode("utf-8"), sent.encode("utf-8"))


USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
MIN_PASSWORD = 8
#: The pool of the callers that name none (the server passes its own).
DEFAULT_POOL = PasswordPool()


class AuthError(ValueError):
    """Bad credentials or a bad registration; the message is safe to show, and ``code``
    names the problem for a page to say in its visitor's language."""

    def __init__(self, message: str, code: str = "wrong_credentials") -> None:
        super().__init__(message)
        self.code = code


class BadPassword(AuthError):
    """A password no account may have (too long): a bad request, not wrong credentials."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "password_too_long")


def _checked(password: str) -> None:
    try:
        check_length(password)
    except PasswordTooLong as error:
        raise BadPassword(str(error)) from None


class UsernameTaken(AuthError):
    """A registration under a name someone has (whatever its case)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "username_taken")


def normal_username(username: str) -> str:
    """The username as it is kept: NFKC-normalised (``ａｌｉｃｅ`` is ``alice``)."""
    return unicodedata.normalize("NFKC", username)


def account_key(username: str) -> str:
    """An account as the rate limits count it: the name as stored, whatever its case."""
    return normal_username(username).lower()


def register(
    session: Session, username: str, password: str, pool: PasswordPool = DEFAULT_POOL
) -> User:
    """Create an account. Names are unique whatever their case: ``Alice`` cannot register
    beside ``alice`` (the database's unique index on ``lower(username)`` settles a race)."""
    username = normal_username(username)
    if not USERNAME.fullmatch(username) or username.lower().startswith("guest-"):
        raise AuthError("a username is 3–32 letters, digits, '.', '_' or '-'", "bad_username")
    if len(password) < MIN_PASSWORD:
        raise AuthError(f"a password has at least {MIN_PASSWORD} characters", "short_password")
    _checked(password)
    alike = select(User.id).where(func.lower(User.username) == username.lower()).limit(1)
    if session.scalar(alike) is not None:
        raise UsernameTaken(f"the username {username!r} is taken")
    user = User(username=username, password_hash=pool.hash(password))
    session.add(user)
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        raise UsernameTaken(f"the username {username!r} is taken") from None
    return user


def login(
    session: Session, username: str, password: str, pool: PasswordPool = DEFAULT_POOL
) -> User:
    """The account of ``username`` if ``password`` is its password; else AuthError. A hash
    made with older parameters is replaced by one with the pool's (the password is known
    only now)."""
    _checked(password)
    username = normal_username(username)
    user = session.scalar(select(User).where(User.username == username))
    # An unknown name is verified against a dummy hash: timing does not tell names apart.
    matches = pool.verify(None if user is None else user.password_hash, password)
    if user is None or not matches:
        raise AuthError("wrong username or password")
    if pool.needs_rehash(user.password_hash):
        user.password_hash = pool.hash(password)
    return user


def change_password(
    session: Session, user_id: int, current: str, new: str, pool: PasswordPool = DEFAULT_POOL
) -> None:
    """Set the user's password to ``new`` if ``current`` is the password; else nothing
    changes. (The caller ends the user's other sessions.)"""
    _checked(current)
    _checked(new)
    user = session.get(User, user_id)
    if user is None or not pool.verify(user.password_hash, current):
        raise AuthError("the current password is wrong")
    if len(new) < MIN_PASSWORD:
        raise AuthError(f"a password has at least {MIN_PASSWORD} characters")
    user.password_hash = pool.hash(new)
