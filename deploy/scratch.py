"""What trying the deployment on one machine needs and a real one brings itself: a throwaway
PostgreSQL cluster on loopback and a self-signed TLS certificate for 127.0.0.1/localhost.

Only the standard library and the host's tools (Debian's ``postgresql``, ``openssl``): this
file, like the rest of deploy/, needs nothing from carson's tests. Never use the certificate
(or its key, written next to it) for anything but loopback.
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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_bin() -> Path | None:
    """The directory of PostgreSQL's programs (initdb, pg_ctl, pg_dump, pg_restore), if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@contextmanager
def throwaway_postgres(port: int | None = None) -> Iterator[str | None]:
    """A fresh database ``carson`` (owner ``carson``, trust on loopback) on ``port`` (default:
    a free one): its SQLAlchemy URL, or None when PostgreSQL is not installed. Removed after."""
    binaries = postgres_bin()
    if binaries is None:
        yield None
        return
    root = Path(tempfile.mkdtemp(prefix="carson-pg-"))
    data = root / "data"
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root: use the postgres account
        shutil.chown(root, "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    port = port or free_port()

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
        run(str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "carson",
            "carson")  # fmt: skip
        yield f"postgresql+psycopg://carson@127.0.0.1:{port}/carson"
    finally:
        subprocess.run([*as_postgres, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], timeout=120, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)


def self_signed(directory: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and localhost, valid 2 days, and its key, made by
    ``openssl`` in ``directory`` (kept if already there): their paths. A client trusts it by
    taking the certificate as its CA (``curl --cacert``, ``ssl.create_default_context(cafile=)``).
    """
    certificate, key = directory / "tls.crt", directory / "tls.key"
    if not (certificate.exists() and key.exists()):
        directory.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
             "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
             "-keyout", str(key), "-out", str(certificate)],
            check=True, capture_output=True, timeout=60,
        )  # fmt: skip
        key.chmod(0o600)
    return certificate, key
