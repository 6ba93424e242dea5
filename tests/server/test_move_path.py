"""The cost of an accepted move (issue 22): the statements it runs, counted so that they
cannot silently grow back, and the cached state it trusts without reading the moves."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import event, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from carson.server.app import create_app
from carson.server.kernel.db import GameSeat, Job, Move
from carson.server.play.machines import MachineMove

BOTS = ["human", "expert", "expert", "expert"]  # the card game's virtual seats: no jobs


@contextmanager
def statements_of(engine: Engine) -> Iterator[list[str]]:
    """Every statement ``engine`` runs meanwhile, as one line each, and a ``COMMIT`` line
    for each transaction committed (a statement in autocommit has none)."""
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(" ".join(statement.split()))

    def committed(_conn: Any) -> None:
        seen.append("COMMIT")

    event.listen(engine, "before_cursor_execute", record)
    event.listen(engine, "commit", committed)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)
        event.remove(engine, "commit", committed)


#: The statements a move may run, by how each begins.
LABELS = {
    "INSERT INTO moves ": "insert the move",
    "WITH inserted AS (INSERT INTO moves ": "insert the move and look at the seats",
    "SELECT game_seats.seat FROM game_seats ": "look at the seats",
    "SELECT pg_notify(": "notify the live streams",
}


def label(statement: str) -> str:
    """What a statement is for (itself, if it is none of :data:`LABELS`)."""
    return next((name for start, name in LABELS.items() if statement.startswith(start)), statement)


def one_move(db_url: str) -> list[str]:
    """What SQLAlchemy sends for a person's move in a started, cached game that writes
    nothing else: nothing, on either database — the insert (and on SQLite the look at the
    seats) goes to the driver alone (:mod:`carson.server.play.storage.alone_moves`)."""
    return []


def first_move(view: dict[str, Any]) -> dict[str, Any]:
    return {"seq": view["seq"], "action": view["legal_actions"][0]}


@contextmanager
def moved_in_another_process(
    db_url: str,
) -> Iterator[tuple[TestClient, dict[str, str], str, dict[str, Any], dict[str, Any]]]:
    """Two processes (applications) on one database: ``first`` caches a game of alice's,
    then ``second`` stores her next move. Yields ``first``, alice's credentials, the game's
    actions URL, the view ``first`` cached and the view after the move."""
    with (
        TestClient(create_app(db_url, worker=False)) as first,
        TestClient(create_app(db_url, worker=False)) as second,
    ):
        alice = account(first, "alice")
        game = first.post("/api/games", json={"seats": BOTS}, headers=alice).json()["id"]
        url = f"/api/games/{game}/actions"
        old = first.get(f"/api/games/{game}", headers=alice).json()  # cached by ``first``
        moved = second.post(url, json=first_move(old), headers=alice)
        assert moved.status_code == 200, moved.text
        yield first, alice, url, old, moved.json()


def test_an_accepted_move_is_its_insert_and_one_look_at_the_seats(db_url: str) -> None:
    """A person's move in a started game whose state and table this process holds: no
    replay, no read of the game's moves or row, no PRAGMA, no token lookup — the insert
    (whose (game, seq) key refuses a stale move, and which on PostgreSQL carries the NOTIFY
    of the live streams), and whether the next person asked left the game meanwhile (in
    another process): sent past SQLAlchemy, on PostgreSQL as one statement."""
    app = create_app(db_url, worker=False)
    with TestClient(app) as client:
        alice = account(client, "alice")
        game = client.post("/api/games", json={"seats": BOTS}, headers=alice).json()["id"]
        view = client.get(f"/api/games/{game}", headers=alice).json()
        for _ in range(3):  # each of several moves in a row costs the same
            with statements_of(app.state.engine) as seen:
                answer = client.post(
                    f"/api/games/{game}/actions", json=first_move(view), headers=alice
                )
            assert answer.status_code == 200, answer.text
            view = answer.json()
            assert sorted(label(statement) for statement in seen) == one_move(db_url), seen
        with Session(app.state.engine) as session:  # every move written, once
            seqs = session.scalars(select(Move.seq).where(Move.game_id == game)).all()
        assert sorted(seqs) == list(range(1, view["seq"] + 1))


def test_a_cached_state_behind_another_process_answers_as_of_the_database(db_url: str) -> None:
    """Another process moved the game on since this one cached it: a move sent at the old
    seq is refused as stale (409) whether or not the old state would have taken it, and
    nothing is written; a move at the new seq is accepted."""
    with moved_in_another_process(db_url) as (first, alice, url, old, moved):
        # First an action the old state would refuse, then one it would take.
        for body in ({"seq": old["seq"], "action": {"type": "no such"}}, first_move(old)):
            refused = first.post(url, json=body, headers=alice)
            assert refused.status_code == 409, refused.text
            assert refused.json()["code"] == "stale_seq"
        now = first.get(f"/api/games/{moved['id']}", headers=alice).json()
        assert now["seq"] == moved["seq"] == old["seq"] + 1
        accepted = first.post(url, json=first_move(now), headers=alice)
        assert accepted.status_code == 200, accepted.text
        assert accepted.json()["seq"] == now["seq"] + 1


def test_a_move_whose_next_person_left_elsewhere_is_written_with_the_machine_s_job(
    db_url: str,
) -> None:
    """This process caches the table from before alice resigned in another process: her
    move (which this process cannot refuse) is still written — on PostgreSQL not alone, as
    the insert in autocommit refuses to write while a person asked next has left, but in a
    transaction with the job of the machine that now plays her seat."""
    app = create_app(db_url, worker=False)
    with TestClient(app) as client:
        alice = account(client, "alice")
        game = client.post("/api/games", json={"seats": BOTS}, headers=alice).json()["id"]
        view = client.get(f"/api/games/{game}", headers=alice).json()  # table cached
        with Session(app.state.engine) as session, session.begin():  # resigned elsewhere
            session.execute(
                update(GameSeat)
                .where(GameSeat.game_id == game, GameSeat.seat == 0)
                .values(left="resigned", left_seq=view["seq"])
            )
        with statements_of(app.state.engine) as seen:
            answer = client.post(f"/api/games/{game}/actions", json=first_move(view), headers=alice)
        assert answer.status_code == 200, answer.text
        assert "COMMIT" in seen  # the move and the job, together
        with Session(app.state.engine) as session:
            seqs = session.scalars(select(Move.seq).where(Move.game_id == game)).all()
            jobs = session.scalars(select(Job.key).where(Job.kind == "machine_move")).all()
        assert list(seqs) == [view["seq"] + 1]
        assert jobs == [MachineMove(game, view["seq"] + 1).key()]
