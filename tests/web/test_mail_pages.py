"""The pages of mail: an address at sign-up and on the account page, the confirmation page,
the forgotten password and the new password — each form with its CSRF token, each refusal
in the visitor's language and changing nothing, the mails in the visitor's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import PASSWORD, anonymous_csrf, post_account_form

from carson.app import create_app
from carson.server.kernel.limits import Limits
from carson.server.play.games import GameService
from carson.server.play.thinking import InlineThinker
from carson.server.workers import game_worker
from smtp_mailbox import Arrived, Mailbox

TOKEN = re.compile(r"[?&]token=([A-Za-z0-9_-]+)")


class Pages:
    def __init__(self, client: TestClient) -> None:
        self.client = client
        service: GameService = client.app.state.games  # type: ignore[attr-defined]
        self.worker = game_worker(service.store, InlineThinker())

    def deliver(self) -> None:
        while self.worker.run_once():
            pass


@pytest.fixture
def pages(tmp_path: Path, mailbox: Mailbox) -> Iterator[Pages]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False)
    with TestClient(app, base_url="http://localhost") as client:  # this machine: links
        yield Pages(client)


def token_of(mail: Arrived) -> str:
    found = TOKEN.search(mail.body("plain"))
    assert found is not None
    return found.group(1)


def signed_up_with(pages: Pages, mailbox: Mailbox, lang: str = "en") -> str:
    """alice signed up through the form with an address, which she confirmed; her CSRF."""
    pages.client.cookies.set("lang", lang)
    signed = post_account_form(pages.client, "/register", "alice", email="alice@example.com")
    assert signed.status_code == 303
    pages.deliver()
    token = token_of(mailbox.wait(1)[-1])
    csrf = pages.client.cookies["carson_csrf"]
    confirmed = pages.client.post("/email/verify", data={"csrf": csrf, "token": token})
    assert confirmed.status_code == 200
    return csrf


def test_an_address_given_at_sign_up_is_confirmed_through_the_mailed_page(
    pages: Pages, mailbox: Mailbox
) -> None:
    pages.client.cookies.set("lang", "it")
    assert 'name="email"' in pages.client.get("/").text
    post_account_form(pages.client, "/register", "alice", email="alice@example.com")
    pages.deliver()
    (mail,) = mailbox.wait(1)
    assert mail.subject == "Conferma il tuo indirizzo e-mail per carson"
    token = token_of(mail)
    page = pages.client.get(f"/email/verify?token={token}")  # shows a button: uses nothing
    assert 'id="verify-form"' in page.text and "Conferma l&#39;indirizzo" in page.text
    forged = pages.client.post("/email/verify", data={"csrf": "guess", "token": token})
    assert forged.status_code == 403
    csrf = pages.client.cookies["carson_csrf"]
    done = pages.client.post("/email/verify", data={"csrf": csrf, "token": token})
    assert done.status_code == 200 and "Il tuo indirizzo e-mail è confermato." in done.text
    assert "confermato" in pages.client.get("/account").text
    again = pages.client.post("/email/verify", data={"csrf": csrf, "token": token})
    assert again.status_code == 422 and "Questo link non funziona più" in again.text


def test_a_bad_address_at_sign_up_is_refused_in_the_visitors_language(pages: Pages) -> None:
    pages.client.cookies.set("lang", "de")
    refused = post_account_form(pages.client, "/register", "alice", email="nope@")
    assert refused.status_code == 422  # the form again, as it was filled in (issue 44)
    assert "Das ist keine gültige E-Mail-Adresse." in refused.text
    assert 'value="alice"' in refused.text and 'value="nope@"' in refused.text
    login = {"username": "alice", "password": PASSWORD}
    assert pages.client.post("/api/login", json=login).status_code == 401  # no account


def test_the_account_page_changes_the_address_with_the_password(
    pages: Pages, mailbox: Mailbox
) -> None:
    csrf = signed_up_with(pages, mailbox, lang="nl")
    form = {"csrf": csrf, "email": "alice@example.org", "password": "not my password"}
    wrong = pages.client.post("/account/email", data=form)
    assert wrong.status_code == 422 and "alice@example.com" in wrong.text  # unchanged
    bad = pages.client.post("/account/email", data={**form, "email": "x@", "password": PASSWORD})
    assert bad.status_code == 422 and "Dat is geen geldig e-mailadres." in bad.text
    stale = pages.client.post("/account/email", data={**form, "csrf": "guess"})
    assert stale.status_code == 403
    changed = pages.client.post(
        "/account/email", data={**form, "password": PASSWORD}, follow_redirects=False
    )
    assert changed.headers["location"] == "/account?done=email"
    page = pages.client.get("/account?done=email")
    assert "alice@example.org" in page.text and "nog niet bevestigd" in page.text
    pages.deliver()
    assert mailbox.wait(2)[-1].recipients == ["alice@example.org"]
    removed = pages.client.post("/account/email/remove", data={"csrf": csrf})
    assert "Je e-mailadres is verwijderd." in removed.text


def test_a_forgotten_password_is_reset_through_the_mailed_page_once(
    pages: Pages, mailbox: Mailbox
) -> None:
    signed_up_with(pages, mailbox, lang="fr")
    other = pages.client.post("/api/login", json={"username": "alice", "password": PASSWORD})
    bearer = {"Authorization": f"Bearer {other.json()['token']}"}
    pages.client.cookies.clear()
    pages.client.cookies.set("lang", "fr")
    assert 'href="/password/forgot"' in pages.client.get("/").text
    csrf = anonymous_csrf(pages.client)
    answers = [
        pages.client.post("/password/forgot", data={"csrf": csrf, "login": login})
        for login in ("alice", "nobody")
    ]
    assert answers[0].text == answers[1].text and "un lien est en route" in answers[0].text
    assert pages.client.post("/password/forgot", data={"login": "alice"}).status_code == 403
    pages.deliver()
    mail = mailbox.wait(2)[-1]
    assert mail.subject == "Réinitialisez votre mot de passe carson"
    token = token_of(mail)
    assert 'id="reset-form"' in pages.client.get(f"/password/reset?token={token}").text
    form = {"csrf": csrf, "token": token, "new_password": "a new password"}
    differ = pages.client.post("/password/reset", data={**form, "repeat_password": "other"})
    assert differ.status_code == 422 and "Les deux nouveaux mots de passe" in differ.text
    done = pages.client.post("/password/reset", data={**form, "repeat_password": "a new password"})
    assert done.status_code == 200 and "toutes les sessions sont terminées" in done.text
    assert pages.client.get("/api/me", headers=bearer).status_code == 401
    form["csrf"] = anonymous_csrf(pages.client)  # logged out: the cookies were cleared
    again = pages.client.post("/password/reset", data={**form, "repeat_password": "a new password"})
    assert again.status_code == 410 and "a déjà servi ou a expiré" in again.text
    # the used link's page: no form that cannot work, the way to a new link instead
    used = pages.client.get(f"/password/reset?token={token}")
    assert used.status_code == 410 and 'id="reset-form"' not in used.text
    assert "a déjà servi ou a expiré" in used.text and 'href="/password/forgot"' in used.text
    new = {"username": "alice", "password": "a new password"}
    assert pages.client.post("/api/login", json=new).status_code == 200


def test_an_expired_or_unknown_reset_link_asks_for_a_new_one(
    pages: Pages, mailbox: Mailbox
) -> None:
    signed_up_with(pages, mailbox)
    csrf = pages.client.cookies["carson_csrf"]
    pages.client.post("/password/forgot", data={"csrf": csrf, "login": "alice"})
    pages.deliver()
    token = token_of(mailbox.wait(2)[-1])
    assert 'id="reset-form"' in pages.client.get(f"/password/reset?token={token}").text
    accounts = pages.client.app.state.games.accounts  # type: ignore[attr-defined]
    now = accounts.clock
    accounts.clock = lambda: now() + timedelta(hours=1, seconds=1)  # the link's hour is over
    pages.client.cookies.set("lang", "de")
    for link in (f"?token={token}", "?token=made-up", ""):
        dead = pages.client.get(f"/password/reset{link}")
        assert dead.status_code == 410 and 'id="reset-form"' not in dead.text
        assert "wurde schon benutzt oder ist abgelaufen" in dead.text
        assert 'href="/password/forgot"' in dead.text


def test_the_forgotten_password_page_is_rate_limited_in_the_visitors_language(
    tmp_path: Path,
) -> None:
    limits = Limits(password_resets_per_address="1/hour")
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False, limits=limits)
    with TestClient(app, base_url="http://localhost") as client:  # this machine: links
        client.cookies.set("lang", "de")
        csrf = anonymous_csrf(client)
        first = client.post("/password/forgot", data={"csrf": csrf, "login": "alice"})
        assert first.status_code == 200
        second = client.post("/password/forgot", data={"csrf": csrf, "login": "alice"})
        assert second.status_code == 429 and "Zu viele Versuche" in second.text
        assert "Retry-After" in second.headers


def test_the_language_switch_of_a_signed_in_player_is_their_mails_language(
    pages: Pages, mailbox: Mailbox
) -> None:
    signed_up_with(pages, mailbox, lang="en")
    pages.client.get("/lang/nl", follow_redirects=False)
    pages.client.post("/api/password/forgot", json={"login": "alice"})
    pages.deliver()
    assert mailbox.wait(2)[-1].subject == "Stel je carson-wachtwoord opnieuw in"
