"""Reading the JSON that ``carson score`` and ``carson placements`` take.

Both accept one object or an array of objects, from a file or stdin, and answer in the same
shape. Any problem becomes one line naming it (for arrays, which element), exit status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from carson.cli.errors import fail
from carson.core.game import JSON
from carson.core.record import json_problem
from carson.games.card.catalog import load_catalog
from carson.games.card.grid import GridError


class InputError(ValueError):
    """A request that cannot be answered; the message names the problem."""


def read_json_input(file: str) -> Any:
    """The parsed JSON of ``file`` (``-`` = stdin); exits with a clear message if unreadable."""
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as error:
        fail(f"cannot read {file}: {error.strerror or error}")
    except UnicodeDecodeError:
        fail(f"{file} is not UTF-8 text")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        fail(f"input is not valid JSON: {json_problem(error)}")


def for_each_object(document: Any, answer: Callable[[JSON], Any]) -> str:
    """Apply ``answer`` to one object, or to each object of an array; the JSON to print."""
    if isinstance(document, dict):
        try:
            return json.dumps(answer(document), ensure_ascii=False)
        except (InputError, GridError) as error:
            fail(str(error))
    if isinstance(document, list):
        results = []
        for index, item in enumerate(document, start=1):
            if not isinstance(item, dict):
                fail(f"city {index}: expected a JSON object")
            try:
                results.append(answer(item))
            except (InputError, GridError) as error:
                fail(f"city {index}: {error}")
        return json.dumps(results, ensure_ascii=False)
    fail("input must be a JSON object or an array of objects")


def parse_personalities(value: object) -> list[str]:
    """A list of distinct, known personality ids (CG-1.7)."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise InputError("'personalities' must be a list of personality ids")
    known = [personality.id for personality in load_catalog().personalities]
    ids: list[str] = []
    for given in value:
        personality_id = given.strip().lower()  # ids are lower case; 'Doctor' means 'doctor'
        if personality_id not in known:
            raise InputError(f"unknown personality {given!r}; the ids are: {', '.join(known)}")
        if personality_id in ids:
            raise InputError(f"personality {personality_id!r} is listed twice")
        ids.append(personality_id)
    return ids
