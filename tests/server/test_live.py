"""The notifier that wakes live streams."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import create_engine

from carson.server.kernel.live import Notifier


def with_notifier(scenario: Callable[[Notifier], Awaitable[None]], games: int = 10) -> None:
    """Runs ``scenario`` on an event loop with a started notifier remembering ``games``."""

    async def run() -> None:
        notifier = Notifier(games=games)
        notifier.start(create_engine("sqlite://"))
        try:
            await scenario(notifier)
        finally:
            await notifier.stop()

    asyncio.run(run())


def test_a_move_made_while_a_stream_was_looking_is_not_missed() -> None:
    async def scenario(notifier: Notifier) -> None:
        seen = notifier.version("game")  # the stream reads this, then looks at the game …
        notifier.publish("game")  # … while a move is stored
        await asyncio.sleep(0)
        # The stream's next wait returns at once instead of sleeping until its timeout.
        await asyncio.wait_for(notifier.wait("game", 60, seen), 1)
        assert notifier.version("game") > seen
        # With nothing new it does wait (here: until its short timeout).
        await asyncio.wait_for(notifier.wait("game", 0.05, notifier.version("game")), 1)

    with_notifier(scenario)


def test_the_wake_up_numbers_stay_bounded_and_never_go_down() -> None:
    async def scenario(notifier: Notifier) -> None:
        seen = {}
        for number in range(50):
            game = f"game-{number}"
            seen[game] = notifier.version(game)  # a stream of each game reads its number …
            notifier.publish(game)  # … and a move of that game is stored
        await asyncio.sleep(0)
        assert len(notifier._versions) == 3  # only the 3 latest games are remembered
        for game, before in seen.items():
            # Remembered or not, every game's number is past what its stream read: no
            # stream sleeps through the move it missed.
            assert notifier.version(game) > before, game
            await asyncio.wait_for(notifier.wait(game, 60, before), 1)
        # A game dropped from the table and woken again still moves forward.
        dropped = notifier.version("game-0")
        notifier.publish("game-0")
        await asyncio.sleep(0)
        assert notifier.version("game-0") > dropped

    with_notifier(scenario, games=3)


def test_only_a_game_a_stream_awaits_wakes_the_event_loop() -> None:
    async def scenario(notifier: Notifier) -> None:
        loop = asyncio.get_running_loop()
        scheduled: list[str] = []
        original = loop.call_soon_threadsafe

        def counting(callback: Any, *args: Any) -> Any:
            if callback == notifier._wake:  # (the threads' own results come this way too)
                scheduled.append(args[0])
            return original(callback, *args)

        loop.call_soon_threadsafe = counting  # type: ignore[method-assign]
        watched = asyncio.create_task(notifier.wait("watched", 60))
        await asyncio.sleep(0)  # the stream awaits its game
        before = notifier.version("unwatched")
        # Published from other threads (request threads, the listening thread).
        for game in ("unwatched", "watched"):
            await asyncio.to_thread(notifier.publish, game)
        await asyncio.wait_for(watched, 1)  # woken
        assert scheduled == ["watched"]  # the unwatched game's move cost the loop nothing
        assert notifier.version("unwatched") > before  # yet its number went up

    with_notifier(scenario)


def test_a_move_published_from_a_thread_while_a_stream_starts_waiting_is_not_missed() -> None:
    async def scenario(notifier: Notifier) -> None:
        for _ in range(200):
            seen = notifier.version("game")
            publishing = asyncio.create_task(asyncio.to_thread(notifier.publish, "game"))
            await asyncio.wait_for(notifier.wait("game", 60, seen), 2)  # never its timeout
            await publishing

    with_notifier(scenario)
