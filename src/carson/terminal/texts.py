"""The terminal's texts in five languages: the words every game shares (``texts.toml``
beside this file) and each game's own table, which its terminal kit reads from its package.

A :class:`Texts` looks up one language in a merged table; tables merge by section and key,
and no key may come twice (a game cannot silently change a shared word).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "de", "it", "nl", "fr")

#: section → key → language → text
TextTable = dict[str, dict[str, dict[str, str]]]


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


def read_table(package: str, name: str) -> TextTable:
    """A TOML table of texts shipped in ``package`` (package data)."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def merged(*tables: TextTable) -> TextTable:
    """The tables as one; raises ``ValueError`` if two of them define the same key."""
    table: TextTable = {}
    for part in tables:
        for section, entries in part.items():
            into = table.setdefault(section, {})
            twice = sorted(into.keys() & entries.keys())
            if twice:
                raise ValueError(f"texts [{section}] {', '.join(twice)} are defined twice")
            into.update(entries)
    return table


@cache
def shared_table() -> TextTable:
    """The words every game's terminal program uses."""
    return read_table("carson.terminal", "texts.toml")


def texts(lang: str = "en") -> Texts:
    """The shared words and every installed game's own, in ``lang``. (Kept for callers from
    before the games had their own texts; a game's screens use its kit's
    :meth:`~carson.terminal.kit.GameKit.texts`.)"""
    from carson.terminal.kits import installed_kits  # the kits import this module

    return Texts(lang, merged(shared_table(), *(kit.text_table() for kit in installed_kits())))
