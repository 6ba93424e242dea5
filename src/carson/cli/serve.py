"""``carson serve``: the game server and its API (see :mod:`carson.server`)."""

from __future__ import annotations

from typing import Annotated

import typer

from carson.cli.errors import fail


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
        db: Annotated[
            str | None,
            typer.Option(
                help="database URL (default: DATABASE_URL, else SQLite in $CARSON_HOME or "
                "~/.local/share/carson)"
            ),
        ] = None,
        access_log: Annotated[
            bool, typer.Option(help="log every request (off: a proxy in front usually does)")
        ] = False,
        worker: Annotated[
            bool,
            typer.Option(
                help="also run queued jobs (machine seats' moves) in this process; "
                "--no-worker leaves them to `carson worker` processes"
            ),
        ] = True,
    ) -> None:
        """Serve online games: the JSON API (documented at /docs) with live updates."""
        import uvicorn
        from sqlalchemy.exc import ArgumentError, OperationalError

        from carson.app import create_app

        if not 0 < port < 65536:
            fail(f"--port must be 1–65535, not {port}")
        try:
            application = create_app(db, worker=worker)
        except (ArgumentError, OperationalError) as error:
            fail(f"cannot open the database: {error}")
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        address = f"http://{shown}:{port}/"
        print(f"carson is running: open {address} in your browser (Ctrl+C stops it)", flush=True)
        # Live streams stay open: on shutdown they get 5 s to end, then the server stops.
        uvicorn.run(
            application, host=host, port=port, access_log=access_log, timeout_graceful_shutdown=5
        )
