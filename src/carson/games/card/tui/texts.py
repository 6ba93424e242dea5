"""The card game's terminal texts with the shared words (for its screens and tests)."""

from __future__ import annotations

from carson.games.card.tui.kit import KIT
from carson.terminal.texts import Texts, TextTable, merged, shared_table


def texts(lang: str = "en") -> Texts:
    return KIT.texts(lang)


def raw_table() -> TextTable:
    """Every text the card game's screens use, in every language (for the tests that check
    the files)."""
    return merged(shared_table(), KIT.text_table())
