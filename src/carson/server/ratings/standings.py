"""The end of a game played to its end, in the transaction of its last move: the game is
marked ``finished`` with its result, each person's seat keeps its score and whether it won,
and a rated game changes its people's ratings.

Written in the same transaction as the last move, whose (game, seq) key is stored once: a
game ends, and is rated, exactly once whichever process or worker made that move (the
unique (user, game) index of ``rating_history`` is a second guard).

Who is rated: every human seat — a person, or a bot account, which plays as a person does —
of a game created ``rated`` (two or more human seats). Machine seats (AI levels, bots played
by the server) are not rated and do not count: people are ranked among themselves by the
engine's result (:func:`carson.core.ratings.places`); a seat whose player resigned or lost
on time (``game_seats.left``) ranks last, and never counts as a win.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from carson.core.game import Result
from carson.core.ratings import INITIAL_MU, INITIAL_SIGMA, Rating, Standing, rate
from carson.server.kernel.db import Game, GameSeat, PlayerRating, RatingChange


def finish_game(session: Session, game_id: str, game: str, rated: bool, state: Any,
                at: datetime) -> None:  # fmt: skip
    """Mark the game ``finished`` at ``at`` with ``state``'s result, and rate it if it is
    ``rated`` (in the caller's transaction, which writes its last move)."""
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
    if rated and len(set(people.values())) >= 2:
        _rate(session, game_id, game, standings, people, at)


def _rate(
    session: Session,
    game_id: str,
    game: str,
    standings: Sequence[Standing],
    people: dict[int, int],
    at: datetime,
) -> None:
    """Change the ratings of the game's people and add a point to each one's history."""
    before = _locked_ratings(session, game, sorted(people.values()), at)
    after = rate(standings, {seat: before[user_id] for seat, user_id in people.items()})
    # A win is winning the game (as the profile counts it), not being first among people.
    first = {s.seat for s in standings if s.won}
    for seat, user_id in people.items():
        new = after[seat]
        session.execute(
            update(PlayerRating)
            .where(PlayerRating.user_id == user_id, PlayerRating.game == game)
            .values(
                mu=new.mu,
                sigma=new.sigma,
                games=PlayerRating.games + 1,
                wins=PlayerRating.wins + (1 if seat in first else 0),
                updated_at=at,
            )
        )
    session.execute(
        insert(RatingChange),
        [
            {"user_id": user_id, "game": game, "game_id": game_id, "mu": after[seat].mu,
             "sigma": after[seat].sigma, "at": at}
            for seat, user_id in people.items()
        ],
    )  # fmt: skip


def _locked_ratings(
    session: Session, game: str, user_ids: list[int], at: datetime
) -> dict[int, Rating]:
    """The people's ratings, each row made if missing and locked until the transaction ends
    (PostgreSQL: two games of one player ending at once rate one after the other; SQLite's
    writers take turns anyway). Rows are locked in user order: no deadlock between games."""
    fresh = [
        {"user_id": user_id, "game": game, "mu": INITIAL_MU, "sigma": INITIAL_SIGMA,
         "games": 0, "wins": 0, "updated_at": at}
        for user_id in user_ids
    ]  # fmt: skip
    dialect = session.get_bind().dialect.name
    make = pg_insert if dialect == "postgresql" else sqlite_insert
    session.execute(make(PlayerRating).values(fresh).on_conflict_do_nothing())
    rows = session.execute(
        select(PlayerRating.user_id, PlayerRating.mu, PlayerRating.sigma)
        .where(PlayerRating.game == game, PlayerRating.user_id.in_(user_ids))
        .order_by(PlayerRating.user_id)
        .with_for_update()
    ).all()
    return {user_id: Rating(mu, sigma) for user_id, mu, sigma in rows}
