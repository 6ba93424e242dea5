"""The end of a game played to its end, in the transaction of its last move: the game is
marked ``finished`` with its result, and each seat keeps its score and whether it won.

Written in the same transaction as the last move, whose (game, seq) key is stored once: a
game ends exactly once whichever process or worker made that move. The store then publishes
it (:class:`~carson.server.play.listeners.GameFinished`): a rated game's ratings change in
the same transaction (:mod:`carson.server.ratings.standings`).

A seat whose player resigned or lost on time (``game_seats.left``) never counts as a win.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from carson.core.game import Result
from carson.core.ratings import Standing
from carson.server.jobs.queue import JobQueue
from carson.server.kernel.db import Game, GameSeat
from carson.server.play.listeners import GameFinished
from carson.server.play.table import State


def finish_game(
    session: Session, game_id: str, game: str, rated: bool, state: State, at: datetime,
    queue: JobQueue,
) -> GameFinished:  # fmt: skip
    """Mark the game ``finished`` at ``at`` with ``state``'s result, each seat with its
    score and whether it won (in the caller's transaction, which writes its last move);
    what the store then publishes."""
    result: Result | None = state.result()
    if result is None:  # pragma: no cover - called only once the engine says it is over
        raise ValueError(f"game {game_id} is not over")
    session.execute(
        update(Game)
        .where(Game.id == game_id)
        .values(status="over", ended="finished", ended_at=at, result=result.to_json())
    )
    seats = session.execute(
        select(GameSeat.seat, GameSeat.user_id, GameSeat.left).where(GameSeat.game_id == game_id)
    ).all()
    standings = [
        Standing(
            seat,
            result.scores[seat],
            won=seat in result.winners and left is None,
            forfeited=left is not None,
        )
        for seat, _, left in seats
    ]
    for standing in standings:
        session.execute(
            update(GameSeat)
            .where(GameSeat.game_id == game_id, GameSeat.seat == standing.seat)
            .values(score=standing.score, won=standing.won)
        )
    people = {seat: user_id for seat, user_id, _ in seats}
    return GameFinished(session, queue, game_id, game, rated, standings, people, at)
