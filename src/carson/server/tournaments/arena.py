"""An arena tournament's seatings: during its window, whenever enough of its players are free
(at none of its tables), the server seats them at new tables (:mod:`carson.core.arena`),
preferring people who have not just played together; a finished game's people are free again.

One durable job kind, ``tournament_arena``, does it, once whichever process claims it. It is
queued now by a join during the window (or a paused player's coming back,
:mod:`.pausing`) and by the end of one of the arena's games (keyed, so
that a burst of them is one job), and as a tick: at the start, every :data:`TICK` through the
window (a trigger lost to a race is caught up there), and at the window's end, when it closes
the arena — no new games from then on; the games under way finish and count, and the last to
end makes the standings final."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from carson.core.arena import pair_free
from carson.core.game import JSON
from carson.core.registry import game_kind
from carson.server.jobs.kinds import JobKind, register
from carson.server.jobs.queue import ClaimedJob, JobQueue, as_utc
from carson.server.people.relations import kept_apart
from carson.server.play.store import GameStore
from carson.server.play.worker_context import WorkerContext
from carson.server.tournaments.seating import APART, meetings, start_game
from carson.server.tournaments.tables import Tournament, TournamentGame, TournamentPlayer

#: How often a running arena looks for free players without being told of any.
TICK = timedelta(minutes=1)
#: How much two people who sat at the latest table of one of them count as having met:
#: they sit together again only if the free players leave nothing else.
RECENT = 10


def pair_key(tournament_id: str) -> str:
    return f"tournament:{tournament_id}:arena:pair"


def tick_key(tournament_id: str) -> str:
    return f"tournament:{tournament_id}:arena:tick"


@dataclass(frozen=True)
class ArenaDue:
    """The payload of a ``tournament_arena`` job: a seating now, or the window's tick."""

    tournament: str
    tick: bool

    @classmethod
    def read(cls, payload: JSON) -> ArenaDue:
        tournament, tick = payload.get("tournament"), payload.get("tick")
        if not isinstance(tournament, str) or not isinstance(tick, bool):
            raise ValueError(f"a tournament_arena payload needs both, not {payload!r}")
        return cls(tournament, tick)


def run(context: WorkerContext, job: ClaimedJob, payload: ArenaDue) -> None:
    """Seat the free players (or close the window, once it is over), in one transaction with
    the job's end, so that it happens once."""
    store, queue = context.store, context.queue
    with store.write_turn, store.sessions.begin() as session:
        found = session.get(Tournament, payload.tournament, with_for_update=True)
        # First, and only if the job is still ours: the next tick reuses this one's key.
        if not queue.finish(session, job) or found is None or found.mode != "arena":
            return
        now = queue.clock()
        if found.status not in ("open", "running") or now < as_utc(found.starts_at):
            return
        ends_at = as_utc(found.ends_at or found.starts_at)
        if now >= ends_at:
            _close(session, found)
            return
        found.status = "running"
        seat_free(store, session, found)
        if payload.tick:
            queue.enqueue(session, ARENA.name, {"tournament": found.id, "tick": True},
                          key=tick_key(found.id), run_at=min(now + TICK, ends_at))  # fmt: skip


def seat_free(store: GameStore, session: Session, found: Tournament) -> list[list[int]]:
    """Start a game for each table the free players fill; the tables seated."""
    players = session.scalars(
        select(TournamentPlayer).where(
            TournamentPlayer.tournament_id == found.id,
            TournamentPlayer.withdrawn.is_(False),
            TournamentPlayer.paused.is_(False),  # a paused player sits down once back
        )
    ).all()
    played = session.scalars(
        select(TournamentGame).where(TournamentGame.tournament_id == found.id)
        .order_by(TournamentGame.round)
    ).all()  # fmt: skip
    busy = {user for game in played if not game.counted for user in game.people}
    latest: dict[int, TournamentGame] = {}
    for game in played:
        latest.update(dict.fromkeys(game.people, game))
    free = sorted(
        (player for player in players if player.user_id not in busy),
        key=lambda p: (_last_round(latest, p.user_id), as_utc(p.joined_at), p.user_id),
    )
    ids = [player.user_id for player in free]
    which = game_kind(found.game)
    met = _weights(session, found, ids, latest)
    tables = pair_free(ids, max(3, which.min_seats), found.seats, met)
    if tables:
        found.round += 1
    for people in tables:
        game_id = start_game(store, session, found, people, len(people))
        session.add(TournamentGame(game_id=game_id, tournament_id=found.id, round=found.round,
                                   people=people))  # fmt: skip
    return tables


def _last_round(latest: dict[int, TournamentGame], user_id: int) -> int:
    game = latest.get(user_id)
    return 0 if game is None else game.round


def _weights(
    session: Session, found: Tournament, ids: list[int], latest: dict[int, TournamentGame]
) -> Counter[frozenset[int]]:
    """How much each two free people should not sit together: once per table they shared,
    :data:`RECENT` more if it was the latest of one of them, :data:`APART` if a block keeps
    them apart."""
    met = meetings(session, found.id)
    for user_id in ids:
        game = latest.get(user_id)
        if game is not None:
            met.update({frozenset((user_id, o)): RECENT for o in game.people if o != user_id})
    for user_id, others in kept_apart(session, ids).items():
        met.update({frozenset((user_id, other)): APART for other in others})
    return met


def _close(session: Session, found: Tournament) -> None:
    """The window is over: final now if no game is under way (cancelled if none was played),
    else once the last one ends (:func:`game_over`)."""
    games = session.scalars(
        select(TournamentGame.counted).where(TournamentGame.tournament_id == found.id)
    ).all()
    if all(games):
        found.status = "finished" if games else "cancelled"
    else:
        found.status = "running"


def game_over(session: Session, queue: JobQueue, found: Tournament) -> None:
    """One of the arena's games has ended and counted (in its last transaction, the arena
    locked): during the window its people are free, so a seating is queued; after it, the
    standings are final if that was the last game under way."""
    if found.status not in ("open", "running"):
        return
    if queue.clock() < as_utc(found.ends_at or found.starts_at):
        queue.enqueue(session, ARENA.name, {"tournament": found.id, "tick": False},
                      key=pair_key(found.id))  # fmt: skip
    else:
        _close(session, found)


def queue_seating(session: Session, queue: JobQueue, found: Tournament) -> None:
    """A player joined (or came back from a pause): seat them if the window is open (before
    it, the start's tick will)."""
    now = queue.clock()
    if as_utc(found.starts_at) <= now < as_utc(found.ends_at or found.starts_at):
        queue.enqueue(session, ARENA.name, {"tournament": found.id, "tick": False},
                      key=pair_key(found.id))  # fmt: skip


ARENA = register(JobKind("tournament_arena", ArenaDue.read, run))
