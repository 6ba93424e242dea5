"""A game's live stream for one seat, as server-sent events (FastAPI's ``EventSourceResponse``).

Messages, each with ``id: <seq>`` — the move the client has been told of up to then:

- ``event: move``, data ``{"seq": n, "events": [...]}``: move ``n`` and the events of it the
  seat may see (possibly none), one message per move, in order;
- ``event: view``, data the caller's view (as ``GET /api/games/{id}``): first on connecting,
  then after every batch of moves (and when a waiting game starts);
- ``event: watchers``, data ``{"watchers": n}`` (only when asked, ``?watchers=true``): how
  many spectators watch the game, after the first view and whenever it changed (looked at
  every :data:`BEAT_SECONDS` or so).

A spectator's stream (nobody's seat) also keeps its spectator counted
(:mod:`carson.server.play.live.watchers`) while it is open.

A client that reconnects with ``Last-Event-ID: n`` (browsers do it on their own) is first sent
the ``move`` messages of every move after ``n`` that it missed, then the view.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncGenerator
from dataclasses import dataclass

from fastapi.sse import ServerSentEvent
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.server.kernel.db import User
from carson.server.kernel.errors import Unprocessable
from carson.server.kernel.jsonio import dumps
from carson.server.play.forwarding import UNKNOWN, forwarded
from carson.server.play.games import GameService
from carson.server.play.live.fanout import Update
from carson.server.play.live.watchers import BEAT_SECONDS

#: Longest wait of a live stream between two looks at its game (normally a move wakes it);
#: FastAPI keeps an idle connection alive with comment lines meanwhile.
LIVE_TIMEOUT = 15.0


@dataclass(frozen=True)
class StreamStart:
    """What a stream knows before its first message: checked before the response starts, so
    a refused caller gets a plain HTTP error."""

    user: User | None  # None: a signed-out spectator
    game_id: str
    view: JSON
    #: The game's wake-up count read before the view was built: no move slips by.
    woken: int
    #: The ``Last-Event-ID`` of a reconnecting client, else ``None``.
    told: int | None
    #: A spectator's key among the game's watchers (``None``: a seated player).
    watcher: str | None = None
    #: Whether the client asked for ``watchers`` messages.
    tell_watchers: bool = False


def last_event_id(raw: str | None, now: int) -> int | None:
    """The seq a reconnecting client was told of last; refuses what this stream never sent."""
    if raw is None or not raw.strip():
        return None
    try:
        told = int(raw)
    except ValueError:
        told = -1
    if not 0 <= told <= now:
        raise Unprocessable(
            f"Last-Event-ID {raw!r} is not a seq of this game: give one from 0 to {now}"
        )
    return told


async def messages(
    service: GameService, start: StreamStart
) -> AsyncGenerator[ServerSentEvent, None]:
    """The stream's messages until the game is over."""
    view, woken = start.view, start.woken
    if start.told is not None:
        for message in await _moves(service, start, start.told, view["seq"]):
            yield message
    yield _view_message(view)
    watched = _Watched(service, start)
    nudged = False
    while view["status"] != "over":
        count = await watched.beat(look=nudged)
        if count is not None:
            yield count
        # Woken by a move of this game from any server process, or by a new watcher of it
        # in this one; the timeout is a safety net.
        before = woken
        await service.notifier.wait(start.game_id, LIVE_TIMEOUT, woken)
        woken = service.notifier.version(start.game_id)
        update = await _update(service, start, view, woken)
        if update is None:
            nudged = woken != before  # woken with no move: a watcher came, count again
            continue
        nudged = False
        for seq, data in update.moves:
            yield ServerSentEvent(event="move", id=str(seq), raw_data=data)
        view = update.view
        yield ServerSentEvent(event="view", id=str(view["seq"]), raw_data=update.view_data)


async def _update(
    service: GameService, start: StreamStart, told: JSON, woken: int
) -> Update | None:
    """The stream's messages since the view ``told``, if the game changed: shared by the
    game's spectator streams once seats are settled (a signed-in spectator of a waiting
    game may yet take a seat, and then sees its seat's view)."""

    async def build() -> Update | None:
        update = forwarded(service, start.game_id, told)  # from memory: what the move left
        if update is UNKNOWN:  # not kept here: read in a request thread
            return await run_in_threadpool(_catch_up, service, start.user, start.game_id, told)
        return update

    settled = start.user is None or told["status"] != "waiting"
    if told["seat"] is not None or not settled:
        return await build()
    told_as = (int(told["seq"]), str(told["status"]))
    return await service.spectator_updates.shared(start.game_id, told_as, woken, build)


def _catch_up(service: GameService, user: User | None, game_id: str, told: JSON) -> Update | None:
    """In a request thread: the caller's view now and the moves since ``told``, serialised;
    ``None`` if neither the seq nor the status changed."""
    latest = service.view(user, game_id, True)
    if (latest["seq"], latest["status"]) == (told["seq"], told["status"]):
        return None
    moves = _move_data(service, user, game_id, told["seq"], latest["seq"])
    return Update(latest, moves, dumps(latest))


def _move_data(
    service: GameService, user: User | None, game_id: str, after: int, upto: int
) -> list[tuple[int, str]]:
    """The data of one ``move`` message per move after ``after`` up to ``upto``."""
    if upto <= after:
        return []
    seen = service.seat_events(user, game_id, after, upto, True)
    by_move: dict[int, list[JSON]] = {seq: [] for seq in range(after + 1, upto + 1)}
    for event in seen:
        by_move[event.seq].append(event.to_json())
    return [(seq, dumps({"seq": seq, "events": events})) for seq, events in by_move.items()]


async def _moves(
    service: GameService, start: StreamStart, after: int, upto: int
) -> list[ServerSentEvent]:
    """One ``move`` message per move after ``after`` up to ``upto``."""
    found = await run_in_threadpool(_move_data, service, start.user, start.game_id, after, upto)
    return [ServerSentEvent(event="move", id=str(seq), raw_data=data) for seq, data in found]


def _view_message(view: JSON) -> ServerSentEvent:
    return ServerSentEvent(event="view", id=str(view["seq"]), raw_data=dumps(view))


class _Watched:
    """A stream's side of the watcher count: a spectator's stream counts its spectator as
    soon as it opens and says it still watches every :data:`BEAT_SECONDS`; a new watcher
    wakes the game's other streams of this process, which then tell the count at once (those
    of other processes at their next beat); a stream that asked tells the count when it
    changed."""

    def __init__(self, service: GameService, start: StreamStart) -> None:
        self.watchers = service.watchers
        self.notifier = service.notifier
        self.start = start
        self.told: int | None = None
        self.last = float("-inf")

    async def beat(self, look: bool = False) -> ServerSentEvent | None:
        """The ``watchers`` message if it is time to look (or ``look``: a watcher came) and
        the count changed."""
        due = time.monotonic() - self.last >= BEAT_SECONDS
        if not (due or look):
            return None
        game_id, watcher = self.start.game_id, self.start.watcher
        if due:  # a look asked for keeps the beat's own rhythm (a spectator stays counted)
            self.last = time.monotonic()
            if watcher is not None and await run_in_threadpool(
                self.watchers.seen, game_id, watcher
            ):
                self.notifier.publish(game_id)  # the others' counts rise now
        if not self.start.tell_watchers:
            return None
        count = self.watchers.count(game_id)  # in memory
        if count == self.told:
            return None
        self.told = count
        # No id: the client's Last-Event-ID stays the last move it was told of.
        return ServerSentEvent(event="watchers", raw_data=json.dumps({"watchers": count}))
