"""Reading an action object (the API's and the record's form): every action of the action
space comes back as itself, and each malformed object is refused with its own message."""

from __future__ import annotations

from typing import Any

import pytest

from carson.core.game import IllegalActionError
from carson.games.card.catalog import load_catalog
from carson.games.card.engine.actions import (
    ACTION_SPACE_SIZE,
    Bid,
    Place,
    Take,
    action_from_index,
    action_from_json,
)

IDS = load_catalog().personality_ids


def test_every_action_reads_back_as_itself() -> None:
    for index in range(ACTION_SPACE_SIZE):
        action = action_from_index(index, IDS, "banker")
        written = action.to_json()
        read = action_from_json(written, IDS)
        assert read == action and read.index == index and type(read) is type(action)
        assert "kind" in written and "type" not in written  # one key name in every game


def test_the_deprecated_type_key_is_still_read() -> None:
    """Stored games, old save files and old clients name an action's kind ``type``."""
    for index in range(ACTION_SPACE_SIZE):
        action = action_from_index(index, IDS, "banker")
        written = action.to_json()
        legacy = {("type" if key == "kind" else key): value for key, value in written.items()}
        assert action_from_json(legacy, IDS) == action
        assert action_from_json({**written, "type": written["kind"]}, IDS) == action


@pytest.mark.parametrize(
    ("data", "action"),
    [
        ({"kind": "bid", "value": 99}, Bid(99)),  # read, then refused as illegal by the state
        ({"kind": "take", "slot": -1}, Take(-1)),
        ({"kind": "place", "x": 40, "y": 0}, Place(40, 0)),
        ({"kind": "place", "x": 0, "y": -9}, Place(0, -9)),
    ],
)
def test_numbers_out_of_range_are_read_as_they_are(data: dict[str, Any], action: Any) -> None:
    assert action_from_json(data, IDS) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], 'an action is an object with a "kind"'),
        ({"value": 3}, 'an action is an object with a "kind"'),
        ({"kind": "fly"}, "unknown action kind 'fly'"),
        (
            {"kind": "bid", "type": "take", "value": 1},
            'an action names its kind once: "kind" (or "type", deprecated), not both differently',
        ),
        ({"kind": "pass", "x": 1}, "a 'pass' action has exactly the fields none"),
        ({"kind": "place", "x": 1}, "a 'place' action has exactly the fields ['x', 'y']"),
        ({"kind": "bid", "value": 3, "v": 1}, "a 'bid' action has exactly the fields ['value']"),
        ({"kind": "bid", 1: 3}, "a 'bid' action has exactly the fields ['value']"),
        ({"kind": "use", "ability": 1}, '"ability" must be a personality id'),
        ({"kind": "pick", "personality": "nobody"}, "unknown personality 'nobody'"),
        ({"kind": "take", "slot": True}, "the fields of a 'take' action are integers"),
        ({"kind": "place", "x": 1, "y": 2.0}, "the fields of a 'place' action are integers"),
        ({"kind": "sell", "card": "7"}, "the fields of a 'sell' action are integers"),
    ],
)
def test_a_malformed_action_is_refused_saying_why(data: Any, message: str) -> None:
    with pytest.raises(IllegalActionError) as refused:
        action_from_json(data, IDS)
    assert str(refused.value) == message
