"""The stylesheets' braces balance: a stray ``}`` makes browsers drop the rule after it
without a word (the card game's card outlines were lost so)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import carson.web

STATIC = Path(carson.web.__file__).parent / "static"


@pytest.mark.parametrize("sheet", sorted(STATIC.glob("*.css")), ids=lambda path: path.name)
def test_every_brace_closes_one_that_opened(sheet: Path) -> None:
    comment = re.compile(r"/\*.*?\*/", re.S)  # blanked, its lines kept: numbers stay true
    text = comment.sub(lambda found: "\n" * found.group().count("\n"), sheet.read_text("utf-8"))
    depth = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        for char in line:
            depth += (char == "{") - (char == "}")
            assert depth >= 0, f"{sheet.name}: a '}}' closes nothing (line {line_number})"
    assert depth == 0, f"{sheet.name}: {depth} block(s) never closed"
