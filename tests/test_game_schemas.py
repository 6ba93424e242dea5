"""Each game's JSON Schemas (``GameKind.action_schema`` and ``view_schema``, which the API's
OpenAPI document shows) describe what the game really writes: every view of every seat and of
a spectator, and every legal action, at every step of random games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest

from carson.core.game import IllegalActionError
from carson.core.registry import AnyGameKind, game_kind, games
from toy import toy_installed

#: A game, its seat count and its variants: every board-game variant is played once.
TABLES = [
    ("card", 4, ()),
    ("card", 6, ()),
    ("board", 2, ("duel-tiles", "river")),
    ("board", 3, ("new-beginning", "vote-sides")),
    ("board", 5, ("red-sides",)),
    ("board", 4, ("random-sides", "new-beginning", "duel-tiles")),
    ("toy", 3, ()),
]


@pytest.fixture
def installed() -> Iterator[None]:
    with toy_installed():
        yield


def validator(schema: Any) -> jsonschema_rs.Draft202012Validator:
    jsonschema_rs.meta.validate(dict(schema))  # a valid schema, first
    return jsonschema_rs.Draft202012Validator(dict(schema))


def problems(checker: jsonschema_rs.Draft202012Validator, value: Any) -> list[str]:
    return [f"{list(error.instance_path)}: {error.message}" for error in checker.iter_errors(value)]


@pytest.mark.parametrize(("name", "seats", "variants"), TABLES)
def test_views_and_actions_follow_the_games_schemas(
    installed: None, name: str, seats: int, variants: tuple[str, ...]
) -> None:
    kind: AnyGameKind = game_kind(name)
    assert kind.action_schema is not None and kind.view_schema is not None
    views, actions = validator(kind.view_schema), validator(kind.action_schema)
    state = kind.new_state(kind.config(["human"] * seats, variants), seats)
    rng = random.Random(seats)
    while True:
        for seat in (None, *range(seats)):
            view = state.view(seat)
            assert not problems(views, view), (seat, problems(views, view))
        if state.is_over:
            break
        seat = rng.choice(state.seats_to_act)
        legal = state.legal_actions(seat)
        for action in legal:
            assert not problems(actions, action.to_json()), action.to_json()
        state.apply(seat, rng.choice(legal))


def test_every_installed_game_describes_its_json(installed: None) -> None:
    for kind in games().values():
        assert kind.action_schema is not None and kind.view_schema is not None, kind.name
        validator(kind.action_schema)
        validator(kind.view_schema)


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "tile", "value": "3"},  # a string of digits is not a number
        {"kind": "tile", "value": True},
        {"kind": "claim", "parcel": "12"},  # a string's letters are not coordinates
        {"kind": "claim", "parcel": [1, 2], "extra": 1},  # exactly the fields of the kind
        {"kind": "road", "edge": "H12"},
        {"kind": "cowboy", "space": "wages", "parcel": [1, 1]},
        {"kind": "vote", "red": "sheriff"},
        {"kind": "pass", "seat": 0},
    ],
)
def test_the_board_game_reads_exactly_what_its_schema_allows(data: dict[str, Any]) -> None:
    kind = game_kind("board")
    assert kind.action_schema is not None
    assert problems(validator(kind.action_schema), data), "the schema refuses it"
    state = kind.new_state(kind.config(["human"] * 3), 1)
    with pytest.raises(IllegalActionError):
        kind.action_from_json(state, data)
