"""What the online loop (:mod:`carson.terminal.online`) knows of its game between its own
looks: the live feed's items (:mod:`carson.terminal.live_feed`) told as they come — the
moves' news, the table's news (a timeout, a resignation, an abort), the server lost and
tried again —, the latest view (and with it the clocks), and whether that view changed the
question the player is asked, or ended his wait.

At a real terminal the question itself asks :meth:`GameWatch.pending` and
:meth:`GameWatch.drain` while it is open (:mod:`carson.terminal.line_input`): the screen
tells what happens with no key pressed. Elsewhere (a script) the loop drains the news before
each question and waits on :meth:`GameWatch.next`.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import Any

from carson.terminal.api_client import ApiError, JsonDict
from carson.terminal.live_feed import Item, LiveFeed
from carson.terminal.live_stream import MAX_RETRIES
from carson.terminal.online_clock import ClockLine, TableNews

#: What the view of a step says of it (the card game's era, phase and round; the board
#: game's round and decision): the same question needs the same of these.
STEP_KEYS = ("era", "phase", "round", "decision")


def _step(value: Any) -> Any:
    """A decision by its kind (its awaited seats change as the others answer)."""
    return value.get("kind") if isinstance(value, dict) else value


def same_step(before: JsonDict, now: JsonDict) -> bool:
    """Whether ``now`` asks the seat what ``before`` asked: the same status, the same legal
    actions, the same step."""
    if now["status"] != before["status"] or now["legal_actions"] != before["legal_actions"]:
        return False
    was, is_ = before["view"], now["view"]
    return all(_step(was.get(key)) == _step(is_.get(key)) for key in STEP_KEYS)


def awaited(before: JsonDict, now: JsonDict) -> bool:
    """Whether a wait for the player's turn that began at view ``before`` ends at ``now``:
    the player is asked something (a turn, or a step the server opened without a move) or
    the game's status changed (it ended)."""
    return bool(now["legal_actions"]) or now["status"] != before["status"]


#: Seconds at most between two looks of the main thread while it waits for news.
WAKE_SECONDS = 0.5


class GameWatch:
    """The feed's items told as they come, against the view the screen shows."""

    def __init__(
        self,
        feed: LiveFeed,
        clock: ClockLine,
        news: TableNews,
        tell: Callable[[str, JsonDict], None],
        clock_names: Callable[[JsonDict], list[str]],
    ) -> None:
        self.feed, self.clock, self.table_news = feed, clock, news
        #: Says things: ``("move", {seq, events})`` a move's news, ``("line", {text})`` a
        #: line of news, ``("retry", {attempt, detail, most})``, ``("polling", {})``.
        self._tell = tell
        self._clock_names = clock_names
        self.base: JsonDict = {}
        self.latest: JsonDict = {}
        self.waiting = False
        #: Whether what was heard since :meth:`shows` changed the question (or ended the
        #: wait): kept until the next view is shown, so that an answer typed as the news
        #: came cannot lose it.
        self.moved = False
        #: The server given up meanwhile: the loop raises it.
        self.failure: ApiError | None = None

    def shows(self, view: JsonDict, waiting: bool) -> None:
        """The screen shows ``view`` now: the player is asked (or, ``waiting``, waits)."""
        self.base = self.latest = view
        self.waiting, self.moved = waiting, False
        self.clock.update(view, self._clock_names(view))

    def pending(self) -> bool:
        """Whether news waits, or the question already changed."""
        return self.moved or not self.feed.items.empty()

    def drain(self) -> bool:
        """Tells everything heard; whether the question changed (or the wait ended) since
        the screen showed its view."""
        while True:
            try:
                item = self.feed.items.get_nowait()
            except queue.Empty:
                return self.moved
            if self._heard(item):
                self.moved = True

    def next(self) -> JsonDict:
        """Waits (telling what comes) until the wait ends; the view that ends it."""
        while True:
            try:  # a bounded wait: a Ctrl-C taken by another thread is seen within it
                item = self.feed.items.get(timeout=WAKE_SECONDS)
            except queue.Empty:
                continue
            if self._heard(item):
                break
        if self.failure is not None:
            raise self.failure
        return self.latest

    def _heard(self, item: Item) -> bool:
        if item.kind == "move":
            self._tell("move", item.data)
        elif item.kind == "news":
            me = int(self.latest.get("seat") or 0) if self.latest else 0
            for line in self.table_news.lines(item.news, self.latest, me):
                self._tell("line", {"text": line})
        elif item.kind == "retry":
            self._tell("retry", {**item.data, "most": MAX_RETRIES})
        elif item.kind == "polling":
            self._tell("polling", {})
        elif item.kind == "failed":
            self.failure = item.error
            return True
        elif item.kind == "view":
            return self._viewed(item.data)
        return False

    def _viewed(self, now: JsonDict) -> bool:
        if not self.base or now["seq"] < self.base["seq"]:
            return False  # older than what the screen shows: heard before the last move
        self.latest = now
        self.clock.update(now, self._clock_names(now))
        if self.waiting:
            return awaited(self.base, now)
        return not same_step(self.base, now)
