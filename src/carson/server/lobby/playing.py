"""The lobby's games in progress: public games being played, for anyone to watch.

Only a *public* game is listed (a private one is reached by its link alone, never listed:
docs/watching.md). Each shows its players with their ratings in that game, how far it went
(its round, when the game's view has one, and its moves), its time control and how many
watch it now (:mod:`carson.server.play.live.watchers`). The most recently started first, at most
:data:`PLAYING_SIZE`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import select

from carson.core.game import JSON
from carson.server.jobs.queue import as_utc
from carson.server.kernel.db import Game, GameSeat, User
from carson.server.lobby.tables import Person, seat_rows
from carson.server.ratings.player_ratings import ratings_of

if TYPE_CHECKING:
    from carson.server.play.games import GameService

#: The most games in progress one answer lists.
PLAYING_SIZE = 50


def games_in_progress(
    service: GameService, game: str | None = None, limit: int = PLAYING_SIZE
) -> list[JSON]:
    """The public games being played (of ``game`` only, if given), newest first."""
    query = (
        select(Game)
        .where(Game.public.is_(True), Game.status == "playing", Game.ended.is_(None))
        .order_by(Game.created_at.desc(), Game.id)
        .limit(limit)
    )
    if game is not None:
        query = query.where(Game.game == game)
    with service.sessions() as session:
        found = list(session.scalars(query))
        ids = [row.id for row in found]
        seated = session.execute(
            select(GameSeat.game_id, GameSeat.seat, User.id, User.username, User.is_bot)
            .join(User, User.id == GameSeat.user_id)
            .where(GameSeat.game_id.in_(ids or ["-"]))
        ).all()
        kind_of = {row.id: row.game for row in found}
        ratings = {  # one query per game (ratings are kept per game)
            kind: ratings_of(session, [s[2] for s in seated if kind_of[s[0]] == kind], kind)
            for kind in set(kind_of.values())
        }
        people: dict[str, dict[int, Person]] = {row.id: {} for row in found}
        for game_id, seat, user_id, name, bot in seated:
            rating = ratings[kind_of[game_id]][user_id].shown
            people[game_id][seat] = Person(name, bool(bot), rating)
    watchers = service.watchers.counts(ids)
    listed = []
    for row in found:
        view = service.view(None, row.id, watch=True)  # built once per move, then cached
        if view["status"] != "playing":  # it ended since the query
            continue
        listed.append(_listed(row, view, people[row.id], watchers.get(row.id, 0)))
    return listed


def _listed(game: Game, view: JSON, people: dict[int, Person], watchers: int) -> JSON:
    round_now = view["view"].get("round") if isinstance(view.get("view"), dict) else None
    listed = game.config.get("variants") if isinstance(game.config, dict) else None
    return {
        "id": game.id,
        "game": game.game,
        "variants": [str(v) for v in listed] if isinstance(listed, list) else [],
        "seats": seat_rows(game.seat_kinds, people, ratings=True),
        "round": round_now if isinstance(round_now, int) else None,
        "seq": view["seq"],
        "lang": game.lang,
        "rated": game.rated,
        "time_control": game.time_control,
        "watchers": watchers,
        "created_at": as_utc(game.created_at),
    }
