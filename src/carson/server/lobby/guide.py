"""Guided first games (issue 25): a game started for one person with a fixed deal, whose
page shows a sentence at each step until the person dismisses it; and which games a person
has finished, so the home page offers the guided game of each game they are new to — or
offers to continue the guided game they are playing."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from carson.server.kernel.db import Game, GameSeat, User
from carson.server.kernel.errors import NotFound
from carson.server.lobby.guide_tables import GuidedGame
from carson.server.play.games import GameService


def start_guided(
    service: GameService,
    user: User,
    game: str,
    seats: Sequence[str],
    variants: Sequence[str],
    seed: int,
) -> str:
    """A new practice game with the guide's table and deal; its id."""
    view = service.create(user, list(seats), seed, None, game, list(variants))
    with service.sessions.begin() as session:
        session.add(GuidedGame(game_id=view["id"], user_id=user.id, dismissed=False))
    return str(view["id"])


def running_guided(service: GameService, user: User) -> dict[str, str]:
    """``user``'s guided games still being played: the newest one's id of each game (the
    home page offers to continue it rather than to start another)."""
    with service.sessions() as session:
        rows = session.execute(
            select(Game.game, Game.id)
            .join(GuidedGame, GuidedGame.game_id == Game.id)
            .where(GuidedGame.user_id == user.id, Game.status != "over", Game.ended.is_(None))
            .order_by(Game.created_at, Game.id)  # the newest last: it wins below
        ).all()
        return {str(game): str(game_id) for game, game_id in rows}


def guide_shown(service: GameService, user: User, game_id: str) -> bool:
    """Whether ``user``'s page of the game shows the guide (their guided game, not
    dismissed)."""
    with service.sessions() as session:
        row = session.get(GuidedGame, game_id)
        return row is not None and row.user_id == user.id and not row.dismissed


def dismiss_guide(service: GameService, user: User, game_id: str) -> None:
    """No more sentences in ``user``'s guided game (404 if it is not theirs)."""
    with service.sessions.begin() as session:
        row = session.get(GuidedGame, game_id)
        if row is None or row.user_id != user.id:
            raise NotFound("no guided game of yours has this id")
        row.dismissed = True


def finished_games(service: GameService, user: User) -> set[str]:
    """The games (``"card"``, ``"board"``, …) of which ``user`` has finished at least one: a
    person new to a game is offered its guided game, even after finishing another game."""
    with service.sessions() as session:
        rows = session.scalars(
            select(Game.game)
            .join(GameSeat, GameSeat.game_id == Game.id)
            .where(GameSeat.user_id == user.id, Game.ended == "finished")
            .distinct()
        ).all()
        return {str(game) for game in rows}
