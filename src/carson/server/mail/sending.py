"""Mail: a message, the SMTP server's settings and sending one message with ``aiosmtplib``.

Nothing here is called on a request's path: a request queues a ``send_mail`` job
(:mod:`carson.server.mail.jobs`) and a worker sends it. With no SMTP server configured
(``CARSON_SMTP_HOST`` unset), a mail is logged as skipped and dropped: a server without mail
works as before. Logs name a mail's job and its masked recipient, never its body (a link in
it may carry a token) nor the SMTP password.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, parseaddr
from typing import Any

import aiosmtplib

from carson.core.game import JSON
from carson.core.i18n import LANGUAGES
from carson.server.jobs.queue import utc_now
from carson.server.kernel import settings
from carson.server.kernel.setting_checks import Security

log = logging.getLogger(__name__)


#: Environment variable of each setting (docs/mail.md).
ENVIRONMENT = {
    "host": "CARSON_SMTP_HOST",
    "port": "CARSON_SMTP_PORT",
    "user": "CARSON_SMTP_USER",
    "password": "CARSON_SMTP_PASSWORD",
    "security": "CARSON_SMTP_SECURITY",
    "sender": "CARSON_MAIL_FROM",
    "timeout": "CARSON_SMTP_TIMEOUT",
}
#: The port of each kind of connection when none is set.
DEFAULT_PORTS: dict[Security, int] = {"none": 25, "starttls": 587, "tls": 465}

#: Bounds of a message's parts (a queued job holds the message: its row stays small).
MAX_ADDRESS = 254
MAX_SUBJECT = 200
MAX_BODY = 64 * 1024
#: One address, nothing around it: no display name, no list, no header to inject (the
#: accounts check addresses fully when they are given; this guards every other caller).
_PLAIN_ADDRESS = re.compile(
    r"[^\s@<>,;:\"()\[\]\\]+@[^\s@<>,;:\"()\[\]\\]+\.[^\s@<>,;:\"()\[\]\\]+"
)


@dataclass(frozen=True)
class MailMessage:
    """One mail to one recipient, already in the recipient's ``language``."""

    to: str
    subject: str
    text: str
    html: str | None = None
    language: str = "en"
    #: A notification's one-click unsubscribe URL (``List-Unsubscribe``, RFC 8058).
    unsubscribe: str | None = None

    def __post_init__(self) -> None:
        if not _PLAIN_ADDRESS.fullmatch(self.to) or len(self.to) > MAX_ADDRESS:
            raise ValueError("a mail's recipient must be one plain address")
        if not self.subject.strip() or len(self.subject) > MAX_SUBJECT:
            raise ValueError(f"a mail's subject must have 1 to {MAX_SUBJECT} characters")
        if any(char in self.subject for char in "\r\n"):
            raise ValueError("a mail's subject must be one line")
        if not self.text.strip() or len(self.text) > MAX_BODY:
            raise ValueError(f"a mail's text must have 1 to {MAX_BODY} characters")
        if self.html is not None and len(self.html) > MAX_BODY:
            raise ValueError(f"a mail's HTML must have at most {MAX_BODY} characters")
        if self.language not in LANGUAGES:
            raise ValueError(f"a mail's language must be one of {', '.join(LANGUAGES)}")

    def payload(self) -> JSON:
        return {
            "to": self.to,
            "subject": self.subject,
            "text": self.text,
            "html": self.html,
            "language": self.language,
            "unsubscribe": self.unsubscribe,
        }

    @classmethod
    def read(cls, payload: Mapping[str, Any]) -> MailMessage:
        """The message of a stored payload (``ValueError`` if malformed)."""
        fields = ("to", "subject", "text", "language")
        if not all(isinstance(payload.get(name), str) for name in fields):
            raise ValueError(f"a mail's payload needs the strings {', '.join(fields)}")
        html = payload.get("html")
        if html is not None and not isinstance(html, str):
            raise ValueError("a mail's html must be a string or null")
        unsubscribe = payload.get("unsubscribe")
        if unsubscribe is not None and not isinstance(unsubscribe, str):
            raise ValueError("a mail's unsubscribe link must be a string or null")
        return cls(payload["to"], payload["subject"], payload["text"], html, payload["language"],
                   unsubscribe)  # fmt: skip


def masked(address: str) -> str:
    """An address as logs show it: enough to tell mails apart, not to harvest it."""
    local, _, domain = address.partition("@")
    return f"{local[:1]}***@{domain}"


@dataclass(frozen=True)
class MailSettings:
    """Where mail goes. ``host`` ``None``: no SMTP server, mails are skipped."""

    host: str | None = None
    port: int | None = None
    user: str | None = None
    #: Never logged, never shown (``repr`` leaves it out).
    password: str | None = None
    security: Security = "starttls"
    sender: str = "carson@localhost"
    timeout: float = 30.0

    def __repr__(self) -> str:
        return (
            f"MailSettings(host={self.host!r}, port={self.smtp_port}, user={self.user!r}, "
            f"security={self.security!r}, sender={self.sender!r})"
        )

    @property
    def configured(self) -> bool:
        return self.host is not None

    @property
    def smtp_port(self) -> int:
        return self.port if self.port is not None else DEFAULT_PORTS[self.security]

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> MailSettings:
        """The settings of the ``CARSON_SMTP_…`` and ``CARSON_MAIL_FROM`` variables
        (:class:`BadSetting` naming the variable for a value they cannot take)."""
        chosen = settings.load(environ, only=ENVIRONMENT.values())  # checked there
        password = chosen.smtp_password
        return cls(
            host=chosen.smtp_host,
            port=chosen.smtp_port,
            user=chosen.smtp_user,
            password=None if password is None else password.get_secret_value(),
            security=chosen.smtp_security,
            sender=chosen.mail_from,
            timeout=chosen.smtp_timeout,
        )


def email_of(message: MailMessage, settings: MailSettings, message_id: str) -> EmailMessage:
    """The MIME mail: plain text, and HTML as its alternative when there is one.
    ``message_id`` stays the same on every try, so a mail sent twice is known as one."""
    mail = EmailMessage()
    mail["From"] = formataddr(("carson", parseaddr(settings.sender)[1]))
    mail["To"] = message.to
    mail["Subject"] = message.subject
    mail["Date"] = format_datetime(utc_now())
    mail["Message-ID"] = message_id
    mail["Auto-Submitted"] = "auto-generated"  # no vacation replies to a robot
    if message.unsubscribe is not None:  # one click in the mail client (RFC 8058)
        mail["List-Unsubscribe"] = f"<{message.unsubscribe}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    mail.set_content(message.text)
    if message.html is not None:
        mail.add_alternative(message.html, subtype="html")
    mail["Content-Language"] = message.language  # after the content, which resets Content-*
    return mail


def send(message: MailMessage, settings: MailSettings, message_id: str) -> bool:
    """Send ``message`` now (``False``: no SMTP server configured, skipped). SMTP's errors
    are raised: the job that sends it is tried again later."""
    if not settings.configured:
        log.info("mail %s to %s skipped: no SMTP server (CARSON_SMTP_HOST)", message_id,
                 masked(message.to))  # fmt: skip
        return False
    mail = email_of(message, settings, message_id)
    asyncio.run(
        aiosmtplib.send(
            mail,
            hostname=settings.host,
            port=settings.smtp_port,
            username=settings.user,
            password=settings.password,
            use_tls=settings.security == "tls",
            start_tls=settings.security == "starttls",
            timeout=settings.timeout,
        )
    )
    log.info("mail %s sent to %s", message_id, masked(message.to))
    return True
