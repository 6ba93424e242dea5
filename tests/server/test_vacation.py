"""Vacations through the API, with the server's clock moved by the test: a person's
correspondence clocks stand still while they are away and no timeout fires, the deadline
moves on by the paused time, opponents see until when, live games go on, the yearly allowance
holds, and coming back early returns the days not begun and brings the deadline back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_clocks import Table

from carson.server.vacation.service import ALLOWANCE_DAYS

pytestmark = pytest.mark.usefixtures("toy_game")

DAY = 86_400


@pytest.fixture
def table(db_url: str) -> Iterator[Table]:
    yield Table(db_url)


def vacation(table: Table, who: dict[str, str], days: int, start: str | None = None) -> Any:
    body: dict[str, Any] = {"days": days} if start is None else {"days": days, "start": start}
    return table.client.post("/api/me/vacation", json=body, headers=who)


def mine(table: Table, who: dict[str, str]) -> dict[str, Any]:
    answer = table.client.get("/api/me/vacation", headers=who)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def bob_asked(table: Table, control: str = "2d") -> float:
    """A game where alice moved at once and bob is asked; when it started."""
    table.create(["human", "human"], time_control=control, on_timeout="move")
    assert table.stake(table.alice).status_code == 200
    return table.clock.now.timestamp()


def test_the_clock_stands_still_on_vacation_and_no_timeout_fires_until_after(
    table: Table,
) -> None:
    start = bob_asked(table)
    assert vacation(table, table.bob, 5).status_code == 201
    table.clock.advance(3 * DAY)  # past bob's own two days
    table.run_jobs()
    assert table.moves() == [(1, 0)]  # no timeout: bob is away
    waiting = [job for job in table.service.jobs.listing() if job.kind == "timeout"]
    assert [(job.key, job.run_at.timestamp()) for job in waiting] == [
        (f"timeout:{table.game}:1:1@{int(start + 7 * DAY)}", start + 7 * DAY)
    ]  # the timeout queued itself again for the moved deadline, once
    view = table.view(table.alice)
    clock = view["clock"]
    assert clock["left"][1] == 2 * DAY and clock["running"] == [False, False]
    assert clock["paused_until"] == [None, start + 5 * DAY]
    assert clock["deadlines"][1] == start + 7 * DAY  # moved on by the five days
    assert view["seats"][1]["vacation_until"] == start + 5 * DAY  # what alice sees
    assert "vacation_until" not in view["seats"][0]
    (listed,) = table.client.get("/api/games", headers=table.bob).json()
    assert listed["time_left"] == 2 * DAY  # bob's list of games says the same
    table.clock.advance(4 * DAY - 1)  # a second before the moved deadline
    table.run_jobs()
    assert table.moves() == [(1, 0)]
    clock = table.view(table.alice)["clock"]
    assert clock["left"][1] == 1 and clock["running"][1] and clock["paused_until"] == [None, None]
    table.clock.advance(2)
    table.run_jobs()
    assert table.moves() == [(1, 0), (2, 1)]  # the machine moved for bob, once
    assert not [job for job in table.service.jobs.listing() if job.state == "failed"]


def test_a_planned_vacation_moves_the_deadline_by_the_part_before_it(table: Table) -> None:
    start = bob_asked(table)  # 2030-01-01 12:00 UTC
    assert vacation(table, table.bob, 2, start="2030-01-02").status_code == 201
    deadline = table.view(table.alice)["clock"]["deadlines"][1]
    assert deadline == start + 4 * DAY  # half a day, two days away, a day and a half
    assert mine(table, table.bob)["vacation"]["current"] is False
    table.clock.advance(2 * DAY)
    table.run_jobs()
    assert table.moves() == [(1, 0)]
    table.clock.advance(2 * DAY)
    table.run_jobs()
    assert table.moves() == [(1, 0), (2, 1)]


def test_live_games_go_on_during_a_vacation(table: Table) -> None:
    bob_asked(table, control="1+0")
    assert vacation(table, table.bob, 3).status_code == 201
    view = table.view(table.alice)
    assert view["clock"]["paused_until"] == [None, None]
    assert "vacation_until" not in view["seats"][1]
    table.clock.advance(61)
    table.run_jobs()
    assert table.moves()[:2] == [(1, 0), (2, 1)]  # bob's time ran out as ever


def test_coming_back_early_returns_the_days_and_brings_the_deadline_back(table: Table) -> None:
    start = bob_asked(table)
    assert vacation(table, table.bob, 10).json()["used"] == 10
    table.clock.advance(2.5 * DAY)
    table.run_jobs()  # the first timeout came, found bob away and waits for day 12 now
    assert table.moves() == [(1, 0)]
    ended = table.client.delete("/api/me/vacation", headers=table.bob)
    assert ended.status_code == 200, ended.text
    assert ended.json() | {"year": 0} == {
        "year": 0,
        "allowance": ALLOWANCE_DAYS,
        "used": 3,
        "left": ALLOWANCE_DAYS - 3,
        "vacation": None,
    }  # two and a half days begun count three
    view = table.view(table.alice)
    assert view["clock"]["deadlines"][1] == start + 4.5 * DAY
    assert view["clock"]["running"][1] and "vacation_until" not in view["seats"][1]
    table.clock.advance(2 * DAY + 1)
    table.run_jobs()
    assert table.moves() == [(1, 0), (2, 1)]  # at the deadline brought back, not day 12
    again = table.client.delete("/api/me/vacation", headers=table.bob)
    assert again.status_code == 404 and again.json()["code"] == "no_vacation"


def test_a_planned_vacation_cancelled_returns_every_day(table: Table) -> None:
    planned = vacation(table, table.bob, 7, start="2030-01-10")
    assert planned.status_code == 201
    assert planned.json()["used"] == 7 and planned.json()["vacation"]["starts_at"].startswith(
        "2030-01-10T00:00"
    )
    assert table.client.delete("/api/me/vacation", headers=table.bob).json()["used"] == 0


def test_the_yearly_allowance_holds(table: Table) -> None:
    assert vacation(table, table.bob, ALLOWANCE_DAYS + 1).status_code == 422
    assert vacation(table, table.bob, 0).status_code == 422
    assert vacation(table, table.bob, 20).status_code == 201
    twice = vacation(table, table.bob, 1)
    assert twice.status_code == 409 and twice.json()["code"] == "on_vacation"
    table.clock.advance(20 * DAY)  # back: 10 days left this year
    too_long = vacation(table, table.bob, 11)
    assert too_long.status_code == 422 and too_long.json()["code"] == "vacation_allowance"
    assert vacation(table, table.bob, 10).json()["left"] == 0
    table.clock.advance(10 * DAY)
    refused = vacation(table, table.bob, 1)
    assert refused.status_code == 422 and refused.json()["code"] == "vacation_allowance"
    # Next year's allowance is whole again (a vacation counts for the year it starts in).
    assert mine(table, table.alice)["left"] == ALLOWANCE_DAYS


def test_a_vacation_starts_today_or_within_the_days_ahead(table: Table) -> None:
    for start in ("2029-12-31", "2030-06-01"):
        refused = vacation(table, table.bob, 3, start=start)
        assert refused.status_code == 422 and refused.json()["code"] == "vacation_start"
    assert vacation(table, table.bob, 3, start="2030-01-01").json()["vacation"]["current"]


def test_guests_take_no_vacation(table: Table) -> None:
    guest = table.client.post("/api/guest")
    assert guest.status_code in (200, 201), guest.text
    headers = {"Authorization": f"Bearer {guest.json()['token']}"}
    refused = vacation(table, headers, 3)
    assert refused.status_code == 403 and refused.json()["code"] == "guest"


def test_signed_out_callers_are_refused(table: Table) -> None:
    assert table.client.get("/api/me/vacation").status_code == 401
    assert table.client.post("/api/me/vacation", json={"days": 1}).status_code == 401


def test_the_warning_waits_for_a_day_before_the_moved_deadline(table: Table) -> None:
    start = bob_asked(table)
    assert vacation(table, table.bob, 3).status_code == 201

    def warned() -> list[dict[str, Any]]:
        listed = table.client.get("/api/notifications", headers=table.bob).json()
        return [item for item in listed["notifications"] if item["kind"] == "timeout_soon"]

    table.clock.advance(DAY + 1)  # a day before the old deadline: bob is away
    table.run_jobs()
    assert warned() == []
    table.clock.advance(3 * DAY - 2)  # a second before a day before the new one
    table.run_jobs()
    assert warned() == []
    table.clock.advance(2)
    table.run_jobs()
    (warning,) = warned()
    assert warning["payload"]["deadline"].startswith("2030-01-06T12:00")
    assert start + 5 * DAY == table.view(table.bob)["clock"]["deadlines"][1]
