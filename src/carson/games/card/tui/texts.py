"""The card game's terminal texts with the shared words (for its screens and tests)."""

from __future__ import annotations

from carson.games.card.tui.kit import KIT
from carson.terminal.texts import Texts


def texts(lang: str = "en") -> Texts:
    return KIT.texts(lang)
