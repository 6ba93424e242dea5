"""Web push: the server's VAPID key pair (made on first start and kept in the database; the
private key never logged nor served), people's browser subscriptions, and the
``notify_push`` job that sends a notification to each of its person's browsers, encrypted
for each (RFC 8291, by pywebpush).

A subscription's endpoint is a URL the server will POST to, given by a browser: it must be
``https`` on a public host (a push service's), so a person cannot point the workers at the
server's own neighbours (:mod:`carson.server.kernel.outbound`: checked when subscribing and
again when sending, no redirect followed, short timeouts); ``CARSON_PUSH_HTTP=1`` allows
``http`` and ``CARSON_OUTBOUND_ALLOW`` a local origin, for a test endpoint.

A notification's push job queues one job per subscription (``notify_push_one``): a browser
whose service does not answer is retried on its own, never holding back the person's other
browsers nor sending to them twice. A push service that answers 404 or 410 has forgotten the
subscription, and a host no longer public is refused: either way it is deleted.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
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
from carson.server.jobs.kinds import DELIVERY, JobKind, register
from carson.server.jobs.queue import ClaimedJob, whole_number
from carson.server.kernel import metrics, settings
from carson.server.kernel.db import now
from carson.server.kernel.errors import Unprocessable
from carson.server.kernel.outbound import NotPublic, check_url, public_session
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
#: How long a push service may keep an undelivered message (seconds); how long it may take
#: to answer is the outbound requests' (:mod:`carson.server.kernel.outbound`).
TIME_TO_LIVE = 24 * 3600
#: The job that sends one notification to one of its person's browsers.
PUSH_ONE_JOB = "notify_push_one"


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
        schemes = ("https", "http") if settings.load(only={HTTP_SETTING}).push_http else ("https",)
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


def check_public(endpoint: str) -> None:
    """``Unprocessable`` unless the endpoint's host resolves to public addresses only (a DNS
    lookup: call it off the event loop)."""
    try:
        check_url(endpoint)
    except NotPublic:
        raise Unprocessable(
            "a push endpoint must be a push service on a public host", "bad_subscription"
        ) from None


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
    """Queue the notification's push to each of its person's browsers, one job each."""
    with context.store.write_turn, context.store.sessions.begin() as session:
        notice = session.get(Notification, due.notice)
        rows = [] if notice is None else list(session.scalars(
            select(PushSubscription.id).where(PushSubscription.user_id == notice.user_id)
        ))  # fmt: skip
        for row in rows:
            payload = {"notice": due.notice, "subscription": row}
            key = f"{PUSH_ONE_JOB}:{due.notice}:{row}"
            context.queue.enqueue(session, PUSH_ONE_JOB, payload, key=key)
        context.queue.finish(session, job)


@dataclass(frozen=True)
class PushOne:
    """The payload of a push to one browser: the notification's id and the subscription's."""

    notice: int
    subscription: int

    @classmethod
    def read(cls, payload: JSON) -> PushOne:
        notice, subscription = payload.get("notice"), payload.get("subscription")
        if not (whole_number(notice) and whole_number(subscription)):
            raise ValueError(f"a push needs a notification and a subscription, not {payload!r}")
        assert isinstance(notice, int) and isinstance(subscription, int)
        return cls(notice, subscription)


def run_push_one(context: WorkerContext, job: ClaimedJob, due: PushOne) -> None:
    """Send the notification to one browser. No answer or a failure: the job fails and is
    tried again later (its retries apart from every other job's)."""
    with context.store.sessions() as session:
        notice = session.get(Notification, due.notice)
        row = session.get(PushSubscription, due.subscription)
        if notice is None or row is None or row.user_id != notice.user_id:
            context.queue.complete(job)  # read, unsubscribed, or the browser changed hands
            return
        data = json.dumps(message(session, notice), ensure_ascii=False)
        stored = session.get(ServerKey, VAPID)
        if stored is None:
            raise LookupError("no VAPID key: the server makes it when it starts")
        key = Vapid.from_pem(stored.secret.encode())
        info = {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}}
    try:
        sent = _sent(info, data, key, row.id)
    except Exception:
        metrics.push_outcome("failed")
        raise
    metrics.push_outcome("sent" if sent else "gone")
    if sent:
        context.queue.complete(job)
        return
    with context.store.write_turn, context.store.sessions.begin() as session:
        session.execute(delete(PushSubscription).where(PushSubscription.id == due.subscription))
        context.queue.finish(session, job)


def _sent(info: JSON, data: str, key: Vapid, row: int) -> bool:
    """``True`` once the push service took the message; ``False`` if the subscription is
    gone for good (the service forgot it, or its host is no longer public); raises when the
    service failed or did not answer (to be tried again)."""
    contact = settings.load(only={CONTACT_SETTING}).push_contact
    with public_session() as session:
        try:
            webpush(info, data, vapid_private_key=key, vapid_claims={"sub": contact},
                    ttl=TIME_TO_LIVE, requests_session=session)  # fmt: skip
        except NotPublic:
            log.warning("push subscription %d no longer names a public host: deleted", row)
            return False
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in (404, 410):
                return False
            raise RuntimeError(f"push to subscription {row} failed: {status}") from None
    return True


PUSH_JOB = register(JobKind(notices.PUSH_JOB, NoticeJob.read, run_push, DELIVERY))
PUSH_ONE = register(JobKind(PUSH_ONE_JOB, PushOne.read, run_push_one, DELIVERY))
