"""A process on a pseudo-terminal, for the tests that drive ``carson`` as a player's terminal
would (the command tests, the terminal against a browser)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

CARSON = [sys.executable, "-m", "carson.cli.main"]


class Terminal:
    """A process on a pseudo-terminal of ``size`` (columns, lines): what a player's terminal
    would show and send."""

    def __init__(
        self, *args: str, env: dict[str, str] | None = None, size: tuple[int, int] = (120, 60)
    ) -> None:
        self.master, slave = pty.openpty()
        columns, lines = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        base = os.environ if env is None else env
        env = {**base, "COLUMNS": str(columns), "LINES": str(lines), "TERM": "xterm-256color"}
        self.process = subprocess.Popen(
            [*CARSON, *args], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.screen = ""

    def read_until(self, text: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.screen:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; screen:\n{self.screen[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.screen += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:  # the process closed the terminal
                    break
        return self.screen

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\r").encode())

    def close(self) -> int:
        code = self.process.wait(timeout=60)
        os.close(self.master)
        return code
