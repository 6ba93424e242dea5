"""``carson config``: the server's settings as they are in effect (docs/settings.md), each
with where its value came from; secrets hidden, refused values named."""

from __future__ import annotations

import typer

from carson.cli.errors import fail, require


def register(app: typer.Typer) -> None:
    app.command(name="config")(show_config)


def show_config() -> None:
    """Print every setting of the server: its variable, value and source (default or
    environment). Passwords and tokens are shown as ***."""
    require("carson config", "server")
    from carson.server.kernel import settings
    from carson.server.kernel.errors import BadSetting

    try:
        chosen = settings.load()
    except BadSetting as error:
        fail(f"bad setting: {error}")
    where = settings.sources()
    width = max(len(name) for name in settings.FIELDS)
    for variable, field in settings.FIELDS.items():
        value = settings.shown(variable, getattr(chosen, field))
        print(f"{variable:<{width}}  {value}  ({where[variable]})")
