"""Mail: queued as a ``send_mail`` job, sent by a worker to the SMTP server of the settings
(a local aiosmtpd here), retried with back-off, skipped without an SMTP server, and never
logging a password or a body."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from carson.core.i18n import LANGUAGES
from carson.server.app import create_app
from carson.server.kernel.db import Job
from carson.server.kernel.errors import BadSetting
from carson.server.kernel.logs import redact
from carson.server.mail.jobs import SEND_MAIL_KIND, QueuedMail, submit_mail
from carson.server.mail.sending import MailMessage, MailSettings, masked
from carson.server.mail.texts import AccountMail, compose
from carson.server.mail.tokens import Purpose
from carson.server.play.games import GameService
from carson.server.play.thinking import InlineThinker
from carson.server.workers import GameWorker, game_worker
from manual_clock import ManualClock
from smtp_mailbox import Mailbox, running_mailbox

HELLO = MailMessage(
    to="alice@example.com",
    subject="Hello, Alice",
    text="Your link: https://carson.example/verify?token=SECRET-TOKEN",
    html="<p>Your <a href='https://carson.example/verify?token=SECRET-TOKEN'>link</a></p>",
    language="de",
)


def server_side_logs(caplog: pytest.LogCaptureFixture) -> str:
    """What carson and its libraries logged (not the test's SMTP server, ``mail.log``)."""
    return "\n".join(
        f"{record.getMessage()} {record.exc_text or ''}"
        for record in caplog.records
        if record.name != "mail.log"
    )


def quiet_server(db_url: str) -> tuple[GameService, GameWorker]:
    """The server's service without its own worker thread, and a worker the test runs."""
    client = TestClient(create_app(db_url, budget_ms=5, worker=False))
    service: GameService = client.app.state.games  # type: ignore[attr-defined]
    return service, game_worker(service.store, InlineThinker())


def test_a_queued_mail_arrives_through_the_worker_once(db_url: str, mailbox: Mailbox) -> None:
    service, worker = quiet_server(db_url)
    submit_mail(service.jobs, HELLO, key="hello:1")
    submit_mail(service.jobs, HELLO, key="hello:1")  # the same key: queued once
    assert [(row.kind, row.key) for row in service.jobs.listing()] == [
        (SEND_MAIL_KIND, "send_mail:hello:1")
    ]
    assert mailbox.arrived == []  # nothing is sent before a worker takes the job
    assert worker.run_once()
    (arrived,) = mailbox.wait(1)
    assert arrived.recipients == ["alice@example.com"]
    assert arrived.sender == "carson@example.org"
    assert arrived.subject == "Hello, Alice"
    assert arrived.mail["Content-Language"] == "de"
    assert arrived.mail["Auto-Submitted"] == "auto-generated"
    assert arrived.mail["Message-ID"].endswith("@example.org>")
    assert "token=SECRET-TOKEN" in arrived.body("plain")
    assert "<a href=" in arrived.body("html")
    assert service.jobs.listing() == [] and not worker.run_once()  # done, and deleted
    assert len(mailbox.arrived) == 1


def test_a_refused_mail_is_retried_with_back_off_under_the_same_message_id(
    tmp_path: object, mailbox: Mailbox, caplog: pytest.LogCaptureFixture
) -> None:
    service, worker = quiet_server(f"sqlite:///{tmp_path}/carson.db")
    clock = ManualClock()
    service.jobs.clock = clock
    mailbox.refuse = 2
    submit_mail(service.jobs, HELLO)
    with service.sessions() as session:
        queued = QueuedMail.read(session.scalars(select(Job.payload)).one())
    caplog.set_level(logging.INFO)
    for wait in (2, 4):
        assert worker.run_once()
        (row,) = service.jobs.listing()
        assert row.state == "ready" and "451" in (row.last_error or "")
        clock.advance(wait)
    assert worker.run_once()
    (arrived,) = mailbox.wait(1)
    assert arrived.mail["Message-ID"] == queued.message_id  # the same mail on every try
    assert service.jobs.listing() == []
    ours = server_side_logs(caplog)
    assert "SECRET-TOKEN" not in ours and "alice@example.com" not in ours
    assert "a***@example.com" in ours


def test_without_an_smtp_server_a_mail_is_skipped_and_its_job_ends(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("CARSON_SMTP_HOST", raising=False)
    service, worker = quiet_server(f"sqlite:///{tmp_path}/carson.db")
    submit_mail(service.jobs, HELLO)
    caplog.set_level(logging.INFO, logger="carson.server.mail.sending")
    assert worker.run_once()
    assert service.jobs.listing() == []
    ours = server_side_logs(caplog)
    assert "skipped: no SMTP server" in ours and "SECRET-TOKEN" not in ours


def test_the_smtp_login_is_used_and_its_password_never_logged(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with running_mailbox(user="carson", password="s3cret-pass") as box:
        environment = {
            "CARSON_SMTP_HOST": "127.0.0.1",
            "CARSON_SMTP_PORT": str(box.port),
            "CARSON_SMTP_SECURITY": "none",
            "CARSON_SMTP_USER": "carson",
            "CARSON_SMTP_PASSWORD": "s3cret-pass",
        }
        for variable, value in environment.items():
            monkeypatch.setenv(variable, value)
        service, worker = quiet_server(f"sqlite:///{tmp_path}/carson.db")
        caplog.set_level(logging.DEBUG)
        submit_mail(service.jobs, HELLO)
        assert worker.run_once()
        box.wait(1)
        assert box.logins == ["carson"]
        monkeypatch.setenv("CARSON_SMTP_PASSWORD", "wrong-pass")  # refused: retried later
        submit_mail(service.jobs, HELLO)
        assert worker.run_once()
        (row,) = service.jobs.listing()
        assert row.state == "ready" and len(box.arrived) == 1
    ours = server_side_logs(caplog)
    assert "s3cret-pass" not in ours and "wrong-pass" not in ours
    assert "s3cret-pass" not in repr(MailSettings.from_environment())


@pytest.mark.parametrize(
    ("variable", "value", "named"),
    [
        ("CARSON_SMTP_PORT", "smtp", "CARSON_SMTP_PORT must be a whole number"),
        ("CARSON_SMTP_PORT", "70000", "CARSON_SMTP_PORT must be from 1 to 65535"),
        ("CARSON_SMTP_SECURITY", "ssl", "CARSON_SMTP_SECURITY must be one of none"),
        ("CARSON_MAIL_FROM", "carson", "CARSON_MAIL_FROM must be an address"),
        ("CARSON_SMTP_USER", "carson", "are set together or not at all"),
        ("CARSON_SMTP_TIMEOUT", "0", "CARSON_SMTP_TIMEOUT must be from 1 to 600"),
    ],
)
def test_a_bad_setting_is_refused_naming_its_variable(
    variable: str, value: str, named: str
) -> None:
    with pytest.raises(BadSetting, match=named):
        MailSettings.from_environment({"CARSON_SMTP_HOST": "mail.example", variable: value})


def test_settings_default_to_no_server_and_the_port_of_the_security() -> None:
    assert not MailSettings.from_environment({}).configured
    tls = MailSettings.from_environment(
        {"CARSON_SMTP_HOST": "m.example", "CARSON_SMTP_SECURITY": "TLS"}
    )
    assert (tls.configured, tls.security, tls.smtp_port) == (True, "tls", 465)
    assert MailSettings.from_environment({"CARSON_SMTP_HOST": "m.example"}).smtp_port == 587


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"to": "not an address"}, "one plain address"),
        ({"to": "Eve <eve@example.com>"}, "one plain address"),
        ({"to": "a@b.example, c@d.example"}, "one plain address"),
        ({"subject": "Hi\r\nBcc: eve@example.com"}, "one line"),
        ({"subject": ""}, "subject must have"),
        ({"text": " "}, "text must have"),
        ({"text": "x" * 70000}, "text must have"),
        ({"language": "xx"}, "language must be one of"),
    ],
)
def test_a_malformed_message_is_refused(change: dict[str, str], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        MailMessage.read({**HELLO.payload(), **change})


def test_a_stored_payload_without_its_message_id_is_malformed() -> None:
    with pytest.raises(ValueError, match="message_id"):
        QueuedMail.read(HELLO.payload())
    with pytest.raises(ValueError, match="needs the strings"):
        MailMessage.read({"to": "a@b.example"})


def test_logs_show_an_address_masked() -> None:
    assert masked("alice@example.com") == "a***@example.com"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("purpose", ["verify", "reset"])
def test_an_account_mail_is_written_wholly_in_its_language(lang: str, purpose: Purpose) -> None:
    link = "https://carson.example/x?token=abc&more=<b>"
    mail = compose(AccountMail(purpose, "<alice>", link), "alice@example.com", lang)
    english = compose(AccountMail(purpose, "<alice>", link), "alice@example.com", "en")
    assert mail.language == lang and link in mail.text and "<alice>" in mail.text
    assert mail.html is not None and "&lt;alice&gt;" in mail.html and "<b>" not in mail.html
    assert 'href="https://carson.example/x?token=abc&amp;more=&lt;b&gt;"' in mail.html
    if lang != "en":  # every sentence translated: no English line is left
        lines = set(english.text.splitlines()) - {link, ""}
        assert not lines & set(mail.text.splitlines()), lang
        assert mail.subject != english.subject


def test_a_mailed_links_token_is_redacted_from_logs_such_as_the_access_log() -> None:
    line = 'GET /password/reset?token=Zm9vYmFy-secret HTTP/1.1" 200'
    assert "Zm9vYmFy" not in redact(line) and "token=[redacted]" in redact(line)


@pytest.mark.parametrize(
    ("variable", "value"), [("CARSON_SMTP_SECURITY", "ssl"), ("CARSON_PUBLIC_URL", "ftp://x")]
)
def test_a_bad_mail_setting_stops_the_server_at_its_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(BadSetting, match=variable):
        create_app(f"sqlite:///{tmp_path / 'carson.db'}", worker=False)


def test_mail_without_a_public_address_is_warned_about_at_the_start(
    tmp_path: Path, mailbox: Mailbox, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="carson.server.app")
    create_app(f"sqlite:///{tmp_path / 'carson.db'}", worker=False)
    assert "CARSON_PUBLIC_URL is unset" in caplog.text
