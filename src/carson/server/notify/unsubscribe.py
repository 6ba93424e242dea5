"""One-click unsubscribe links of notification mails: ``/unsubscribe/<token>``, the token
signed with the server's own secret (made on first start, kept in the database) for one
person and one kind (or ``all``), so the link works signed out, from any mail client, and
names nothing another person could change. Following it turns the e-mail channel off."""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from carson.server.kernel.server_keys import ServerKey, shared_secret
from carson.server.notify import notices

SECRET = "unsubscribe"
ALL = "all"
#: The longest token read (a person's id, a kind and a signature are far shorter).
MAX_TOKEN = 80


def ensure_secret(engine: Engine) -> None:
    """Make the signing secret once (the first start; racing processes keep one)."""
    shared_secret(engine, SECRET)


def _signature(secret: str, user_id: int, kind: str) -> str:
    digest = hmac.new(secret.encode(), f"{user_id}:{kind}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def _secret(session: Session) -> str:
    row = session.get(ServerKey, SECRET)
    if row is None:
        raise LookupError("no unsubscribe secret: the server makes it when it starts")
    return row.secret


def token_for(session: Session, user_id: int, kind: str) -> str:
    """The token of ``user_id``'s link for ``kind`` (or :data:`ALL`)."""
    if kind != ALL and kind not in notices.KINDS:
        raise ValueError(f"unknown notification kind {kind!r}")
    return f"{user_id}.{kind}.{_signature(_secret(session), user_id, kind)}"


@dataclass(frozen=True)
class Unsubscription:
    user_id: int
    kind: str  # a kind of :data:`carson.server.notify.notices.KINDS`, or ``all``


def read_token(session: Session, token: str) -> Unsubscription | None:
    """What a token asks, if the server signed it (``None``: forged, damaged or unknown)."""
    parts = token[:MAX_TOKEN].split(".")
    if len(token) > MAX_TOKEN or len(parts) != 3 or not token.isascii():
        return None
    if not parts[0].isdecimal() or len(parts[0]) > 18:  # an account's id, not any number
        return None
    user, kind, signature = int(parts[0]), parts[1], parts[2]
    if kind != ALL and kind not in notices.KINDS:
        return None
    if not hmac.compare_digest(signature, _signature(_secret(session), user, kind)):
        return None
    return Unsubscription(user, kind)


def apply(session: Session, wanted: Unsubscription) -> None:
    """No more mail of the kind (of any kind, for ``all``) for that person."""
    kinds = notices.KINDS if wanted.kind == ALL else (wanted.kind,)
    notices.choose(session, wanted.user_id, {(kind, notices.EMAIL): False for kind in kinds})
