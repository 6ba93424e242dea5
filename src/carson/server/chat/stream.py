"""A game's chat as server-sent events, apart from the game's own stream: the chat goes on
after the game is over, and a spectator's page listens to it too.

Messages: ``event: ready`` first (data ``{"readable": [...], "since": n}``), then ``event:
chat`` (``id: <seq>``, data the message as ``GET /api/games/{id}/chat`` gives it) for every
message the reader may read, without those of the accounts it muted. The channels one may
read are looked at again on every wake-up: a player reads the spectators' channel once the
game is over.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass

from fastapi.sse import ServerSentEvent
from starlette.concurrency import run_in_threadpool

from carson.server.chat.service import MAX_PAGE, MAX_SEQ, Chat, wake_key
from carson.server.kernel.db import User
from carson.server.kernel.errors import Unprocessable
from carson.server.play.stream import LIVE_TIMEOUT


@dataclass(frozen=True)
class ChatStart:
    user: User
    game_id: str
    readable: tuple[str, ...]
    #: The seq the client was told of last: the stream sends what follows.
    since: int


def resumed_at(last_event_id: str | None, since: int) -> int:
    """Where a stream starts: after ``Last-Event-ID`` (a reconnect) or ``since``."""
    if last_event_id is None or not last_event_id.strip():
        return since
    if not last_event_id.strip().isdecimal() or int(last_event_id) > MAX_SEQ:
        raise Unprocessable(f"Last-Event-ID {last_event_id!r} is not a chat seq")
    return int(last_event_id)


async def messages(chat: Chat, start: ChatStart) -> AsyncIterator[ServerSentEvent]:
    """The stream's messages until the client goes away."""
    key, since = wake_key(start.game_id), start.since
    ready = {"readable": list(start.readable), "since": since}
    yield ServerSentEvent(event="ready", raw_data=json.dumps(ready))
    while True:
        woken = chat.notifier.version(key)  # read before looking: no message slips by
        found = await run_in_threadpool(chat.read, start.user, start.game_id, None, since)
        for message in found:
            yield ServerSentEvent(
                event="chat", id=str(message.seq), raw_data=json.dumps(message.to_json())
            )
        if found:
            since = found[-1].seq
        if len(found) < MAX_PAGE:
            await chat.notifier.wait(key, LIVE_TIMEOUT, woken)
