"""Spectators on the pages: whoever is not seated at a game (signed in or not) sees its table
for nobody's seat, under a banner that says so, with the number of people watching
(docs/watching.md). Watching counts on the visitor's address like the API's
(:mod:`carson.server.play.live.watching`), and a spectator's page counts as a watcher
(:mod:`carson.server.play.live.watchers`: counted in memory, nothing written)."""

from __future__ import annotations

from fastapi import Request
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.server.kernel.ratelimit import client_address
from carson.server.play.api import service_of
from carson.web.kernel.visit import Visit


async def watchers_now(request: Request, visit: Visit, page: JSON) -> int:
    """How many people watch the game of ``page`` (a seat's or a spectator's view), the
    visitor included when it watches."""
    service = service_of(request)
    game_id = str(page["id"])
    if page["seat"] is None and page["status"] == "playing":
        viewer = service.watchers.key(visit.user, client_address(request))
        if await run_in_threadpool(service.watchers.seen, game_id, viewer):
            service.notifier.publish(game_id)  # the players' pages show the new count now
    return service.watchers.count(game_id)  # in memory
