"""Time controls and game clocks, for every game: pure values, no wall clock inside.

A table chooses a :class:`TimeControl` at creation: *live* (a base time per game plus an
increment after each move, as in chess) or *correspondence* (a fixed number of days for each
move, as on Yucata and lichess). :class:`Clocks` is the state of every seat's clock; it
changes only through :meth:`Clocks.start` and :meth:`Clocks.after_move`, which take the time
as an argument (seconds since the epoch, from the server's clock). So a clock survives a
restart as data (it is stored with the game), and tests move time instead of sleeping.

Several seats may be asked at once (a simultaneous step: bids, votes, duel tiles): each
asked seat's clock runs from the moment it was asked, and stops when that seat has moved,
while the others keep running.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from carson.core.game import JSON

DAY = 86_400.0
#: Correspondence choices (days per move) and the live bounds, as offered to players.
CORRESPONDENCE_DAYS = (1, 2, 3, 7)
LIVE_MINUTES = range(1, 181)
LIVE_INCREMENT = range(0, 61)

_LIVE = re.compile(r"(\d{1,3})\+(\d{1,2})")
_DAYS = re.compile(r"(\d{1,2})d")


class TimeControlError(ValueError):
    """A time control that is not one the platform offers; the message says which are."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How much time seats have: ``live`` (``minutes`` per game + ``increment`` seconds per
    move) or ``correspondence`` (``days`` for each move)."""

    kind: Literal["live", "correspondence"]
    minutes: int = 0
    increment: int = 0
    days: int = 0

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"10+5"`` (live: 10 minutes, 5 seconds per move) or ``"3d"`` (3 days a move)."""
        text = text.strip()
        if live := _LIVE.fullmatch(text):
            minutes, increment = int(live[1]), int(live[2])
            if minutes not in LIVE_MINUTES or increment not in LIVE_INCREMENT:
                raise TimeControlError(
                    f"live time controls have 1–180 minutes and 0–60 seconds a move, not {text!r}"
                )
            return cls("live", minutes=minutes, increment=increment)
        if days := _DAYS.fullmatch(text):
            if int(days[1]) not in CORRESPONDENCE_DAYS:
                raise TimeControlError(
                    f"correspondence games have {', '.join(map(str, CORRESPONDENCE_DAYS))} "
                    f"days a move, not {text!r}"
                )
            return cls("correspondence", days=int(days[1]))
        raise TimeControlError(
            f"a time control is minutes+seconds (live, e.g. '10+5') or days (e.g. '3d'), "
            f"not {text!r}"
        )

    def __str__(self) -> str:
        if self.kind == "live":
            return f"{self.minutes}+{self.increment}"
        return f"{self.days}d"

    @property
    def per_move(self) -> float:
        """Seconds a seat gets each time it is asked afresh (correspondence), else 0."""
        return self.days * DAY if self.kind == "correspondence" else 0.0

    @property
    def initial(self) -> float:
        """Seconds on each clock when the game starts."""
        return self.minutes * 60.0 if self.kind == "live" else self.per_move


@dataclass(frozen=True, slots=True)
class Clocks:
    """Every seat's clock at one moment of a game.

    ``remaining[seat]``: seconds left when its clock last stopped or started;
    ``running_since[seat]``: when it started running (epoch seconds), ``None`` if stopped.
    A seat's deadline is ``running_since + remaining``.
    """

    control: TimeControl
    remaining: tuple[float, ...]
    running_since: tuple[float | None, ...]

    @classmethod
    def start(cls, control: TimeControl, seats: int, to_act: Iterable[int], now: float) -> Clocks:
        """The clocks of a game that starts at ``now`` with ``to_act`` asked first."""
        asked = set(to_act)
        return cls(
            control,
            remaining=(control.initial,) * seats,
            running_since=tuple(now if seat in asked else None for seat in range(seats)),
        )

    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left at ``now`` (never below 0)."""
        since = self.running_since[seat]
        spent = 0.0 if since is None else max(0.0, now - since)
        return max(0.0, self.remaining[seat] - spent)

    def deadline(self, seat: int) -> float | None:
        """When ``seat`` runs out of time, if its clock runs."""
        since = self.running_since[seat]
        return None if since is None else since + self.remaining[seat]

    def next_deadline(self) -> tuple[float, int] | None:
        """The earliest (deadline, seat) among the running clocks: when to look again."""
        deadlines = [
            (deadline, seat)
            for seat in range(len(self.remaining))
            if (deadline := self.deadline(seat)) is not None
        ]
        return min(deadlines) if deadlines else None

    def flagged(self, now: float) -> tuple[int, ...]:
        """Running seats whose time is up at ``now``."""
        return tuple(
            seat
            for seat in range(len(self.remaining))
            if (deadline := self.deadline(seat)) is not None and deadline <= now
        )

    def after_move(self, seat: int, now: float, to_act: Iterable[int]) -> Clocks:
        """The clocks once ``seat`` has moved at ``now`` and ``to_act`` are asked next.

        The mover's clock stops, charged with the time it ran (and, live, credited with the
        increment); a seat still asked keeps running from when it was asked; a seat asked
        anew starts now (correspondence: with a fresh allowance of days); the others stop.
        """
        asked = set(to_act)
        remaining = list(self.remaining)
        running = list(self.running_since)
        remaining[seat] = self.left(seat, now)
        if self.control.kind == "live":
            remaining[seat] += self.control.increment
        running[seat] = None
        for other in range(len(remaining)):
            if other in asked and running[other] is None:
                if self.control.kind == "correspondence":
                    remaining[other] = self.control.per_move
                running[other] = now
            elif other not in asked and running[other] is not None:
                remaining[other] = self.left(other, now)
                running[other] = None
        return Clocks(self.control, tuple(remaining), tuple(running))

    def stopped(self, now: float) -> Clocks:
        """Every clock stopped at ``now`` (the game is over)."""
        remaining = tuple(self.left(seat, now) for seat in range(len(self.remaining)))
        return Clocks(self.control, remaining, (None,) * len(remaining))

    def to_json(self) -> JSON:
        return {
            "control": str(self.control),
            "remaining": list(self.remaining),
            "running_since": list(self.running_since),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clocks:
        return cls(
            TimeControl.parse(str(data["control"])),
            remaining=tuple(float(value) for value in data["remaining"]),
            running_since=tuple(
                None if value is None else float(value) for value in data["running_since"]
            ),
        )

    def view(self, now: float) -> JSON:
        """What every seat's screen shows at ``now``: seconds left and which clocks run."""
        return {
            "control": str(self.control),
            "kind": self.control.kind,
            "left": [round(self.left(seat, now), 1) for seat in range(len(self.remaining))],
            "running": [since is not None for since in self.running_since],
            "deadlines": [self.deadline(seat) for seat in range(len(self.remaining))],
        }
