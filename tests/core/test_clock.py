"""Time controls and clocks (issue 23): pure values; time is an argument, never read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carson.core.clock import DAY, Clocks, TimeControl, TimeControlError, paused_deadline, run_time

LIVE = TimeControl.parse("10+5")
THREE_DAYS = TimeControl.parse("3d")


def test_parse_and_print() -> None:
    assert TimeControl("live", minutes=10, increment=5) == LIVE
    assert str(LIVE) == "10+5" and LIVE.initial == 600.0
    assert TimeControl("correspondence", days=3) == THREE_DAYS
    assert str(THREE_DAYS) == "3d" and THREE_DAYS.initial == 3 * DAY


@pytest.mark.parametrize("text", ["", "10", "0+5", "10+61", "181+0", "4d", "3 d", "1d\n1d", "x"])
def test_parse_refuses_what_is_not_offered(text: str) -> None:
    with pytest.raises(TimeControlError):
        TimeControl.parse(text)


def test_live_clock_charges_the_mover_and_adds_the_increment() -> None:
    clocks = Clocks.start(LIVE, 2, [0], now=1000.0)
    assert clocks.left(0, 1030.0) == 570.0 and clocks.left(1, 1030.0) == 600.0
    clocks = clocks.after_move(0, 1030.0, to_act=[1])
    assert clocks.remaining == (575.0, 600.0)
    assert clocks.running_since == (None, 1030.0)
    assert clocks.deadline(1) == 1630.0 and clocks.deadline(0) is None


def test_simultaneous_step_runs_every_asked_clock_from_when_it_was_asked() -> None:
    clocks = Clocks.start(LIVE, 3, [0, 1, 2], now=0.0)
    clocks = clocks.after_move(1, 10.0, to_act=[0, 2])  # seat 1 bid; 0 and 2 still thinking
    assert clocks.running_since == (0.0, None, 0.0)
    assert clocks.left(0, 40.0) == 560.0 and clocks.left(1, 40.0) == 595.0
    clocks = clocks.after_move(0, 40.0, to_act=[2])
    clocks = clocks.after_move(2, 100.0, to_act=[1])  # the step resolves; seat 1 plays next
    assert clocks.remaining == (565.0, 595.0, 505.0)
    assert clocks.running_since == (None, 100.0, None)


def test_correspondence_gives_a_fresh_allowance_for_each_move() -> None:
    clocks = Clocks.start(THREE_DAYS, 2, [0], now=0.0)
    clocks = clocks.after_move(0, 2 * DAY, to_act=[1])
    clocks = clocks.after_move(1, 2.5 * DAY, to_act=[0])
    assert clocks.deadline(0) == 2.5 * DAY + 3 * DAY


def test_flag_and_next_deadline() -> None:
    clocks = Clocks.start(LIVE, 3, [0, 2], now=0.0)
    assert clocks.next_deadline() == (600.0, 0)
    assert clocks.flagged(599.9) == () and clocks.flagged(600.0) == (0, 2)
    assert clocks.left(0, 10_000.0) == 0.0
    assert clocks.stopped(100.0).next_deadline() is None


def test_a_seat_no_longer_asked_stops_with_its_time_kept() -> None:
    clocks = Clocks.start(LIVE, 2, [0, 1], now=0.0)
    clocks = clocks.after_move(0, 10.0, to_act=[0])  # the step ended without seat 1
    assert clocks.running_since == (10.0, None) and clocks.remaining[1] == 590.0


@given(
    st.lists(st.tuples(st.integers(0, 3), st.floats(0, 5000), st.sets(st.integers(0, 3))),
             max_size=30),
)  # fmt: skip
def test_time_only_goes_down_by_what_ran_and_survives_json(
    moves: list[tuple[int, float, set[int]]],
) -> None:
    now = 0.0
    clocks = Clocks.start(LIVE, 4, [0], now)
    for seat, pause, asked in moves:
        now += pause
        before = sum(clocks.left(s, now) for s in range(4))
        clocks = clocks.after_move(seat, now, asked)
        after = sum(clocks.left(s, now) for s in range(4))
        assert after <= before + LIVE.increment + 1e-6
        assert all(value >= 0 for value in clocks.remaining)
        assert Clocks.from_json(clocks.to_json()) == clocks


def test_a_paused_clock_stands_still_and_its_deadline_moves_on_by_the_pause() -> None:
    clocks = Clocks.start(THREE_DAYS, 2, [0, 1], 0.0).paused({1: [(DAY, 3 * DAY)]})
    assert clocks.deadline(0) == 3 * DAY and clocks.deadline(1) == 5 * DAY
    assert clocks.left(1, 2 * DAY) == 2 * DAY  # a day ran, then the pause
    assert clocks.paused_until(1, 2 * DAY) == 3 * DAY and clocks.paused_until(0, 2 * DAY) is None
    assert clocks.flagged(4 * DAY) == (0,)
    view = clocks.view(2 * DAY)
    assert view["running"] == [True, False] and view["paused_until"] == [None, 3 * DAY]
    moved = clocks.after_move(0, 2 * DAY, [1])
    assert moved.deadline(1) == 5 * DAY  # still asked: the pause stays with the clocks
    assert "pauses" not in clocks.to_json()  # not stored: read with the clocks


def test_pauses_after_the_deadline_or_before_the_start_change_nothing() -> None:
    assert paused_deadline(10.0, 100.0, [(0.0, 10.0), (110.0, 500.0)]) == 110.0
    assert paused_deadline(10.0, 100.0, [(0.0, 20.0)]) == 120.0  # the part after the start
    assert paused_deadline(0.0, 100.0, [(50.0, 60.0), (55.0, 70.0)]) == 120.0  # joined
    assert run_time(0.0, 100.0, [(50.0, 60.0), (90.0, 200.0)]) == 80.0


@given(
    st.floats(0, 1e6), st.floats(0, 1e6),
    st.lists(st.tuples(st.floats(0, 2e6), st.floats(0, 1e6)), max_size=4),
)  # fmt: skip
def test_a_paused_clock_runs_out_exactly_at_its_deadline(
    since: float, remaining: float, spans: list[tuple[float, float]]
) -> None:
    pauses = [(start, start + length) for start, length in spans]
    deadline = paused_deadline(since, remaining, pauses)
    assert deadline >= since + remaining
    assert run_time(since, deadline, pauses) == pytest.approx(remaining, abs=1e-3)
