"""A game as its record: which game, its configuration, its seed and its ordered actions.

Everything else — any intermediate state, the log, a replay — is rebuilt from the record by
applying the actions again (event sourcing). Records are plain JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from carson.core.game import JSON, GameState

RECORD_FORMAT = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where it breaks."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    game: str
    config: JSON
    seed: int
    actions: tuple[tuple[int, JSON], ...]

    @classmethod
    def of(cls, game: str, config: JSON, seed: int, state: GameState[Any]) -> GameRecord:
        """The record of ``state`` (every action applied to it so far)."""
        actions = tuple((seat, action.to_json()) for seat, action in state.actions)
        return cls(game, config, seed, actions)

    def to_json(self) -> JSON:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "actions": [{"seat": seat, "action": action} for seat, action in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"unsupported record format {data.get('format')!r}")
        try:
            actions = tuple((int(item["seat"]), dict(item["action"])) for item in data["actions"])
            return cls(str(data["game"]), dict(data["config"]), int(data["seed"]), actions)
        except KeyError as error:
            raise RecordError(f"the record has no {error.args[0]!r}") from None
        except (TypeError, ValueError):
            raise RecordError(
                "the record's 'seed' must be a number, 'config' an object and 'actions' a list "
                "of objects each with a numeric 'seat' and an 'action' object"
            ) from None

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as error:
            raise RecordError(f"a record is JSON: {json_problem(error)}") from None


#: The JSON parser's messages, said in words a person who edited the file understands.
_JSON_PROBLEMS = {
    "Expecting value": "a value is missing here (or a quote, bracket or comma is wrong)",
    "Expecting ',' delimiter": "a comma is missing between two items",
    "Expecting ':' delimiter": "a colon is missing after a key",
    "Expecting property name enclosed in double quotes": (
        "a key must be in double quotes, and no comma may follow the last item"
    ),
    "Unterminated string starting at": "a text is not closed with a double quote",
    "Extra data": "more follows the end of the JSON value",
    "Invalid control character at": "a text holds a line break or tab (write \\n or \\t)",
    "Invalid \\escape": "a backslash in a text starts no valid escape",
}


def json_problem(error: json.JSONDecodeError) -> str:
    """What is wrong with a JSON text, in words, and where (line and column)."""
    said = _JSON_PROBLEMS.get(error.msg, f"it is not valid JSON ({error.msg})")
    return f"{said}, at line {error.lineno}, column {error.colno}"


def replay(
    record: GameRecord,
    new_game: Callable[[JSON, int], GameState[Any]],
    upto: int | None = None,
) -> GameState[Any]:
    """The state after the first ``upto`` actions of ``record`` (all by default)."""
    state = new_game(record.config, record.seed)
    for number, (seat, action) in enumerate(record.actions[:upto], start=1):
        try:
            state.apply_json(seat, action)
        except ValueError as error:
            raise RecordError(f"action {number} ({action}) for seat {seat}: {error}") from None
    return state
