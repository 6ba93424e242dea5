"""Events in their kept form, for every place that keeps them: the server's database and the
terminal's saves (one form, so a move log reads the same wherever it was kept).

An engine returns a move's events when the move is applied (:class:`carson.core.game.Event`:
a kind, its data, and its audience — ``None`` for everyone, else the seats that may see it).
Kept, an event is ``{"kind", "data", "seats"}`` after a JSON round trip: tuples become lists
and seat keys strings, exactly as a database or a file gives them back.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from carson.core.game import JSON, Event


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
    loaded: list[JSON] = json.loads(json.dumps(event_records(events)))
    return loaded


def event_records(events: Iterable[Event]) -> list[JSON]:
    """Events as ``{"kind", "data", "seats"}`` before the JSON round trip of
    :func:`encode_events` (which the server makes with orjson: :mod:`carson.server.play.events`)."""
    return [
        {
            "kind": event.kind,
            "data": dict(event.data),
            "seats": None if event.seats is None else sorted(event.seats),
        }
        for event in events
    ]


def decode_event(stored: JSON) -> Event:
    seats = stored["seats"]
    return Event(stored["kind"], stored["data"], None if seats is None else frozenset(seats))
