"""Accounts: argon2 password hashes and bearer tokens (stored only as their SHA-256)."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerifyMismatchError
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from carson.server.db import Token, User


def same_secret(expected: str, sent: str) -> bool:
    """Whether ``sent`` is the secret ``expected``, in constant time. Compared as UTF-8 bytes:
    ``hmac.compare_digest`` refuses text with non-ASCII characters, which anyone may send."""
    return hmac.compare_digest(expected.encode("utf-8"), sent.encode("utf-8"))


USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
MIN_PASSWORD = 8
_hasher = PasswordHasher()


class AuthError(ValueError):
    """Bad credentials or a bad registration; the message is safe to show."""


class UsernameTaken(AuthError):
    """A registration under a name someone has (whatever its case)."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normal_username(username: str) -> str:
    """The username as it is kept: NFKC-normalised (``ａｌｉｃｅ`` is ``alice``)."""
    return unicodedata.normalize("NFKC", username)


def register(session: Session, username: str, password: str) -> str:
    """Create an account and return a new token for it. Names are unique whatever their
    case: ``Alice`` cannot register beside ``alice``."""
    username = normal_username(username)
    if not USERNAME.fullmatch(username):
        raise AuthError("a username is 3–32 letters, digits, '.', '_' or '-'")
    if len(password) < MIN_PASSWORD:
        raise AuthError(f"a password has at least {MIN_PASSWORD} characters")
    alike = select(User.id).where(func.lower(User.username) == username.lower()).limit(1)
    if session.scalar(alike) is not None:
        raise UsernameTaken(f"the username {username!r} is taken")
    user = User(username=username, password_hash=_hasher.hash(password))
    session.add(user)
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        raise UsernameTaken(f"the username {username!r} is taken") from None
    return issue_token(session, user)


def login(session: Session, username: str, password: str) -> str:
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
    return issue_token(session, user)


def issue_token(session: Session, user: User) -> str:
    token = secrets.token_urlsafe(32)
    session.add(Token(digest=digest(token), user_id=user.id))
    return token


def user_for_token(session: Session, token: str) -> User | None:
    row = session.get(Token, digest(token))
    return None if row is None else session.get(User, row.user_id)


_DUMMY_HASH = _hasher.hash("not a password anyone has")
