"""How every ``carson`` command reports bad input: one line on stderr, exit status 2."""

from __future__ import annotations

import sys
from typing import NoReturn

import typer

#: Exit status for invalid input (the same as Typer/Click's own usage errors).
USAGE_ERROR = 2


def fail(message: str) -> NoReturn:
    """Print ``carson: <message>`` on stderr and exit with status 2; stdout stays empty."""
    print(f"carson: {message}", file=sys.stderr)
    raise typer.Exit(USAGE_ERROR)
