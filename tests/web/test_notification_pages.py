"""The notification pages: the header's bell and its count, the list with marking read (the
CSRF token checked), the settings form; in every language; refusals change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form
from sqlalchemy import select

from carson.app import create_app
from carson.core.i18n import LANGUAGES
from carson.server.kernel.db import User
from carson.server.notify import notices
from carson.web.notify.notifications import WORKER_POLICY


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", worker=False)) as test_client:
        yield test_client


def signed_up(client: TestClient, name: str = "alice") -> str:
    assert post_account_form(client, "/register", name).status_code == 303
    return client.cookies["carson_csrf"]


def told(client: TestClient, name: str, kind: str, **payload: str) -> None:
    service = client.app.state.games  # type: ignore[attr-defined]
    with service.sessions.begin() as session:
        user_id = session.scalar(select(User.id).where(User.username == name))
        notices.notify(session, service.jobs, [user_id], kind, None, payload)


def test_the_bell_shows_the_unread_count_and_is_fetched_again(client: TestClient) -> None:
    assert client.get("/notifications/bell").status_code == 204  # nobody signed in
    signed_up(client)
    home = client.get("/").text
    assert 'id="bell"' in home and 'hx-trigger="load, every 30s"' in home
    assert 'class="count"' not in client.get("/notifications/bell").text
    told(client, "alice", notices.YOUR_TURN)
    told(client, "alice", notices.INVITATION, by="bob", rematch_of="abc")
    bell = client.get("/notifications/bell").text
    assert '<span class="count">2</span>' in bell and 'hx-trigger="every 30s"' in bell
    assert "Notifications: 2 unread" in bell
    # drawn, not an emoji some systems lack; its label (not the drawing) is what is read
    assert "&#128276;" not in bell and "\N{BELL}" not in bell
    assert '<svg class="bell-icon"' in bell and 'aria-hidden="true"' in bell
    assert 'role="img" aria-label="Notifications: 2 unread"' in bell
    assert 'hx-get="/notifications/panel" hx-trigger="toggle from:#bell-menu"' in home


def test_the_bells_panel_shows_the_newest(client: TestClient) -> None:
    assert client.get("/notifications/panel").status_code == 204
    signed_up(client)
    assert "No notifications." in client.get("/notifications/panel").text
    for _ in range(8):
        told(client, "alice", notices.GAME_OVER)
    told(client, "alice", notices.MENTION, by="carol")
    panel = client.get("/notifications/panel").text
    assert panel.count("<li") == 6 and "carol mentioned you in the chat." in panel
    assert 'href="/notifications"' in panel and "<html" not in panel


def test_the_list_marks_one_or_all_read_with_the_csrf_token(client: TestClient) -> None:
    csrf = signed_up(client)
    told(client, "alice", notices.YOUR_TURN)
    told(client, "alice", notices.INVITATION, by="bob<script>", rematch_of="abc")
    page = client.get("/notifications").text
    assert "It is your turn." in page and "bob&lt;script&gt; offers you a rematch." in page
    assert "<script>" not in page.split("<main>")[1]
    ids = [line.split('"')[0] for line in page.split('id="notice-')[1:]]
    refused = client.post("/notifications/read", data={"id": ids[0], "csrf": "wrong"})
    assert refused.status_code == 403
    assert '<span class="count">2</span>' in client.get("/notifications/bell").text
    bad = client.post("/notifications/read", data={"id": "x1", "csrf": csrf})
    assert bad.status_code == 422 and "No such notification." in bad.text
    one = client.post("/notifications/read", data={"id": ids[0], "csrf": csrf},
                      follow_redirects=False)  # fmt: skip
    assert one.status_code == 303 and one.headers["location"] == "/notifications"
    assert '<span class="count">1</span>' in client.get("/notifications/bell").text
    client.post("/notifications/read", data={"id": "all", "csrf": csrf})
    assert 'class="count"' not in client.get("/notifications/bell").text
    assert 'id="read-all"' not in client.get("/notifications").text


def test_the_settings_form_saves_every_box(client: TestClient) -> None:
    assert (
        'name="next" value="/notifications/settings"' in client.get("/notifications/settings").text
    )  # signed out: asked to log in
    csrf = signed_up(client)
    page = client.get("/notifications/settings").text
    assert 'name="your_turn.email" id="your_turn-email" aria-label' in page
    assert page.count(" checked") == len(notices.KINDS) * 3 - 1  # mentions by mail: off
    form = {"csrf": csrf, "game_over.app": "on", "your_turn.push": "on"}
    saved = client.post("/notifications/settings", data=form, follow_redirects=False)
    assert saved.headers["location"] == "/notifications/settings?saved=1"
    chosen = client.get("/api/notifications/settings").json()["settings"]
    assert chosen["game_over"] == {"app": True, "email": False, "push": False}
    assert chosen["your_turn"] == {"app": False, "email": False, "push": True}
    stale = client.post("/notifications/settings", data={"csrf": "stale"})
    assert stale.status_code == 403
    assert client.get("/api/notifications/settings").json()["settings"] == chosen


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_pages_speak_every_language(client: TestClient, lang: str) -> None:
    signed_up(client)
    told(client, "alice", notices.MENTION, by="bob")
    client.cookies.set("lang", lang)
    page = client.get("/notifications").text
    settings = client.get("/notifications/settings").text
    for english in ("Mark all as read", "mentioned you in the chat", "Browser notifications"):
        assert english not in page + settings


def test_the_service_worker_is_served_from_the_root_with_its_policy(client: TestClient) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["content-security-policy"] == WORKER_POLICY
    assert "showNotification" in worker.text and "openWindow" in worker.text
    csrf = signed_up(client)
    page = client.get("/notifications/settings").text
    assert f'id="push-toggle" hidden data-csrf="{csrf}"' in page
    assert '<script src="/static/push.js" defer></script>' in page


def test_each_notice_names_its_game_and_links_to_it(client: TestClient) -> None:
    """The bell's list and the page name the game (its title, the others at the table, or
    that machines play) and lead to it; a notice of no game names none."""
    bob = client.post("/api/register", json={"username": "bob", "password": "password-bob"})
    bearer = {"Authorization": f"Bearer {bob.json()['token']}"}
    headers = {"X-CSRF-Token": signed_up(client)}
    table = {"game": "board", "seats": ["human", "human"]}
    with_bob = client.post("/api/games", headers=headers, json=table).json()["id"]
    assert client.post(f"/api/games/{with_bob}/join", headers=bearer).status_code == 200
    alone = {"game": "card", "seats": ["human", "ai-easy", "ai-easy", "ai-easy"]}
    machines = client.post("/api/games", headers=headers, json=alone).json()["id"]
    service = client.app.state.games  # type: ignore[attr-defined]
    with service.sessions.begin() as session:
        alice = session.scalar(select(User.id).where(User.username == "alice"))
        notices.notify(session, service.jobs, [alice], notices.YOUR_TURN, machines)
        notices.notify(session, service.jobs, [alice], notices.GAME_OVER, with_bob)
        notices.notify(session, service.jobs, [alice], notices.MENTION, None, {"by": "carol"})
    client.cookies.set("lang", "de")
    for path in ("/notifications", "/notifications/panel"):
        page = client.get(path).text
        assert (
            f'href="/games/{machines}">Du bist am Zug. In deiner Partie Carson City: Das'
            " Kartenspiel gegen die Maschinen.</a>"
        ) in page
        assert (
            f'href="/games/{with_bob}">Die Partie ist vorbei. In deiner Partie Carson City mit'
            " bob.</a>"
        ) in page
        mention = page[page.index("carol hat dich im Chat erwähnt.") :]
        assert "In deiner Partie" not in mention[: mention.index("</li>")]  # of no game
