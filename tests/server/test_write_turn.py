"""SQLite's write turn (carson.server.kernel.write_turn): taken before a transaction's first
write, never after it; taking it late is refused at once instead of stalling 30 seconds
(a board construction's reveal did so once: CI saw a move time out)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Connection, Engine, text

from carson.server.kernel.db import make_engine
from carson.server.kernel.write_turn import TurnTakenLate, WriteTurn


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = make_engine(f"sqlite:///{tmp_path / 'turns.db'}")
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"))
    yield engine
    engine.dispose()


@pytest.fixture
def turn(engine: Engine) -> WriteTurn:
    turn = WriteTurn()
    turn.watch(engine)
    return turn


def note(connection: Connection, body: str) -> None:
    connection.execute(text("INSERT INTO notes (body) VALUES (:body)"), {"body": body})


def count(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.execute(text("SELECT count(*) FROM notes")).scalar_one())


def test_writes_in_the_turn_are_kept(engine: Engine, turn: WriteTurn) -> None:
    for body in ("one", "two"):
        with turn, engine.begin() as connection:
            assert turn.held()
            note(connection, body)
    assert not turn.held()
    assert count(engine) == 2


def test_the_turn_taken_after_a_write_is_refused_at_once(engine: Engine, turn: WriteTurn) -> None:
    with engine.connect() as connection:
        note(connection, "early")
        with pytest.raises(TurnTakenLate), turn:
            pytest.fail("the turn was given")
        connection.rollback()
    # Nothing is held: the turn and the database go on for everyone.
    with turn, engine.begin() as connection:
        note(connection, "later")
    assert count(engine) == 1


def test_a_write_ended_before_the_turn_is_fine(engine: Engine, turn: WriteTurn) -> None:
    with engine.begin() as connection:  # an account's write: no turn, committed at once
        note(connection, "committed")
    with engine.connect() as connection:
        note(connection, "rolled back")
        connection.rollback()
    with turn, engine.begin() as connection:
        note(connection, "in turn")
    assert count(engine) == 2


def test_each_thread_answers_for_its_own_writes(engine: Engine, turn: WriteTurn) -> None:
    """Another thread's open write does not stop this one from taking the turn."""
    wrote, done = threading.Event(), threading.Event()

    def other() -> None:
        with engine.connect() as connection:
            note(connection, "other")
            wrote.set()
            done.wait(5)
            connection.commit()

    thread = threading.Thread(target=other)
    thread.start()
    assert wrote.wait(5)
    with turn:
        assert turn.held()
    done.set()
    thread.join(5)
    assert count(engine) == 1


def test_the_turn_taken_now_or_not_at_all(engine: Engine, turn: WriteTurn) -> None:
    """The event loop's way (:mod:`carson.server.play.loop_writes`): never waits, never
    taken
    after a write of its own, and a thread waiting for the turn gets it once given back."""
    assert turn.take_now() and turn.held()
    assert not turn.take_now()  # taken: at once, no wait (the turn is not reentrant)
    waited: list[bool] = []
    waiting = threading.Thread(target=lambda: waited.append(turn.__enter__().held()))
    waiting.start()
    waiting.join(0.2)
    assert waiting.is_alive()  # the thread waits for the turn
    turn.give_back()
    waiting.join(5)
    assert waited == [True]
    turn.__exit__(None, None, None)
    with engine.connect() as connection:
        note(connection, "early")
        assert not turn.take_now()  # after a write: refused, not taken
        connection.rollback()
    assert turn.take_now()
    turn.give_back()
