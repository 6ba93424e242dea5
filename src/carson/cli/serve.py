"""``carson serve``: the game server and its API (see :mod:`carson.server`)."""

from __future__ import annotations

import os
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from carson.cli import ports
from carson.cli.errors import fail, missing_module, require

if TYPE_CHECKING:
    from fastapi import FastAPI


class LogLevel(StrEnum):
    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


# The options, one alias each, so that the command reads as a list of them.
Host = Annotated[str, typer.Option(help="address to listen on")]
Port = Annotated[
    int | None,
    typer.Option(
        help="port to listen on (default: 8000, or when another program holds it the first "
        "free one after it)",
        show_default=False,
    ),
]
DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        help="database URL (default: DATABASE_URL, else SQLite in $CARSON_HOME or "
        "~/.local/share/carson)"
    ),
]
AccessLog = Annotated[
    bool, typer.Option(help="log every request (off: a proxy in front usually does)")
]
LogJson = Annotated[
    bool, typer.Option(help="log JSON lines instead of text", envvar="CARSON_LOG_JSON")
]
Level = Annotated[
    LogLevel, typer.Option(help="the least severe records logged", envvar="CARSON_LOG_LEVEL")
]
ForwardedAllowIps = Annotated[
    str | None,
    typer.Option(
        help="addresses of the TLS proxies whose X-Forwarded-Proto and X-Forwarded-For "
        "are trusted, comma-separated ('*': any; default: FORWARDED_ALLOW_IPS, else "
        "127.0.0.1)"
    ),
]
SecureCookies = Annotated[
    bool,
    typer.Option(
        help="session cookies 'Secure' even on requests that arrive over http "
        "(default: only over https; also CARSON_SECURE_COOKIES=1)"
    ),
]
Migrate = Annotated[
    bool,
    typer.Option(
        help="bring the database's schema to the newest at start; --no-migrate refuses "
        "to start on another schema (migrated as a step of its own: `carson db upgrade`)"
    ),
]
Worker = Annotated[
    bool,
    typer.Option(
        help="also run queued jobs (machine seats' moves) in this process; "
        "--no-worker leaves them to `carson worker` processes"
    ),
]


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Host = "127.0.0.1",
        port: Port = None,
        db: DatabaseUrl = None,
        access_log: AccessLog = False,
        log_json: LogJson = False,
        log_level: Level = LogLevel.info,
        forwarded_allow_ips: ForwardedAllowIps = None,
        secure_cookies: SecureCookies = False,
        worker: Worker = True,
        migrate: Migrate = True,
    ) -> None:
        """Serve online games: the JSON API (documented at /docs) with live updates."""
        require("carson serve", "server")
        import uvicorn

        from carson.server.kernel.logs import configure_logging

        port = listening_port(host, port)
        configure_logging(json_lines=log_json, level=log_level.value, access=access_log)
        application = _open_app(db, worker, migrate)
        if secure_cookies:
            application.state.secure_cookies = True
        print(running_line(host, port), flush=True)
        # Live streams stay open: on shutdown they get 5 s to end, then the server stops.
        # log_config=None: uvicorn's records go through the handler configured above. The
        # scheme and client address come from the trusted proxies' forwarded headers:
        # cookies are Secure behind a TLS proxy (carson.server.kernel.cookies).
        uvicorn.run(
            application,
            host=host,
            port=port,
            access_log=False,  # carson's own access lines instead (configure_logging)
            log_config=None,
            timeout_graceful_shutdown=5,
            proxy_headers=True,
            forwarded_allow_ips=forwarded_allow_ips,
        )


def listening_port(host: str, port: int | None) -> int:
    """The port asked for (checked), or with none :data:`ports.DEFAULT_PORT` if it is free,
    else a free one, said on stdout."""
    if port is not None:
        if not 0 < port < 65536:
            fail(f"--port must be 1–65535, not {port}")
        return port
    chosen = ports.free_port(host, ports.DEFAULT_PORT)
    if chosen != ports.DEFAULT_PORT:
        print(f"port {ports.DEFAULT_PORT} is taken: carson takes {chosen} instead", flush=True)
    return chosen


def running_line(host: str, port: int) -> str:
    """What the command says once it serves: where to open it (the public address players
    use, behind a proxy, when ``CARSON_PUBLIC_URL`` names it; checked by ``_open_app``)."""
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    address = f"http://{shown}:{port}/"
    public = os.environ.get("CARSON_PUBLIC_URL", "").strip()
    if public:
        return f"carson is running on {address}; players open {public} (Ctrl+C stops it)"
    return f"carson is running: open {address} in your browser (Ctrl+C stops it)"


def _open_app(db: str | None, worker: bool, migrate: bool = True) -> FastAPI:
    """The application on ``db``, or a one-line reason why it cannot serve."""
    from limits.errors import ConfigurationError
    from sqlalchemy.exc import ArgumentError, OperationalError

    from carson.app import create_app
    from carson.server.kernel.db import CorruptDatabase
    from carson.server.kernel.errors import BadSetting
    from carson.server.kernel.schema import SchemaMismatch

    try:
        return create_app(db, worker=worker, migrate_schema=migrate)
    except ModuleNotFoundError as error:  # PostgreSQL's driver without the postgres extra
        missing_module(error, "carson serve")
    except SchemaMismatch as error:
        fail(f"refusing to serve: {error}")
    except CorruptDatabase as error:
        fail(f"refusing to serve: {error}; restore it from a backup or move it away")
    except OperationalError as error:
        fail(f"cannot open the database: {error.orig}")
    except ArgumentError as error:
        fail(f"cannot open the database: {error}")
    except BadSetting as error:  # a CARSON_SMTP_… or CARSON_PUBLIC_URL variable (docs/mail.md)
        fail(f"bad setting: {error}")
    except (ValueError, ConfigurationError) as error:  # a CARSON_LIMIT_… variable
        fail(f"bad limits (docs/limits.md): {error}")
