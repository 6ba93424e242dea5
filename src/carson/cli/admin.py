"""``carson admin grant|revoke NAME`` and ``carson admin list``: the server's administrators,
who see the chat's reports at ``/admin/reports`` and silence accounts there."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from carson.cli.errors import fail, require
from carson.cli.worker import DB_HELP, _database

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from carson.server.chat.admin import Moderation

admin = typer.Typer(help="The server's administrators (the chat's reports, silenced accounts).",
                    no_args_is_help=True)  # fmt: skip
Name = Annotated[str, typer.Argument(help="an account's username")]
Db = Annotated[str | None, typer.Option(help=DB_HELP)]


def register(app: typer.Typer) -> None:
    app.add_typer(admin, name="admin")


def _moderation(db: str | None, command: str) -> tuple[Engine, Moderation]:
    """The database (migrated) and its administrators; exits with status 2 without the
    server extra or a database."""
    require(command, "server")
    from sqlalchemy.orm import sessionmaker

    from carson.server.chat.admin import Moderation

    engine = _database(db, command)
    return engine, Moderation(sessionmaker(engine, expire_on_commit=False))


def _change(db: str | None, name: str, grant: bool) -> None:
    from carson.server.kernel.errors import NotFound

    command = f"carson admin {'grant' if grant else 'revoke'}"
    engine, moderation = _moderation(db, command)
    try:
        stored = moderation.grant(name) if grant else moderation.revoke(name)
    except NotFound:
        fail(f"no account {name!r}")
    finally:
        engine.dispose()
    print(f"{stored} is {'an' if grant else 'no longer an'} administrator")


@admin.command()
def grant(name: Name, db: Db = None) -> None:
    """Make an account an administrator."""
    _change(db, name, grant=True)


@admin.command()
def revoke(name: Name, db: Db = None) -> None:
    """Take an account's administrator rights back."""
    _change(db, name, grant=False)


@admin.command(name="list")
def listing(db: Db = None) -> None:
    """The administrators, one per line."""
    engine, moderation = _moderation(db, "carson admin list")
    names = moderation.admins()
    engine.dispose()
    print("\n".join(names) if names else "no administrators")
