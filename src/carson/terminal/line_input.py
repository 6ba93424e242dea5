"""A question at a real terminal (prompt_toolkit): line editing and history (the arrow keys
move in the line and through earlier answers instead of typing escape codes), nothing typed
before the question showed taken as its answer, a status line redrawn every second (a timed
game's clocks), and news printed above the question as it comes without touching what the
player is typing — or the question given up when the news changed it.

Used only when both ends are a terminal; scripts and tests answer through a plain function.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app, run_in_terminal
from prompt_toolkit.history import InMemoryHistory

if sys.platform == "win32":
    import msvcrt
else:
    import termios

#: Seconds between two redraws of the status line.
REFRESH_SECONDS = 1.0
#: Seconds between two looks for news while a question is open.
WATCH_SECONDS = 0.2


class Superseded(Exception):
    """The question gave way: the game moved on meanwhile (the news said how)."""


class Watcher(Protocol):
    """What happens elsewhere while a question is open."""

    def pending(self) -> bool:
        """Whether news waits (cheap: asked five times a second)."""

    def drain(self) -> bool:
        """Print the news that waits; whether it changed the question (it is given up)."""


def flush_typed_ahead() -> None:
    """Forget what was typed while no question was shown: it answers none."""
    if sys.platform == "win32":
        while msvcrt.kbhit():
            msvcrt.getwch()
    elif sys.stdin.isatty():
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)


class LineInput:
    """``ask(prompt) -> answer`` at a terminal, with a ``status`` line (empty: none) and a
    ``watcher`` of the news; :class:`Superseded` when the news changed the question."""

    def __init__(
        self,
        status: Callable[[], str] | None = None,
        watcher: Watcher | None = None,
        flush: bool = True,
    ) -> None:
        self.session: PromptSession[str] = PromptSession(history=InMemoryHistory())
        self.status = status
        self.watcher = watcher
        #: Whether what was typed before the question showed is forgotten (online, where
        #: the game moves on meanwhile; a local game waits for its player, who may type on).
        self.flush = flush

    def __call__(self, prompt: str) -> str:
        if self.watcher is not None and self.watcher.pending() and self.watcher.drain():
            raise Superseded
        if self.flush:
            flush_typed_ahead()
        shows_status = self.status is not None and bool(self.status())
        return self.session.prompt(
            prompt,
            bottom_toolbar=self._status if shows_status else None,
            refresh_interval=REFRESH_SECONDS if shows_status else None,  # the clocks tick
            pre_run=self._start_watching,
        )

    def _status(self) -> str:
        return self.status() if self.status is not None else ""

    def _start_watching(self) -> None:
        if self.watcher is not None:
            get_app().create_background_task(self._watch(self.watcher))

    async def _watch(self, watcher: Watcher) -> None:
        """Prints the news above the question as it comes (the question and what is typed
        are drawn again below it); gives the question up when the news changed it."""
        app = get_app()
        while True:
            if watcher.pending():
                changed = await run_in_terminal(watcher.drain)
                if changed and not app.is_done:  # else answered meanwhile: the loop asks
                    app.exit(exception=Superseded())
                    return
            await asyncio.sleep(WATCH_SECONDS)
