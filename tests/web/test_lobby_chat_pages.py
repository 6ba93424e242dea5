"""The lobby chat on the pages: the panel of the visitor's language room on the lobby page
(members write, guests only read and are told why; escaped, muted and blocked authors left
out), posting from the form (CSRF, refusals in the visitor's words with the text kept), the
lines chat.js appends, reporting and muting, and the lobby reports on the administrators'
page."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from signing import anonymous_csrf, post_account_form
from sqlalchemy import select

from carson.app import create_app
from carson.server.chat import lobby_admin
from carson.server.chat.admin import Moderation
from carson.server.chat.lobby_tables import LobbyMessage
from carson.server.kernel.db import User
from carson.server.kernel.limits import Limits

pytestmark = pytest.mark.usefixtures("toy_game")


class Lobby:
    """Alice and Bob, each with a browser of their own."""

    def __init__(self, tmp_path: Path, limits: Limits | None = None) -> None:
        app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False,
                         limits=limits or Limits())  # fmt: skip
        self.sessions = app.state.games.sessions
        self.alice, self.bob, self.anonymous = TestClient(app), TestClient(app), TestClient(app)
        for browser, name in ((self.alice, "alice"), (self.bob, "bob")):
            assert post_account_form(browser, "/register", name).status_code == 303

    def user(self, name: str) -> User:
        with self.sessions() as session:
            found = session.scalar(select(User).where(User.username == name))
        assert found is not None
        return found

    def send(self, browser: TestClient, text: str, room: str = "en", htmx: bool = True,
             csrf: bool = True) -> Response:  # fmt: skip
        data = {"text": text, **({"csrf": browser.cookies["carson_csrf"]} if csrf else {})}
        headers = {"HX-Request": "true"} if htmx else {}
        return browser.post(f"/lobby/chat/{room}", data=data, headers=headers,
                            follow_redirects=False)  # fmt: skip


def test_the_panel_shows_the_visitors_room_escaped(tmp_path: Path) -> None:
    lobby = Lobby(tmp_path)
    assert lobby.send(lobby.alice, "<b>hello</b> lobby").status_code == 200
    assert lobby.send(lobby.alice, "hallo Lobby", "de").status_code == 200
    page = lobby.bob.get("/lobby")
    assert 'id="chat"' in page.text and 'data-stream="/api/lobby/chat/en/stream"' in page.text
    assert "&lt;b&gt;hello&lt;/b&gt; lobby" in page.text and "<b>hello" not in page.text
    assert "hallo Lobby" not in page.text  # another room's
    assert 'data-cursor="1"' in page.text
    lobby.bob.cookies.set("lang", "de")
    german = lobby.bob.get("/lobby")
    assert "Lobby-Chat" in german.text and "hallo Lobby" in german.text
    assert "hello" not in german.text
    assert 'id="chat"' not in lobby.anonymous.get("/lobby").text


def test_a_guest_reads_the_panel_is_told_why_not_write_and_is_refused(tmp_path: Path) -> None:
    """A guest sees the room's lines, with no form, no report nor mute buttons, but a word
    on why and a link to sign up; a forged post or report is refused in words."""
    lobby = Lobby(tmp_path)
    lobby.send(lobby.alice, "hello <guests>")
    visitor = lobby.anonymous
    started = visitor.post("/guest", data={"csrf": anonymous_csrf(visitor)},
                           follow_redirects=False)  # fmt: skip
    assert started.status_code == 303
    page = visitor.get("/lobby").text
    assert 'id="chat"' in page and "hello &lt;guests&gt;" in page
    assert 'data-stream="/api/lobby/chat/en/stream"' in page
    assert 'id="lobby-chat-guest"' in page and 'href="/account#claim-form"' in page
    assert "only accounts can write in it" in page
    assert 'id="chat-form"' not in page and "chat-report" not in page and "chat-mute" not in page
    lobby.send(lobby.alice, "a second one")
    lines = visitor.get("/lobby/chat/en/messages?since=1").text
    assert "a second one" in lines and "chat-report" not in lines
    assert "Guests cannot do that" in lobby.send(visitor, "let me in").text  # htmx: 2xx
    plain = lobby.send(visitor, "let me in", htmx=False)
    assert plain.status_code == 403 and "Guests cannot do that" in plain.text
    with lobby.sessions() as session:
        message = session.scalar(select(LobbyMessage.id))
    report = visitor.post(f"/lobby/chat/messages/{message}/report",
                          data={"csrf": visitor.cookies["carson_csrf"]},
                          headers={"HX-Request": "true"})  # fmt: skip
    assert "Guests cannot do that" in report.text
    with lobby.sessions() as session:
        stored = session.scalars(select(LobbyMessage.text).order_by(LobbyMessage.id)).all()
    assert stored == ["hello <guests>", "a second one"]
    visitor.cookies.set("lang", "de")
    german = visitor.get("/lobby").text
    assert "Gäste können den Lobby-Chat lesen" in german and ">Registrieren</a>" in german


def test_a_mention_links_to_the_lobby_chat(tmp_path: Path) -> None:
    lobby = Lobby(tmp_path)
    assert lobby.send(lobby.alice, "hi @bob").status_code == 200
    listed = lobby.bob.get("/notifications").text
    assert '<a href="/lobby#chat">alice mentioned you in the lobby chat.</a>' in listed


def test_sending_refusals_keep_the_text_and_lines_are_appended(tmp_path: Path) -> None:
    lobby = Lobby(tmp_path, Limits(chat_messages_per_user="2/minute"))
    sent = lobby.send(lobby.alice, "first")
    assert sent.status_code == 200 and 'value=""' in sent.text  # the form back, empty
    too_long = lobby.send(lobby.alice, "x" * 301)
    assert "at most 300 characters" in too_long.text and "x" * 301 in too_long.text
    assert lobby.send(lobby.alice, "second").status_code == 200
    limited = lobby.send(lobby.alice, "third, kept")
    assert "too fast" in limited.text and 'value="third, kept"' in limited.text
    assert lobby.send(lobby.alice, "no token", csrf=False).status_code == 403
    plain = lobby.send(lobby.bob, "plain form", htmx=False)
    assert plain.status_code == 303 and plain.headers["location"] == "/lobby#chat"
    lines = lobby.bob.get("/lobby/chat/en/messages?since=1.1")
    assert "second" in lines.text and "plain form" in lines.text and "first" not in lines.text
    assert 'data-cursor="3"' in lines.text
    assert lobby.anonymous.get("/lobby/chat/en/messages").status_code == 403
    assert lobby.bob.get("/lobby/chat/xx/messages").status_code == 404


def test_report_mute_and_the_administrators_page(tmp_path: Path) -> None:
    lobby = Lobby(tmp_path)
    lobby.send(lobby.alice, "rude words")
    with lobby.sessions() as session:
        message = session.scalar(select(LobbyMessage.id))
    csrf = {"csrf": lobby.bob.cookies["carson_csrf"]}
    reported = lobby.bob.post(f"/lobby/chat/messages/{message}/report",
                              data={**csrf, "reason": "insult"},
                              headers={"HX-Request": "true"})  # fmt: skip
    assert "Reported: thank you." in reported.text
    again = lobby.bob.post(f"/lobby/chat/messages/{message}/report", data=csrf,
                           headers={"HX-Request": "true"})  # fmt: skip
    assert "You reported this message already." in again.text
    muted = lobby.bob.post("/lobby/chat/en/mute", data={**csrf, "username": "alice"},
                           follow_redirects=False)  # fmt: skip
    assert muted.status_code == 303
    page = lobby.bob.get("/lobby").text
    assert "rude words" not in page and "alice ×" in page
    assert lobby.bob.get("/admin/reports").status_code == 403
    Moderation(lobby.sessions).grant("bob")
    admin_page = lobby.bob.get("/admin/reports").text
    assert 'id="lobby-reports"' in admin_page
    assert "rude words" in admin_page and "insult" in admin_page
    report = lobby_admin.open_reports(lobby.sessions, lobby.user("bob"))[0].id
    dismissed = lobby.bob.post(f"/admin/lobby-reports/{report}/dismiss", data=csrf,
                               follow_redirects=False)  # fmt: skip
    assert dismissed.status_code == 303
    assert lobby_admin.open_reports(lobby.sessions, lobby.user("bob")) == []
    assert (
        lobby.alice.post(
            f"/admin/lobby-reports/{report}/dismiss",
            data={"csrf": lobby.alice.cookies["carson_csrf"]},
        ).status_code
        == 403
    )
