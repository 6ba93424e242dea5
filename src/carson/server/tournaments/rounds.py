"""A Swiss tournament's rounds: seating the players and starting the games (a durable job, run
once per round whichever process claims it), and counting a game's points when it ends
(listening to play, in the game's last transaction), which queues the next round once the
round's games are all over (in an arena, :mod:`.arena` says what comes next)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.ratings import Standing, places
from carson.core.swiss import Entrant, pair_round, placing_points
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob, JobQueue
from carson.server.kernel.db import Game
from carson.server.people.relations import kept_apart
from carson.server.play.listeners import GameAborted, GameFinished, Listeners
from carson.server.play.store import GameStore
from carson.server.play.worker_context import WorkerContext
from carson.server.tournaments import arena
from carson.server.tournaments.seating import APART, meetings, start_game
from carson.server.tournaments.tables import Tournament, TournamentGame, TournamentPlayer


def round_key(tournament_id: str, number: int) -> str:
    return f"tournament:{tournament_id}:round:{number}"


@dataclass(frozen=True)
class RoundDue:
    """The payload of a ``tournament_round`` job."""

    tournament: str
    round: int

    @classmethod
    def read(cls, payload: JSON) -> RoundDue:
        tournament, number = payload.get("tournament"), payload.get("round")
        if not isinstance(tournament, str) or not isinstance(number, int):
            raise ValueError(f"a tournament_round payload needs both, not {payload!r}")
        return cls(tournament, number)


def start_round(context: WorkerContext, job: ClaimedJob, payload: RoundDue) -> None:
    """Seat the round's players and start its games (nothing if it started already)."""
    store = context.store
    with store.write_turn, store.sessions.begin() as session:
        found = session.get(Tournament, payload.tournament, with_for_update=True)
        due = found is not None and found.status in ("open", "running")
        if due and found is not None and found.round < payload.round:
            _seat_round(store, session, found, payload.round)
        context.queue.finish(session, job)


def _seat_round(store: GameStore, session: Session, found: Tournament, number: int) -> None:
    players = session.scalars(
        select(TournamentPlayer).where(
            TournamentPlayer.tournament_id == found.id, TournamentPlayer.withdrawn.is_(False)
        )
    ).all()
    if len(players) < 2:  # nobody to play: it ends here
        found.status = "cancelled" if number == 1 else "finished"
        return
    met = meetings(session, found.id)
    for user_id, others in kept_apart(session, [p.user_id for p in players]).items():
        met.update({frozenset((user_id, other)): APART for other in others})
    entrants = [Entrant(player.user_id, player.points) for player in players]
    for people in pair_round(entrants, found.seats, met, found.seed + number):
        game_id = start_game(store, session, found, people, found.seats)
        session.add(TournamentGame(game_id=game_id, tournament_id=found.id, round=number,
                                   people=people))  # fmt: skip
    found.round, found.status = number, "running"


ROUND = register(JobKind("tournament_round", RoundDue.read, start_round))


# ------------------------------------------------------------------ a game's end


def counted(event: GameFinished) -> None:
    """A tournament game played to its end: each person gets a point per seat beaten."""
    session = event.session
    played = session.get(TournamentGame, event.game_id)
    if played is None or played.counted:
        return
    result = session.scalar(select(Game.result).where(Game.id == event.game_id)) or {}
    scores, winners = result.get("scores", []), set(result.get("winners", []))
    people = {standing.seat for standing in event.standings}
    machines = [Standing(seat, score, seat in winners)
                for seat, score in enumerate(scores) if seat not in people]  # fmt: skip
    points = placing_points(places([*event.standings, *machines]))
    for standing in event.standings:
        player = session.get(TournamentPlayer, (played.tournament_id, event.people[standing.seat]))
        if player is not None:
            player.points += points[standing.seat]
            player.score += standing.score
            player.played += 1
    _round_over(session, event.queue, played)


def aborted(event: GameAborted) -> None:
    """A tournament game aborted before it began counts for nobody; the round goes on."""
    played = event.session.get(TournamentGame, event.game_id)
    if played is not None and not played.counted:
        _round_over(event.session, event.queue, played)


def _round_over(session: Session, queue: JobQueue, played: TournamentGame) -> None:
    played.counted = True
    session.flush()
    still = select(func.count()).where(TournamentGame.tournament_id == played.tournament_id,
                                       TournamentGame.round == played.round,
                                       TournamentGame.counted.is_(False))  # fmt: skip
    if session.scalar(still):
        return
    found = session.get(Tournament, played.tournament_id, with_for_update=True)
    if found is None or found.status == "cancelled":
        return
    if found.mode == "arena":
        arena.game_over(session, queue, found)
        return
    if played.round >= found.rounds:
        found.status = "finished"
        return
    number = played.round + 1
    queue.enqueue(session, ROUND.name, {"tournament": found.id, "round": number},
                  key=round_key(found.id, number))  # fmt: skip


def listen(listeners: Listeners) -> None:
    """Count tournament games as they end (the composition root calls this)."""
    listeners.on(GameFinished, counted)
    listeners.on(GameAborted, aborted)
