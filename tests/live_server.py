"""A real ``carson serve`` on a free loopback port, for the tests that talk to a server as
its clients do: over HTTP (the browser tests, the terminal's online play)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

#: A browser test module signs up and logs in many players from one address: generous
#: limits (the defaults are tested in tests/server/test_limits.py).
GENEROUS_LIMITS = {
    "CARSON_LIMIT_REGISTER_ADDRESS": "1000/minute",
    "CARSON_LIMIT_LOGIN_ADDRESS": "1000/minute",
}


@contextmanager
def running_server(
    directory: Path, env: Mapping[str, str] | None = None, options: Sequence[str] = ()
) -> Iterator[str]:
    """``carson serve`` on a free loopback port with a fresh SQLite database (``env``: the
    server's environment, for one with the toy game installed; ``options``: more of
    ``carson serve``'s)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = (directory / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "carson.cli.main", "serve", "--port", str(port),
         "--db", f"sqlite:///{directory / 'web.db'}", *options],
        stdout=log, stderr=subprocess.STDOUT, env={**(os.environ if env is None else env),
                                                    **GENEROUS_LIMITS},
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1):
                    break
            except OSError as error:
                if time.monotonic() > deadline or process.poll() is not None:
                    log_file = directory / "server.log"
                    raise RuntimeError(f"the server did not start: {log_file}") from error
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()
