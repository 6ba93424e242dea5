"""The ratings of a game played to its end, in the transaction of its last move: play marks
the game ``finished`` with its result and each seat's score and win
(:mod:`carson.server.play.finishing`), and publishes it; a rated game then changes its
people's ratings here.

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

from sqlalchemy import insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from carson.core.ratings import INITIAL_MU, INITIAL_SIGMA, Rating, Standing, rate
from carson.server.kernel.db import PlayerRating, RatingChange, User
from carson.server.play.listeners import GameFinished, Listeners


def rate_finished(finished: GameFinished) -> None:
    """A game played to its end (:mod:`carson.server.play.finishing`): if it is rated and
    two or more people hold its seats, their ratings change (in its last move's
    transaction)."""
    people = finished.people
    if finished.rated and len(set(people.values())) >= 2 and not _guests(finished):
        _rate(finished.session, finished.game_id, finished.game, finished.standings, people,
              finished.at)  # fmt: skip


def _guests(finished: GameFinished) -> bool:
    """Whether a guest sat at the table (a rated table refuses guests; one that joined
    before the rule, or an account turned guest, rates nobody)."""
    query = select(User.id).where(User.id.in_(finished.people.values()), User.is_guest)
    return finished.session.scalar(query.limit(1)) is not None


def listen(listeners: Listeners) -> None:
    """Rate every finished game (the composition root calls this)."""
    listeners.on(GameFinished, rate_finished)


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
