"""Accounts: who may log in, with argon2 password hashes. The sessions a login opens (bearer
tokens) are :mod:`carson.server.tokens`."""

from __future__ import annotations

import hmac
import re
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerifyMismatchError
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from carson.server.db import User
from carson.server.tokens import digest

__all__ = ["AuthError", "change_password", "digest", "login", "register", "same_secret"]


def same_secret(expected: str, sent: str) -> bool:
    """Whether ``sent`` is the secret ``expected``, in constant time. Compared as UTF-8 bytes:
    ``hmac.compare_digest`` refuses text with non-ASCII characters, which anyone may send."""
    return hmac.compare_digest(expected.encode("utf-8"), sent.encode("utf-8"))


USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
MIN_PASSWORD = 8
_hasher = PasswordHasher()


class AuthError(ValueError):
    """Bad credentials or a bad registration; the message is safe to show."""


def normal_username(username: str) -> str:
    """The username as it is kept: NFKC-normalised (``ａｌｉｃｅ`` is ``alice``)."""
    return unicodedata.normalize("NFKC", username)


def register(session: Session, username: str, password: str) -> User:
    """Create an account. Names are unique whatever their case: ``Alice`` cannot register
    beside ``alice`` (the database's unique index on ``lower(username)`` settles a race)."""
    username = normal_username(username)
    if not USERNAME.fullmatch(username):
        raise AuthError("a username is 3–32 letters, digits, '.', '_' or '-'")
    if len(password) < MIN_PASSWORD:
        raise AuthError(f"a password has at least {MIN_PASSWORD} characters")
    alike = select(User.id).where(func.lower(User.username) == username.lower()).limit(1)
    if session.scalar(alike) is not None:
        raise AuthError(f"the username {username!r} is taken")
    user = User(username=username, password_hash=_hasher.hash(password))
    session.add(user)
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        raise AuthError(f"the username {username!r} is taken") from None
    return user


def login(session: Session, username: str, password: str) -> User:
    """The account of ``username`` if ``password`` is its password; else AuthError."""
    username = normal_username(username)
    user = session.scalar(select(User).where(User.username == username))
    # Verify against a dummy hash for unknown names, so timing does not tell names apart.
    stored = user.password_hash if user is not None else _DUMMY_HASH
    try:
        _hasher.verify(stored, password)
    except (VerifyMismatchError, InvalidHashError):
        raise AuthError("wrong username or password") from None
    if user is None:
        raise AuthError("wrong username or password")
    return user


def change_password(session: Session, user_id: int, current: str, new: str) -> None:
    """Set the user's password to ``new`` if ``current`` is the password; else nothing
    changes. (The caller ends the user's other sessions.)"""
    user = session.get(User, user_id)
    if user is None:
        raise AuthError("wrong password")
    try:
        _hasher.verify(user.password_hash, current)
    except (VerifyMismatchError, InvalidHashError):
        raise AuthError("the current password is wrong") from None
    if len(new) < MIN_PASSWORD:
        raise AuthError(f"a password has at least {MIN_PASSWORD} characters")
    user.password_hash = _hasher.hash(new)


_DUMMY_HASH = _hasher.hash("not a password anyone has")
