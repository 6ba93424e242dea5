"""Mail as durable jobs: kind ``send_mail``, queued in the transaction of what causes it.

A request never talks to the SMTP server: it queues the message, and a worker sends it. A
failed try (the SMTP server is away, refuses for now) is tried again with the queue's
back-off (:mod:`carson.server.jobs.queue`), up to its ``max_attempts``. A job's ``key`` (the
caller's, e.g. ``notification:42``) makes sure the same mail is queued once; its Message-ID,
chosen at queueing, is the same on every try, so the one case SMTP cannot rule out — a
worker lost between the server's acceptance and the job's end — gives a duplicate that
mail programs recognise as the same mail.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from email.utils import parseaddr

from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.server.jobs.kinds import DELIVERY, JobKind, register
from carson.server.jobs.queue import ClaimedJob, JobQueue
from carson.server.kernel import metrics
from carson.server.mail.sending import MailMessage, MailSettings, send
from carson.server.play.worker_context import WorkerContext

SEND_MAIL_KIND = "send_mail"
#: The longest caller's key (the ``jobs.key`` column holds the kind's prefix too).
MAX_KEY = 100
#: Tries of a mail: its back-off (2, 4, … s, at most 5 min) spans a quarter of an hour of an
#: SMTP server's outage before the job stays ``failed`` (a failed job keeps its key).
MAIL_ATTEMPTS = 10


@dataclass(frozen=True)
class QueuedMail:
    """A ``send_mail`` job's payload: the message and its Message-ID."""

    message: MailMessage
    message_id: str

    def payload(self) -> JSON:
        return {**self.message.payload(), "message_id": self.message_id}

    @classmethod
    def read(cls, payload: JSON) -> QueuedMail:
        message_id = payload.get("message_id")
        if not isinstance(message_id, str) or not message_id.startswith("<"):
            raise ValueError("a mail's payload needs its message_id")
        return cls(MailMessage.read(payload), message_id)


def new_message_id(settings: MailSettings) -> str:
    domain = parseaddr(settings.sender)[1].rpartition("@")[2] or "localhost"
    return f"<{secrets.token_hex(16)}@{domain}>"


def queue_mail(
    queue: JobQueue,
    session: Session,
    message: MailMessage,
    key: str | None = None,
    settings: MailSettings | None = None,
) -> None:
    """Queue ``message`` in ``session``'s transaction (sent once that commits); a ``key``
    already queued is not queued again."""
    if key is not None and not 0 < len(key) <= MAX_KEY:
        raise ValueError(f"a mail's key must have 1 to {MAX_KEY} characters")
    settings = settings or MailSettings.from_environment()
    queued = QueuedMail(message, new_message_id(settings))
    job_key = None if key is None else f"{SEND_MAIL_KIND}:{key}"
    queue.enqueue(
        session, SEND_MAIL_KIND, queued.payload(), key=job_key, max_attempts=MAIL_ATTEMPTS
    )


def submit_mail(queue: JobQueue, message: MailMessage, key: str | None = None) -> None:
    """:func:`queue_mail` in a transaction of its own."""
    with queue.write_turn, queue.sessions.begin() as session:
        queue_mail(queue, session, message, key)


def run_send_mail(context: WorkerContext, job: ClaimedJob, queued: QueuedMail) -> None:
    # Read at each mail: a worker started before the settings changed sends with the new.
    try:
        sent = send(queued.message, MailSettings.from_environment(), queued.message_id)
    except Exception:
        metrics.mail_outcome("failed")
        raise
    metrics.mail_outcome("sent" if sent else "skipped")


SEND_MAIL = register(JobKind(SEND_MAIL_KIND, QueuedMail.read, run_send_mail, DELIVERY))
