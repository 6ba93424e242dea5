"""A move's body, read as FastAPI reads a body declared as
:class:`~carson.server.play.models.ActionIn` — the same values accepted, the same 422s — but
without its generic machinery on the server's hottest request: a plain body (an object with
an integer ``seq`` and an object ``action``) is taken as orjson parses it; anything else is
parsed by the standard library and validated by the model, as FastAPI does, its problems
FastAPI's own :class:`~fastapi.exceptions.RequestValidationError`, answered as every
route's."""

from __future__ import annotations

import json
from typing import Any

import orjson
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError

from carson.core.game import JSON
from carson.server.play.models import ActionIn


def action_in(body: bytes, content_type: str | None) -> tuple[int, JSON]:
    """The ``seq`` and ``action`` of a move's ``body`` (422 if :class:`ActionIn` refuses it)."""
    if not body:
        raise _invalid([{"type": "missing", "loc": ("body",), "msg": "Field required",
                         "input": None}])  # fmt: skip
    if not _json_declared(content_type):  # FastAPI reads such a body as bytes: no object
        raise _invalid([{"type": "model_attributes_type", "loc": ("body",),
                         "msg": "Input should be a valid dictionary or object to extract "
                         "fields from", "input": body}])  # fmt: skip
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        data = None
    if type(data) is dict:
        seq, action = data.get("seq"), data.get("action")
        if type(seq) is int and type(action) is dict:  # strictly: not true, not 1.0
            return seq, action
    # Anything else as FastAPI reads it: orjson refuses more (NaN) and reads some numbers
    # otherwise (an integer past 64 bits as a float).
    data = _standard_json(body)
    try:
        parsed = ActionIn.model_validate(data, from_attributes=True)  # as FastAPI validates
    except ValidationError as refused:
        raise _invalid([{**problem, "loc": ("body", *problem["loc"])}
                        for problem in refused.errors(include_url=False)]) from None  # fmt: skip
    return parsed.seq, parsed.action


def _standard_json(body: bytes) -> Any:
    """The body as the standard library's parser (FastAPI's) reads it, or its 422."""
    try:
        return json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        at = error.pos if isinstance(error, json.JSONDecodeError) else error.start
        why = error.msg if isinstance(error, json.JSONDecodeError) else error.reason
        raise _invalid([{"type": "json_invalid", "loc": ("body", at), "msg": "JSON decode error",
                         "input": {}, "ctx": {"error": why}}]) from None  # fmt: skip


def _json_declared(content_type: str | None) -> bool:
    """Whether FastAPI would parse the body as JSON (its strict content type, the default):
    declared ``application/json`` or ``application/…+json``."""
    if not content_type:
        return False
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and
                                           media.endswith("+json"))  # fmt: skip


def _invalid(problems: list[JSON]) -> RequestValidationError:
    return RequestValidationError(problems)
