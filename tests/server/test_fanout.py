"""A game's live streams after a move (issue 22): its spectators share one update, each seat
still gets its own, and no seat's secret reaches another audience."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.sse import ServerSentEvent
from starlette.concurrency import run_in_threadpool

from carson.server.accounts import auth
from carson.server.accounts.passwords import HashParameters, PasswordPool
from carson.server.kernel.db import User, make_engine, migrate
from carson.server.listening import every_listener
from carson.server.play import stream
from carson.server.play.games import GameService
from carson.server.play.live.fanout import SpectatorUpdates, Update
from carson.server.play.stream import StreamStart

POOL = PasswordPool(HashParameters(memory_kib=8, time_cost=1), 1)


def people(service: GameService, *names: str) -> list[User]:
    with service.sessions.begin() as session:
        return [auth.register(session, name, "a long password", POOL) for name in names]


async def next_view(messages: AsyncIterator[ServerSentEvent]) -> dict[str, Any]:
    """The stream's next ``view`` message, as sent."""
    while True:
        message = await asyncio.wait_for(anext(messages), 10)
        if message.event == "view":
            assert isinstance(message.raw_data, str)
            return dict(json.loads(message.raw_data))


def test_spectators_share_one_update_and_each_seat_gets_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'games.db'}")
    migrate(engine)
    service = GameService(engine, every_listener())
    alice, bob, carol = people(service, "alice", "bob", "carol")
    game = service.create(alice, ["human", "human", "expert", "expert"], None, None)["id"]
    service.join(bob, game)
    built: list[int | None] = []  # the seat of each update built
    catch_up = stream._catch_up

    def counted(service: GameService, user: User | None, game_id: str, told: Any) -> Any:
        update = catch_up(service, user, game_id, told)
        built.append(None if update is None else update.view["seat"])
        return update

    forwarded = stream.forwarded

    def counted_forwarded(service: GameService, game_id: str, told: Any) -> Any:
        update = forwarded(service, game_id, told)  # from memory, when it knows it all
        if isinstance(update, Update):
            built.append(update.view["seat"])
        return update

    monkeypatch.setattr(stream, "_catch_up", counted)
    monkeypatch.setattr(stream, "forwarded", counted_forwarded)

    async def scenario() -> dict[str, dict[str, Any]]:
        service.notifier.start(engine)
        audiences = {"alice": alice, "bob": bob, "signed out": None, "carol": carol}
        streams: dict[str, AsyncGenerator[ServerSentEvent, None]] = {}
        for name, user in audiences.items():
            woken = service.notifier.version(game)
            view = service.view(user, game, True)
            streams[name] = stream.messages(service, StreamStart(user, game, view, woken, None))
            await next_view(streams[name])  # the first view, as the stream opens
        seen = asyncio.gather(*(next_view(messages) for messages in streams.values()))
        await asyncio.sleep(0.05)  # every stream waits for the move
        bob_view = service.view(bob, game)
        bid = next(a for a in bob_view["legal_actions"] if a["kind"] == "bid")
        await run_in_threadpool(service.act, bob, game, bob_view["seq"], bid)
        views = dict(zip(streams, await seen, strict=True))
        for messages in streams.values():
            await messages.aclose()
        await service.notifier.stop()
        return views

    views = asyncio.run(scenario())
    # Both spectators (signed out, or signed in without a seat) got the one update built.
    assert sorted(built, key=str) == [0, 1, None]
    assert views["signed out"] == views["carol"] == service.view(None, game, True)
    assert views["carol"]["seat"] is None and views["carol"]["legal_actions"] == []
    # Each seat its own view: Bob's holds his bid, which Alice's must not show.
    assert views["alice"] == service.view(alice, game) and views["alice"]["seat"] == 0
    assert views["bob"] == service.view(bob, game) and views["bob"]["seat"] == 1
    assert views["alice"]["view"] != views["bob"]["view"]
    assert views["alice"]["view"] == service.view(alice, game, True)["view"]


def test_an_update_is_built_once_per_wake_up_and_a_failed_one_is_tried_again() -> None:
    updates = SpectatorUpdates(size=2)
    builds: list[str] = []

    async def scenario() -> None:
        async def build() -> Update | None:
            builds.append("built")
            await asyncio.sleep(0.01)
            return Update({"seq": 1}, [], "{}")

        async def broken() -> Update | None:
            builds.append("broken")
            raise RuntimeError("the database went away")

        told = (0, "playing")
        shared = await asyncio.gather(*(updates.shared("g", told, 5, build) for _ in range(3)))
        assert builds == ["built"] and shared[0] is shared[1] is shared[2]
        await updates.shared("g", told, 6, build)  # the next wake-up builds anew
        assert builds == ["built", "built"]
        with pytest.raises(RuntimeError):
            await updates.shared("h", told, 1, broken)
        await updates.shared("h", told, 1, build)  # not kept: the next stream tries again
        assert builds == ["built", "built", "broken", "built"]
        assert len(updates) <= 2  # bounded

    asyncio.run(scenario())
