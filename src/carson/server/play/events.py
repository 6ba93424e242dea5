"""Events as the server keeps and serves them.

The engine returns a move's events when the move is applied (:class:`carson.core.game.Event`:
a kind, its data, and its audience — ``None`` for everyone, else the seats that may see it).
The server stores them with the move, in the JSON form below, and hands a seat only those it
may see (CG-9, BG-11).

Numbering: the events of move ``n`` have seq ``n`` (1, 2, …); the events of a game's setup
(the card game's first deal: a state's optional ``setup_events``) have seq 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

import orjson

from carson.core.events import decode_event, event_records, opening_events
from carson.core.game import JSON, Event

__all__ = ["OPENING_SEQ", "EventPage", "SeatEvent", "decode_event", "encode_events",
           "opening_events"]  # fmt: skip

#: The seq of a game's setup events (moves count from 1).
OPENING_SEQ = 0


def encode_events(events: Iterable[Event]) -> list[JSON]:
    """:func:`carson.core.events.encode_events` (the stored form, as the database gives it
    back), its JSON round trip made with orjson: the same lists and string keys, in a
    fraction of the time of the standard library's (every accepted move encodes its events).
    """
    loaded: list[JSON] = orjson.loads(
        orjson.dumps(event_records(events), option=orjson.OPT_NON_STR_KEYS)
    )
    return loaded


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

    def to_json(self) -> JSON:
        return {
            "since": self.since,
            "until": self.until,
            "more": self.more,
            "events": [event.to_json() for event in self.events],
        }
