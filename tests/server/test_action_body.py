"""The move's route reads its body itself (:mod:`carson.server.play.action_body`) and
answers exactly as FastAPI answers a route whose body is declared
:class:`~carson.server.play.models.ActionIn`: the same values taken, the same 422s."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from carson.server.kernel import errors
from carson.server.play.action_body import action_in
from carson.server.play.models import ActionIn


def _apps() -> tuple[TestClient, TestClient]:
    """FastAPI's own reading of an :class:`ActionIn` body, and the route's."""
    declared, own = FastAPI(), FastAPI()

    @declared.post("/move")
    def by_model(body: ActionIn) -> dict[str, Any]:
        return {"seq": body.seq, "action": body.action}

    @own.post("/move")
    async def by_route(request: Request) -> dict[str, Any]:
        seq, action = action_in(await request.body(), request.headers.get("content-type"))
        return {"seq": seq, "action": action}

    for app in (declared, own):
        errors.install(app)
    return TestClient(declared), TestClient(own)


DECLARED, OWN = _apps()


def same_answer(body: bytes, content_type: str | None = "application/json") -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    expected = DECLARED.post("/move", content=body, headers=headers)
    found = OWN.post("/move", content=body, headers=headers)
    assert (found.status_code, found.json()) == (expected.status_code, expected.json()), body


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b'{"seq": 0, "action": {"kind": "stake"}}', "application/json"),
        (b'{"seq": 0, "action": {}}', "application/json; charset=utf-8"),
        (b'{"seq": 0, "action": {}}', "application/vnd.carson+json"),
        (b'{"seq": "0", "action": {}}', "application/json"),  # seq as text (strict)
        (b'{"seq": 0.0, "action": {}}', "application/json"),
        (b'{"seq": true, "action": {}}', "application/json"),
        (b'{"seq": 0}', "application/json"),  # no action
        (b'{"seq": 0, "action": []}', "application/json"),
        (b'{"seq": NaN, "action": {}}', "application/json"),  # the standard library's JSON
        (b'{"seq": 99999999999999999999999, "action": {}}', "application/json"),
        (b'{"seq": 0, "action": {}', "application/json"),  # cut short
        (b"[1, 2]", "application/json"),
        (b"", "application/json"),
        (b'{"seq": 0, "action": {}}', "text/plain"),
        (b'{"seq": 0, "action": {}}', None),
    ],
)
def test_edge_bodies_are_answered_as_fastapi_answers_them(
    body: bytes, content_type: str | None
) -> None:
    same_answer(body, content_type)


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
def test_any_json_body_is_answered_as_fastapi_answers_it(data: Any) -> None:
    same_answer(json.dumps(data).encode())
