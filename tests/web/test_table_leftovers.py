"""Issue 44's leftovers that need no browser: machine seats named in words a player reads
(numbered only when two share a level), owners' markers with letters that never collide, a
board game's seats so named on its page, and a guest's sessions no longer labelled "guest"
once the guest signed up."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import anonymous_csrf

from carson.app import create_app
from carson.games.board.web.present import BoardPresenter
from carson.games.board.web.present.common import Seat
from carson.games.board.web.present.town import owner_letters
from carson.web.kernel.i18n import machine_seat_name, translations


def test_a_machine_seat_is_named_by_its_level_and_numbered_only_beside_its_like() -> None:
    english = translations("en").gettext
    kinds = ["human", "ai-easy", "ai-easy", "greedy", "ai-hard"]
    names = [machine_seat_name(kinds, seat, english) for seat in range(1, 5)]
    assert names == ["Machine 1 (easy)", "Machine 2 (easy)", "Machine (greedy)", "Machine (hard)"]
    german = translations("de").gettext
    assert machine_seat_name(kinds, 2, german) == "Maschine 2 (leicht)"
    assert machine_seat_name(kinds, 3, german) == "Maschine (gierig)"
    assert machine_seat_name(["human", "beginner"], 1, english) == "beginner"  # not a level


def test_the_board_games_page_names_its_machines_so() -> None:
    page = {"seats": [{"kind": "human", "user": "alice"}, {"kind": "ai-easy", "user": None},
                      {"kind": "ai-easy", "user": None}]}  # fmt: skip
    presenter = BoardPresenter("en", translations("en").gettext)
    names = [presenter.seat_name(seat, page["seats"]) for seat in range(3)]
    assert names == ["alice", "Machine 1 (easy)", "Machine 2 (easy)"]
    assert not any("AI," in name for name in names)


@pytest.mark.parametrize(
    ("names", "letters"),
    [
        (["anna", "alba"], ["A1", "A2"]),  # same first and last letters: their seat numbers
        (["Machine 1 (easy)", "Machine 2 (easy)", "bob"], ["M1", "M2", "B"]),  # their digits
        (["Machine (easy)", "Machine (hard)"], ["MY", "MD"]),  # their last letters
        (["alice", "adam", "carl"], ["AE", "AM", "C"]),
    ],
)
def test_owner_markers_letters_are_all_different(names: list[str], letters: list[str]) -> None:
    seats = [Seat(index, name, "red") for index, name in enumerate(names)]
    found = owner_letters(seats)
    assert [found[seat] for seat in range(len(names))] == letters
    assert len(set(found.values())) == len(names)


@pytest.fixture
def visitor(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", budget_ms=5, worker=False)
    with TestClient(
        app, headers={"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"}
    ) as browser:
        yield browser


def _session_labels(page: str) -> list[str]:
    return re.findall(r"<td>([^<]*) <strong>\(this session\)</strong></td>", page)


def test_a_guest_who_signs_up_no_longer_reads_guest_in_the_sessions(visitor: TestClient) -> None:
    visitor.post("/guest", data={"csrf": anonymous_csrf(visitor)}, follow_redirects=False)
    assert _session_labels(visitor.get("/account").text) == ["guest"]
    form = {"csrf": visitor.cookies["carson_csrf"], "username": "Zoe", "password": "long-enough"}
    claimed = visitor.post("/account/claim", data=form, follow_redirects=False)
    assert claimed.headers["location"] == "/account?done=claimed"
    page = visitor.get("/account?done=claimed").text
    labels = _session_labels(page)
    assert labels and labels != ["guest"], labels
    assert 'class="who" href="/account" title="Your account">Zoe<' in page
