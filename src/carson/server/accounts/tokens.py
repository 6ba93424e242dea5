"""Sessions: the bearer tokens of accounts (stored only as their SHA-256), their expiry,
renewal and revocation.

A token expires once left unused :data:`IDLE` (30 days): each use moves its expiry on, but
the row is written at most once per :data:`TOUCH_EVERY` (5 minutes), not on every request.
An expired token is deleted when it is next presented, when its user logs in, and at the
server's start (one indexed ``DELETE``); a user keeps at most :data:`MAX_SESSIONS` sessions
(logging in once more ends the least recently used). Sessions are shown to their user by a
public ``id``, never by the token or its digest.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from carson.server.kernel.db import Token, User
from carson.server.kernel.live import CHANNEL, FORGET_TOKENS

IDLE = timedelta(days=30)
TOUCH_EVERY = timedelta(minutes=5)
MAX_SESSIONS = 50
#: Digests per notice to forget them (PostgreSQL takes payloads under 8000 bytes).
ANNOUNCED_AT_ONCE = 100
#: The longest user-agent label kept.
MAX_LABEL = 60


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SessionInfo:
    """A session as its user is shown it."""

    id: str
    created_at: datetime
    last_used_at: datetime
    expires_at: datetime
    label: str
    current: bool


def issue(session: Session, user: User, now: datetime, label: str = "") -> str:
    """A new token for ``user``; the user's expired sessions, and the least recently used
    beyond :data:`MAX_SESSIONS`, end."""
    forget_expired(session, now, user.id)
    kept = select(Token.digest).where(Token.user_id == user.id)
    kept = kept.order_by(Token.last_used_at.desc()).offset(MAX_SESSIONS - 1)
    stale = list(session.scalars(kept))
    if stale:
        session.execute(delete(Token).where(Token.digest.in_(stale)))
        announce_forgotten(session, stale)
    token = secrets.token_urlsafe(32)
    session.add(
        Token(
            digest=digest(token),
            public_id=secrets.token_hex(8),
            user_id=user.id,
            created_at=now,
            last_used_at=now,
            expires_at=now + IDLE,
            label=label[:MAX_LABEL],
        )
    )
    session.flush()
    return token


def user_for(session: Session, token: str, now: datetime) -> tuple[User, datetime] | None:
    """The token's user and when the token expires, or None for an unknown or expired token
    (an expired one is deleted). Use renews it, writing at most once per :data:`TOUCH_EVERY`."""
    key = digest(token)
    row = session.get(Token, key)
    if row is None:
        return None
    # Statements, not changes to the row: a row another request deleted meanwhile is no error.
    expires_at = _aware(row.expires_at)
    if expires_at <= now:
        session.execute(delete(Token).where(Token.digest == key))
        return None
    if now - _aware(row.last_used_at) >= TOUCH_EVERY:
        expires_at = now + IDLE
        renewed = {"last_used_at": now, "expires_at": expires_at}
        session.execute(update(Token).where(Token.digest == key).values(renewed))
    user = session.get(User, row.user_id)
    return None if user is None else (user, expires_at)


def announce_forgotten(session: Session, digests: list[str]) -> None:
    """On PostgreSQL, tell every server process, when ``session``'s transaction commits, to
    forget these tokens if it remembers them (their sessions ended, or their account
    changed): :mod:`carson.server.accounts.service`. Elsewhere nothing (one process)."""
    if not digests or session.get_bind().dialect.name != "postgresql":
        return
    for start in range(0, len(digests), ANNOUNCED_AT_ONCE):
        payload = FORGET_TOKENS + ",".join(digests[start : start + ANNOUNCED_AT_ONCE])
        session.execute(select(func.pg_notify(CHANNEL, payload)))


def forget_expired(session: Session, now: datetime, user_id: int | None = None) -> None:
    """Delete the expired tokens (of one user, or all)."""
    gone = delete(Token).where(Token.expires_at <= now)
    if user_id is not None:
        gone = gone.where(Token.user_id == user_id)
    session.execute(gone)


def sessions_of(session: Session, user_id: int, token: str, now: datetime) -> list[SessionInfo]:
    """The user's live sessions, most recently used first; ``current`` marks ``token``'s."""
    rows = session.scalars(
        select(Token)
        .where(Token.user_id == user_id, Token.expires_at > now)
        .order_by(Token.last_used_at.desc(), Token.created_at.desc())
    )
    mine = digest(token)
    return [
        SessionInfo(
            id=row.public_id,
            created_at=_aware(row.created_at),
            last_used_at=_aware(row.last_used_at),
            expires_at=_aware(row.expires_at),
            label=row.label,
            current=row.digest == mine,
        )
        for row in rows
    ]


def end(session: Session, user_id: int, public_id: str) -> str | None:
    """End the user's session ``public_id``; its digest, or None if the user has no such
    session (another user's id is as unknown as a made-up one)."""
    row = session.scalar(
        select(Token).where(Token.user_id == user_id, Token.public_id == public_id)
    )
    if row is None:
        return None
    session.execute(delete(Token).where(Token.digest == row.digest))
    announce_forgotten(session, [row.digest])
    return row.digest


def digests_of(session: Session, user_id: int) -> list[str]:
    """The digests of every session of the user."""
    return list(session.scalars(select(Token.digest).where(Token.user_id == user_id)))


def end_others(session: Session, user_id: int, keep: str) -> list[str]:
    """End every session of the user but ``keep``'s (a token); the digests ended."""
    kept = digest(keep)
    ended = list(
        session.scalars(select(Token.digest).where(Token.user_id == user_id, Token.digest != kept))
    )
    if ended:
        session.execute(delete(Token).where(Token.digest.in_(ended)))
        announce_forgotten(session, ended)
    return ended


def end_token(session: Session, token: str) -> None:
    session.execute(delete(Token).where(Token.digest == digest(token)))
    announce_forgotten(session, [digest(token)])


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes (written as UTC); PostgreSQL aware ones."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


_BROWSERS = (
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("Firefox/", "Firefox"),
    ("Chromium/", "Chromium"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iOS"),
    ("iPad", "iOS"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)
_PRODUCT = re.compile(r"[A-Za-z][A-Za-z0-9._-]{0,30}")


def agent_label(user_agent: str | None) -> str:
    """A short label of a ``User-Agent`` that tells a user's sessions apart: ``Firefox ·
    Linux``, else the client's product name (``curl``, ``python-httpx``), else empty."""
    agent = user_agent or ""
    browser = next((name for mark, name in _BROWSERS if mark in agent), None)
    system = next((name for mark, name in _SYSTEMS if mark in agent), None)
    if browser is not None:
        return browser if system is None else f"{browser} · {system}"
    product = _PRODUCT.match(agent)
    return "" if product is None else product.group(0)[:MAX_LABEL]
