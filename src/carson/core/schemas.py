"""Small builders of JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) for the games' own
schemas of their actions and views (:attr:`carson.core.registry.GameKind.action_schema`).

A game describes the JSON its engine writes; the server puts these schemas in its OpenAPI
document, and the tests check every view and action a game writes against them.
"""

from __future__ import annotations

from carson.core.game import JSON

Schema = JSON

INTEGER: Schema = {"type": "integer"}
STRING: Schema = {"type": "string"}
BOOLEAN: Schema = {"type": "boolean"}
#: A seat's index, or ``null`` (a spectator, nobody).
SEAT_OR_NULL: Schema = {"type": ["integer", "null"]}


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def const(value: str) -> Schema:
    return {"type": "string", "const": value}


def enum(values: tuple[str, ...] | list[str]) -> Schema:
    return {"type": "string", "enum": list(values)}


def obj(required: dict[str, Schema], optional: dict[str, Schema] | None = None,
        closed: bool = False) -> Schema:  # fmt: skip
    """An object with these ``required`` and ``optional`` properties; ``closed``: no other
    property is allowed (an action, which the game's codec reads exactly)."""
    schema: Schema = {
        "type": "object",
        "properties": {**required, **(optional or {})},
        "required": list(required),
    }
    if closed:
        schema["additionalProperties"] = False
    return schema


def map_of(values: Schema) -> Schema:
    """An object whose property names are free and whose values all follow ``values``."""
    return {"type": "object", "additionalProperties": values}


def tagged_union(tag: str, variants: dict[str, Schema]) -> Schema:
    """One of ``variants`` (each an object schema without ``tag``), told apart by the
    string property ``tag`` whose value is the variant's name."""
    options = []
    for name, variant in variants.items():
        tagged = dict(variant)
        tagged["properties"] = {tag: const(name), **variant.get("properties", {})}
        tagged["required"] = [tag, *variant.get("required", [])]
        tagged["title"] = name
        options.append(tagged)
    return {"oneOf": options}


#: A finished game's outcome (:meth:`carson.core.game.Result.to_json`).
RESULT: Schema = obj({"scores": array(INTEGER), "winners": array(INTEGER)})
