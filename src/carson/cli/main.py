"""The ``carson`` command: wires every subcommand module onto one Typer app.

Each subcommand lives in its own module with a ``register(app)`` function (a game's own
commands come from its ``cli`` adapter), so adding a
command never means editing another command's code. Input errors exit with status 2 and a
one-line message on stderr (:func:`carson.cli.errors.fail`), never a traceback.
"""

from __future__ import annotations

from typing import Annotated, Protocol, runtime_checkable

import typer

from carson import __version__
from carson.cli import admin, config, db, play, serve, simulate, train, worker
from carson.core.registry import games


@runtime_checkable
class GameCommands(Protocol):
    """A game's own subcommands (its ``adapters["cli"]``): added to the ``carson`` command."""

    def __call__(self, app: typer.Typer) -> None: ...


app = typer.Typer(
    name="carson",
    help="Carson City, the card game and the board game: play, simulate, score and serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(asked: bool) -> None:
    if asked:
        print(f"carson {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="print carson's version and exit",
            callback=_show_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Carson City, the card game and the board game: play, simulate, score and serve."""


for kind in games().values():  # a game's own subcommands (the card game's scoring assistant)
    game_commands = kind.adapter("cli", GameCommands)
    if game_commands is not None:
        game_commands(app)
for command_module in (simulate, train, play, serve, worker, admin, db, config):
    command_module.register(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
