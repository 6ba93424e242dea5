"""``carson serve``: the game server and its API (see :mod:`carson.server`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from carson.cli.errors import fail


class LogLevel(StrEnum):
    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


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
        log_json: Annotated[
            bool,
            typer.Option(help="log JSON lines instead of text", envvar="CARSON_LOG_JSON"),
        ] = False,
        log_level: Annotated[
            LogLevel,
            typer.Option(help="the least severe records logged", envvar="CARSON_LOG_LEVEL"),
        ] = LogLevel.info,
        forwarded_allow_ips: Annotated[
            str | None,
            typer.Option(
                help="addresses of the TLS proxies whose X-Forwarded-Proto and X-Forwarded-For "
                "are trusted, comma-separated ('*': any; default: FORWARDED_ALLOW_IPS, else "
                "127.0.0.1)"
            ),
        ] = None,
        secure_cookies: Annotated[
            bool,
            typer.Option(
                help="session cookies 'Secure' even on requests that arrive over http "
                "(default: only over https; also CARSON_SECURE_COOKIES=1)"
            ),
        ] = False,
    ) -> None:
        """Serve online games: the JSON API (documented at /docs) with live updates."""
        import uvicorn
        from sqlalchemy.exc import ArgumentError, OperationalError

        from carson.app import create_app
        from carson.server.db import CorruptDatabase
        from carson.server.logs import configure_logging

        if not 0 < port < 65536:
            fail(f"--port must be 1–65535, not {port}")
        configure_logging(json_lines=log_json, level=log_level.value)
        try:
            application = create_app(db)
        except CorruptDatabase as error:
            fail(f"refusing to serve: {error}; restore it from a backup or move it away")
        except OperationalError as error:
            fail(f"cannot open the database: {error.orig}")
        except ArgumentError as error:
            fail(f"cannot open the database: {error}")
        if secure_cookies:
            application.state.secure_cookies = True
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        address = f"http://{shown}:{port}/"
        print(f"carson is running: open {address} in your browser (Ctrl+C stops it)", flush=True)
        # Live streams stay open: on shutdown they get 5 s to end, then the server stops.
        # log_config=None: uvicorn's records go through the handler configured above. The
        # scheme and client address come from the trusted proxies' forwarded headers:
        # cookies are Secure behind a TLS proxy (carson.server.cookies).
        uvicorn.run(
            application,
            host=host,
            port=port,
            access_log=access_log,
            log_config=None,
            timeout_graceful_shutdown=5,
            proxy_headers=True,
            forwarded_allow_ips=forwarded_allow_ips,
        )
