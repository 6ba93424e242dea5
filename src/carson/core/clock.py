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

A seat's clock may also be *paused* over intervals of time (its player's vacations, in a
correspondence game): :attr:`Clocks.pauses` holds them, by seat. They are not part of the
stored clocks but facts of their own, given to the clocks when they are read, so a pause
declared, ended or cancelled later changes the deadline without any write to the game: the
time inside a pause is not counted, and a deadline moves on by the paused time before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from carson.core.game import JSON

DAY = 86_400.0
#: Correspondence choices (days per move) and the live bounds, as offered to players.
CORRESPONDENCE_DAYS = (1, 2, 3, 7)
LIVE_MINUTES = range(1, 181)
LIVE_INCREMENT = range(0, 61)

_LIVE = re.compile(r"(\d{1,3})\+(\d{1,2})")
_DAYS = re.compile(r"(\d{1,2})d")


#: An interval of time (epoch seconds, start and end) during which a clock does not run.
Pause = tuple[float, float]


def _merged(pauses: Sequence[Pause]) -> list[Pause]:
    """The pauses in time order, overlapping ones joined, empty ones dropped."""
    merged: list[Pause] = []
    for start, end in sorted(pause for pause in pauses if pause[1] > pause[0]):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def run_time(since: float, now: float, pauses: Sequence[Pause] = ()) -> float:
    """Seconds a clock started at ``since`` ran by ``now``, the paused time not counted."""
    spent = max(0.0, now - since)
    for start, end in _merged(pauses):
        spent -= max(0.0, min(end, now) - max(start, since))
    return max(0.0, spent)


def paused_deadline(since: float, remaining: float, pauses: Sequence[Pause] = ()) -> float:
    """When a clock started at ``since`` with ``remaining`` seconds runs out: each pause
    that begins before then moves the deadline on by its length (from ``since``)."""
    deadline = since + remaining
    for start, end in _merged(pauses):
        if end <= since:
            continue
        begun = max(start, since)
        if begun >= deadline:
            break
        deadline += end - begun
    return deadline


def paused_until(now: float, pauses: Sequence[Pause] = ()) -> float | None:
    """The end of the pause ``now`` is in, if any."""
    for start, end in _merged(pauses):
        if start <= now < end:
            return end
    return None


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
    A seat's deadline is ``running_since + remaining``, moved on by its ``pauses`` (by seat;
    not stored with the clocks: given when they are read, :meth:`paused`).
    """

    control: TimeControl
    remaining: tuple[float, ...]
    running_since: tuple[float | None, ...]
    pauses: tuple[tuple[Pause, ...], ...] = ()

    def paused(self, pauses: Mapping[int, Sequence[Pause]]) -> Clocks:
        """These clocks with the seats' ``pauses`` (seat → intervals) instead of theirs."""
        seats = range(len(self.remaining))
        return replace(self, pauses=tuple(tuple(pauses.get(seat, ())) for seat in seats))

    def pauses_of(self, seat: int) -> tuple[Pause, ...]:
        return self.pauses[seat] if seat < len(self.pauses) else ()

    def paused_until(self, seat: int, now: float) -> float | None:
        """When the pause ``seat`` is in at ``now`` ends (``None``: its clock is not paused)."""
        return paused_until(now, self.pauses_of(seat))

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
        spent = 0.0 if since is None else run_time(since, now, self.pauses_of(seat))
        return max(0.0, self.remaining[seat] - spent)

    def deadline(self, seat: int) -> float | None:
        """When ``seat`` runs out of time, if its clock runs (moved on by its pauses)."""
        since = self.running_since[seat]
        if since is None:
            return None
        return paused_deadline(since, self.remaining[seat], self.pauses_of(seat))

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
        return Clocks(self.control, tuple(remaining), tuple(running), self.pauses)

    def stopped(self, now: float) -> Clocks:
        """Every clock stopped at ``now`` (the game is over)."""
        remaining = tuple(self.left(seat, now) for seat in range(len(self.remaining)))
        return Clocks(self.control, remaining, (None,) * len(remaining), self.pauses)

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
        """What every seat's screen shows at ``now``: seconds left, which clocks run (not a
        paused one), and until when a paused clock is paused."""
        seats = range(len(self.remaining))
        until = [self.paused_until(seat, now) for seat in seats]
        return {
            "control": str(self.control),
            "kind": self.control.kind,
            "left": [round(self.left(seat, now), 1) for seat in seats],
            "running": [
                since is not None and until[seat] is None
                for seat, since in enumerate(self.running_since)
            ],
            "deadlines": [self.deadline(seat) for seat in seats],
            "paused_until": until,
        }
