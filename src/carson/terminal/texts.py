"""The terminal games' texts in five languages, read from ``texts.toml`` (the card game and
what both games share) and ``board_texts.toml`` (the board game) beside this file."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "de", "it", "nl", "fr")
#: The text files, merged into one table; their sections must not overlap.
FILES = ("texts.toml", "board_texts.toml")


class Texts:
    """Look-ups in one language: ``texts("ui", "round", round=3, era=1)``."""

    def __init__(self, lang: str, table: Mapping[str, Mapping[str, Mapping[str, str]]]) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
        self.lang = lang
        self._table = table

    def __call__(self, section: str, key: str, **values: Any) -> str:
        return self._table[section][key][self.lang].format(**values)

    def has(self, section: str, key: str) -> bool:
        return key in self._table.get(section, {})

    def yes(self, answer: str) -> bool | None:
        """True for yes, False for no (``n``, ``no``, ``nein``, ``nee``, ``non``), else None."""
        word = answer.strip().lower()
        if word in self("yes", "letters").split():
            return True
        if word in ("n", "no", "nein", "nee", "non"):
            return False
        return None


@cache
def _table() -> dict[str, dict[str, dict[str, str]]]:
    table: dict[str, dict[str, dict[str, str]]] = {}
    for name in FILES:
        text = resources.files("carson.terminal").joinpath(name).read_text(encoding="utf-8")
        data = tomllib.loads(text)
        overlap = sorted(table.keys() & data.keys())
        if overlap:
            raise ValueError(f"{name}: sections {', '.join(overlap)} are already in another file")
        table.update(data)
    return table


def texts(lang: str = "en") -> Texts:
    return Texts(lang, _table())


def raw_table() -> dict[str, dict[str, dict[str, str]]]:
    """Every text in every language (for the tests that check the file)."""
    return _table()
