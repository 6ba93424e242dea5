"""The clocks on a game page and leaving a game from it: the panel shows every seat's clock
as the server's clock says, the resign button (behind a confirmation, with the CSRF token)
hands the seat to a machine, the abort button ends a game in its first round, and a refusal
is told in the player's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form
from sqlalchemy import select

from carson.app import create_app
from carson.server.kernel.db import User
from carson.server.play.games import GameService
from carson.web.kernel.clock_text import shown_time
from manual_clock import ManualClock as Clock

pytestmark = pytest.mark.usefixtures("toy_game")


class Two:
    """Alice and Bob, each with a browser of their own, at one server (no worker)."""

    def __init__(self, tmp_path: Path) -> None:
        self.clock = Clock()
        app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False,
                         clock=self.clock)  # fmt: skip
        self.alice, self.bob = TestClient(app), TestClient(app)
        self.service: GameService = app.state.games
        for browser, name in ((self.alice, "alice"), (self.bob, "bob")):
            assert post_account_form(browser, "/register", name).status_code == 303

    def user(self, name: str) -> User:
        with self.service.sessions() as session:
            found = session.scalar(select(User).where(User.username == name))
        assert found is not None
        return found

    def timed_game(self, time_control: str = "5+0") -> str:
        settings = {"time_control": time_control}
        view = self.service.create(self.user("alice"), ["human", "human"], None, "en", "toy",
                                   settings=settings)  # fmt: skip
        game = str(view["id"])
        self.service.join(self.user("bob"), game)
        return game

    def post(self, browser: TestClient, path: str, csrf: bool = True) -> str:
        form = {"csrf": browser.cookies["carson_csrf"]} if csrf else {}
        answer = browser.post(path, data=form, follow_redirects=False)
        return f"{answer.status_code} {answer.headers.get('location', '')} {answer.text}"


@pytest.fixture
def two(tmp_path: Path) -> Two:
    return Two(tmp_path)


def test_the_page_shows_every_clock_and_the_buttons_to_leave(two: Two) -> None:
    game = two.timed_game()
    two.clock.advance(65)
    page = two.alice.get(f"/games/{game}").text
    assert 'id="clocks"' in page and '<script src="/static/clocks.js" defer></script>' in page
    times = re.findall(r'class="clock-time"[^>]*>([^<]*)<', page)
    assert times == ["3:55", "3:55"]  # 5 minutes, 65 seconds gone, both asked at once
    assert 'data-running="1"' in page and 'action="/games/' + game + '/resign"' in page
    assert "Abort the game" in page and "Resign…" in page
    panel = two.alice.get(f"/games/{game}/clocks").text
    assert panel.startswith('\n<section id="clocks"') or '<section id="clocks"' in panel
    assert "<html" not in panel  # the panel alone, for the page to swap in


def test_resigning_from_the_page_needs_the_csrf_token_and_hands_the_seat_over(
    two: Two,
) -> None:
    game = two.timed_game()
    assert two.post(two.alice, f"/games/{game}/resign", csrf=False).startswith("403")
    assert two.post(two.alice, f"/games/{game}/resign").startswith(f"303 /games/{game}")
    page = two.alice.get(f"/games/{game}").text
    assert "resigned" in page and "Yes, resign" not in page
    # Above her decision box, which now tells of the machine's moves for her seat.
    assert 'id="taken-over"' in page and "a machine plays your seat." in page
    bobs = two.bob.get(f"/games/{game}").text
    assert "resigned" in bobs and 'id="taken-over"' not in bobs
    again = two.post(two.alice, f"/games/{game}/resign")
    assert again.startswith("409") and "You left this game already" in again


def test_aborting_from_the_page_and_a_late_abort_told_in_german(two: Two) -> None:
    game = two.timed_game()
    assert two.post(two.alice, f"/games/{game}/abort").startswith("303")
    page = two.alice.get(f"/games/{game}").text
    assert "Abort the game" not in page and "Resign…" not in page  # over
    for seen in (page, two.bob.get(f"/games/{game}").text):  # said to everyone at the table
        assert "This game was aborted in its first round" in seen
        assert "the others must agree" not in seen

    other = two.timed_game()
    for name in ("alice", "bob"):
        seq = two.service.view(two.user(name), other)["seq"]
        two.service.act(two.user(name), other, seq, {"kind": "stake", "chips": 1})
    two.bob.cookies.set("lang", "de")
    late = two.post(two.bob, f"/games/{other}/abort")
    assert late.startswith("409")
    assert "Eine Partie kann nur in ihrer ersten Runde abgebrochen werden." in late


def test_the_time_left_is_shown_as_a_clock_shows_it() -> None:
    assert shown_time(0) == "0:00" and shown_time(-3) == "0:00"
    assert shown_time(245.9) == "4:05" and shown_time(3723) == "1:02:03"
    assert shown_time(2 * 86_400 + 3 * 3600 + 4 * 60 + 5) == "2d 3:04"


def test_the_page_of_an_untimed_game_has_no_clocks(two: Two) -> None:
    view = two.service.create(two.user("alice"), ["human", "random"], None, "en", "toy")
    page = two.alice.get(f"/games/{view['id']}").text
    assert 'class="clock-list"' not in page and "Resign…" in page


def test_a_game_without_a_clock_says_that_a_machine_took_the_resigned_seat(two: Two) -> None:
    game = str(two.service.create(two.user("alice"), ["human", "random"], None, "en", "toy")["id"])
    assert two.post(two.alice, f"/games/{game}/resign").startswith(f"303 /games/{game}")
    page = two.alice.get(f"/games/{game}").text  # no worker: the machine has not moved yet
    assert 'id="clocks"' in page and " hidden>" not in page.split('id="clocks"')[1][:200]
    assert 'id="taken-over"' in page


def test_a_waiting_table_without_a_clock_shows_no_empty_panel(two: Two) -> None:
    """Nothing to show while waiting for players (no clock, nobody may resign yet): the
    panel is hidden (still there, to be drawn again once the game starts)."""
    view = two.service.create(two.user("alice"), ["human", "human"], None, "en", "toy")
    game = str(view["id"])
    panel = re.compile(r'<section id="clocks"[^>]*>')
    waiting = panel.search(two.alice.get(f"/games/{game}").text)
    assert waiting is not None and " hidden" in waiting.group(0)
    two.service.join(two.user("bob"), game)
    playing = panel.search(two.alice.get(f"/games/{game}").text)
    assert playing is not None and " hidden" not in playing.group(0)  # Resign… now


def test_a_correspondence_clock_shows_days_and_hours_in_the_players_language(
    two: Two,
) -> None:
    game = two.timed_game("3d")
    two.clock.advance(3600 + 5)
    times = re.findall(r'class="clock-time"[^>]*>([^<]*)<', two.alice.get(f"/games/{game}").text)
    assert times == ["2 d 22 h", "2 d 22 h"]
    two.bob.cookies.set("lang", "de")
    times = re.findall(r'class="clock-time"[^>]*>([^<]*)<', two.bob.get(f"/games/{game}").text)
    assert times == ["2 T 22 Std.", "2 T 22 Std."]
    assert shown_time(86_400 + 59, "%(days)s d %(hours)s h") == "1 d 0 h"
