"""One error body: every refusal of the API — FastAPI's request validation, an unknown route,
a wrong method, the game service's refusals — is ``{"detail": str, "code": str}``."""

from __future__ import annotations

from typing import Any

from api_helpers import account
from fastapi.testclient import TestClient


def error_of(response: Any, status: int) -> dict[str, Any]:
    """The error body of ``response``, checked: the status, and exactly the two fields."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body: dict[str, Any] = response.json()
    assert set(body) == {"detail", "code"}, body
    assert isinstance(body["detail"], str) and body["detail"]
    assert isinstance(body["code"], str) and body["code"]
    return body


def new_card_game(client: TestClient, headers: dict[str, str]) -> str:
    body = {"seats": ["human", "expert", "expert", "expert"], "seed": 3}
    response = client.post("/api/games", json=body, headers=headers)
    assert response.status_code == 201, response.text
    game: str = response.json()["id"]
    return game


def test_authentication_and_authorization_errors(client: TestClient) -> None:
    alice, eve = account(client, "alice"), account(client, "eve")
    game = new_card_game(client, alice)
    assert error_of(client.get("/api/me"), 401)["code"] == "unauthorized"
    forged = client.get("/api/me", headers={"Authorization": "Bearer forged"})
    assert error_of(forged, 401)["code"] == "invalid_token"
    wrong = client.post("/api/login", json={"username": "alice", "password": "wrong-password"})
    assert error_of(wrong, 401)["code"] == "wrong_credentials"
    not_seated = client.post(f"/api/games/{game}/actions", json={"seq": 0, "action": {}},
                             headers=eve)  # fmt: skip
    assert error_of(not_seated, 403)["code"] == "forbidden"
    record = client.get(f"/api/games/{game}/record", headers=alice)
    assert error_of(record, 403)["code"] == "forbidden"  # shown once the game is over


def test_a_missing_csrf_token_is_refused_in_the_same_shape(client: TestClient) -> None:
    account(client, "alice")
    client.post("/api/session", json={"username": "alice", "password": "password-alice"})
    body = {"seats": ["human", "expert", "expert", "expert"]}
    assert error_of(client.post("/api/games", json=body), 403)["code"] == "csrf"


def test_unknown_games_routes_and_methods(client: TestClient) -> None:
    alice = account(client, "alice")
    assert error_of(client.get("/api/games/nope", headers=alice), 404)["code"] == "not_found"
    assert error_of(client.get("/api/nothing-here"), 404)["code"] == "not_found"
    wrong_method = client.put("/api/games", headers=alice)
    assert error_of(wrong_method, 405)["code"] == "method_not_allowed"
    # every method of the path, though two routes share it
    assert wrong_method.headers["allow"] == "GET, POST"
    assert client.patch("/api/session").headers["allow"] == "DELETE, POST"


def test_conflicts_and_refused_actions(client: TestClient) -> None:
    alice = account(client, "alice")
    game = new_card_game(client, alice)
    url = f"/api/games/{game}/actions"
    stale = client.post(url, json={"seq": 7, "action": {"kind": "pass"}}, headers=alice)
    assert error_of(stale, 409)["code"] == "stale_seq"
    illegal = client.post(url, json={"seq": 0, "action": {"kind": "bid", "value": 12}},
                          headers=alice)  # fmt: skip
    assert error_of(illegal, 422)["code"] == "illegal_action"
    malformed = client.post(url, json={"seq": 0, "action": {"type": "fly"}}, headers=alice)
    assert error_of(malformed, 422)["code"] == "malformed_action"
    taken = client.post("/api/register", json={"username": "alice", "password": "long-enough"})
    assert error_of(taken, 409)["code"] == "username_taken"
    bad_game = client.post("/api/games", json={"seats": ["human"]}, headers=alice)
    assert error_of(bad_game, 422)["code"] == "invalid_setup"


def test_request_validation_errors_are_one_sentence(client: TestClient) -> None:
    alice = account(client, "alice")
    game = new_card_game(client, alice)
    url = f"/api/games/{game}/actions"
    missing = error_of(client.post(url, json={"seq": 0}, headers=alice), 422)
    assert missing == {"detail": "body.action: Field required", "code": "validation_error"}
    not_json = client.post(url, content=b"{", headers={**alice, "Content-Type": "application/json"})
    assert error_of(not_json, 422) == {
        "detail": "the body is not valid JSON: expecting property name enclosed in double quotes"
        " at character 1",
        "code": "validation_error",
    }
    text_seq = client.post(url, json={"seq": "0", "action": {"kind": "pass"}}, headers=alice)
    assert "body.seq" in error_of(text_seq, 422)["detail"]
    page = client.get(f"/api/games/{game}/events?limit=x", headers=alice)
    assert error_of(page, 422)["detail"].startswith("query.limit: ")
    short = client.post("/api/register", json={"username": "bob", "password": "short"})
    assert error_of(short, 422)["code"] == "validation_error"
