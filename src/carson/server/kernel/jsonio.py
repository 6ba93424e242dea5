"""JSON out of the server, encoded by orjson: a game's view is the largest thing a move
answers, and encoding it with the standard library cost more than the rest of the answer."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi.responses import JSONResponse

#: Keys that are not text (a seat number) are written as text, as the standard library does.
OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """JSON text (for the database's JSON columns)."""
    return orjson.dumps(value, option=OPTIONS).decode()


class FastJSONResponse(JSONResponse):
    """A JSON answer encoded by orjson; the same bytes a client parses as JSONResponse's."""

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, option=OPTIONS)
