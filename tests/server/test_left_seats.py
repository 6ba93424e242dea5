"""Whether a person asked to act left meanwhile: the answer that rode on a move's insert
(PostgreSQL) is used for that move's own check only; any other check asks the database."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from carson.core.registry import HUMAN
from carson.server.play import left_seats


@dataclass
class Asked:
    """A fake connection's answer to the question: a row when a seat was left."""

    left: bool

    def first(self) -> tuple[int] | None:
        return (0,) if self.left else None


@dataclass
class FakeSession:
    """What :func:`left_seats.left_among` uses of a session: its ``info``, and a connection
    that counts the questions it is asked."""

    left: bool
    info: dict[str, Any] = field(default_factory=dict)
    asked: int = 0

    def connection(self) -> FakeSession:
        return self

    def execute(self, statement: Any, parameters: dict[str, Any]) -> Asked:
        assert statement is left_seats.LEFT_AMONG
        self.asked += 1
        return Asked(self.left)


@dataclass
class FakeTable:
    id: str = "g1"
    waiting: bool = False
    seat_kinds: tuple[str, ...] = (HUMAN, "ai-easy", HUMAN)

    def over(self, state: Any) -> bool:
        return False


@dataclass
class FakeState:
    actions: list[Any]
    seats_to_act: tuple[int, ...] = (0, 2)


def keep(session: FakeSession, seq: int, seats: tuple[int, ...], left: bool) -> None:
    """What :func:`left_seats.insert_asking_left` keeps after the insert of move ``seq``."""
    session.info[left_seats._ANSWERED] = ("g1", seq, seats, left)


def test_the_insert_s_answer_is_taken_instead_of_asking_and_only_once() -> None:
    for left in (True, False):
        session, state = FakeSession(left=not left), FakeState(actions=[None] * 5)
        keep(session, 5, (0, 2), left)
        assert left_seats.left_among(session, FakeTable(), state) is left  # type: ignore[arg-type]
        assert session.asked == 0
        # Used up: the next check asks the database (which now says the opposite).
        assert left_seats.left_among(session, FakeTable(), state) is (not left)  # type: ignore[arg-type]
        assert session.asked == 1


def test_an_answer_about_another_move_or_other_seats_is_not_taken() -> None:
    for seq, seats in ((4, (0, 2)), (5, (0,))):
        session = FakeSession(left=True)
        keep(session, seq, seats, False)
        state = FakeState(actions=[None] * 5)
        assert left_seats.left_among(session, FakeTable(), state) is True  # type: ignore[arg-type]
        assert session.asked == 1


def test_only_people_asked_now_are_asked_about() -> None:
    table, session = FakeTable(), FakeSession(left=True)
    assert left_seats.people_asked(table, FakeState([], (0, 1, 2))) == [0, 2]  # type: ignore[arg-type]
    assert not left_seats.left_among(session, table, FakeState([], (1,)))  # type: ignore[arg-type]
    assert session.asked == 0  # a machine seat alone: nothing to ask
    waiting = FakeTable(waiting=True)
    assert left_seats.people_asked(waiting, FakeState([], (0, 2))) == []  # type: ignore[arg-type]
