"""Creating a tournament, joining it, withdrawing, and reading where it stands."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.i18n import LANGUAGES
from carson.core.registry import HUMAN, GameSetupError, games
from carson.server.accounts.guests import require_member
from carson.server.jobs.queue import as_utc
from carson.server.kernel.db import Game, GameSeat, User
from carson.server.kernel.errors import Conflict, Forbidden, NotFound, Unprocessable
from carson.server.kernel.plain_text import plain_line
from carson.server.play.games import GameService
from carson.server.play.integrity import secret_seed
from carson.server.play.table_settings import checked_settings
from carson.server.tournaments.arena import ARENA, queue_seating, tick_key
from carson.server.tournaments.rounds import ROUND, round_key
from carson.server.tournaments.tables import Tournament, TournamentGame, TournamentPlayer

#: A tournament's bounds: seats per table, rounds, how far ahead it may start, its people,
#: and the tournaments one person may have open at once.
SEATS = range(3, 7)
ROUNDS = range(1, 11)
STARTS_WITHIN = timedelta(days=30)
MAX_PLAYERS = 200
MAX_OPEN_PER_CREATOR = 5
#: An arena's window, in minutes.
ARENA_MINUTES = range(10, 24 * 60 + 1)
MODES = ("swiss", "arena")


@dataclass(frozen=True)
class NewTournament:
    """What a creator asks for."""

    name: str
    game: str
    variants: Sequence[str]
    seats: int
    time_control: str
    rounds: int
    starts_at: datetime
    lang: str = "en"
    mode: str = "swiss"
    minutes: int | None = None  # an arena's window


def check(asked: NewTournament, now: datetime) -> None:
    """422 saying what is wrong with ``asked``, if anything."""
    which = games().get(asked.game)
    if which is None:
        raise Unprocessable(f"unknown game {asked.game!r}", "invalid_setup")
    if not plain_line(asked.name):
        raise Unprocessable("a tournament needs a name", "invalid_setup")
    if asked.seats not in SEATS or not which.min_seats <= asked.seats <= which.max_seats:
        low, high = max(3, which.min_seats), min(6, which.max_seats)
        raise Unprocessable(f"a {which.name} tournament's tables have {low}–{high} seats",
                            "invalid_seats")  # fmt: skip
    if asked.mode not in MODES:
        raise Unprocessable(f"unknown tournament mode {asked.mode!r}", "invalid_setup")
    if asked.mode == "arena" and asked.minutes not in ARENA_MINUTES:
        raise Unprocessable("an arena lasts 10 minutes to a day", "invalid_window")
    if asked.mode == "swiss" and asked.rounds not in ROUNDS:
        raise Unprocessable("a tournament has 1 to 10 rounds", "invalid_setup")
    if not now < as_utc(asked.starts_at) <= now + STARTS_WITHIN:
        raise Unprocessable("a tournament starts in the next 30 days", "invalid_start")
    if asked.lang not in LANGUAGES:
        raise Unprocessable(f"unknown language {asked.lang!r}", "invalid_setup")
    kinds = [HUMAN] * asked.seats
    checked_settings(which, kinds, time_control=asked.time_control)  # 422 if it is not one
    try:
        which.config(kinds, list(asked.variants))
    except GameSetupError as error:
        raise Unprocessable(str(error), "invalid_setup") from None


def create(service: GameService, user: User, asked: NewTournament) -> str:
    """A new tournament, its creator its first player, its first round (an arena's first
    tick) queued at its start."""
    require_member(user, "open tournaments")
    now = service.jobs.clock()
    check(asked, now)
    with service.store.write_turn, service.sessions.begin() as session:
        mine = select(func.count()).where(Tournament.creator_id == user.id,
                                          Tournament.status.in_(("open", "running")))  # fmt: skip
        if (session.scalar(mine) or 0) >= MAX_OPEN_PER_CREATOR:
            raise Conflict(f"you have {MAX_OPEN_PER_CREATOR} tournaments under way, the most",
                           "too_many_tournaments")  # fmt: skip
        arena = asked.mode == "arena"
        found = Tournament(
            id=secrets.token_hex(6), name=plain_line(asked.name)[:60], creator_id=user.id,
            game=asked.game, variants=list(asked.variants), seats=asked.seats,
            time_control=asked.time_control, rounds=0 if arena else asked.rounds,
            starts_at=asked.starts_at, status="open", round=0, seed=secret_seed(),
            lang=asked.lang, mode=asked.mode,
            ends_at=asked.starts_at + timedelta(minutes=asked.minutes or 0) if arena else None,
        )  # fmt: skip
        session.add(found)
        session.add(TournamentPlayer(tournament_id=found.id, user_id=user.id))
        if arena:
            service.jobs.enqueue(session, ARENA.name, {"tournament": found.id, "tick": True},
                                 key=tick_key(found.id), run_at=asked.starts_at)  # fmt: skip
        else:
            service.jobs.enqueue(session, ROUND.name, {"tournament": found.id, "round": 1},
                                 key=round_key(found.id, 1), run_at=asked.starts_at)  # fmt: skip
        return found.id


def join(service: GameService, user: User, tournament_id: str) -> None:
    require_member(user, "play in tournaments")
    with service.store.write_turn, service.sessions.begin() as session:
        found = _tournament(session, tournament_id, lock=True)
        if found.mode == "arena" and not _window_open(found, service.jobs.clock()):
            raise Conflict("this arena is over: it takes no more players", "arena_over")
        if found.mode != "arena" and found.status != "open":
            raise Conflict("this tournament has started: it takes no more players", "started")
        if session.get(TournamentPlayer, (tournament_id, user.id)) is not None:
            raise Conflict("you are in this tournament already", "already_joined")
        count = select(func.count()).where(TournamentPlayer.tournament_id == tournament_id)
        if (session.scalar(count) or 0) >= MAX_PLAYERS:
            raise Conflict(f"this tournament has {MAX_PLAYERS} players, the most", "full")
        session.add(TournamentPlayer(tournament_id=tournament_id, user_id=user.id))
        if found.mode == "arena":
            queue_seating(session, service.jobs, found)


def _window_open(found: Tournament, now: datetime) -> bool:
    ends_at = found.ends_at or found.starts_at
    return found.status in ("open", "running") and now < as_utc(ends_at)


def cancel(service: GameService, user: User, tournament_id: str) -> None:
    """Its creator calls the tournament off: nobody is seated any more; the games under way
    finish, and the standings stay as they are."""
    with service.store.write_turn, service.sessions.begin() as session:
        found = _tournament(session, tournament_id, lock=True)
        if found.creator_id != user.id:
            raise Forbidden("only the tournament's creator may cancel it", "not_creator")
        if found.status not in ("open", "running"):
            raise Conflict("this tournament is over already", "over")
        found.status = "cancelled"


def rename(service: GameService, user: User, tournament_id: str, name: str) -> None:
    """Its creator renames the tournament (the one thing one may change once it is open)."""
    cleaned = plain_line(name)[:60]
    if not cleaned:
        raise Unprocessable("a tournament needs a name", "invalid_setup")
    with service.store.write_turn, service.sessions.begin() as session:
        found = _tournament(session, tournament_id, lock=True)
        if found.creator_id != user.id:
            raise Forbidden("only the tournament's creator may rename it", "not_creator")
        found.name = cleaned


def withdraw(service: GameService, user: User, tournament_id: str) -> None:
    """Leave the tournament: before its start, as if one never joined; once it runs (in an
    arena too), one is seated no more and resigns one's game in progress (its points still
    count)."""
    with service.store.write_turn, service.sessions.begin() as session:
        found = _tournament(session, tournament_id, lock=True)
        player = session.get(TournamentPlayer, (tournament_id, user.id))
        if player is None or player.withdrawn or found.status in ("finished", "cancelled"):
            raise Conflict("you are not playing in this tournament", "not_playing")
        if found.status == "open":
            session.delete(player)
            return
        player.withdrawn = True
        playing = _game_in_progress(session, tournament_id, user.id)
    if playing is not None:
        service.resign(user, playing)


def _game_in_progress(session: Session, tournament_id: str, user_id: int) -> str | None:
    return session.scalar(
        select(Game.id)
        .join(TournamentGame, TournamentGame.game_id == Game.id)
        .join(GameSeat, GameSeat.game_id == Game.id)
        .where(
            TournamentGame.tournament_id == tournament_id,
            GameSeat.user_id == user_id,
            GameSeat.left.is_(None),
            Game.status == "playing",
        )
    )


def _tournament(session: Session, tournament_id: str, lock: bool = False) -> Tournament:
    found = session.get(Tournament, tournament_id, with_for_update=lock or None)
    if found is None:
        raise NotFound(f"no tournament {tournament_id!r}")
    return found


def standings(session: Session, tournament_id: str) -> JSON:
    """The tournament, its players best first (points, then the sum of their scores), and
    each round's games."""
    found = _tournament(session, tournament_id)
    rows = session.execute(
        select(TournamentPlayer, User.username)
        .join(User, User.id == TournamentPlayer.user_id)
        .where(TournamentPlayer.tournament_id == tournament_id)
        .order_by(
            TournamentPlayer.points.desc(), TournamentPlayer.score.desc(), func.lower(User.username)
        )
    ).all()
    played = session.scalars(
        select(TournamentGame).where(TournamentGame.tournament_id == tournament_id)
        .order_by(TournamentGame.round, TournamentGame.game_id)
    ).all()  # fmt: skip
    names = {player.user_id: name for player, name in rows}
    creator = session.scalar(select(User.username).where(User.id == found.creator_id))
    return {
        **summary(found),
        "creator": creator,
        "players": [
            {"rank": rank, "user": name, "points": player.points, "score": player.score,
             "played": player.played, "withdrawn": player.withdrawn, "paused": player.paused}
            for rank, (player, name) in enumerate(rows, start=1)
        ],
        "games": [
            {"round": game.round, "game_id": game.game_id, "over": game.counted,
             "players": [names.get(user_id) for user_id in game.people]}
            for game in played
        ],
    }  # fmt: skip


def summary(found: Tournament) -> JSON:
    return {
        "id": found.id, "name": found.name, "game": found.game, "variants": found.variants,
        "seats": found.seats, "time_control": found.time_control, "rounds": found.rounds,
        "round": found.round, "status": found.status, "starts_at": as_utc(found.starts_at),
        "mode": found.mode, "ends_at": None if found.ends_at is None else as_utc(found.ends_at),
    }  # fmt: skip


def listing(session: Session, limit: int = 50) -> list[JSON]:
    """The tournaments open or running, soonest first, then the latest finished."""
    under_way = session.scalars(
        select(Tournament).where(Tournament.status.in_(("open", "running")))
        .order_by(Tournament.starts_at).limit(limit)
    ).all()  # fmt: skip
    done = session.scalars(
        select(Tournament).where(Tournament.status == "finished")
        .order_by(Tournament.starts_at.desc()).limit(10)
    ).all()  # fmt: skip
    return [summary(found) for found in (*under_way, *done)]
