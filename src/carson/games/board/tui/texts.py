"""The board game's terminal texts with the shared words (for its screens and tests): the
board game's catalog (``carson/games/board/locale``), then the platform terminal's."""

from __future__ import annotations

from carson.terminal.texts import DOMAIN, SHARED, Texts

#: The package whose ``locale`` folder holds the board game's terminal catalog.
PACKAGE = "carson.games.board"


def texts(lang: str = "en") -> Texts:
    return Texts(lang, [(PACKAGE, DOMAIN), SHARED])
