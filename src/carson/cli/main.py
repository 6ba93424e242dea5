"""The ``carson`` command: wires every subcommand module onto one Typer app.

Each subcommand lives in its own module with a ``register(app)`` function (a game's own
commands come from its ``cli`` adapter), so adding a
command never means editing another command's code. Input errors exit with status 2 and a
one-line message on stderr (:func:`carson.cli.errors.fail`), never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable

import typer

from carson.cli import play, serve, simulate, worker
from carson.core.registry import games

app = typer.Typer(
    name="carson",
    help="Carson City: The Card Game — play, simulate and score.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for kind in games().values():  # a game's own subcommands (the card game's scoring assistant)
    register_game_commands = kind.adapter("cli")
    if callable(register_game_commands):
        register_commands: Callable[[typer.Typer], None] = register_game_commands
        register_commands(app)
for command_module in (simulate, play, serve, worker):
    command_module.register(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
