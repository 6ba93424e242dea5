"""E-mail addresses and forgotten passwords through the API, with the mails going through a
worker to a local SMTP server: verification (single use), reset (single use, expiring, ends
every session), no mail to an unverified address, no account enumeration, rate limits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from carson.server.app import create_app
from carson.server.kernel.limits import Limits
from carson.server.play.games import GameService
from carson.server.play.thinking import InlineThinker
from carson.server.workers import game_worker
from manual_clock import ManualClock
from smtp_mailbox import Arrived, Mailbox

PASSWORD = "password-1234"
TOKEN = re.compile(r"[?&]token=([A-Za-z0-9_-]+)")


class Site:
    """A server without its own worker thread, the worker the test runs, its clock."""

    def __init__(self, db_url: str, limits: Limits | None = None) -> None:
        # At localhost: without CARSON_PUBLIC_URL only a request to this machine gets links.
        app = create_app(db_url, budget_ms=5, worker=False, limits=limits)
        self.client = TestClient(app, base_url="http://localhost")
        self.service: GameService = self.client.app.state.games  # type: ignore[attr-defined]
        self.worker = game_worker(self.service.store, InlineThinker())
        self.clock = ManualClock()
        self.service.jobs.clock = self.clock
        self.service.accounts.clock = self.clock

    def register(self, name: str, email: str | None = None, lang: str = "en") -> dict[str, str]:
        body = {"username": name, "password": PASSWORD, "email": email, "language": lang}
        response = self.client.post("/api/register", json=body)
        assert response.status_code == 200, response.text
        return {"Authorization": f"Bearer {response.json()['token']}"}

    def deliver(self) -> int:
        """Run every due job; how many ran."""
        ran = 0
        while self.worker.run_once():
            ran += 1
        return ran

    def verify(self, mailbox: Mailbox, count: int) -> None:
        self.deliver()
        token = token_of(mailbox.wait(count)[-1])
        assert self.client.post("/api/email/verify", json={"token": token}).status_code == 200


def token_of(mail: Arrived) -> str:
    found = TOKEN.search(mail.body("plain"))
    assert found is not None, mail.body("plain")
    return found.group(1)


@pytest.fixture
def site(tmp_path: Path) -> Site:
    return Site(f"sqlite:///{tmp_path / 'carson.db'}")


def test_a_registration_address_gets_its_link_in_the_accounts_language_once(
    db_url: str, mailbox: Mailbox
) -> None:
    site = Site(db_url)
    alice = site.register("alice", "Alice@Example.COM", lang="de")
    with site.service.sessions() as session:  # the queued job holds no token
        from carson.server.kernel.db import Job

        (payload,) = [job.payload for job in session.query(Job)]
    assert set(payload) == {"user_id", "purpose", "base_url", "message_id"}
    assert site.client.get("/api/email", headers=alice).json() == {
        "address": "Alice@example.com",
        "verified": False,
    }
    site.deliver()
    (mail,) = mailbox.wait(1)
    assert mail.recipients == ["Alice@example.com"]
    assert mail.subject == "Bestätige deine E-Mail-Adresse für carson"
    assert "Hallo alice," in mail.body("plain") and "48 Stunden" in mail.body("plain")
    assert "http://localhost/email/verify?token=" in mail.body("plain")
    assert 'href="http://localhost/email/verify?token=' in mail.body("html")
    token = token_of(mail)
    assert site.client.post("/api/email/verify", json={"token": token}).json() == {"verified": True}
    assert site.client.get("/api/email", headers=alice).json()["verified"] is True
    again = site.client.post("/api/email/verify", json={"token": token})
    assert again.status_code == 422 and again.json()["code"] == "bad_link"


@pytest.mark.parametrize("email", ["not-an-address", "a@b", "x" * 250 + "@example.com"])
def test_a_bad_address_refuses_the_registration_and_creates_nothing(site: Site, email: str) -> None:
    body = {"username": "alice", "password": PASSWORD, "email": email}
    refused = site.client.post("/api/register", json=body)
    assert refused.status_code == 422 and refused.json()["code"] in (
        "bad_address",
        "validation_error",
    )
    login = {"username": "alice", "password": PASSWORD}
    assert site.client.post("/api/login", json=login).status_code == 401
    assert site.service.jobs.listing() == []


def test_an_unverified_address_gets_no_reset_mail_and_unknown_names_answer_alike(
    site: Site, mailbox: Mailbox
) -> None:
    site.register("alice", "alice@example.com")
    site.deliver()
    mailbox.wait(1)  # the verification mail only
    answers = [
        site.client.post("/api/password/forgot", json={"login": login})
        for login in ("alice", "alice@example.com", "nobody", "nobody@example.com")
    ]
    assert {(answer.status_code, answer.text) for answer in answers} == {(202, '{"queued":true}')}
    assert site.deliver() == 0 and len(mailbox.arrived) == 1


def test_a_reset_link_sets_the_password_once_and_ends_every_session(
    db_url: str, mailbox: Mailbox
) -> None:
    site = Site(db_url)
    alice = site.register("alice", "alice@example.com", lang="fr")
    site.verify(mailbox, 1)
    other = site.client.post("/api/login", json={"username": "alice", "password": PASSWORD})
    bearer = {"Authorization": f"Bearer {other.json()['token']}"}
    forgot = site.client.post("/api/password/forgot", json={"login": "ALICE@example.com"})
    assert forgot.status_code == 202
    site.deliver()
    mail = mailbox.wait(2)[-1]
    assert mail.subject == "Réinitialisez votre mot de passe carson"
    assert "/password/reset?token=" in mail.body("plain") and "60 minutes" in mail.body("plain")
    token = token_of(mail)
    short = site.client.post("/api/password/reset", json={"token": token, "new_password": "x"})
    assert short.status_code == 422  # refused, and the link still works
    body = {"token": token, "new_password": "brand-new-pass"}
    done = site.client.post("/api/password/reset", json=body)
    assert done.json() == {"reset": True, "sessions_ended": True}
    for headers in (alice, bearer):  # every session and API token ended
        assert site.client.get("/api/me", headers=headers).status_code == 401
    old = {"username": "alice", "password": PASSWORD}
    assert site.client.post("/api/login", json=old).status_code == 401
    new = {"username": "alice", "password": "brand-new-pass"}
    assert site.client.post("/api/login", json=new).status_code == 200
    again = site.client.post("/api/password/reset", json={**body, "new_password": "third-pass"})
    assert again.status_code == 422 and again.json()["code"] == "bad_link"


def test_a_reset_link_expires_after_an_hour_and_only_the_newest_works(
    site: Site, mailbox: Mailbox
) -> None:
    site.register("alice", "alice@example.com")
    site.verify(mailbox, 1)
    for count in (2, 3):
        site.client.post("/api/password/forgot", json={"login": "alice"})
        site.deliver()
        mailbox.wait(count)
    first, second = token_of(mailbox.arrived[1]), token_of(mailbox.arrived[2])
    replaced = site.client.post(
        "/api/password/reset", json={"token": first, "new_password": "brand-new-pass"}
    )
    assert replaced.status_code == 422 and replaced.json()["code"] == "bad_link"
    site.clock.advance(3601)
    expired = site.client.post(
        "/api/password/reset", json={"token": second, "new_password": "brand-new-pass"}
    )
    assert expired.status_code == 422 and expired.json()["code"] == "bad_link"
    login = {"username": "alice", "password": PASSWORD}
    assert site.client.post("/api/login", json=login).status_code == 200  # unchanged


def test_forgotten_password_requests_are_limited_per_client_and_per_account(
    tmp_path: Path, mailbox: Mailbox
) -> None:
    limits = Limits(password_resets_per_address="4/hour", password_resets_per_account="1/hour")
    site = Site(f"sqlite:///{tmp_path / 'carson.db'}", limits)
    site.register("alice", "alice@example.com")
    site.verify(mailbox, 1)
    answers = [
        site.client.post("/api/password/forgot", json={"login": login}).status_code
        for login in ("alice", "alice@example.com", "nobody", "nobody")
    ]
    assert answers == [202, 202, 202, 202]  # alike: the account's limit sends nothing more
    site.deliver()
    assert len(mailbox.wait(2)) == 2  # one reset mail only
    refused = site.client.post("/api/password/forgot", json={"login": "bob"})
    assert refused.status_code == 429 and "Retry-After" in refused.headers


def test_changing_the_address_needs_the_password_and_unverifies_it(
    site: Site, mailbox: Mailbox
) -> None:
    alice = site.register("alice", "alice@example.com")
    site.verify(mailbox, 1)
    change = {"email": "alice@example.org", "password": "wrong-password"}
    wrong = site.client.put("/api/email", json=change, headers=alice)
    assert wrong.status_code == 422 and wrong.json()["code"] == "wrong_password"
    bad = site.client.put("/api/email", json={**change, "email": "nope"}, headers=alice)
    assert bad.status_code == 422 and bad.json()["code"] == "bad_address"
    changed = site.client.put("/api/email", json={**change, "password": PASSWORD}, headers=alice)
    assert changed.json() == {
        "address": "alice@example.org",
        "verified": False,
        "mail_queued": True,
    }
    site.deliver()
    assert mailbox.wait(2)[-1].recipients == ["alice@example.org"]
    # Unverified: no reset mail goes to it, nor to the old address.
    site.client.post("/api/password/forgot", json={"login": "alice"})
    assert site.deliver() == 0
    assert site.client.delete("/api/email", headers=alice).json() == {"removed": True}
    assert site.client.get("/api/email", headers=alice).json() == {
        "address": None,
        "verified": False,
    }


def test_an_address_belongs_to_one_verified_account_whatever_its_case(
    site: Site, mailbox: Mailbox
) -> None:
    site.register("alice", "same@example.com")
    bob = site.register("bob", "SAME@example.com")
    site.deliver()
    alice_mail, bob_mail = sorted(mailbox.wait(2), key=lambda mail: "bob" in mail.body())
    assert site.client.post("/api/email/verify", json={"token": token_of(alice_mail)}).json()
    taken = site.client.post("/api/email/verify", json={"token": token_of(bob_mail)})
    assert taken.status_code == 409 and taken.json()["code"] == "address_taken"
    again = site.client.post("/api/email/verification", headers=bob)
    assert again.status_code == 202
    assert site.deliver() == 1 and len(mailbox.arrived) == 2  # no mail to a taken address
    carol = site.register("carol")
    none = site.client.post("/api/email/verification", headers=carol)
    assert none.status_code == 409 and none.json()["code"] == "no_address"


def test_an_address_is_never_shown_to_another_player(site: Site) -> None:
    site.register("alice", "alice@example.com")
    bob = site.register("bob")
    for path in ("/api/players/alice", "/api/email"):
        answer = site.client.get(path, headers=bob)
        assert "alice@example.com" not in answer.text


def test_a_cookie_session_changes_its_address_only_with_the_csrf_token(site: Site) -> None:
    site.register("alice")
    login = {"username": "alice", "password": PASSWORD}
    opened = site.client.post("/api/session", json=login).json()
    change = {"email": "alice@example.com", "password": PASSWORD}
    refused = site.client.put("/api/email", json=change)
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
    assert site.client.get("/api/email").json()["address"] is None
    done = site.client.put("/api/email", json=change, headers={"X-CSRF-Token": opened["csrf"]})
    assert done.status_code == 200


def test_a_forged_or_malformed_token_is_refused(site: Site) -> None:
    for token in ("forged-token", "x" * 64):
        reset = site.client.post(
            "/api/password/reset", json={"token": token, "new_password": "brand-new-pass"}
        )
        assert reset.status_code == 422 and reset.json()["code"] == "bad_link"
    too_long = site.client.post("/api/email/verify", json={"token": "x" * 65})
    assert too_long.status_code == 422 and too_long.json()["code"] == "validation_error"


def test_a_mail_failed_for_good_does_not_block_the_next_one(site: Site, mailbox: Mailbox) -> None:
    site.register("alice", "alice@example.com")
    site.verify(mailbox, 1)
    mailbox.refuse = 1000  # the SMTP server refuses for a long while
    site.client.post("/api/password/forgot", json={"login": "alice"})
    for _ in range(10):  # ten tries, each after its back-off
        site.deliver()
        site.clock.advance(300)
    (failed,) = site.service.jobs.listing("failed")
    assert (failed.kind, failed.attempts, failed.max_attempts) == ("account_mail", 10, 10)
    mailbox.refuse = 0
    site.client.post("/api/password/forgot", json={"login": "alice"})
    assert site.deliver() == 1
    assert "/password/reset?token=" in mailbox.wait(2)[-1].body()
