"""``carson train``: self-play games and the fit of a game's learned value model (issue 47),
for a game that offers a trainer (its ``train`` adapter; the card game's is
:mod:`carson.games.card.rl.train`). Training needs the ``rl`` extra (NumPy); playing with the
model it writes does not."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Protocol, runtime_checkable

import typer

from carson.cli.errors import fail, require
from carson.core.registry import GameSetupError, game_kind
from carson.core.registry import games as installed_games


@runtime_checkable
class Trainer(Protocol):
    """A game's trainer: plays ``games`` self-play games from ``seed``, fits the model for
    ``epochs`` and writes it to ``out`` (``None``: the game's shipped weights); returns the
    figures it recorded."""

    def __call__(
        self, games: int, seed: int, epochs: int, out: Path | None, say: Callable[[str], None]
    ) -> dict[str, object]: ...


def register(app: typer.Typer) -> None:
    @app.command()
    def train(
        game: Annotated[str, typer.Option(help="the game (one that offers a trainer)")] = "card",
        games: Annotated[int, typer.Option(help="self-play games")] = 2000,
        seed: Annotated[int, typer.Option(help="seed of the games and of the fit")] = 47,
        epochs: Annotated[int, typer.Option(help="passes over the training positions")] = 30,
        out: Annotated[
            Path | None, typer.Option(help="where to write the weights (default: the shipped ones)")
        ] = None,
    ) -> None:
        """Play self-play games, fit the learned value model, write its weights (same
        arguments, same weights); prints the figures as JSON."""
        try:
            kind = game_kind(game)
        except GameSetupError as error:
            fail(str(error))
        if games < 5:
            fail("--games must be at least 5 (a fifth is held out)")
        if epochs < 1:
            fail("--epochs must be at least 1")
        require("carson train", "rl")
        trainer = kind.adapter("train", Trainer)
        if trainer is None:
            offered = [name for name, k in installed_games().items() if "train" in k.adapters]
            fail(f"the {game} game has no trainer; choose from {', '.join(offered) or 'none'}")
        figures = trainer(games, seed, epochs, out, lambda line: typer.echo(line, err=True))
        print(json.dumps(figures, indent=2))
