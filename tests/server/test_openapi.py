"""The OpenAPI document says what each operation answers: a response model for its success,
and every error status it may send, each as the one error body; the games' own parts are
typed by the games; the web pages are not in it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from carson.core.registry import game_kind, games
from carson.server.kernel.openapi import add_game_schemas
from toy import toy_installed

ERROR_BODY = {"$ref": "#/components/schemas/ErrorBody"}
#: Operations anyone may call; every other one needs a logged-in caller.
OPEN = {"healthz", "readyz", "register", "login", "open_session", "verify_address",
        "forgot_password", "reset_password", "push_key", "games_in_progress",
        "chat_phrases", "guest"}  # fmt: skip
#: Operations that take a request body: 400 (unreadable), 413 (too large), 422.
WITH_BODY = {"register", "login", "open_session", "create_game", "act", "change_password",
             "change_address", "verify_address", "forgot_password", "reset_password",
             "mark_notifications_read", "change_notification_settings", "push_subscribe",
             "push_unsubscribe", "post_chat", "report_chat_message"}  # fmt: skip
#: Operations a client may repeat too fast (429).
LIMITED = {"register", "login", "open_session", "act", "change_password", "change_address",
           "send_verification", "forgot_password",
           "game_view", "game_events", "live", "games_in_progress", "post_chat"}  # fmt: skip


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    from carson.app import create_app

    with toy_installed():
        app: FastAPI = create_app("sqlite://")
        return TestClient(app).get("/openapi.json").json()


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
    ]


def success_schema(answer: dict[str, Any]) -> Any:
    content = answer["content"]
    if "text/event-stream" in content:
        return content["text/event-stream"]["itemSchema"]
    return content["application/json"]["schema"]


def test_every_operation_declares_its_answer_and_its_errors(document: dict[str, Any]) -> None:
    found = operations(document)
    # 18, 6 of ratings and rematch, resign, abort and the table's news, 6 of the lobby,
    # 7 of mail,
    # 4 of notifications, 3 of web push, 1 of watching, 8 of the chat, 4 of hints and
    # analyses, 1 of undo, 7 of people (follows, blocks, invitations by name), 4 of your data,
    # 5 of tournaments, 4 of private messages, 2 of guests, 3 of vacations, 4 of the lobby chat
    assert len(found) == 94
    for path, method, operation in found:
        name = operation["operationId"]
        responses = operation["responses"]
        successes = [status for status in responses if status.startswith("2")]
        assert len(successes) == 1, (path, method)
        schema = success_schema(responses[successes[0]])
        assert schema.get("$ref") or schema.get("items", {}).get("$ref") or schema["properties"]
        errors = {int(status) for status in responses if not status.startswith("2")}
        for status in errors:
            assert responses[str(status)]["content"] == {"application/json": {"schema": ERROR_BODY}}
        if name not in OPEN:
            assert 401 in errors, name
        if name in WITH_BODY:
            assert {400, 413, 422} <= errors, name
        if name in LIMITED:
            assert 429 in errors, name
        if "{game_id}" in path:
            assert 404 in errors, name
        if method != "get" and name not in OPEN:
            assert 403 in errors, name  # the CSRF token of a browser's session


def test_only_the_api_is_documented_in_one_error_shape(document: dict[str, Any]) -> None:
    assert all(
        path.startswith("/api/") or path in ("/healthz", "/readyz") for path in document["paths"]
    )
    schemas = document["components"]["schemas"]
    assert "HTTPValidationError" not in schemas and "ValidationError" not in schemas
    assert schemas["ErrorBody"]["required"] == ["detail", "code"]


def test_a_games_view_and_actions_are_the_games_own(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    union = schemas["GameView"]
    assert union["discriminator"]["propertyName"] == "game"
    assert set(union["discriminator"]["mapping"]) == {"card", "board", "toy"}
    assert schemas["CardView"] == game_kind("card").view_schema
    assert schemas["BoardAction"] == game_kind("board").action_schema
    card = schemas["CardGameView"]["properties"]
    assert card["legal_actions"]["items"] == {"$ref": "#/components/schemas/CardAction"}
    posted = schemas["ActionIn"]["properties"]["action"]["anyOf"]
    assert {"$ref": "#/components/schemas/ToyAction"} in posted
    new_game = {option["title"]: option for option in schemas["NewGame"]["oneOf"]}
    board = new_game["NewGame: Carson City"]["properties"]
    assert board["seats"]["minItems"] == 2 and board["seats"]["maxItems"] == 5
    assert "river" in board["variants"]["items"]["enum"]
    links = document["paths"]["/api/games"]["post"]["responses"]["201"]["links"]
    assert links["Act"]["requestBody"]["action"] == "$response.body#/legal_actions/0"


def test_a_game_without_schemas_is_any_object() -> None:
    with toy_installed():
        kinds = {name: kind for name, kind in games().items() if name == "toy"}
    kinds["toy"] = dataclasses.replace(kinds["toy"], action_schema=None, view_schema=None)
    document = {
        "paths": {},
        "components": {
            "schemas": {
                "GameView": {"type": "object"},
                "ActionIn": {"properties": {"action": {"type": "object"}}},
                "NewGame": {
                    "properties": {
                        "game": {"type": "string", "default": "toy"},
                        "seats": {"type": "array"},
                        "variants": {"type": "array"},
                        "lang": {},
                    }
                },
            }
        },
    }
    add_game_schemas(document, kinds)
    schemas = document["components"]["schemas"]
    assert schemas["ToyView"] == {"type": "object"} == schemas["ToyAction"]
    assert schemas["NewGame"]["oneOf"][0]["required"] == ["seats"]  # the default game
