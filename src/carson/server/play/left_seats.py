"""Whether a person asked to act now has left the game meanwhile (issue 22).

A seat whose person left is played by a machine from then on (:mod:`carson.server.play.machines`).
A process may have cached the game's table before another process took the leave, so every
person's move asks the database, in the move's transaction, whether one of the people asked
to act next has left: if so, the machine's job is queued with the move.

On PostgreSQL that question rides on the move's insert (:func:`insert_asking_left`): one
statement inserts the move, sends its notice and answers, and the answer is kept in the
session for the move's own check (:func:`left_among`), which then sends nothing. On SQLite
the question is its own statement, which costs no round trip there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import Integer, any_, bindparam, exists, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.registry import HUMAN
from carson.server.kernel.db import GameSeat, Move
from carson.server.play.live.move_notices import INSERT_MOVE_WITH_NOTICE
from carson.server.play.table import State

if TYPE_CHECKING:
    from carson.server.play.table import Table

#: Whether one of some seats of a game was left: on every person's move, so built once and
#: run through Core (built per call through the ORM, it cost more than the move's insert).
LEFT_AMONG = (
    select(GameSeat.seat)
    .where(
        GameSeat.game_id == bindparam("game"),
        GameSeat.seat.in_(bindparam("seats", expanding=True)),
        GameSeat.left.is_not(None),
    )
    .limit(1)
)

#: PostgreSQL: a single move's insert (with its notice), answering whether one of the seats
#: ``asked`` was left. The answer is read in the insert's snapshot, which is as current as
#: the separate question asked a moment later in the same transaction would be.
_INSERTED = INSERT_MOVE_WITH_NOTICE.returning(Move.seq).cte("inserted")
INSERT_ASKING_LEFT = select(
    exists()
    .where(
        GameSeat.game_id == bindparam("game_id"),
        GameSeat.seat == any_(bindparam("asked", type_=ARRAY(Integer))),
        GameSeat.left.is_not(None),
    )
    .label("left")
).select_from(_INSERTED)

#: Where a session keeps the answer that rode on its move's insert, until the move's check.
_ANSWERED = "carson.left_among"


def people_asked(table: Table, state: State) -> list[int]:
    """The seats played by people that ``state`` asks to act (none while seats are still
    being taken or once the game is over)."""
    if table.waiting or table.over(state):
        return []
    return [seat for seat in state.seats_to_act if table.seat_kinds[seat] == HUMAN]


def insert_asking_left(
    connection: Connection, session: Session, row: JSON, asked: list[int]
) -> None:
    """PostgreSQL: insert one move ``row`` (with its ``notice``) and keep in ``session``
    whether one of the seats ``asked`` after it was left, for :func:`left_among`."""
    left = connection.execute(INSERT_ASKING_LEFT, {**row, "asked": asked}).scalar_one()
    session.info[_ANSWERED] = (row["game_id"], row["seq"], tuple(asked), bool(left))


def forget_answer(session: Session) -> None:
    """Drop a kept answer (its transaction ended): the next question asks again."""
    session.info.pop(_ANSWERED, None)


def left_among(session: Session, table: Table, state: State) -> bool:
    """Whether a person ``state`` asks to act left the game since this process cached its
    table (in another process): the database says, in the move's transaction — or said
    already, with the insert of the move that led to ``state``."""
    people = people_asked(table, state)
    if not people:
        return False
    answered = session.info.pop(_ANSWERED, None)
    if answered is not None and answered[:3] == (table.id, len(state.actions), tuple(people)):
        return bool(answered[3])
    asked = {"game": table.id, "seats": people}
    return session.connection().execute(LEFT_AMONG, asked).first() is not None
