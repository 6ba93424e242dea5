"""Issue 46: a text that quotes a word the player may type ('list', 'pass', …) quotes it in
the player's language as the terminal takes it (``commands.<word>``): the German prompt said
'list' where help said 'liste'."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import carson

SOURCE = Path(carson.__file__).parent
TERMINAL_CATALOGS = sorted(SOURCE.glob("**/locale/*/LC_MESSAGES/terminal.po"))
SHARED = SOURCE / "terminal" / "locale"


def commands(path: Path) -> dict[str, str]:
    """The typed words of a language: the shared ones and the catalog's own."""
    words: dict[str, str] = {}
    lang = path.parents[1].name
    for catalog in {SHARED / lang / "LC_MESSAGES" / "terminal.po", path}:
        with catalog.open("rb") as po:
            for message in read_po(po):
                if message.context and message.context.startswith("commands.") and message.string:
                    words[str(message.id)] = str(message.string)
    return words


@pytest.mark.parametrize("path", TERMINAL_CATALOGS, ids=lambda p: str(p.relative_to(SOURCE)))
def test_quoted_words_are_the_ones_the_language_takes(path: Path) -> None:
    words = {english: own for english, own in commands(path).items() if own != english}
    wrong = []
    with path.open("rb") as po:
        for message in read_po(po):
            if (
                not message.id
                or not message.string
                or (message.context or "").startswith("commands.")
            ):
                continue
            for english, own in words.items():
                quoted = f"'{english}'"
                if quoted in str(message.id) and quoted in str(message.string):
                    wrong.append(f"{message.context}: {quoted} (typed: '{own}')")
    assert wrong == []
