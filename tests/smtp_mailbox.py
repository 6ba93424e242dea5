"""A local SMTP server (aiosmtpd) on a free loopback port that keeps what arrives, for the
tests of mail: the ``mailbox`` fixture (tests/conftest.py) points the server's settings at it."""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any, cast

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

#: aiosmtpd logs every SMTP exchange at INFO: only its warnings reach the tests' output.
logging.getLogger("mail.log").setLevel(logging.WARNING)


@dataclass(frozen=True)
class Arrived:
    """One mail as the SMTP server took it."""

    sender: str
    recipients: list[str]
    mail: EmailMessage

    @property
    def subject(self) -> str:
        return str(self.mail["Subject"])

    def body(self, subtype: str = "plain") -> str:
        part = self.mail.get_body(preferencelist=(subtype,))
        assert part is not None, f"no text/{subtype} part"
        return cast("EmailMessage", part).get_content()  # type: ignore[no-any-return]


class Mailbox:
    """The SMTP server's handler: keeps each mail; refuses the first ``refuse`` ones with a
    temporary error (a test of retries); asks for ``user``/``password`` when given."""

    def __init__(self, user: str | None = None, password: str | None = None) -> None:
        self.user = user
        self.password = password
        self.refuse = 0
        self.port = 0
        self.arrived: list[Arrived] = []
        self.logins: list[str] = []
        self._changed = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse > 0:
            self.refuse -= 1
            return "451 4.3.0 try again later"
        mail = message_from_bytes(envelope.original_content, policy=policy.default)
        with self._changed:
            self.arrived.append(
                Arrived(envelope.mail_from, list(envelope.rcpt_tos), cast("EmailMessage", mail))
            )
            self._changed.notify_all()
        return "250 OK"

    def authenticate(
        self, server: Any, session: Any, envelope: Any, mechanism: str, data: Any
    ) -> AuthResult:
        ok = (
            isinstance(data, LoginPassword)
            and data.login.decode() == self.user
            and data.password.decode() == self.password
        )
        if ok:
            self.logins.append(data.login.decode())
        return AuthResult(success=ok, handled=False)

    def wait(self, count: int = 1, timeout: float = 15.0) -> list[Arrived]:
        """The mails once ``count`` have arrived (``AssertionError`` after ``timeout`` s)."""
        with self._changed:
            arrived = self._changed.wait_for(lambda: len(self.arrived) >= count, timeout)
            assert arrived, f"{len(self.arrived)} mail(s) arrived, not {count}"
            return list(self.arrived)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_mailbox(user: str | None = None, password: str | None = None) -> Iterator[Mailbox]:
    """A :class:`Mailbox` served on 127.0.0.1 (plain SMTP) while the block runs."""
    mailbox = Mailbox(user, password)
    mailbox.port = free_port()
    options: dict[str, Any] = {}
    if user is not None:
        options = {"authenticator": mailbox.authenticate, "auth_require_tls": False}
    controller = Controller(mailbox, hostname="127.0.0.1", port=mailbox.port, **options)
    controller.start()
    try:
        yield mailbox
    finally:
        controller.stop()
