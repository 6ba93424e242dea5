"""A throwaway PostgreSQL cluster for the server tests, on loopback, if PostgreSQL is here.

``make test`` installs Debian's ``postgresql`` package when it can (see the Makefile); without
it, the PostgreSQL half of the server tests is skipped with a message saying why.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def throwaway_cluster() -> Iterator[str | None]:
    """Yields a SQLAlchemy URL of a fresh database, or None when PostgreSQL is missing."""
    binaries = _bin_dir()
    if binaries is None:
        yield None
        return
    root = Path(tempfile.mkdtemp(prefix="carson-pg-"))
    data = root / "data"
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root: use the postgres account
        shutil.chown(root, "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    port = _free_port()

    def run(*command: str) -> None:
        # No pipes: the server started by pg_ctl would hold them open (it logs to a file).
        subprocess.run([*as_postgres, *command], check=True, timeout=120,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip

    run(str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "carson", "-E", "UTF8")
    # Room for several server processes, each with a pool sized to its request threads.
    options = (f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
               "-c max_connections=400")  # fmt: skip
    run(str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-w", "start")
    try:
        run(
            str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "carson", "carson"
        )
        yield f"postgresql+psycopg://carson@127.0.0.1:{port}/carson"
    finally:
        subprocess.run([*as_postgres, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], timeout=120, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)


def new_database(server: str, name: str) -> str:
    """A new, empty database ``name`` on the cluster of ``server`` (a URL): its URL."""
    from sqlalchemy import create_engine, text

    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return server.rsplit("/", 1)[0] + "/" + name
