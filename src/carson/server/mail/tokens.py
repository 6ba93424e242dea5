"""The tokens of mailed links (verify an address, reset a password): random, stored only as
their SHA-256 (a leaked table opens nothing), expiring, single use.

An account holds one token per purpose: a new one replaces the last (only the newest mail's
link works). Using a token deletes it in the transaction that uses it, with a conditional
``DELETE``: of two racing uses, one wins.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal, cast

from sqlalchemy import delete
from sqlalchemy.engine import CursorResult
from sqlalchemy.orm import Session

from carson.server.accounts.tokens import digest
from carson.server.jobs.queue import as_utc
from carson.server.mail.tables import MailToken

Purpose = Literal["verify", "reset"]
#: How long a link works.
LIFETIMES: dict[Purpose, timedelta] = {"verify": timedelta(days=2), "reset": timedelta(hours=1)}
#: The longest token a link may carry (``token_urlsafe(32)`` gives 43 characters).
MAX_TOKEN = 64


@dataclass(frozen=True)
class TokenUse:
    """Who a used token was for, and which address it was mailed to."""

    user_id: int
    address: str


def issue(session: Session, user_id: int, purpose: Purpose, address: str, now: datetime) -> str:
    """A new token for ``user_id``'s ``purpose``, replacing the account's last one."""
    session.execute(
        delete(MailToken).where(MailToken.user_id == user_id, MailToken.purpose == purpose)
    )
    token = secrets.token_urlsafe(32)
    session.add(
        MailToken(
            digest=digest(token),
            user_id=user_id,
            purpose=purpose,
            address=address,
            expires_at=now + LIFETIMES[purpose],
        )
    )
    session.flush()
    return token


def take(session: Session, token: str, purpose: Purpose, now: datetime) -> TokenUse | None:
    """Use ``token`` (deleted: it works once); ``None`` if it is unknown, for another
    purpose, used already or expired."""
    if not token or len(token) > MAX_TOKEN:
        return None
    key = digest(token)
    row = session.get(MailToken, key)
    if row is None or row.purpose != purpose:
        return None
    found = TokenUse(row.user_id, row.address)
    expired = as_utc(row.expires_at) <= now
    done = cast(
        "CursorResult[object]", session.execute(delete(MailToken).where(MailToken.digest == key))
    )
    if done.rowcount != 1 or expired:  # another request used it first, or too late
        return None
    return found


def usable(session: Session, token: str, purpose: Purpose, now: datetime) -> bool:
    """Whether ``token`` would work now (a cheap look before costly work; :func:`take`
    decides)."""
    row = session.get(MailToken, digest(token)) if 0 < len(token) <= MAX_TOKEN else None
    return row is not None and row.purpose == purpose and as_utc(row.expires_at) > now


def forget(session: Session, user_id: int, purpose: Purpose) -> None:
    """No link of ``purpose`` works any more for the account (its address changed)."""
    session.execute(
        delete(MailToken).where(MailToken.user_id == user_id, MailToken.purpose == purpose)
    )
