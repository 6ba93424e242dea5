"""A game's chat as server-sent events, apart from the game's own stream: the chat goes on
after the game is over, and a spectator's page listens to it too.

Messages: ``event: ready`` first (data ``{"readable": [...], "since": "P.S"}``), then
``event: chat`` for every message the reader may read, without those of the accounts it
muted: ``id:`` the cursor after it (:mod:`carson.server.chat.cursor`), data the message as
``GET /api/games/{id}/chat`` gives it. The channels one may read are looked at again on
every wake-up: a player reads the spectators' channel once the game is over.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass

from fastapi.sse import ServerSentEvent
from starlette.concurrency import run_in_threadpool

from carson.server.chat.cursor import Cursor, parse_cursor
from carson.server.chat.service import MAX_PAGE, Chat, wake_key
from carson.server.kernel.db import User
from carson.server.play.stream import LIVE_TIMEOUT


@dataclass(frozen=True)
class ChatStart:
    user: User
    game_id: str
    readable: tuple[str, ...]
    #: Where the client was told of last: the stream sends what follows.
    since: Cursor


def resumed_at(last_event_id: str | None, since: str) -> Cursor:
    """Where a stream starts: after ``Last-Event-ID`` (a reconnect) or ``since``."""
    if last_event_id is None or not last_event_id.strip():
        return parse_cursor(since)
    return parse_cursor(last_event_id, "Last-Event-ID")


async def messages(chat: Chat, start: ChatStart) -> AsyncIterator[ServerSentEvent]:
    """The stream's messages until the client goes away."""
    key, since = wake_key(start.game_id), start.since
    ready = {"readable": list(start.readable), "since": str(since)}
    yield ServerSentEvent(event="ready", raw_data=json.dumps(ready))
    while True:
        woken = chat.notifier.version(key)  # read before looking: no message slips by
        found = await run_in_threadpool(chat.read, start.user, start.game_id, None, since)
        for message in found:
            since = since.after(message.channel, message.seq)
            yield ServerSentEvent(
                event="chat", id=str(since), raw_data=json.dumps(message.to_json())
            )
        if len(found) < MAX_PAGE:
            await chat.notifier.wait(key, LIVE_TIMEOUT, woken)
