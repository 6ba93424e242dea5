"""The chat on the pages: the panel on a player's game page (escaped, phrases in the reader's
language, mute and report buttons), posting from the form (CSRF, refusals in the visitor's
words, the text kept), the lines the page appends, and the administrators' page (403 for
others, CSRF on its forms, dismissing a report, silencing and lifting)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from httpx2 import Response
from signing import post_account_form
from sqlalchemy import select

import carson.web
from carson.app import create_app
from carson.core.i18n import LANGUAGES
from carson.server.chat.admin import Moderation
from carson.server.chat.service import PHRASES, Chat
from carson.server.kernel.db import User
from carson.server.kernel.limits import Limits
from carson.server.kernel.ratelimit import RateLimiter
from carson.server.play.games import GameService

pytestmark = pytest.mark.usefixtures("toy_game")


class Three:
    """Alice and Bob seated in a game, Eve not; each with a browser of their own."""

    def __init__(self, tmp_path: Path) -> None:
        app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False)
        self.alice, self.bob, self.eve = TestClient(app), TestClient(app), TestClient(app)
        self.service: GameService = app.state.games
        for browser, name in ((self.alice, "alice"), (self.bob, "bob"), (self.eve, "eve")):
            assert post_account_form(browser, "/register", name).status_code == 303
        view = self.service.create(self.user("alice"), ["human", "human"], None, "en", "toy")
        self.game = str(view["id"])
        self.service.join(self.user("bob"), self.game)
        self.chat = Chat(self.service.sessions, self.service.notifier,
                         RateLimiter(Limits()))  # fmt: skip
        self.moderation = Moderation(self.service.sessions)

    def user(self, name: str) -> User:
        with self.service.sessions() as session:
            found = session.scalar(select(User).where(User.username == name))
        assert found is not None
        return found

    def send(
        self, browser: TestClient, htmx: bool = True, csrf: bool = True, **form: str
    ) -> Response:
        data = {"channel": "players", **form}
        if csrf:
            data["csrf"] = browser.cookies["carson_csrf"]
        headers = {"HX-Request": "true"} if htmx else {}
        return browser.post(f"/games/{self.game}/chat", data=data, headers=headers,
                            follow_redirects=False)  # fmt: skip


@pytest.fixture
def three(tmp_path: Path) -> Three:
    return Three(tmp_path)


def test_the_panel_shows_the_players_chat_escaped(three: Three) -> None:
    three.chat.post(three.user("bob"), three.game, "players", "<script>alert(1)</script>")
    three.chat.post(three.user("bob"), three.game, "players", phrase="good_luck")
    three.alice.cookies.set("lang", "de")
    page = three.alice.get(f"/games/{three.game}").text
    assert 'id="chat"' in page and "/static/chat.js" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert" not in page
    assert "Viel Glück!" in page  # bob's phrase, in alice's language
    assert "bob stummschalten" in page and f'action="/games/{three.game}/chat/mute"' in page
    english = three.bob.get(f"/games/{three.game}").text
    assert "Good luck!" in english and "Mute bob" not in english  # no button on one's own


def test_sending_from_the_form(three: Three) -> None:
    sent = three.send(three.alice, text="hello <b>bob</b>")
    assert sent.status_code == 200 and 'id="chat-form"' in sent.text and "autofocus" in sent.text
    lines = three.bob.get(f"/games/{three.game}/chat/messages?since=0").text
    assert "hello &lt;b&gt;bob&lt;/b&gt;" in lines and 'data-cursor="1.0"' in lines
    assert three.bob.get(f"/games/{three.game}/chat/messages?since=1").text.strip() == ""
    phrase = three.send(three.bob, phrase="well_played")
    assert phrase.status_code == 200
    plain = three.send(three.alice, htmx=False, text="again")
    assert plain.status_code == 303 and plain.headers["location"] == f"/games/{three.game}#chat"
    assert [m.text for m in three.chat.read(three.user("alice"), three.game, None)] == [
        "hello <b>bob</b>", None, "again"
    ]  # fmt: skip


def test_refusals_are_told_in_the_visitors_words_and_change_nothing(three: Three) -> None:
    forged = three.send(three.alice, csrf=False, text="forged")
    assert forged.status_code == 403
    three.alice.cookies.set("lang", "fr")
    long = three.send(three.alice, text="x" * 301)  # htmx swaps the form with its alert
    assert long.status_code == 200 and "au plus 300 caractères" in long.text
    assert 'value="' + "x" * 301 + '"' in long.text  # what was typed is kept
    plain = three.send(three.alice, htmx=False, text="x" * 301)
    assert plain.status_code == 422 and "au plus 300 caractères" in plain.text
    assert three.send(three.alice, htmx=False, text="  \x01 ").status_code == 422
    spectator = three.send(three.eve, htmx=False, text="hi")  # no seat: not the players' chat
    assert spectator.status_code == 403
    assert three.chat.read(three.user("alice"), three.game, None) == []
    for number in range(10):
        assert three.send(three.bob, text=str(number)).status_code == 200
    three.bob.cookies.set("lang", "fr")
    too_fast = three.send(three.bob, htmx=False, text="11")
    assert too_fast.status_code == 429 and "trop vite" in too_fast.text
    assert int(too_fast.headers["Retry-After"]) >= 1
    assert "trop vite" in three.send(three.bob, text="12").text


def test_a_spectator_posts_in_the_spectators_chat(three: Three) -> None:
    sent = three.send(three.eve, channel="spectators", text="go go")
    assert sent.status_code == 200
    lines = three.eve.get(f"/games/{three.game}/chat/messages").text
    assert "go go" in lines
    assert "go go" not in three.alice.get(f"/games/{three.game}/chat/messages").text
    assert three.eve.get("/games/nope/chat/messages").status_code == 404
    assert three.eve.get(f"/games/{three.game}/chat/messages?since=-1").status_code == 422


def test_a_spectator_is_not_offered_the_players_phrases(three: Three) -> None:
    """Issue 44: "Your turn!" (and the other phrases of a seat at the table) are the
    players'; a spectator is neither offered them nor may send them."""
    watching = three.eve.get(f"/games/{three.game}").text
    playing = three.alice.get(f"/games/{three.game}").text
    assert 'value="your_turn"' in playing and 'value="your_turn"' not in watching
    assert 'value="good_luck"' in watching
    refused = three.send(three.eve, htmx=False, channel="spectators", phrase="your_turn")
    assert refused.status_code == 422


def test_mute_and_report_from_the_page(three: Three) -> None:
    said = three.chat.post(three.user("bob"), three.game, "players", "rude")
    csrf = three.alice.cookies["carson_csrf"]
    reported = three.alice.post(f"/chat/{said.id}/report", data={"csrf": csrf, "reason": "mean"},
                                headers={"HX-Request": "true"})  # fmt: skip
    assert reported.status_code == 200 and "Reported" in reported.text
    again = three.alice.post(f"/chat/{said.id}/report", data={"csrf": csrf},
                             headers={"HX-Request": "true"})  # fmt: skip
    assert "already" in again.text
    assert three.alice.post(f"/chat/{said.id}/report", data={}).status_code == 403  # no CSRF
    form = {"csrf": csrf, "username": "bob"}
    muted = three.alice.post(f"/games/{three.game}/chat/mute", data=form, follow_redirects=False)
    assert muted.status_code == 303
    page = three.alice.get(f"/games/{three.game}").text
    assert "rude" not in page and "Muted:" in page
    three.alice.post(f"/games/{three.game}/chat/unmute", data={"csrf": csrf, "username": "bob"})
    assert "rude" in three.alice.get(f"/games/{three.game}").text
    self_mute = three.alice.post(f"/games/{three.game}/chat/mute",
                                 data={"csrf": csrf, "username": "alice"})  # fmt: skip
    assert self_mute.status_code == 422 and "yourself" in self_mute.text


def test_the_admin_page(three: Three) -> None:
    said = three.chat.post(three.user("bob"), three.game, "players", "<i>spam</i>")
    three.chat.report(three.user("alice"), said.id, "ads")
    assert three.eve.get("/admin/reports").status_code == 403
    anonymous = TestClient(three.alice.app)
    assert anonymous.get("/admin/reports").status_code == 403
    three.moderation.grant("eve")
    page = three.eve.get("/admin/reports")
    assert page.status_code == 200 and "alice reported bob" in page.text
    assert "&lt;i&gt;spam&lt;/i&gt;" in page.text and "ads" in page.text
    report = three.moderation.open_reports(three.user("eve"))[0].id
    csrf = three.eve.cookies["carson_csrf"]
    forged = three.eve.post(f"/admin/reports/{report}/dismiss", data={},
                            follow_redirects=False)  # fmt: skip
    assert forged.status_code == 403 and three.moderation.open_reports(three.user("eve"))
    # Another account's form, with its own token: not an administrator.
    other = three.bob.post(f"/admin/reports/{report}/dismiss",
                           data={"csrf": three.bob.cookies["carson_csrf"]})  # fmt: skip
    assert other.status_code == 403 and three.moderation.open_reports(three.user("eve"))
    no_reason = three.eve.post("/admin/silences", data={"csrf": csrf, "username": "bob"})
    assert no_reason.status_code == 422
    silenced = three.eve.post("/admin/silences",
                              data={"csrf": csrf, "username": "bob", "reason": "spam"},
                              follow_redirects=False)  # fmt: skip
    assert silenced.status_code == 303
    assert three.moderation.open_reports(three.user("eve")) == []  # his reports closed with it
    page = three.eve.get("/admin/reports").text
    assert "No open reports." in page and "bob — spam" in page
    assert three.send(three.bob, htmx=False, text="more").status_code == 403
    three.eve.post("/admin/silences/lift", data={"csrf": csrf, "username": "bob"})
    assert three.send(three.bob, text="sorry").status_code == 200
    said = three.chat.post(three.user("bob"), three.game, "players", "again")
    three.chat.report(three.user("alice"), said.id)
    report = three.moderation.open_reports(three.user("eve"))[0].id
    dismissed = three.eve.post(f"/admin/reports/{report}/dismiss", data={"csrf": csrf},
                               follow_redirects=False)  # fmt: skip
    assert dismissed.status_code == 303 and three.moderation.open_reports(three.user("eve")) == []


def test_a_practice_game_shows_its_player_no_chat(three: Three) -> None:
    view = three.service.create(three.user("alice"), ["human", "random"], None, "en", "toy")
    page = three.alice.get(f"/games/{view['id']}").text
    assert 'id="board"' in page and 'id="chat"' not in page


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_quick_phrase_is_translated(lang: str) -> None:
    """The phrases' English lives in the server (their codes are stored); each page reads
    it through the platform's catalog in the reader's language."""
    path = Path(carson.web.__file__).parent / "locale" / lang / "LC_MESSAGES" / "carson.po"
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang)
    for english in PHRASES.values():
        entry = catalog.get(english)
        assert entry is not None and entry.string, f"{lang}: no translation of {english!r}"


def test_an_administrator_never_judges_a_report_about_their_own_message(three: Three) -> None:
    """Decided: such a report is left out of the administrator's page (only counted) and
    dismissing it is refused; another administrator judges it."""
    three.moderation.grant("bob")
    three.moderation.grant("eve")
    said = three.chat.post(three.user("bob"), three.game, "players", "about you")
    three.chat.report(three.user("alice"), said.id, "rude")
    assert three.moderation.open_reports(three.user("bob")) == []
    (report,) = three.moderation.open_reports(three.user("eve"))
    three.bob.cookies.set("lang", "de")
    page = three.bob.get("/admin/reports").text
    assert f'id="report-{report.id}"' not in page and "about you" not in page
    assert "einem anderen Administrator überlassen: 1" in page
    refused = three.bob.post(f"/admin/reports/{report.id}/dismiss",
                             data={"csrf": three.bob.cookies["carson_csrf"]})  # fmt: skip
    assert refused.status_code == 403 and "eigene Nachricht" in refused.text
    assert three.moderation.open_reports(three.user("eve")) == [report]  # still open
    assert f'id="report-{report.id}"' in three.eve.get("/admin/reports").text
    assert 'id="own-reports"' not in three.eve.get("/admin/reports").text
