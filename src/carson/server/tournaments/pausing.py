"""Pausing in an arena: a player who pauses is not seated (their game under way goes on)
until they come back; coming back queues a seating, as a join does. A player whose clock ran
out in one of the arena's games (a machine plays their seat from then on) is paused at once,
in the timeout's transaction, and told (:class:`ArenaPaused`, which notifications hear): a
player who went away is not seated again and again to be played by a machine."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from carson.server.jobs.queue import JobQueue
from carson.server.kernel.db import User
from carson.server.kernel.errors import Conflict, NotFound
from carson.server.play.games import GameService
from carson.server.play.listeners import Listeners, SeatTimedOut
from carson.server.tournaments.arena import queue_seating
from carson.server.tournaments.tables import Tournament, TournamentGame, TournamentPlayer


@dataclass(frozen=True)
class ArenaPaused:
    """``user_id``'s clock ran out in ``game_id``, a game of the arena ``tournament_id``:
    they are paused there until they come back."""

    session: Session
    queue: JobQueue
    tournament_id: str
    game_id: str
    user_id: int


def set_paused(service: GameService, user: User, tournament_id: str, paused: bool) -> None:
    """The caller pauses (``paused``) or comes back, in an arena they play in (409 if they do
    not, or it is over, or it is no arena); coming back during the window seats them as soon
    as enough players are free."""
    with service.store.write_turn, service.sessions.begin() as session:
        found = session.get(Tournament, tournament_id, with_for_update=True)
        if found is None:
            raise NotFound(f"no tournament {tournament_id!r}")
        player = session.get(TournamentPlayer, (tournament_id, user.id))
        if player is None or player.withdrawn or found.status in ("finished", "cancelled"):
            raise Conflict("you are not playing in this tournament", "not_playing")
        if found.mode != "arena":
            raise Conflict("only an arena's players pause", "not_arena")
        was, player.paused = player.paused, paused
        if was and not paused:
            queue_seating(session, service.jobs, found)


def timed_out(event: SeatTimedOut, listeners: Listeners) -> None:
    """A seat of an arena's game taken over on a timeout: its player is paused, and told."""
    session = event.session
    played = session.get(TournamentGame, event.game_id)
    if played is None:
        return
    found = session.get(Tournament, played.tournament_id)
    player = session.get(TournamentPlayer, (played.tournament_id, event.user_id))
    if found is None or found.mode != "arena" or player is None or player.withdrawn:
        return
    if found.status not in ("open", "running") or player.paused:
        return
    player.paused = True
    listeners.publish(ArenaPaused(session, event.queue, found.id, event.game_id, event.user_id))


def listen(listeners: Listeners) -> None:
    """Pause an arena's players whose clocks run out (the composition root calls this)."""
    listeners.on(SeatTimedOut, lambda event: timed_out(event, listeners))
