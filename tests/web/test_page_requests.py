"""The pages' own requests (``htmx.ajax`` in the static scripts) each name their source.

htmx gives a request without a source the page's body as its source, and requests of one
source share a queue that keeps only the last one waiting: a clock's refresh then dropped the
board's end-of-game fetch of the rematch (a failure seen in CI), and could drop a chat line's
fetch or a board refresh. Each request named after the element it replaces queues only
behind its own kind."""

from __future__ import annotations

import re
from pathlib import Path

import carson.web

STATIC = Path(carson.web.__file__).parent / "static"
#: One ``htmx.ajax(`` call: its arguments up to the options' closing brace.
CALL = re.compile(r"htmx\.ajax\((?P<arguments>[^{]*\{[^}]*\})", re.S)


def page_scripts() -> list[Path]:
    return sorted(path for path in STATIC.glob("*.js") if not path.name.startswith("htmx"))


def test_the_scripts_are_read() -> None:
    calls = [CALL.findall(path.read_text(encoding="utf-8")) for path in page_scripts()]
    assert sum(len(found) for found in calls) >= 5  # board, after-game, chat, clocks, hint


def test_every_page_request_names_its_source() -> None:
    for path in page_scripts():
        text = path.read_text(encoding="utf-8")
        assert text.count("htmx.ajax(") == len(CALL.findall(text)), path.name
        for call in CALL.finditer(text):
            assert "source:" in call["arguments"], f"{path.name}: {call[0]}"
