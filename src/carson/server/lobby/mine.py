"""What the lobby shows a player of their own: their rating in each game (so that a table
whose rating range leaves them out says so instead of offering to join), their open
quick-match seek, and the private tables they wait at (which the public list leaves out)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import or_, select

from carson.core.game import JSON
from carson.server.kernel.db import Game, SeekRow, User
from carson.server.lobby import quickmatch
from carson.server.lobby import tables as lobby
from carson.server.play.games import GameService
from carson.server.ratings.player_ratings import rating_of

#: The most private tables the lobby lists for one player.
MINE_SIZE = 10


def ratings(service: GameService, user: User, games: Iterable[str]) -> dict[str, int]:
    """The player's shown rating in each of ``games``."""
    with service.sessions() as session:
        return {game: rating_of(session, user.id, game).shown for game in set(games)}


def open_seek(service: GameService, user: User) -> JSON | None:
    """The player's quick-match seek still waiting for players, if any."""
    now = service.jobs.clock()
    with service.sessions() as session:
        row = session.scalars(
            select(SeekRow).where(
                SeekRow.user_id == user.id,
                SeekRow.game_id.is_(None),
                SeekRow.created_at > now - quickmatch.SEEK_LIFETIME,
            )
        ).first()
        return None if row is None else quickmatch.seek_json(row)


def private_tables(service: GameService, user: User) -> list[JSON]:
    """The private tables the player created that still wait for players, newest first,
    as the lobby lists tables."""
    now = service.jobs.clock()
    query = (
        select(Game)
        .where(Game.creator_id == user.id, Game.public.is_(False))
        .where(Game.status == "waiting", Game.ended.is_(None))
        .where(or_(Game.expires_at.is_(None), Game.expires_at > now))
        .order_by(Game.created_at.desc(), Game.id)
        .limit(MINE_SIZE)
    )
    with service.sessions() as session:
        found = list(session.scalars(query))
        # the lobby's own listing of a table, so that both lists read the same
        seated = lobby._seated(session, [table.id for table in found])
        host = lobby.Person(user.username, bool(user.is_bot))
        return [lobby._listed(table, seated.get(table.id, {}), {user.id: host}) for table in found]


def in_range(rating: int, table: JSON) -> bool:
    """Whether ``rating`` lies in the table's rating range (an open end: no bound)."""
    low, high = table.get("rating_min"), table.get("rating_max")
    return (low is None or rating >= low) and (high is None or rating <= high)
