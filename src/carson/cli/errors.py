"""How every ``carson`` command reports bad input or a missing extra: one line on stderr, exit
status 2."""

from __future__ import annotations

import sys
from typing import NoReturn

import typer

from carson.core.extras import MissingExtra, extra_providing, require_extra

#: Exit status for invalid input (the same as Typer/Click's own usage errors).
USAGE_ERROR = 2


def fail(message: str) -> NoReturn:
    """Print ``carson: <message>`` on stderr and exit with status 2; stdout stays empty."""
    print(f"carson: {message}", file=sys.stderr)
    raise typer.Exit(USAGE_ERROR)


def require(feature: str, extra: str) -> None:
    """Exit with status 2 and the line that names the extra when ``extra`` is not installed
    (``carson serve needs the server extra: pip install 'carson-city[server]'``)."""
    try:
        require_extra(feature, extra)
    except MissingExtra as error:
        print(error, file=sys.stderr)
        raise typer.Exit(USAGE_ERROR) from None


def missing_module(error: ModuleNotFoundError, feature: str) -> NoReturn:
    """Exit as :func:`require` when an extra's module was missing (PostgreSQL's driver for a
    ``postgresql+psycopg://`` URL); any other missing module is a fault, raised as it is."""
    extra = extra_providing(error)
    if extra is None:
        raise error
    print(MissingExtra(feature, extra), file=sys.stderr)
    raise typer.Exit(USAGE_ERROR) from None
