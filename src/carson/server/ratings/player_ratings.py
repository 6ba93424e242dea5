"""People's ratings as stored: read one, or several at once (the lobby's rating ranges and
quick-match pairing read them; the rating of finished games writes them)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from carson.core.ratings import Rating
from carson.server.kernel.db import PlayerRating


def rating_of(session: Session, user_id: int, game: str) -> Rating:
    """The person's rating in ``game``; a new player's if they have played no rated game."""
    return ratings_of(session, [user_id], game)[user_id]


def ratings_of(session: Session, user_ids: Iterable[int], game: str) -> dict[int, Rating]:
    """Every given person's rating in ``game`` (a new player's for those without one)."""
    wanted = set(user_ids)
    found = {
        row.user_id: Rating(row.mu, row.sigma)
        for row in session.scalars(
            select(PlayerRating).where(
                PlayerRating.game == game, PlayerRating.user_id.in_(wanted or {-1})
            )
        )
    }
    return {user_id: found.get(user_id, Rating()) for user_id in wanted}
