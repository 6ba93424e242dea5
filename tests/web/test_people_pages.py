"""The people pages (issue 48): following and blocking by name on the friends page and from a
profile (CSRF on every form, refusals in the visitor's words with the name kept), a block
refusing a join on the lobby's page, and inviting by name from a waiting table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from signing import PASSWORD, post_account_form

from carson.app import create_app


@pytest.fixture
def browsers(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient, TestClient]]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False)
    with TestClient(app) as alice, TestClient(app) as bob, TestClient(app) as carol:
        for browser, name in ((alice, "alice"), (bob, "bob"), (carol, "carol")):
            assert post_account_form(browser, "/register", name).status_code == 303
        yield alice, bob, carol


def post(browser: TestClient, path: str, **form: str) -> Response:
    data = {"csrf": browser.cookies["carson_csrf"], **form}
    return browser.post(path, data=data, follow_redirects=False)


def test_following_and_blocking_on_the_friends_page(
    browsers: tuple[TestClient, TestClient, TestClient],
) -> None:
    alice, _, _ = browsers
    empty = alice.get("/friends")
    assert empty.status_code == 200 and "You follow nobody yet" in empty.text
    assert 'href="/friends"' in empty.text  # in the header
    followed = post(alice, "/people/follow", username="BOB")
    assert followed.status_code == 303
    assert followed.headers["location"] == "/friends?done=follow&name=bob"
    page = alice.get("/friends?done=follow&name=bob").text
    assert "You follow bob." in page and 'data-user="bob"' in page
    assert "online" in page  # bob just signed up
    blocked = post(alice, "/people/block", username="bob")
    assert blocked.status_code == 303
    page = alice.get("/friends").text
    blocks = page[page.index('id="blocks"') :]
    assert (
        'data-user="bob"' in blocks and 'data-user="bob"' not in page[: page.index('id="blocks"')]
    )


def test_refusals_say_why_keep_the_name_and_need_the_token(
    browsers: tuple[TestClient, TestClient, TestClient],
) -> None:
    alice, _, _ = browsers
    alice.cookies.set("lang", "de")
    missing = post(alice, "/people/follow", username="nobody<b>")
    assert missing.status_code == 404
    text = missing.text
    assert "Es gibt kein Konto mit diesem Namen." in text
    assert 'value="nobody&lt;b&gt;"' in text  # kept, escaped
    itself = post(alice, "/people/block", username="alice")
    assert "Du kannst dich nicht selbst blockieren." in itself.text
    forged = alice.post("/people/follow", data={"username": "bob"}, follow_redirects=False)
    assert forged.status_code == 403
    assert "bob" not in alice.get("/friends").text.split('id="friends"')[1].split("</ul>")[0]
    assert post(alice, "/people/befriend", username="bob").status_code == 404
    assert TestClient(alice.app).get("/friends").status_code == 200  # asks to sign in
    assert "friends" in TestClient(alice.app).get("/friends").text.lower()


def test_a_profile_offers_follow_and_block_and_returns_to_it(
    browsers: tuple[TestClient, TestClient, TestClient],
) -> None:
    alice, _, _ = browsers
    mine = alice.get("/players/alice").text
    assert 'id="person-actions"' not in mine  # not on one's own
    page = alice.get("/players/bob").text
    actions = page[
        page.index('id="person-actions"') : page.index("</div>", page.index("person-actions"))
    ]
    assert 'action="/people/follow"' in actions and 'action="/people/block"' in actions
    followed = post(alice, "/people/follow", username="bob", next="/players/bob")
    assert followed.headers["location"] == "/players/bob?done=follow&name=bob"
    page = alice.get("/players/bob?done=follow&name=bob").text
    assert "You follow bob." in page and 'action="/people/unfollow"' in page
    away = post(alice, "/people/block", username="bob", next="https://evil.example/")
    assert away.headers["location"].startswith("/?done=block")
    page = alice.get("/players/bob").text
    assert 'action="/people/unblock"' in page and 'action="/people/follow"' not in page


def test_a_block_refuses_the_join_and_an_invitation_by_name(
    browsers: tuple[TestClient, TestClient, TestClient],
) -> None:
    alice, bob, carol = browsers
    created = alice.post("/api/games", json={"seats": ["human", "human", "random", "random"]},
                         headers={"X-CSRF-Token": alice.cookies["carson_csrf"]})  # fmt: skip
    game = created.json()["id"]
    table = alice.get(f"/games/{game}").text
    assert f'action="/games/{game}/invite"' in table  # the waiting table's invite form
    invited = post(alice, f"/games/{game}/invite", username="Carol")
    assert invited.status_code == 200
    assert "carol is invited" in invited.text
    assert carol.get("/api/notifications").json()["unread"] == 1
    post(bob, "/people/block", username="alice")
    refused = post(alice, f"/games/{game}/invite", username="bob")
    assert refused.status_code == 403
    assert "A block keeps you apart from this person." in refused.text
    assert 'value="bob"' in refused.text
    bob.cookies.set("lang", "de")
    join = post(bob, f"/lobby/join/{game}")
    assert join.status_code == 403
    assert "Eine Blockierung hält dich von jemandem an diesem Tisch fern." in join.text
    assert post(carol, f"/lobby/join/{game}").status_code == 303


def test_the_account_page_gives_ones_data_as_a_file(
    browsers: tuple[TestClient, TestClient, TestClient],
) -> None:
    alice, _, _ = browsers
    alice.cookies.set("lang", "fr")
    page = alice.get("/account").text
    assert 'href="/account/data"' in page and "Télécharger vos données" in page
    saved = alice.get("/account/data")
    assert saved.status_code == 200 and "attachment" in saved.headers["content-disposition"]
    assert saved.json()["account"][0]["username"] == "alice"
    assert TestClient(alice.app).get("/account/data").status_code == 200  # asks to sign in
    assert "alice" not in TestClient(alice.app).get("/account/data").text


def test_the_account_page_asks_the_deletion_with_the_password_and_keeps_the_account(
    browsers: tuple[TestClient, TestClient, TestClient],
) -> None:
    alice, _, _ = browsers
    alice.cookies.set("lang", "de")
    page = alice.get("/account").text
    assert 'action="/account/delete"' in page and "Mein Konto löschen" in page
    wrong = post(alice, "/account/delete", password="not-hers")
    assert wrong.status_code == 422 and "Das Passwort ist falsch." in wrong.text
    assert 'action="/account/keep"' not in wrong.text  # nothing asked
    assert post(alice, "/account/delete", password=PASSWORD).status_code == 303
    asked = alice.get("/account").text
    assert "Dein Konto wird am" in asked and 'action="/account/keep"' in asked
    assert alice.get("/api/me/deletion").status_code == 200
    kept = post(alice, "/account/keep")
    assert kept.headers["location"] == "/account?done=kept"
    assert "Dein Konto bleibt" in alice.get("/account?done=kept").text
    assert alice.get("/api/me/deletion").status_code == 404
    assert alice.post("/account/delete", data={"password": "x"}).status_code == 403  # CSRF


def test_private_messages_on_the_pages(
    browsers: tuple[TestClient, TestClient, TestClient],
) -> None:
    alice, bob, carol = browsers
    profile = alice.get("/players/bob").text
    assert 'href="/messages/bob"' in profile  # write from the profile
    sent = post(alice, "/messages", username="bob", text="hello <bob>")
    assert sent.status_code == 303 and sent.headers["location"] == "/messages/bob"
    listing = bob.get("/messages").text
    assert 'data-user="alice"' in listing and "hello &lt;bob&gt;" in listing  # escaped
    assert 'href="/messages/alice"' in bob.get("/notifications").text  # told, with a link
    thread = bob.get("/messages/alice").text
    assert "hello &lt;bob&gt;" in thread and "/report/" in thread  # one may report it
    bob.cookies.set("lang", "it")
    empty = post(bob, "/messages", username="alice", text="  ", **{"from": "conversation"})
    assert empty.status_code == 422 and 'id="reply"' in empty.text
    post(carol, "/people/block", username="alice")
    blocked = post(alice, "/messages", username="carol", text="hi")
    assert blocked.status_code == 403 and 'value="carol"' in blocked.text  # the name kept
    assert alice.post("/messages", data={"username": "bob", "text": "x"}).status_code == 403
