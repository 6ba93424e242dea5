"""The clocks of a timed game on the terminal: one line, counted down here every second from
the latest view the server sent (the server's clock is the authority: each new view sets the
line again, so it never drifts for long), and the table's news (timeouts, resignations, an
abort) in the player's words, each told once."""

from __future__ import annotations

import time
from collections.abc import Callable

from carson.core.registry import HUMAN
from carson.terminal.api_client import JsonDict
from carson.terminal.texts import Texts

#: The table's news the terminal tells, by kind (``GET /api/games/{id}/news``).
NEWS_KINDS = ("timeout_move", "timeout_left", "resigned", "aborted")


def shown_time(seconds: float, correspondence: bool) -> str:
    """``4:05``, ``1:02:03``; a correspondence clock as ``2d 3h``."""
    whole = max(0, int(seconds))
    days, rest = divmod(whole, 86_400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if correspondence:
        return f"{days}d {hours}h"
    if hours or days:
        return f"{days * 24 + hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


class ClockLine:
    """The clocks of the people's seats, as the latest view gave them, counted down since."""

    def __init__(self, texts: Texts, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.texts = texts
        self._monotonic = monotonic
        self._view: JsonDict | None = None
        self._names: list[str] = []
        self._at = 0.0  # when the view came

    def update(self, view: JsonDict, names: list[str]) -> None:
        """The clocks of ``view`` (received now), each seat called as ``names`` say."""
        self._view, self._names, self._at = view, names, self._monotonic()

    def line(self) -> str:
        """``Clock 10+5 · you 9:41 ◂ · bob 10:00``; empty for a game without a clock."""
        view = self._view
        clock = None if view is None else view.get("clock")
        if view is None or not isinstance(clock, dict) or view.get("status") != "playing":
            return ""
        control = str(clock.get("control", ""))
        slow = clock.get("kind") == "correspondence"
        passed = self._monotonic() - self._at
        parts = [self.texts("online", "clock", control=control)]
        for index, seat in enumerate(view["seats"]):
            if seat.get("kind") != HUMAN or index >= len(self._names):
                continue  # a machine's clock never runs out
            running = bool(clock["running"][index])
            left = float(clock["left"][index]) - (passed if running else 0.0)
            part = f"{self._names[index]} {shown_time(left, slow)}"
            if seat.get("left"):
                part += " " + self.texts("online", "clock_gone")
            parts.append(part + (" ◂" if running else ""))
        return " · ".join(parts)


class TableNews:
    """The table's news told once each, in the player's words."""

    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self._told: set[tuple[int, int | None, str]] = set()

    def lines(self, news: list[JsonDict], view: JsonDict, me: int) -> list[str]:
        """The lines of the items of ``news`` not told yet (``me``: the reader's seat)."""
        lines = []
        for item in news:
            seat, kind = item.get("seat"), str(item["kind"])
            key = (int(item["seq"]), seat if isinstance(seat, int) else None, kind)
            if key in self._told or kind not in NEWS_KINDS:
                continue
            self._told.add(key)
            if key[1] == me:  # said to the player himself: "your time ran out"
                lines.append(self.texts("online", f"news_{kind}_you", seq=key[0]))
                continue
            lines.append(self.texts("online", f"news_{kind}", seq=key[0],
                                    name=self._name(view, key[1])))  # fmt: skip
        return lines

    def _name(self, view: JsonDict, seat: int | None) -> str:
        user = (
            view["seats"][seat].get("user")
            if seat is not None and 0 <= seat < len(view["seats"])
            else None
        )
        return str(user) if user else self.texts("online", "news_someone")
