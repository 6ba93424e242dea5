"""A correspondence player is told a day before their time runs out, unless they moved; a
live game's players are never warned (they sit at the table)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_clocks import Table

pytestmark = pytest.mark.usefixtures("toy_game")

DAY = 86_400


@pytest.fixture
def table(db_url: str) -> Iterator[Table]:
    yield Table(db_url)


def warned(table: Table, who: dict[str, str]) -> list[dict[str, object]]:
    listed = table.client.get("/api/notifications", headers=who).json()["notifications"]
    return [item for item in listed if item["kind"] == "timeout_soon"]


def test_the_player_still_asked_is_warned_a_day_before_the_deadline(table: Table) -> None:
    table.create(["human", "human"], time_control="2d")
    deadline = table.view(table.bob)["clock"]["deadlines"][1]
    table.clock.advance(DAY - 60)
    assert table.stake(table.alice).status_code == 200  # alice moved in time
    table.run_jobs()
    assert warned(table, table.bob) == []  # not yet: a day before is a minute away
    table.clock.advance(61)
    table.run_jobs()
    assert warned(table, table.alice) == []
    (warning,) = warned(table, table.bob)
    assert warning["game"] == table.game and warning["payload"]["seat"] == 1  # type: ignore[index]
    assert warning["payload"]["deadline"].startswith("2030-01-03T12:00")  # type: ignore[index]
    assert deadline == table.clock.now.timestamp() + DAY - 1
    table.run_jobs()
    assert len(warned(table, table.bob)) == 1  # once


def test_a_one_day_move_is_warned_half_a_day_before(table: Table) -> None:
    table.create(["human", "human"], time_control="1d")
    table.clock.advance(DAY / 2 + 1)
    table.run_jobs()
    assert len(warned(table, table.alice)) == len(warned(table, table.bob)) == 1


def test_live_games_warn_nobody(table: Table) -> None:
    table.create(["human", "human"], time_control="1+0")
    table.clock.advance(59)
    table.run_jobs()
    assert warned(table, table.alice) == warned(table, table.bob) == []
