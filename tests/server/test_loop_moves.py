"""Plain moves played on the event loop (:mod:`carson.server.play.loop_moves`): the common move is
written there, every other case by a request thread (applied on the loop when it could be),
and all answer alike; the loop
never waits — for a lock, the write turn, another process's write or a connection
(:mod:`carson.server.play.loop_writes`,
:mod:`carson.server.play.storage.loop_connections`)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from api_helpers import account
from fastapi import FastAPI
from fastapi.testclient import TestClient
from postgres import new_database
from sqlalchemy import create_engine, func, insert, select, text, update
from sqlalchemy.orm import Session

from carson.app import create_app
from carson.server.kernel.db import GameSeat, Job, Move
from carson.server.kernel.limits import Limits
from carson.server.listening import every_listener
from carson.server.play import loop_writes
from carson.server.play.games import GameService
from carson.server.play.loop_moves import LoopMoves
from carson.server.play.machines import MACHINE_MOVE
from carson.server.play.storage import loop_connections
from carson.server.play.storage.loop_connections import LoopConnections
from carson.server.play.store import GameStore

VIRTUAL_SEATS = ["human", "expert", "expert", "expert"]  # no machine job: moves go alone
MACHINE_SEATS = ["human", "greedy", "greedy", "greedy"]
_databases = itertools.count()


@pytest.fixture
def url(db_url: str) -> str:
    """SQLite, and PostgreSQL when it is installed."""
    return db_url


@pytest.fixture
def pg_url(postgres_server: str | None) -> str:
    if postgres_server is None:
        pytest.skip("PostgreSQL is not installed (make test installs Debian's postgresql)")
    return new_database(postgres_server, f"loop_{next(_databases)}")


class Played:
    """Counts the moves the loop wrote alone (``on_loop``), those it checked and applied,
    then handed to a thread to write (``handed``), and those a thread read, checked and
    applied itself (``to_thread``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on_loop = 0
        self.handed = 0
        self.to_thread = 0
        play, write_checked = LoopMoves.play, GameService.write_checked

        async def counted(moves: LoopMoves, *args: Any) -> Any:
            handed = self.handed
            view = await play(moves, *args)
            if view is None:
                self.to_thread += 1
            elif self.handed == handed:
                self.on_loop += 1
            return view

        def handed(service: GameService, moved: Any) -> Any:
            self.handed += 1
            return write_checked(service, moved)

        monkeypatch.setattr(LoopMoves, "play", counted)
        monkeypatch.setattr(GameService, "write_checked", handed)


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> Played:
    return Played(monkeypatch)


def serve(url: str, **options: Any) -> TestClient:
    return TestClient(create_app(url, budget_ms=5, worker=False, **options))


def new_game(client: TestClient, headers: dict[str, str], seats: list[str]) -> dict[str, Any]:
    made = client.post("/api/games", json={"seats": seats, "seed": 7}, headers=headers)
    assert made.status_code == 201, made.text
    view: dict[str, Any] = made.json()
    return view


def send(
    client: TestClient, headers: dict[str, str], view: dict[str, Any], seq: int | None = None
) -> Any:
    body = {"seq": view["seq"] if seq is None else seq, "action": view["legal_actions"][0]}
    return client.post(f"/api/games/{view['id']}/actions", json=body, headers=headers)


@contextmanager
def one_move_in(url: str) -> Iterator[tuple[TestClient, dict[str, str], dict[str, Any]]]:
    """A server on ``url``, a player, and her game against virtual seats one move in (its
    table and state cached): the client, her headers, her view."""
    with serve(url) as client:
        alice = account(client, "alice")
        yield client, alice, send(client, alice, new_game(client, alice, VIRTUAL_SEATS)).json()


def send_meanwhile(
    client: TestClient, headers: dict[str, str], view: dict[str, Any]
) -> Callable[[], Any]:
    """Send the view's first legal move from another thread while something holds the
    game up; check that it is not answered yet while the loop still serves other requests.
    Answers a function that waits for the move's answer (once the caller let go)."""
    answers: list[Any] = []
    sender = threading.Thread(target=lambda: answers.append(send(client, headers, view)))
    sender.start()
    time.sleep(0.3)
    assert not answers  # the move waits, in a request thread
    assert client.get("/healthz").status_code == 200  # the event loop does not

    def answered() -> Any:
        sender.join(30)
        return answers[0]

    return answered


def stored_seqs(url: str, game: str) -> list[int]:
    engine = create_engine(url)
    with Session(engine) as session:
        seqs = list(
            session.scalars(select(Move.seq).where(Move.game_id == game).order_by(Move.seq))
        )
    engine.dispose()
    return seqs


def stored_move(url: str, game: str, seq: int) -> tuple[Any, ...]:
    """A move's row as SQLAlchemy reads it: its seat, action, events and date."""
    engine = create_engine(url)
    with Session(engine) as session:
        move = session.scalars(select(Move).where(Move.game_id == game, Move.seq == seq)).one()
        stored = (move.seat, move.action, move.events, move.created_at)
    engine.dispose()
    return stored


def test_a_plain_move_is_played_on_the_loop_and_answers_as_a_thread(
    url: str, played: Played
) -> None:
    with serve(url) as client:
        alice = account(client, "alice")
        views = [new_game(client, alice, VIRTUAL_SEATS) for _ in range(2)]  # the same deal
        app: FastAPI = client.app  # type: ignore[assignment]
        on_loop = app.state.moves.loop
        answers = []
        for view, loop in zip(views, (on_loop, None), strict=True):
            app.state.moves.loop = loop  # the second: a request thread
            answers.append(send(client, alice, view).json())
        app.state.moves.loop = on_loop
        assert played.on_loop == 1 and played.to_thread == 0
        assert {**answers[0], "id": None} == {**answers[1], "id": None}
        game = views[0]["id"]
        assert stored_seqs(url, game) == [views[0]["seq"] + 1]  # stored, once
        # Stored as a thread stores it (on PostgreSQL its values are sent as libpq's text).
        loop_row, thread_row = (stored_move(url, view["id"], view["seq"] + 1) for view in views)
        assert loop_row[:3] == thread_row[:3]
        assert abs((loop_row[3] - thread_row[3]).total_seconds()) < 60
        again = client.get(f"/api/games/{game}", headers=alice).json()
        assert again == answers[0]
        for _ in range(3):  # and the game goes on there
            again = send(client, alice, again).json()
        assert played.on_loop == 4


def test_a_move_after_which_a_machine_acts_is_written_by_a_thread_with_its_job(
    url: str, played: Played
) -> None:
    def machine_jobs() -> int:
        engine = create_engine(url)
        with Session(engine) as session:
            count = session.scalar(select(func.count()).where(Job.kind == MACHINE_MOVE.name))
        engine.dispose()
        return int(count or 0)

    with serve(url) as client:
        alice = account(client, "alice")
        view = new_game(client, alice, MACHINE_SEATS)
        before = machine_jobs()
        answer = send(client, alice, view)
        assert answer.status_code == 200, answer.text
        # checked and applied on the loop, written by a thread: never applied twice
        assert (played.on_loop, played.handed, played.to_thread) == (0, 1, 0)
        assert machine_jobs() == before + 1  # the machine's move, queued with the person's


def test_a_move_another_process_wrote_first_is_refused_409_and_the_game_read_again(
    url: str, played: Played
) -> None:
    with one_move_in(url) as (client, alice, view):
        rival = create_engine(url)
        with rival.begin() as connection:  # written without a notice: this process's cache
            connection.execute(  # still stands at the move's seq
                insert(Move).values(
                    game_id=view["id"],
                    seq=view["seq"] + 1,
                    seat=0,
                    action={"type": "raced"},
                    events=[],
                    created_at=datetime.now(UTC),
                )
            )
        rival.dispose()
        before = (played.on_loop, played.handed, played.to_thread)
        answer = send(client, alice, view)
        assert answer.status_code == 409 and answer.json()["code"] == "stale_seq"
        if url.startswith("postgresql"):  # refused by the loop's own statement
            assert (played.on_loop, played.handed, played.to_thread) == before
        else:  # SQLite: the loop's insert failed, the thread's was refused the same way
            assert (played.on_loop, played.handed, played.to_thread) == (
                before[0], before[1] + 1, before[2])  # fmt: skip
        assert stored_seqs(url, view["id"])[-1] == view["seq"] + 1  # the rival's, alone


def test_a_game_locked_by_a_thread_sends_the_move_to_a_thread_that_waits_for_it(
    url: str, played: Played
) -> None:
    with one_move_in(url) as (client, alice, view):
        store = client.app.state.games.store  # type: ignore[attr-defined]
        with store.lock(view["id"]):  # a machine's move, say, being written
            answered = send_meanwhile(client, alice, view)  # the thread waits; the loop not
        assert answered().status_code == 200, answered().text
        assert played.to_thread == 1
        assert stored_seqs(url, view["id"])[-1] == view["seq"] + 1


def test_sqlite_s_lock_held_by_another_process_never_blocks_the_loop(
    tmp_path: Path, played: Played
) -> None:
    """The loop's write does not wait on SQLite's busy timeout: the move goes to a thread,
    which waits for the other process's write to end, while the loop serves others."""
    database = tmp_path / "carson.db"
    with one_move_in(f"sqlite:///{database}") as (client, alice, view):
        other = sqlite3.connect(database, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process's write (a worker's, say)
        answered = send_meanwhile(client, alice, view)
        assert played.handed == 1  # applied on the loop, written by a thread that waits
        other.execute("ROLLBACK")
        other.close()
        assert answered().status_code == 200, answered().text
        assert stored_seqs(f"sqlite:///{database}", view["id"])[-1] == view["seq"] + 1


def test_sqlite_s_loop_writes_on_one_connection_of_its_own_that_never_waits(
    tmp_path: Path, played: Played
) -> None:
    """One connection, made by the pool at the first move (WAL, NORMAL syncs, foreign keys),
    then detached from it and kept, with a busy timeout of 0; closed at the stop."""
    url = f"sqlite:///{tmp_path / 'carson.db'}"
    with one_move_in(url) as (client, alice, view):
        writes = client.app.state.moves.loop.writes  # type: ignore[attr-defined]
        assert isinstance(writes, loop_writes.SqliteWrites)
        connection = writes._connection
        assert connection is not None
        pool = client.app.state.games.store.engine.pool  # type: ignore[attr-defined]
        checked_out = pool.checkedout()
        for _ in range(3):
            view = send(client, alice, view).json()
        assert played.on_loop == 4 and writes._connection is connection
        assert pool.checkedout() == checked_out
        assert not writes.turn._holders  # detached: no thread holds it for the write turn
        settings = [
            connection.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
        ]
        assert settings == ["wal", 1, 1, 0]
    with pytest.raises(sqlite3.ProgrammingError):  # closed when the server stopped
        connection.execute("SELECT 1")


def test_sqlite_s_loop_connection_left_in_a_transaction_is_closed_and_replaced(
    tmp_path: Path, played: Played, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure that leaves the loop's transaction open (its rollback failed): the move
    goes to a thread, that connection is never used again, the next move opens another."""
    url = f"sqlite:///{tmp_path / 'carson.db'}"

    def failing(connection: sqlite3.Connection, row: dict[str, Any], asked: list[int]) -> bool:
        connection.execute("INSERT INTO moves (game_id, seq, seat, action, events, created_at)"
                           " VALUES ('nowhere', 1, 0, '{}', '[]', '2026-01-01')")  # fmt: skip
        raise sqlite3.OperationalError("disk I/O error")

    with one_move_in(url) as (client, alice, view):
        writes = client.app.state.moves.loop.writes  # type: ignore[attr-defined]
        first = writes._connection
        monkeypatch.setattr(loop_writes, "written_sqlite", failing)
        view = send(client, alice, view).json()  # answered by a thread, which wrote it
        assert (played.on_loop, played.handed) == (1, 1)
        assert writes._connection is None
        with pytest.raises(sqlite3.ProgrammingError):  # closed
            first.execute("SELECT 1")
        monkeypatch.undo()
        again = Played(monkeypatch)  # the undo took the count away too
        view = send(client, alice, view).json()
        assert again.on_loop == 1
        assert writes._connection is not None and writes._connection is not first
        assert stored_seqs(url, view["id"])[-2:] == [view["seq"] - 1, view["seq"]]


def test_refusals_go_to_a_thread_and_the_rate_counts_each_move_once(
    url: str, played: Played
) -> None:
    with serve(url, limits=Limits(moves_per_user="5/minute")) as client:
        alice = account(client, "alice")
        view = new_game(client, alice, VIRTUAL_SEATS)
        statuses = [send(client, alice, view, seq=view["seq"] + 5).status_code for _ in range(7)]
        assert statuses == [409] * 5 + [429] * 2
        assert played.to_thread == 5  # the loop found the seq stale: the thread answered


def test_a_person_who_left_in_another_process_is_asked_of_by_the_loop_s_insert(
    url: str, played: Played
) -> None:
    """The table cached here does not know of the leave: the loop's statement writes
    nothing, and the thread writes the move in a transaction with the machine's job."""
    with one_move_in(url) as (client, alice, view):
        engine = create_engine(url)
        with engine.begin() as connection:
            connection.execute(update(GameSeat).where(GameSeat.game_id == view["id"])
                               .values(left="resigned"))  # fmt: skip
        answer = send(client, alice, view)
        assert answer.status_code == 200, answer.text
        assert (played.on_loop, played.handed, played.to_thread) == (1, 1, 0)
        with Session(engine) as session:
            machine_moves = select(func.count()).where(Job.kind == MACHINE_MOVE.name)
            assert session.scalar(machine_moves) == 1  # the left seat's machine
        engine.dispose()
        assert stored_seqs(url, view["id"])[-1] == view["seq"] + 1


def test_the_loop_s_connections_are_closed_when_the_server_stops(pg_url: str) -> None:
    def connections() -> int:
        engine = create_engine(pg_url)
        with engine.connect() as connection:
            count = connection.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND pid <> pg_backend_pid()"
                )
            ).scalar_one()
        engine.dispose()
        return int(count)

    with serve(pg_url) as client:
        alice = account(client, "alice")
        send(client, alice, new_game(client, alice, VIRTUAL_SEATS))
        assert connections() >= 2  # the pool's, the loop's (and the listener's)
    deadline = time.monotonic() + 5
    while connections():
        assert time.monotonic() < deadline, "connections left open after the server stopped"
        time.sleep(0.1)


# ---------------------------------------------------------------------------- the pool


@pytest.fixture
def pool(pg_url: str) -> Iterator[LoopConnections]:
    engine = create_engine(pg_url)
    yield LoopConnections(engine, size=1)
    engine.dispose()


def test_the_pool_opens_no_more_than_its_size_and_waits_a_while_for_one_to_come_back(
    pool: LoopConnections, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(loop_connections, "WAIT_SECONDS", 0.2)

    async def scenario() -> None:
        first = await pool.take()
        assert first is not None
        started = time.monotonic()
        assert await pool.take() is None  # none came back in time: the move goes to a thread
        assert time.monotonic() - started >= 0.2
        started = time.monotonic()
        assert await pool.take(wait=False) is None  # a look waits for none: to a thread
        assert time.monotonic() - started < 0.1
        waiting = asyncio.ensure_future(pool.take())
        await asyncio.sleep(0.05)
        pool.give_back(first)
        again = await waiting
        assert again is first  # the same connection, not a second one
        pool.give_back(again)
        await pool.close()
        assert first.connection.closed and await pool.take() is None

    asyncio.run(scenario())


def test_connections_opened_before_sqlalchemy_s_pool_dropped_one_are_not_given_again(
    pool: LoopConnections,
) -> None:
    async def scenario() -> None:
        first = await pool.take()
        assert first is not None
        pool.give_back(first)
        with pool.engine.connect() as connection:  # SQLAlchemy meets a lost connection
            connection.invalidate()
        second = await pool.take()
        assert second is not None and second is not first and first.connection.closed
        pool.give_back(second)
        await pool.close()

    asyncio.run(scenario())


def test_a_database_out_of_reach_is_tried_once_a_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none")
    pool = LoopConnections(engine)
    now = [100.0]
    monkeypatch.setattr(loop_connections.time, "monotonic", lambda: now[0])
    tried = []
    connect = loop_connections.psycopg_connect

    async def counted(conninfo: str) -> Any:
        tried.append(now[0])
        return await connect(conninfo)

    monkeypatch.setattr(loop_connections, "psycopg_connect", counted)

    async def scenario() -> list[bool]:
        refused = []
        for moment in (100.0, 100.5, 101.5):
            now[0] = moment
            refused.append(await pool.take() is None)
        return refused

    assert asyncio.run(scenario()) == [True, True, True]
    assert tried == [100.0, 101.5]  # not within the second after the failure
    engine.dispose()


def test_a_connection_s_socket_is_watched_from_its_first_statement_until_it_closes(
    pool: LoopConnections,
) -> None:
    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        pooled = await pool.take()
        assert pooled is not None
        socket = pooled.connection.pgconn.socket
        statements = pooled.statements
        await statements.prepare(b"one", b"SELECT $1::int + 1")
        for number in (1, 2):  # the watch stays between statements: no second one added
            result = await statements.run_prepared(b"one", [str(number).encode()])
            assert result.get_value(0, 0) == str(number + 1).encode()
        pool.give_back(pooled)
        await pool.close()  # closed: the loop no longer watches the socket
        assert pooled.connection.closed and not loop.remove_reader(socket)

    asyncio.run(scenario())


def test_an_idle_connection_the_database_ends_is_let_go_and_not_given_again(
    pool: LoopConnections,
) -> None:
    """Watched while idle, a connection the server ends is read at once (no busy loop on
    its closed socket), both pools are renewed, and the next move gets a new one."""

    async def scenario() -> None:
        pooled = await pool.take()
        assert pooled is not None
        await pooled.statements.prepare(b"one", b"SELECT 1")
        pool.give_back(pooled)
        with pool.engine.connect() as other:
            pid = pooled.connection.pgconn.backend_pid
            other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        sqlalchemy_pool = pool.engine.pool
        started = time.process_time()
        await asyncio.sleep(0.5)
        assert time.process_time() - started < 0.25  # the loop did not spin on the socket
        assert pooled.statements._loop is None and pooled.connection.closed
        assert pool.engine.pool is not sqlalchemy_pool  # a restart: SQLAlchemy's renewed too
        again = await pool.take()
        assert again is not None and again is not pooled
        await again.statements.prepare(b"two", b"SELECT 2")
        assert (await again.statements.run_prepared(b"two", [])).get_value(0, 0) == b"2"
        pool.give_back(again)
        await pool.close()

    asyncio.run(scenario())


def test_a_taker_cancelled_while_waiting_leaves_no_slot_taken(pool: LoopConnections) -> None:
    async def scenario() -> None:
        first = await pool.take()
        assert first is not None
        waiting = asyncio.ensure_future(pool.take())
        await asyncio.sleep(0.05)
        waiting.cancel()  # the request went away while it waited
        with contextlib.suppress(asyncio.CancelledError):
            await waiting
        pool.give_back(first)
        assert await pool.take() is first  # its one slot is free again
        pool.give_back(first)
        await pool.close()

    asyncio.run(scenario())


def test_a_move_cancelled_mid_statement_closes_its_connection_and_frees_its_slot(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A statement cancelled midway (the server stops) leaves its connection busy: it is
    closed, never given out again, and the pool's one slot is free for the next move."""
    sleeping = "SELECT pg_sleep(5), " + ", ".join(f"${number}::text" for number in range(1, 10))
    monkeypatch.setattr(loop_writes, "INSERT_UNLESS_LEFT_PREPARED", sleeping.encode())
    store = GameStore(create_engine(pg_url), every_listener())
    writes = loop_writes.PostgresWrites(store)
    writes.connections = LoopConnections(store.engine, size=1)
    row = {"game_id": "g", "seq": 1, "seat": 0, "action": {}, "events": []}
    move: Any = SimpleNamespace(table=SimpleNamespace(id="g"), row=row, asked=[])

    taken: list[Any] = []
    take = writes.connections.take

    async def recorded() -> Any:
        taken.append(await take())
        return taken[-1]

    async def scenario() -> None:
        monkeypatch.setattr(writes.connections, "take", recorded)
        writing = asyncio.ensure_future(writes.write(move))
        await asyncio.sleep(0.3)  # the statement is at the database
        writing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await writing
        [cancelled] = taken
        assert cancelled.connection.closed and not writes.connections._idle  # not kept
        started = time.monotonic()
        pooled = await take()
        assert pooled is not None and time.monotonic() - started < 0.5  # not waited for
        assert pooled is not cancelled
        assert await (await pooled.connection.execute("SELECT 1")).fetchone() == (1,)
        writes.connections.give_back(pooled)
        await writes.close()

    asyncio.run(scenario())
    store.engine.dispose()


@pytest.fixture
def looked(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each look at a game was answered from memory on the loop."""
    answers: list[bool] = []
    look = LoopMoves.look

    async def counted(moves: LoopMoves, *args: Any) -> Any:
        view = await look(moves, *args)
        answers.append(view is not None)
        return view

    monkeypatch.setattr(LoopMoves, "look", counted)
    return answers


def test_a_look_is_answered_from_memory_as_a_thread_answers_it(
    url: str, looked: list[bool]
) -> None:
    with one_move_in(url) as (client, alice, view):
        service = client.app.state.games  # type: ignore[attr-defined]
        seen = client.get(f"/api/games/{view['id']}", headers=alice)
        spectator = client.get(f"/api/games/{view['id']}")
        assert looked == [True, True]
        assert seen.json() == view and spectator.json()["seat"] is None
        user = service.user_for_token(alice["Authorization"].removeprefix("Bearer "))
        assert seen.json() == service.view(user, view["id"], True)  # a thread's read


def test_a_look_after_another_process_s_move_reads_it(url: str, looked: list[bool]) -> None:
    """The database is asked whether it holds a newer move (one whose notice has not come
    yet, or that came with none): then the look reads the game in a thread."""
    with one_move_in(url) as (client, alice, view):
        rival = create_engine(url)
        with rival.begin() as connection:
            connection.execute(
                insert(Move).values(
                    game_id=view["id"],
                    seq=view["seq"] + 1,
                    seat=0,
                    action=view["legal_actions"][0],
                    events=[],
                    created_at=datetime.now(UTC),
                )
            )
        rival.dispose()
        seen = client.get(f"/api/games/{view['id']}", headers=alice)
        assert seen.status_code == 200 and seen.json()["seq"] == view["seq"] + 1
        assert looked == [False]
