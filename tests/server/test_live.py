"""The notifier that wakes live streams."""

from __future__ import annotations

import asyncio

from sqlalchemy import create_engine

from carson.server.live import Notifier


def test_a_move_made_while_a_stream_was_looking_is_not_missed() -> None:
    async def scenario() -> None:
        notifier = Notifier()
        notifier.start(create_engine("sqlite://"))
        seen = notifier.version("game")  # the stream reads this, then looks at the game …
        notifier.publish("game")  # … while a move is stored
        await asyncio.sleep(0)
        # The stream's next wait returns at once instead of sleeping until its timeout.
        await asyncio.wait_for(notifier.wait("game", 60, seen), 1)
        assert notifier.version("game") == seen + 1
        # With nothing new it does wait (here: until its short timeout).
        await asyncio.wait_for(notifier.wait("game", 0.05, notifier.version("game")), 1)
        notifier.stop()

    asyncio.run(scenario())
