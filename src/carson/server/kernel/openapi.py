"""The OpenAPI document of the API, with each installed game's own schemas.

FastAPI writes the document from the routes' models; a game's part of them — its actions and
its per-seat view — is only a JSON object there, as the server knows no game. Here each game's
``action_schema`` and ``view_schema`` (:class:`carson.core.registry.GameKind`) become
components (``CardAction``, ``CardView``, …): ``GameView`` is then one of the games' views,
told apart by ``game``, and an action posted is one of the games' actions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

from carson.core.game import JSON
from carson.core.i18n import LANGUAGES
from carson.core.registry import HUMAN, AnyGameKind, games
from carson.server.kernel.errors import STATUS_CODES

Document = JSON
_ANY_OBJECT: Mapping[str, Any] = {"type": "object"}
REF_TEMPLATE = "#/components/schemas/{model}"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _component_name(game: str) -> str:
    """``card`` → ``Card``, ``high-dice`` → ``HighDice`` (component names are identifiers)."""
    return "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", game) if part)


def add_game_schemas(document: Document, kinds: Mapping[str, AnyGameKind]) -> None:
    """Put each game's schemas in ``document``: ``GameView`` becomes a union of the games'
    views (the common fields stay in ``GameViewCommon``), ``ActionIn.action`` one of theirs."""
    schemas: JSON = document["components"]["schemas"]
    schemas["GameViewCommon"] = schemas.pop("GameView")
    variants, mapping, actions = [], {}, []
    for name, kind in kinds.items():
        stem = _component_name(name)
        schemas[f"{stem}Action"] = dict(kind.action_schema or _ANY_OBJECT)
        schemas[f"{stem}View"] = dict(kind.view_schema or _ANY_OBJECT)
        schemas[f"{stem}GameView"] = {
            "title": f"{kind.title}: a seat's view",
            "allOf": [_ref("GameViewCommon")],
            "properties": {
                "game": {"type": "string", "const": name},
                "legal_actions": {"type": "array", "items": _ref(f"{stem}Action")},
                "view": _ref(f"{stem}View"),
            },
        }
        variants.append(_ref(f"{stem}GameView"))
        mapping[name] = f"#/components/schemas/{stem}GameView"
        actions.append(_ref(f"{stem}Action"))
    schemas["GameView"] = {
        "title": "GameView",
        "description": "A seat's view of a game, as its game describes it.",
        "oneOf": variants,
        "discriminator": {"propertyName": "game", "mapping": mapping},
    }
    schemas["NewGame"] = _new_game(schemas["NewGame"], kinds)
    action = schemas["ActionIn"]["properties"]["action"]
    schemas["ActionIn"]["properties"]["action"] = {
        "description": action.get("description", ""),
        "anyOf": actions,
    }


def _new_game(common: JSON, kinds: Mapping[str, AnyGameKind]) -> JSON:
    """A new game as each installed game takes it: its seat kinds and counts (a ``human``
    among them), its variants, once each. Which variants go together, its rules decide (422).
    A body without ``game`` makes the default game."""
    fields = common["properties"]
    fields["lang"]["anyOf"] = [{"type": "string", "enum": list(LANGUAGES)}, {"type": "null"}]
    default = fields["game"].get("default")
    options = []
    for name, kind in kinds.items():
        game = {**fields["game"], "const": name}
        game.pop("default", None)
        seats = {
            **fields["seats"],
            "items": {"type": "string", "enum": list(kind.seat_kinds)},
            "minItems": kind.min_seats,
            "maxItems": kind.max_seats,
            "contains": {"const": HUMAN},
        }
        variants = {**fields["variants"], "uniqueItems": True,
                    "items": {"type": "string", "enum": list(kind.variants)}}  # fmt: skip
        if not kind.variants:
            variants["maxItems"] = 0
        options.append(
            {
                "type": "object",
                "title": f"NewGame: {kind.title}",
                "properties": {**fields, "game": game, "seats": seats, "variants": variants},
                "required": ["seats"] if name == default else ["game", "seats"],
            }
        )
    examples = [{"game": name, "seats": list(kind.default_seats)} for name, kind in kinds.items()]
    return {
        "title": "NewGame",
        "description": common.get("description", ""),
        "oneOf": options,
        "examples": examples,
    }


def one_error_body(document: Document) -> None:
    """The 422 FastAPI adds by itself to a route with parameters names its own list of
    problems; the server answers those as every other error (:mod:`carson.server.kernel.errors`)."""
    for operations in document["paths"].values():
        for operation in operations.values():
            answer = operation["responses"].get("422")
            content = (answer or {}).get("content", {}).get("application/json", {})
            if content.get("schema") == _ref("HTTPValidationError"):
                answer["description"] = STATUS_CODES[422][1]
                content["schema"] = _ref("ErrorBody")
            for status, answer in operation["responses"].items():
                # a route that streams answers its errors in JSON all the same
                if status.startswith("4"):
                    answer["content"] = {"application/json": {"schema": _ref("ErrorBody")}}
    schemas = document["components"]["schemas"]
    schemas.pop("HTTPValidationError", None)
    schemas.pop("ValidationError", None)


def install(
    app: FastAPI, models: Mapping[str, type[BaseModel]] | None = None
) -> Callable[[], Document]:
    """Serve the document with the games' schemas (built once, on the first request) and
    the components ``models`` (a body a route reads itself: no field of it names it)."""

    def openapi() -> Document:
        if app.openapi_schema is None:
            document = get_openapi(
                title=app.title,
                version=app.version,
                summary=app.summary,
                description=app.description,
                routes=app.routes,
            )
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            for name, model in (models or {}).items():
                schemas[name] = model.model_json_schema(ref_template=REF_TEMPLATE)
            one_error_body(document)
            add_game_schemas(document, games())
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    return openapi
