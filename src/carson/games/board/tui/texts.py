"""The board game's terminal texts with the shared words (for its screens and tests)."""

from __future__ import annotations

from functools import cache

from carson.terminal.texts import Texts, TextTable, merged, read_table, shared_table


@cache
def own_table() -> TextTable:
    """The board game's own texts (``texts.toml`` beside this file)."""
    return read_table("carson.games.board.tui", "texts.toml")


def texts(lang: str = "en") -> Texts:
    return Texts(lang, _table())


@cache
def _table() -> TextTable:
    return merged(shared_table(), own_table())


def raw_table() -> TextTable:
    """Every text the board game's screens use, in every language (for the tests that check
    the files)."""
    return _table()
