"""The card game's own ``carson`` subcommands (``cards``, ``score``, ``placements``), added to
the command by :func:`register` (the game's ``cli`` adapter)."""

from __future__ import annotations

import typer

from carson.games.card.cli import cards, placements, score


def register(app: typer.Typer) -> None:
    for command_module in (cards, score, placements):
        command_module.register(app)
