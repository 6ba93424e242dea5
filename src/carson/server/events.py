"""Events as the server keeps and serves them.

The engine returns a move's events when the move is applied (:class:`carson.core.game.Event`:
a kind, its data, and its audience — ``None`` for everyone, else the seats that may see it).
The server stores them with the move, in the JSON form below, and hands a seat only those it
may see (CG-9, BG-11).

Numbering: the events of move ``n`` have seq ``n`` (1, 2, …); the events of a game's setup
(the card game's first deal: a state's optional ``setup_events``) have seq 0.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, runtime_checkable

from carson.core.game import JSON, Event

#: The seq of a game's setup events (moves count from 1).
OPENING_SEQ = 0


@runtime_checkable
class HasSetupEvents(Protocol):
    """A state that reports what happened while it was set up (the card game's deal)."""

    @property
    def setup_events(self) -> Sequence[Event]: ...


def opening_events(state: object) -> list[Event]:
    """The events of a fresh state's setup (none for a game that reports none)."""
    return list(state.setup_events) if isinstance(state, HasSetupEvents) else []


def encode_events(events: Iterable[Event]) -> list[JSON]:
    """Events in their stored form ``{"kind", "data", "seats"}``, exactly as the database
    gives them back (through JSON: tuples become lists, seat keys become strings)."""
    stored = [
        {
            "kind": event.kind,
            "data": dict(event.data),
            "seats": None if event.seats is None else sorted(event.seats),
        }
        for event in events
    ]
    loaded: list[JSON] = json.loads(json.dumps(stored))
    return loaded


def decode_event(stored: JSON) -> Event:
    seats = stored["seats"]
    return Event(stored["kind"], stored["data"], None if seats is None else frozenset(seats))


class SeatEvent(NamedTuple):
    """An event a seat may see, with the seq of the move that made it (0: the setup)."""

    seq: int
    event: Event

    def to_json(self) -> JSON:
        seats = self.event.seats
        return {
            "seq": self.seq,
            "kind": self.event.kind,
            "data": dict(self.event.data),
            "seats": None if seats is None else sorted(seats),
        }


@dataclass(frozen=True)
class EventPage:
    """One page of a seat's events: those of the moves after ``since`` up to ``until``
    (with the setup's when ``since`` is ``None``); ``more`` when the game has later moves."""

    events: list[SeatEvent]
    since: int | None
    until: int
    more: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "since": self.since,
            "until": self.until,
            "more": self.more,
            "events": [event.to_json() for event in self.events],
        }
