"""The server encodes a move's events with orjson: exactly the stored form of
:func:`carson.core.events.encode_events` (the standard library's JSON round trip, which the
terminal's saves keep), for every event random games of each game make, and for the data
shapes JSON changes (tuples, keys that are not strings, enums)."""

from __future__ import annotations

import json
import random
from enum import IntEnum, StrEnum
from typing import Any

import pytest

from carson.core import events as core
from carson.core.game import Event
from carson.core.registry import game_kind
from carson.server.play.events import encode_events


class Colour(StrEnum):
    RED = "red"


class Level(IntEnum):
    HIGH = 3


def same_stored_form(events: list[Event]) -> None:
    ours, reference = encode_events(events), core.encode_events(events)
    assert ours == reference
    assert json.dumps(ours) == json.dumps(reference)  # key order and types as well


def test_the_shapes_json_changes_come_out_as_the_standard_librarys() -> None:
    data: dict[str, Any] = {
        "pair": (1, 2),
        "by_seat": {0: 3, 2: (4, 5)},
        "flags": {True: "yes", None: "none"},
        "colour": Colour.RED,
        "level": Level.HIGH,
        "nested": [{"t": ((1,), [2.5, -0.1])}],
        "text": 'é ↻ "quoted"',
    }
    same_stored_form([Event("every_shape", data, None), Event("hidden", {}, frozenset({2, 0}))])


@pytest.mark.parametrize("name", ["card", "board"])
def test_every_event_of_random_games_is_stored_as_before(name: str) -> None:
    kind = game_kind(name)
    rng = random.Random(7)
    for game in range(3):
        state = kind.new_state(kind.config(["human"] * kind.max_seats, ()), game)
        same_stored_form(core.opening_events(state))
        while not state.is_over:
            seat = rng.choice(state.seats_to_act)
            same_stored_form(state.apply(seat, rng.choice(state.legal_actions(seat))))
