"""The vacation on the pages: the account page's section (go, with the CSRF token; a refusal in
the visitor's words with what they typed kept; come back early), and a correspondence game's
clocks saying the player is on vacation until when."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from test_clock_pages import Two

pytestmark = pytest.mark.usefixtures("toy_game")


@pytest.fixture
def two(tmp_path: Path) -> Two:
    return Two(tmp_path)


def go(browser: TestClient, days: str, start: str = "", csrf: bool = True) -> tuple[int, str]:
    form = {"days": days, "start": start}
    if csrf:
        form["csrf"] = browser.cookies["carson_csrf"]
    answer = browser.post("/account/vacation", data=form, follow_redirects=False)
    return answer.status_code, answer.headers.get("location", "") or answer.text


def test_going_on_vacation_and_coming_back_from_the_account_page(two: Two) -> None:
    page = two.bob.get("/account").text
    assert 'id="vacation-form"' in page and "Days left in 2030: 30" in page
    assert 'min="2030-01-01"' in page
    assert go(two.bob, "5", csrf=False)[0] == 403  # no CSRF token: nothing changes
    assert "Days left in 2030: 30" in two.bob.get("/account").text
    assert go(two.bob, "5", "2030-01-01") == (303, "/account?done=vacation#vacation")
    page = two.bob.get("/account?done=vacation").text
    assert "Enjoy your vacation" in page and "Days left in 2030: 25" in page
    assert "You are on vacation until Jan 6, 2030" in page and "End my vacation" in page
    two.clock.advance(3600)
    ended = two.bob.post("/account/vacation/end", data={"csrf": two.bob.cookies["carson_csrf"]},
                         follow_redirects=False)  # fmt: skip
    assert ended.headers["location"] == "/account?done=back#vacation"
    page = two.bob.get("/account?done=back").text
    assert "Welcome back" in page and "Days left in 2030: 29" in page  # an hour counts a day


def test_a_refusal_is_said_in_the_visitors_words_with_what_they_typed(two: Two) -> None:
    two.bob.cookies.set("lang", "de")
    status, page = go(two.bob, "31", "2030-01-04")
    assert status == 422 and "Ein Urlaub dauert 1 bis 30 Tage." in page
    assert 'value="31"' in page and 'value="2030-01-04"' in page  # kept as typed
    status, page = go(two.bob, "3", "2029-12-01")
    assert status == 422 and "Ein Urlaub beginnt heute oder innerhalb von 90 Tagen." in page
    status, page = go(two.bob, "many")
    assert status == 422 and 'value="many"' in page
    assert go(two.bob, "20")[0] == 303
    two.clock.advance(20 * 86_400)
    status, page = go(two.bob, "11")
    assert status == 422 and "mehr Tage, als vom Kontingent des Jahres übrig sind" in page


def test_opponents_see_until_when_a_player_is_on_vacation(two: Two) -> None:
    game = two.timed_game("2d")
    assert go(two.bob, "4") == (303, "/account?done=vacation#vacation")
    panel = two.alice.get(f"/games/{game}/clocks").text
    assert "on vacation until Jan 5, 2030, 12:00:00\u202fPM UTC" in panel
    assert panel.count('data-running="1"') == 1  # alice's clock runs, bob's stands still
    two.alice.cookies.set("lang", "fr")
    assert "en vacances jusqu’au" in two.alice.get(f"/games/{game}/clocks").text
    live = two.timed_game("5+0")
    assert "vacation" not in two.alice.get(f"/games/{live}/clocks").text
