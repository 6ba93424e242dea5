"""A move's route answers a plain move on its fast path (:mod:`carson.server.play.move_route`) and
everything else through FastAPI's generic handler; for every request, both answer alike."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from anyio import to_thread
from api_helpers import account
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from carson.server.app import create_app
from carson.server.kernel.cookies import CSRF_COOKIE, CSRF_HEADER
from carson.server.kernel.limits import Limits
from carson.server.kernel.logs import REQUEST_ID
from carson.server.play import move_route
from carson.server.play.models import ActionIn

SEATS = ["human", "expert", "expert", "expert"]


class FastPath:
    """Switches the fast path on and off, and counts the moves it answered."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = True
        self.answered = 0
        plain = move_route.plain_move

        async def switched(
            request: Request, token: str, game_id: str, body: bytes
        ) -> dict[str, Any] | None:
            if not self.on:
                return None
            answer = await plain(request, token, game_id, body)
            self.answered += answer is not None
            return answer

        monkeypatch.setattr(move_route, "plain_move", switched)


@pytest.fixture
def fast(monkeypatch: pytest.MonkeyPatch) -> FastPath:
    return FastPath(monkeypatch)


@pytest.fixture
def limited_client(db_url: str) -> Iterator[TestClient]:
    """A server allowing 5 moves a minute per account."""
    limits = Limits(moves_per_user="5/minute")
    app: FastAPI = create_app(db_url, budget_ms=5, limits=limits)
    with TestClient(app) as client:
        yield client


def new_game(client: TestClient, headers: dict[str, str]) -> dict[str, Any]:
    made = client.post("/api/games", json={"seats": SEATS, "seed": 11}, headers=headers)
    assert made.status_code == 201, made.text
    view: dict[str, Any] = made.json()
    return view


def both(fast: FastPath, send: Any) -> tuple[Any, Any]:
    """The answers to the same request through the generic handler, then the fast path."""
    fast.on = False
    generic = send()
    fast.on = True
    return generic, send()


#: Headers whose values differ from one answer to the next.
VARYING = {"date", "x-request-id", "content-length"}


def same(generic: Any, quick: Any) -> None:
    """The same status, body and headers (the security headers and a request id too)."""
    assert (quick.status_code, quick.json()) == (generic.status_code, generic.json())
    assert set(quick.headers) == set(generic.headers)
    assert {name: value for name, value in quick.headers.items() if name not in VARYING} == {
        name: value for name, value in generic.headers.items() if name not in VARYING
    }
    assert "x-request-id" in quick.headers and "content-security-policy" in quick.headers


def test_a_plain_move_takes_the_fast_path_and_answers_as_the_generic_handler(
    client: TestClient, fast: FastPath
) -> None:
    alice = account(client, "alice")
    views = [new_game(client, alice), new_game(client, alice)]  # the same seed: the same deal
    answers = []
    for view, on in zip(views, (False, True), strict=True):
        fast.on = on
        body = {"seq": view["seq"], "action": view["legal_actions"][0]}
        answers.append(client.post(f"/api/games/{view['id']}/actions", json=body, headers=alice))
    assert fast.answered == 1
    same_headers = {**answers[0].headers, "date": "", "x-request-id": ""}
    assert {**answers[1].headers, "date": "", "x-request-id": ""} == same_headers
    generic, quick = (answer.json() for answer in answers)
    assert quick["seq"] == generic["seq"] == views[0]["seq"] + 1
    assert {**quick, "id": None} == {**generic, "id": None}
    again = client.get(f"/api/games/{views[1]['id']}", headers=alice).json()
    assert again["seq"] == quick["seq"]  # stored


@pytest.mark.parametrize(
    ("body", "headers"),
    [
        (b'{"seq": "0", "action": {}}', {}),  # seq as text (strict)
        (b'{"seq": 0.0, "action": {}}', {}),
        (b'{"seq": true, "action": {}}', {}),
        (b'{"seq": 0}', {}),  # no action
        (b'{"seq": 0, "action": []}', {}),
        (b'{"seq": NaN, "action": {}}', {}),  # the standard library's JSON, not orjson's
        (b'{"seq": 0, "action": {}', {}),  # cut short
        (b"", {}),
        (b'{"seq": 0, "action": {}}', {"content-type": "text/plain"}),
        (b'{"seq": 99, "action": {}}', {}),  # stale
        (b'{"seq": 0, "action": {"type": "no such action"}}', {}),
        (b'{"seq": 0, "action": {}}', {"authorization": "Bearer unknown-token"}),
        (b'{"seq": 0, "action": {}}', {"authorization": "Basic abc"}),
        (b'{"seq": 0, "action": {}}', {"authorization": ""}),
    ],
)
def test_refusals_are_answered_alike_and_change_nothing(
    client: TestClient, fast: FastPath, body: bytes, headers: dict[str, str]
) -> None:
    alice = account(client, "alice")
    view = new_game(client, alice)
    sent = {"content-type": "application/json", **alice, **headers}
    url = f"/api/games/{view['id']}/actions"
    generic, quick = both(fast, lambda: client.post(url, content=body, headers=sent))
    assert generic.status_code in (400, 401, 403, 409, 422), generic.text
    same(generic, quick)
    assert client.get(f"/api/games/{view['id']}", headers=alice).json()["seq"] == view["seq"]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=8,
)
BODIES = st.fixed_dictionaries(
    {}, optional={"seq": JSON_VALUES, "action": JSON_VALUES, "other": JSON_VALUES}
)


@given(st.one_of(BODIES, JSON_VALUES))
def test_the_shortcut_takes_exactly_the_bodies_the_model_accepts(data: Any) -> None:
    """Any parsed JSON body: :func:`plain_action` takes it, with the same seq and action,
    if and only if the generic handler's model does."""
    expected: tuple[int, dict[str, Any]] | None
    try:
        model = ActionIn.model_validate(data)
        expected = (model.seq, model.action)
    except ValidationError:
        expected = None
    try:
        found: tuple[int, dict[str, Any]] | None = move_route.plain_action(data)
    except move_route.NotPlain:
        found = None
    assert found == expected


def test_a_bearer_scheme_in_any_case_and_a_charset_are_plain(
    client: TestClient, fast: FastPath
) -> None:
    alice = account(client, "alice")
    view = new_game(client, alice)
    token = alice["Authorization"].split(" ", 1)[1]
    sent = {"authorization": f"bEaReR  {token} ", "content-type": "application/json; charset=utf-8"}
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    url = f"/api/games/{view['id']}/actions"
    answer = client.post(url, json=body, headers=sent)
    assert answer.status_code == 200, answer.text
    assert fast.answered == 1


def test_a_seat_of_someone_else_is_refused_alike(client: TestClient, fast: FastPath) -> None:
    alice, eve = account(client, "alice"), account(client, "eve")
    view = new_game(client, alice)
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    url = f"/api/games/{view['id']}/actions"
    generic, quick = both(fast, lambda: client.post(url, json=body, headers=eve))
    assert generic.status_code == 403
    same(generic, quick)
    unknown = "/api/games/nope/actions"
    generic, quick = both(fast, lambda: client.post(unknown, json=body, headers=alice))
    assert generic.status_code == 404
    same(generic, quick)


def test_a_browser_session_still_needs_its_csrf_token(client: TestClient, fast: FastPath) -> None:
    account(client, "alice")
    opened = client.post("/api/session", json={"username": "alice", "password": "password-alice"})
    assert opened.status_code == 200, opened.text
    view = new_game(client, {CSRF_HEADER: client.cookies[CSRF_COOKIE]})
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    url = f"/api/games/{view['id']}/actions"
    refused = client.post(url, json=body)
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
    accepted = client.post(url, json=body, headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]})
    assert accepted.status_code == 200, accepted.text
    assert fast.answered == 0  # a cookie's request is the generic handler's


def test_the_rate_of_moves_is_counted_on_the_fast_path(
    limited_client: TestClient, fast: FastPath
) -> None:
    client = limited_client
    alice = account(client, "alice")
    view = new_game(client, alice)
    statuses = []
    for _ in range(7):
        body = {"seq": view["seq"], "action": view["legal_actions"][0]}
        answer = client.post(f"/api/games/{view['id']}/actions", json=body, headers=alice)
        statuses.append(answer.status_code)
        if answer.status_code == 200:
            view = answer.json()
    assert statuses[:5] == [200] * 5 and statuses[5:] == [429, 429]
    assert "retry-after" in answer.headers and answer.json()["code"] == "rate_limited"
    assert fast.answered == 5


def test_a_token_not_checked_lately_is_checked_in_the_moves_thread_hop(
    client: TestClient, fast: FastPath
) -> None:
    alice = account(client, "alice")
    view = new_game(client, alice)
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    token = alice["Authorization"].split(" ", 1)[1]
    accounts._memory.clear()  # as after its 30 s, or in another process
    assert accounts.remembered_user(token) is None
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    answer = client.post(f"/api/games/{view['id']}/actions", json=body, headers=alice)
    assert answer.status_code == 200, answer.text
    assert fast.answered == 1 and accounts.remembered_user(token) is not None
    client.delete("/api/session", headers=alice)  # logged out: the token ends
    accounts._memory.clear()
    body = {"seq": answer.json()["seq"], "action": answer.json()["legal_actions"][0]}
    url = f"/api/games/{view['id']}/actions"
    generic, quick = both(fast, lambda: client.post(url, json=body, headers=alice))
    assert generic.status_code == 401
    same(generic, quick)
    assert fast.answered == 1


def test_a_plain_move_is_played_in_the_servers_request_threads(
    client: TestClient, fast: FastPath, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fast path's hop is :class:`carson.server.kernel.threads.RequestThreads` while the server
    runs (its own named threads, within anyio's limiter), and leaves no token out."""
    played_in: list[str] = []
    act = move_route._act

    def recorded(*args: Any) -> dict[str, Any]:
        played_in.append(threading.current_thread().name)
        return act(*args)

    monkeypatch.setattr(move_route, "_act", recorded)
    client.app.state.loop_moves = None  # type: ignore[attr-defined]  # PostgreSQL's: tested apart
    alice = account(client, "alice")
    view = new_game(client, alice)
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    moved = client.post(f"/api/games/{view['id']}/actions", json=body, headers=alice)
    assert moved.status_code == 200, moved.text
    assert fast.answered == 1
    assert len(played_in) == 1 and played_in[0].startswith("carson-request")
    tokens = client.portal.call(lambda: to_thread.current_default_thread_limiter().borrowed_tokens)
    assert tokens == 0


def test_other_requests_on_a_moves_path_pass_the_shortcut_untouched(
    client: TestClient, fast: FastPath
) -> None:
    """Another method, a trailing slash, a body over the limit: answered as before, the
    shortcut never asked."""
    alice = account(client, "alice")
    view = new_game(client, alice)
    url = f"/api/games/{view['id']}/actions"
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    assert client.get(url, headers=alice).status_code == 405
    assert client.put(url, json=body, headers=alice).status_code == 405
    slash = client.post(url + "/", json=body, headers=alice, follow_redirects=False)
    assert slash.status_code in (307, 404)
    huge = {"seq": view["seq"], "action": {"type": "x" * 200_000}}
    too_large = client.post(url, json=huge, headers=alice)
    assert too_large.status_code == 413 and too_large.json()["code"] == "too_large"
    assert fast.answered == 0
    assert client.get(f"/api/games/{view['id']}", headers=alice).json()["seq"] == view["seq"]


def test_a_refusal_met_by_the_shortcut_is_answered_by_the_applications_handler(
    client: TestClient, fast: FastPath, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refusal raised on the shortcut is raised again inside the route: the application's
    handler answers it, with the headers of every answer."""
    from carson.server.kernel.errors import Conflict

    alice = account(client, "alice")
    view = new_game(client, alice)
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    url = f"/api/games/{view['id']}/actions"
    plain = move_route.plain_move

    logged: list[str] = []

    async def refusing(
        request: Request, token: str, game_id: str, sent: bytes
    ) -> dict[str, Any] | None:
        await plain(request, token, game_id, b"not json")  # not plain: nothing counted
        logged.append(REQUEST_ID.get())  # the id the shortcut's log records carry
        raise Conflict("stale seq 0: another move was accepted first", "stale_seq")

    monkeypatch.setattr(move_route, "plain_move", refusing)
    refused = client.post(url, json=body, headers=alice)
    assert refused.status_code == 409 and refused.json()["code"] == "stale_seq"
    assert "content-security-policy" in refused.headers
    assert refused.headers["x-request-id"] == logged[0]  # the same id, in and out
    monkeypatch.setattr(move_route, "plain_move", plain)
    assert client.post(url, json=body, headers=alice).status_code == 200  # nothing changed


def test_the_shortcut_s_answer_carries_the_request_s_id_or_a_new_one(
    client: TestClient, fast: FastPath
) -> None:
    alice = account(client, "alice")
    view = new_game(client, alice)
    url = f"/api/games/{view['id']}/actions"
    for sent, expected in (("client-id-7", "client-id-7"), ("not sane!", None), (None, None)):
        body = {"seq": view["seq"], "action": view["legal_actions"][0]}
        headers = alice if sent is None else {**alice, "X-Request-ID": sent}
        answer = client.post(url, json=body, headers=headers)
        assert answer.status_code == 200
        given = answer.headers["x-request-id"]
        assert given == expected if expected else re.fullmatch("[0-9a-f]{32}", given)
        view = answer.json()
    assert fast.answered == 3


def test_a_chunked_move_is_left_to_the_application_which_counts_its_size(
    client: TestClient, fast: FastPath
) -> None:
    """No declared size: the body limit counts it as it comes; the generic handler answers
    the move as the shortcut would have."""
    alice = account(client, "alice")
    views = [new_game(client, alice), new_game(client, alice)]  # the same deal
    answers = []
    for view, chunked in zip(views, (True, False), strict=True):
        text = json.dumps({"seq": view["seq"], "action": view["legal_actions"][0]}).encode()
        content: Any = iter([text[:5], text[5:]]) if chunked else text
        headers = {**alice, "content-type": "application/json"}
        answers.append(client.post(f"/api/games/{view['id']}/actions", content=content,
                                   headers=headers))  # fmt: skip
    assert fast.answered == 1  # the second only
    generic, quick = answers
    assert generic.status_code == quick.status_code == 200
    assert {**generic.json(), "id": None} == {**quick.json(), "id": None}
    assert {name: value for name, value in generic.headers.items() if name not in VARYING} == {
        name: value for name, value in quick.headers.items() if name not in VARYING
    }
    huge = iter([b'{"seq": 0, "action": {"type": "', b"x" * 200_000, b'"}}'])
    too_large = client.post(f"/api/games/{views[0]['id']}/actions", content=huge,
                            headers={**alice, "content-type": "application/json"})  # fmt: skip
    assert too_large.status_code == 413 and fast.answered == 1
