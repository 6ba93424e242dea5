"""The mails about an account — verify an address, reset a password — as durable jobs
(kind ``account_mail``).

The job holds no token: its worker mints the link's token when it sends (only its digest is
stored, :mod:`carson.server.mail.tokens`), so neither the jobs table nor a failed job's row
ever holds a usable link; a retry mints a new one, which replaces the last. The worker
checks again what the mail is for: a verification only for an address still unverified and
verified by no other account, a reset only to a verified address.

Links start with the server's public address, ``CARSON_PUBLIC_URL``. Without it, a request's
own address is used only when it names this machine (a developer's ``make run`` at
localhost): anywhere else a request's Host header is the client's to choose, and a reset
link leading to the client's host would hand it the token. So a server without a public
address sends no mail with links (503 ``no_public_address``; it says so at its start).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlencode

from fastapi import Request
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.i18n import DEFAULT_LANGUAGE
from carson.server.jobs.kinds import DELIVERY, JobKind, register
from carson.server.jobs.queue import ClaimedJob, JobQueue, whole_number
from carson.server.kernel import settings
from carson.server.kernel.db import User
from carson.server.kernel.errors import GameError, Unprocessable
from carson.server.kernel.setting_checks import checked_base_url
from carson.server.mail import addresses
from carson.server.mail import tokens as mail_tokens
from carson.server.mail.jobs import MAIL_ATTEMPTS, new_message_id
from carson.server.mail.sending import MailMessage, MailSettings, masked, send
from carson.server.mail.tables import MailAddress
from carson.server.mail.texts import LINK_PATHS, AccountMail, compose
from carson.server.mail.tokens import Purpose
from carson.server.play.worker_context import WorkerContext

log = logging.getLogger(__name__)

ACCOUNT_MAIL_KIND = "account_mail"
PUBLIC_URL_ENV = "CARSON_PUBLIC_URL"


def configured_base_url() -> str | None:
    """``CARSON_PUBLIC_URL``, checked (:class:`BadSetting`), or ``None`` if unset."""
    return settings.load(only={PUBLIC_URL_ENV}).public_url


#: The hosts a request may name for its mail's links when no public address is set.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


class NoPublicAddress(GameError):
    """No public address is configured, and the request does not come to this machine."""

    status = 503


def base_url_for(request: Request) -> str:
    """Where the mailed links of a request's mail lead: the configured public address, else
    the request's own if it names this machine; :class:`NoPublicAddress` otherwise."""
    configured = configured_base_url()
    if configured is not None:
        return configured
    if (request.url.hostname or "").strip("[]").lower() not in LOCAL_HOSTS:
        log.warning("a mail with a link was refused: %s is unset", PUBLIC_URL_ENV)
        raise NoPublicAddress(
            f"this server sends no mail with links: its public address ({PUBLIC_URL_ENV}) "
            "is not set",
            "no_public_address",
        )
    try:
        return checked_base_url(str(request.base_url))
    except ValueError:
        raise GameError("the request's Host header names no usable address", "bad_host") from None


@dataclass(frozen=True)
class AccountMailJob:
    """An ``account_mail`` job's payload."""

    user_id: int
    purpose: Purpose
    base_url: str
    message_id: str

    def payload(self) -> JSON:
        return {
            "user_id": self.user_id,
            "purpose": self.purpose,
            "base_url": self.base_url,
            "message_id": self.message_id,
        }

    @classmethod
    def read(cls, payload: JSON) -> AccountMailJob:
        user_id, purpose = payload.get("user_id"), payload.get("purpose")
        base_url, message_id = payload.get("base_url"), payload.get("message_id")
        if not isinstance(user_id, int) or not whole_number(user_id):
            raise ValueError("an account mail's payload needs user_id")
        if purpose not in ("verify", "reset"):
            raise ValueError("an account mail's payload needs purpose")
        if not isinstance(base_url, str) or not isinstance(message_id, str):
            raise ValueError("an account mail's payload needs base_url and message_id")
        return cls(user_id, purpose, checked_base_url(base_url), message_id)


def queue_account_mail(
    queue: JobQueue, session: Session, user_id: int, purpose: Purpose, base_url: str
) -> None:
    """Queue the mail in ``session``'s transaction. No key: a job left ``failed`` must not
    block the next request (the rate limits bound how many wait; the newest link wins)."""
    job = AccountMailJob(
        user_id, purpose, base_url, new_message_id(MailSettings.from_environment())
    )
    queue.enqueue(session, ACCOUNT_MAIL_KIND, job.payload(), max_attempts=MAIL_ATTEMPTS)


def on_registration(
    queue: JobQueue, address: str | None, lang: str, base_url: str | None
) -> Callable[[Session, User], None]:
    """What a registration also does in its transaction: keep the account's language and
    its address (``address`` already checked), and queue the verification mail (none
    without a public address: the account can ask for it again once there is one)."""

    def then(session: Session, user: User) -> None:
        addresses.remember_language(session, user.id, lang)
        if address is not None:
            addresses.set_address(session, user.id, address, queue.clock())
            if base_url is not None:
                queue_account_mail(queue, session, user.id, "verify", base_url)

    return then


def registration_hook(
    request: Request, raw_address: str | None, lang: str | None
) -> Callable[[Session, User], None]:
    """:func:`on_registration` for a request (a sign-up, or a page's log-in with no
    address: the visit's language becomes the account's): its address checked first (422
    ``bad_address``: no account is created), the mail's links from its public address."""
    address = None
    if raw_address is not None and raw_address.strip():
        try:
            address = addresses.checked_address(raw_address)
        except addresses.AddressError as error:
            raise Unprocessable(str(error), error.code) from None
    queue = request.app.state.games.jobs
    assert isinstance(queue, JobQueue)
    try:
        base_url: str | None = base_url_for(request) if address is not None else None
    except NoPublicAddress:
        base_url = None  # the account is made; its address waits for a verification mail
    return on_registration(queue, address, lang or DEFAULT_LANGUAGE, base_url)


def run_account_mail(context: WorkerContext, job: ClaimedJob, payload: AccountMailJob) -> None:
    settings = MailSettings.from_environment()
    if not settings.configured:  # no token minted for a mail nobody will get
        log.info("account mail %s skipped: no SMTP server (CARSON_SMTP_HOST)", payload.message_id)
        return
    queue = context.queue
    with queue.write_turn, queue.sessions.begin() as session:
        found = _mail_of(session, payload, queue.clock())
    if found is None:
        return
    message, lang = found
    send(message, settings, payload.message_id)
    log.info("%s mail (%s) for account %d", payload.purpose, lang, payload.user_id)


def _mail_of(
    session: Session, payload: AccountMailJob, now: datetime
) -> tuple[MailMessage, str] | None:
    """The mail to send now, its token minted; ``None`` if it is no longer due."""
    user = session.get(User, payload.user_id)
    row = session.get(MailAddress, payload.user_id)
    if user is None or row is None:
        return None
    if payload.purpose == "verify" and (
        row.verified is not None or addresses.taken_by_another(session, user.id, row.address)
    ):
        log.info("verification of %s not sent: verified already", masked(row.address))
        return None
    if payload.purpose == "reset" and row.verified is None:
        return None
    token = mail_tokens.issue(session, user.id, payload.purpose, row.address, now)
    link = f"{payload.base_url}{LINK_PATHS[payload.purpose]}?{urlencode({'token': token})}"
    lang = addresses.language_of(session, user.id)
    mail = AccountMail(payload.purpose, user.username, link)
    return compose(mail, row.address, lang), lang


ACCOUNT_MAIL = register(JobKind(ACCOUNT_MAIL_KIND, AccountMailJob.read, run_account_mail, DELIVERY))
