"""Web push: the server's VAPID key pair (made on first start and kept in the database; the
private key never logged nor served), people's browser subscriptions, and the
``notify_push`` job that sends a notification to each of its person's browsers, encrypted
for each (RFC 8291, by pywebpush).

A subscription's endpoint is a URL the server will POST to, given by a browser: it must be
``https`` (a push service's), so a person cannot point the workers at the server's own
plain-http neighbours; ``CARSON_PUSH_HTTP=1`` allows ``http`` for a local test endpoint. A
push service that answers 404 or 410 has forgotten the subscription: it is deleted.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
import os
from dataclasses import dataclass
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid  # type: ignore[import-untyped]
from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]
from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from carson.core.game import JSON
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob, whole_number
from carson.server.kernel.db import now
from carson.server.kernel.errors import Unprocessable
from carson.server.mail import addresses
from carson.server.notify import notices
from carson.server.notify.tables import Notification, PushSubscription, ServerKey
from carson.server.notify.texts import notice_line
from carson.server.play.worker_context import WorkerContext

log = logging.getLogger(__name__)

VAPID = "vapid"
#: Who the push services may write to about this server (VAPID's ``sub`` claim).
CONTACT_SETTING = "CARSON_PUSH_CONTACT"
HTTP_SETTING = "CARSON_PUSH_HTTP"
#: A person's browsers kept at most (the oldest goes): bounded rows, bounded sends.
MOST_SUBSCRIPTIONS = 10
#: How long a push service may take to answer, and keep an undelivered message (seconds).
SEND_TIMEOUT = 10.0
TIME_TO_LIVE = 24 * 3600


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def ensure_keys(engine: Engine) -> None:
    """Make the VAPID key pair once (the first start; racing processes keep one)."""
    sessions = sessionmaker(engine)
    with sessions() as session:
        if session.get(ServerKey, VAPID) is not None:
            return
    vapid = Vapid()
    vapid.generate_keys()
    public = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    row = {"name": VAPID, "secret": vapid.private_pem().decode(), "public": _b64url(public),
           "created_at": now()}  # fmt: skip
    dialect = postgresql if engine.dialect.name == "postgresql" else sqlite
    with sessions.begin() as session:
        session.execute(dialect.insert(ServerKey).values(row).on_conflict_do_nothing())


def public_key(session: Session) -> str:
    """The application server key browsers subscribe with (base64url, uncompressed P-256)."""
    row = session.get(ServerKey, VAPID)
    if row is None:
        raise LookupError("no VAPID key: the server makes it when it starts")
    return row.public


@dataclass(frozen=True)
class Subscription:
    """A browser's subscription as its PushManager gives it, checked."""

    endpoint: str
    p256dh: str
    auth: str

    @classmethod
    def checked(cls, endpoint: str, p256dh: str, auth: str) -> Subscription:
        """``Unprocessable`` unless an https URL and a P-256 key with a 16-byte secret."""
        parts = urlsplit(endpoint)
        schemes = ("https", "http") if os.environ.get(HTTP_SETTING) == "1" else ("https",)
        if parts.scheme not in schemes or not parts.hostname or len(endpoint) > 1000:
            raise Unprocessable("a push endpoint is an https URL", "bad_subscription")
        try:
            key, secret = _unb64url(p256dh), _unb64url(auth)
        except (binascii.Error, ValueError):
            raise Unprocessable("a subscription's keys are base64url", "bad_subscription") from None
        if len(key) != 65 or key[0] != 4 or len(secret) != 16:
            raise Unprocessable("a subscription needs a P-256 key (p256dh) and a 16-byte auth",
                                "bad_subscription")  # fmt: skip
        return cls(endpoint, p256dh, auth)


def subscribe(session: Session, user_id: int, found: Subscription) -> None:
    """Keep the browser's subscription for the person (a browser that changed hands is the
    new person's); beyond :data:`MOST_SUBSCRIPTIONS`, their oldest is dropped."""
    session.execute(delete(PushSubscription).where(PushSubscription.endpoint == found.endpoint))
    session.add(PushSubscription(user_id=user_id, endpoint=found.endpoint,
                                 p256dh=found.p256dh, auth=found.auth))  # fmt: skip
    session.flush()
    kept = session.scalars(
        select(PushSubscription.id)
        .where(PushSubscription.user_id == user_id)
        .order_by(PushSubscription.id.desc())
        .offset(MOST_SUBSCRIPTIONS)
    ).all()
    if kept:
        session.execute(delete(PushSubscription).where(PushSubscription.id.in_(kept)))


def unsubscribe(session: Session, user_id: int, endpoint: str) -> bool:
    done = session.execute(
        delete(PushSubscription).where(
            PushSubscription.user_id == user_id, PushSubscription.endpoint == endpoint
        )
    )
    return bool(getattr(done, "rowcount", 0))


@dataclass(frozen=True)
class NoticeJob:
    """The payload of a delivery job: the notification's id."""

    notice: int

    @classmethod
    def read(cls, payload: JSON) -> NoticeJob:
        notice = payload.get("notice")
        if not whole_number(notice):
            raise ValueError(f"a delivery job needs a notification id, not {payload!r}")
        assert isinstance(notice, int)
        return cls(notice)


def message(session: Session, notice: Notification) -> dict[str, str]:
    """What a push carries: a title, the sentence in its person's language, where a click
    leads, and a tag (a newer push of the same kind and game replaces the older)."""
    lang = addresses.language_of(session, notice.user_id)
    where = f"/games/{notice.game_id}" if notice.game_id else "/notifications"
    return {
        "title": "carson",
        "body": notice_line(lang, notice.kind, notice.payload, _game_of(session, notice)),
        "url": where,
        "tag": f"{notice.kind}:{notice.game_id or ''}",
    }


def _game_of(session: Session, notice: Notification) -> notices.NoticeGame | None:
    """The game ``notice`` is about, as its person knows it."""
    return notices.notice_games(session, notice.user_id, [notice.game_id]).get(notice.game_id or "")


def run_push(context: WorkerContext, job: ClaimedJob, due: NoticeJob) -> None:
    with context.store.sessions() as session:
        notice = session.get(Notification, due.notice)
        rows = [] if notice is None else list(session.scalars(
            select(PushSubscription).where(PushSubscription.user_id == notice.user_id)
        ))  # fmt: skip
        if notice is None or not rows:
            context.queue.complete(job)
            return
        data = json.dumps(message(session, notice), ensure_ascii=False)
        stored = session.get(ServerKey, VAPID)
        if stored is None:
            raise LookupError("no VAPID key: the server makes it when it starts")
        key = Vapid.from_pem(stored.secret.encode())
    contact = os.environ.get(CONTACT_SETTING, "mailto:carson@localhost")
    gone = []
    for row in rows:
        info = {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}}
        try:
            webpush(info, data, vapid_private_key=key, vapid_claims={"sub": contact},
                    timeout=SEND_TIMEOUT, ttl=TIME_TO_LIVE)  # fmt: skip
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in (404, 410):
                gone.append(row.id)
            else:  # another browser may still get it: this one misses this push
                log.warning("push to subscription %d failed: %s", row.id, status or "no answer")
    with context.store.write_turn, context.store.sessions.begin() as session:
        if gone:
            session.execute(delete(PushSubscription).where(PushSubscription.id.in_(gone)))
        context.queue.finish(session, job)


PUSH_JOB = register(JobKind(notices.PUSH_JOB, NoticeJob.read, run_push))
