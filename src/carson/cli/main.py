"""The ``carson`` command: wires every subcommand module onto one Typer app.

Each subcommand lives in its own module with a ``register(app)`` function, so adding a
command never means editing another command's code. Input errors exit with status 2 and a
one-line message on stderr (:func:`carson.cli.errors.fail`), never a traceback.
"""

from __future__ import annotations

import typer

from carson.cli import cards, placements, play, score, serve, simulate

app = typer.Typer(
    name="carson",
    help="Carson City: The Card Game — play, simulate and score.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for command_module in (cards, score, placements, simulate, play, serve):
    command_module.register(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
