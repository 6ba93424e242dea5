"""What the server tells of players, to anyone logged in: the leaderboard of a game, a
player's profile (games played and won per game, ratings), the rating history, and the
finished games, newest first, a page at a time.

Only what ended is shown: a finished game's players, seat kinds, scores and winners are
public once it is over (its record is too), never a game in progress.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import case, func, or_, select
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.ratings import Rating
from carson.core.registry import games
from carson.server.kernel.db import Game, GameSeat, PlayerRating, RatingChange, User
from carson.server.kernel.errors import NotFound

#: Rows in a page of a leaderboard, and of a player's finished games.
BOARD_PAGE = 50
GAMES_PAGE = 20
#: Finished games on a profile; points of a rating history (the latest).
RECENT_GAMES = 10
HISTORY_POINTS = 200


@dataclass(frozen=True, slots=True)
class Page:
    """Which page of a listing (1 = the first) and how many rows it holds."""

    number: int
    size: int

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.size


def utc(moment: datetime | None) -> datetime | None:
    """A stored moment in UTC (SQLite gives it back without its zone)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def known_game(game: str) -> str:
    """``game`` if it is an installed game, else 404."""
    if game not in games():
        raise NotFound(f"no game named {game!r}; the games are {', '.join(games())}")
    return game


def player(session: Session, username: str) -> User:
    """The account named ``username`` (whatever its case), else 404."""
    found = session.scalars(
        select(User).where(func.lower(User.username) == username.lower())
    ).first()
    if found is None:
        raise NotFound(f"no player named {username!r}")
    return found


def leaderboard(session: Session, game: str, page: Page) -> JSON:
    """The rated players of ``game``, best first (equal ratings: fewer games' uncertainty
    first, then the earlier account)."""
    known_game(game)
    total = session.scalar(
        select(func.count()).select_from(PlayerRating).where(PlayerRating.game == game)
    )
    rows = session.execute(
        select(PlayerRating, User.username, User.is_bot)
        .join(User, User.id == PlayerRating.user_id)
        .where(PlayerRating.game == game)
        .order_by(PlayerRating.mu.desc(), PlayerRating.sigma, PlayerRating.user_id)
        .offset(page.offset)
        .limit(page.size)
    ).all()
    return {
        "game": game,
        "page": page.number,
        "pages": max(1, -(-(total or 0) // page.size)),
        "total": total or 0,
        "players": [
            {
                "rank": page.offset + index + 1,
                "user": username,
                "bot": is_bot,
                "games": row.games,
                "wins": row.wins,
                **Rating(row.mu, row.sigma).to_json(),
            }
            for index, (row, username, is_bot) in enumerate(rows)
        ],
    }


def profile(session: Session, username: str, viewer_id: int | None = None) -> JSON:
    """A player's page: per game, finished games played and won and the rating (``None``
    before a rated game); the latest finished games ``viewer_id`` may see."""
    user = player(session, username)
    counts = {
        game: (played, won or 0)
        for game, played, won in session.execute(
            select(Game.game, func.count(), func.sum(case((GameSeat.won.is_(True), 1), else_=0)))
            .join(GameSeat, GameSeat.game_id == Game.id)
            .where(GameSeat.user_id == user.id, Game.ended == "finished")
            .group_by(Game.game)
        ).all()
    }
    ratings = {
        row.game: row
        for row in session.scalars(select(PlayerRating).where(PlayerRating.user_id == user.id))
    }
    per_game = []
    for game in games():
        played, won = counts.get(game, (0, 0))
        rating = ratings.get(game)
        per_game.append(
            {
                "game": game,
                "played": played,
                "won": won,
                "rated_games": rating.games if rating else 0,
                "rating": None if rating is None else Rating(rating.mu, rating.sigma).to_json(),
            }
        )
    recent = finished_games(session, user, Page(1, RECENT_GAMES), viewer_id)
    return {"user": user.username, "bot": user.is_bot, "member_since": utc(user.created_at),
            "games": per_game, "recent": recent["games"]}  # fmt: skip


def rating_history(session: Session, username: str, game: str) -> JSON:
    """A player's rating in ``game`` after each rated game (the latest points, oldest first)."""
    known_game(game)
    user = player(session, username)
    rows = session.execute(
        select(RatingChange.at, RatingChange.mu, RatingChange.sigma, RatingChange.game_id)
        .where(RatingChange.user_id == user.id, RatingChange.game == game)
        .order_by(RatingChange.at.desc(), RatingChange.id.desc())
        .limit(HISTORY_POINTS)
    ).all()
    points = [
        {"at": utc(at), "game_id": game_id, **Rating(mu, sigma).to_json()}
        for at, mu, sigma, game_id in reversed(rows)
    ]
    return {"user": user.username, "game": game, "points": points}


def finished_games(session: Session, user: User, page: Page, viewer_id: int | None = None) -> JSON:
    """The games ``user`` played to their end, newest first, with every seat's player (or
    machine), score and win: those ``viewer_id`` may see — a private table's only by its own
    players (issue 45), every one by ``user``."""
    mine = select(GameSeat.game_id).where(GameSeat.user_id == user.id)
    finished = Game.ended == "finished"
    if viewer_id != user.id:
        shared = select(GameSeat.game_id).where(GameSeat.user_id == viewer_id)
        finished = finished & or_(Game.public.is_(True), Game.id.in_(shared))
    total = session.scalar(
        select(func.count()).select_from(Game).where(finished, Game.id.in_(mine))
    )
    found = session.scalars(
        select(Game)
        .where(finished, Game.id.in_(mine))
        .order_by(Game.ended_at.desc(), Game.id)
        .offset(page.offset)
        .limit(page.size)
    ).all()
    seats = _seats_of(session, [game.id for game in found])
    return {
        "user": user.username,
        "page": page.number,
        "pages": max(1, -(-(total or 0) // page.size)),
        "total": total or 0,
        "games": [_finished(game, seats.get(game.id, {}), user.id) for game in found],
    }


def _seats_of(
    session: Session, game_ids: list[str]
) -> dict[str, dict[int, tuple[int, str, bool, str | None]]]:
    """Per game, each human seat's user id, name, bot flag and how its player left."""
    rows = session.execute(
        select(GameSeat.game_id, GameSeat.seat, User.id, User.username, User.is_bot, GameSeat.left)
        .join(User, User.id == GameSeat.user_id)
        .where(GameSeat.game_id.in_(game_ids or ["-"]))
    ).all()
    seats: dict[str, dict[int, tuple[int, str, bool, str | None]]] = {}
    for game_id, seat, user_id, username, is_bot, left in rows:
        seats.setdefault(game_id, {})[seat] = (user_id, username, is_bot, left)
    return seats


def _finished(
    game: Game, seats: dict[int, tuple[int, str, bool, str | None]], user_id: int
) -> JSON:
    result = game.result or {"scores": [], "winners": []}
    scores: list[int] = result.get("scores", [])
    winners: list[int] = result.get("winners", [])
    own = next((seat for seat, held in seats.items() if held[0] == user_id), None)
    ended_at = utc(game.ended_at)
    return {
        "id": game.id,
        "game": game.game,
        "rated": game.rated,
        "ended_at": ended_at,
        "seat": own,
        "players": [
            {
                "seat": seat,
                "kind": kind,
                "user": seats[seat][1] if seat in seats else None,
                "bot": seats[seat][2] if seat in seats else False,
                "left": seats[seat][3] if seat in seats else None,
                "score": scores[seat] if seat < len(scores) else None,
                "won": seat in winners and (seat not in seats or seats[seat][3] is None),
            }
            for seat, kind in enumerate(game.seat_kinds)
        ],
    }
