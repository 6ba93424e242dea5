"""``carson db upgrade|downgrade|current``: the database's schema, migrated as a deployment
step of its own (:mod:`carson.server.kernel.schema`; docs/deploy.md, *Migrate*)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from carson.cli.errors import fail, missing_module, require
from carson.cli.worker import DB_HELP

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

database = typer.Typer(help="The database's schema: its version, migrated up or back.",
                       no_args_is_help=True)  # fmt: skip
Db = Annotated[str | None, typer.Option(help=DB_HELP)]


def register(app: typer.Typer) -> None:
    app.add_typer(database, name="db")


def _engine(db: str | None, command: str) -> Engine:
    """The database at ``db`` (as ``carson serve`` takes it), not migrated."""
    require(command, "server")
    from sqlalchemy.exc import ArgumentError

    from carson.server.kernel.db import default_url, make_engine

    try:
        return make_engine(db or default_url())
    except ArgumentError as error:
        fail(f"cannot open the database: {error}")
    except ModuleNotFoundError as error:  # PostgreSQL's driver without the postgres extra
        missing_module(error, command)


def _shown(revision: str | None) -> str:
    from carson.server.kernel import schema

    if revision is None:
        return "none (no carson schema)"
    return f"{revision} (the newest)" if revision == schema.head() else revision


def _run(db: str | None, command: str, revision: str, up: bool) -> None:
    from sqlalchemy.exc import OperationalError

    from carson.server.kernel import schema

    engine = _engine(db, command)
    try:
        before = schema.current(engine)
        after = (schema.upgrade if up else schema.downgrade)(engine, revision)
    except schema.SchemaMismatch as error:
        fail(str(error))
    except OperationalError as error:
        fail(f"cannot open the database: {error.orig}")
    finally:
        engine.dispose()
    moved = "unchanged" if after == before else f"from {before or 'none'}"
    print(f"the database's schema is at {_shown(after)}, {moved}")


@database.command()
def upgrade(
    revision: Annotated[str, typer.Argument(help="the revision to reach")] = "head",
    db: Db = None,
) -> None:
    """Bring the schema up to REVISION (default: the newest this carson knows)."""
    _run(db, "carson db upgrade", revision, up=True)


# "-1" (one step back) is a revision, not an unknown option.
@database.command(context_settings={"ignore_unknown_options": True})
def downgrade(
    revision: Annotated[
        str, typer.Argument(help="the revision to go back to (e.g. 0019, or -1: one step)")
    ],
    db: Db = None,
) -> None:
    """Take the schema back to REVISION, before starting an older carson that needs it.
    Steps back drop what later versions added: back up first."""
    _run(db, "carson db downgrade", revision, up=False)


@database.command()
def current(db: Db = None) -> None:
    """Print the schema's revision and whether it is this carson's newest; exit status 1
    if it is not (a deployment's check before starting processes with --no-migrate)."""
    from sqlalchemy.exc import OperationalError

    from carson.server.kernel import schema

    engine = _engine(db, "carson db current")
    try:
        at = schema.current(engine)
    except OperationalError as error:
        fail(f"cannot open the database: {error.orig}")
    finally:
        engine.dispose()
    print(f"the database's schema is at {_shown(at)}; this carson's newest is {schema.head()}")
    if at != schema.head():
        raise typer.Exit(1)
