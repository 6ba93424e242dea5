"""A notification mail's one-click unsubscribe (RFC 8058): ``List-Unsubscribe`` with its
URL and ``List-Unsubscribe-Post``, kept through the job's stored payload; none otherwise."""

from __future__ import annotations

import pytest

from carson.server.mail.sending import MailMessage, MailSettings, email_of

LINK = "https://carson.example/unsubscribe/1.your_turn.abc"


def test_the_headers_come_with_a_link_only() -> None:
    settings = MailSettings.from_environment({"CARSON_MAIL_FROM": "carson@example.org"})
    message = MailMessage("bob@example.org", "carson", "It is your turn.", unsubscribe=LINK)
    stored = MailMessage.read(message.payload())
    assert stored == message
    mail = email_of(stored, settings, "<1@example.org>")
    assert mail["List-Unsubscribe"] == f"<{LINK}>"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    plain = email_of(MailMessage("bob@example.org", "carson", "Hi."), settings, "<2@x>")
    assert plain["List-Unsubscribe"] is None and plain["List-Unsubscribe-Post"] is None
    with pytest.raises(ValueError, match="unsubscribe link"):
        MailMessage.read({**message.payload(), "unsubscribe": 3})
