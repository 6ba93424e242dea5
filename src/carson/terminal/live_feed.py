"""A game's news read in a thread of its own while the player looks, thinks or types: the
live stream's messages (:mod:`carson.terminal.live_stream`) — or, when the server refuses a
stream, a look at the game every few seconds — and after each new view the table's news
(timeouts, resignations, an abort), queued for the loop of :mod:`carson.terminal.online`,
which tells them on the screen at once (:mod:`carson.terminal.line_input`).

Only this thread waits on the network for news: the questions never wait for it, and the
loop never misses a move while a question is open.
"""

from __future__ import annotations

import queue
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from carson.terminal.api_client import ApiClient, ApiError, JsonDict, game_view
from carson.terminal.live_stream import LiveStream, StreamRefused

#: What the feed queues: a move's events, a view, the table's news, a retry of the stream,
#: the stream refused (looking by polling from now on), the server given up.
KINDS = ("move", "view", "news", "retry", "polling", "failed")


@dataclass(frozen=True)
class Item:
    """One thing the feed heard (``kind``: one of :data:`KINDS`)."""

    kind: str
    data: JsonDict = field(default_factory=dict)
    news: list[JsonDict] = field(default_factory=list)
    error: ApiError | None = None


class LiveFeed:
    """The news of ``game_id`` after move ``since``, as :class:`Item` in :attr:`items`."""

    def __init__(
        self,
        client: ApiClient,
        game_id: str,
        since: int,
        live: bool = True,
        poll: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.client, self.game_id, self.since = client, game_id, since
        self.live, self.poll, self._sleep = live, poll, sleep
        self.items: queue.Queue[Item] = queue.Queue()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="carson-live", daemon=True)
        #: The stream's connections (0: the game was looked at by polling).
        self.stream: LiveStream | None = None

    def start(self) -> LiveFeed:
        self._thread.start()
        return self

    def stop(self) -> None:
        """No more news (the thread ends at its next message or look)."""
        self._stopped.set()

    def _run(self) -> None:
        leave_ctrl_c_to_the_main_thread()
        try:
            if self.live:
                try:
                    self._stream()
                    return
                except StreamRefused:
                    self.items.put(Item("polling"))
            self._polling()
        except ApiError as error:
            self.items.put(Item("failed", error=error))

    def _stream(self) -> None:
        self.stream = LiveStream(self.client, self.game_id, sleep=self._sleep,
                                 on_retry=self._retry)  # fmt: skip
        messages = self.stream.messages(self.since)
        try:
            for event, data in messages:
                if self._stopped.is_set():
                    return
                if event == "view":
                    self._viewed(game_view(data))
                    if data["status"] == "over":
                        return
                elif event == "move":
                    self.items.put(Item("move", data))
        finally:
            messages.close()

    def _polling(self) -> None:
        seen: tuple[int, str] | None = None
        while not self._stopped.is_set():
            view = self.client.view(self.game_id)
            if (view["seq"], view["status"]) != seen:
                seen = (view["seq"], view["status"])
                self._viewed(view)
                if view["status"] == "over":
                    return
            self._sleep(self.poll)

    def _viewed(self, view: JsonDict) -> None:
        """A view, then the table's news of it (what a timeout or a resignation did)."""
        self.items.put(Item("view", view))
        if view["status"] != "waiting":
            self.items.put(Item("news", news=self.client.news(self.game_id)))

    def _retry(self, failures: int, reason: str) -> None:
        self.items.put(Item("retry", {"attempt": failures, "detail": reason}))


def leave_ctrl_c_to_the_main_thread() -> None:
    """Block SIGINT in the calling (background) thread. The kernel gives a Ctrl-C to any
    thread that does not block it; taken by this one, blocked in a socket's read, it would
    not wake the main thread, itself blocked waiting for news: the player's Ctrl-C would
    do nothing until the next news came."""
    if hasattr(signal, "pthread_sigmask"):  # POSIX; Windows delivers Ctrl-C otherwise
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
