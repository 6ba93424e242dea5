"""A process on a pseudo-terminal, for the tests that drive ``carson`` as a player's terminal
would (the command tests, the terminal against a browser), and what its screen shows."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pyte

CARSON = [sys.executable, "-m", "carson.cli.main"]


def _as_a_shell_starts_a_program() -> None:
    """Ctrl-C (SIGINT) at its default, as a player's shell leaves it for the program it runs:
    a suite started in the background of a script (``make test &``) inherits SIGINT ignored,
    and Python would then keep ignoring it, so a test's Ctrl-C would do nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


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
            [*CARSON, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
            preexec_fn=_as_a_shell_starts_a_program,
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


class Screen:
    """``carson`` on a pseudo-terminal (80×24 unless said) as a player's terminal shows it
    (pyte); it answers the cursor position requests a real terminal answers. ``ever``: every
    line shown."""

    def __init__(
        self, *args: str, env: dict[str, str] | None = None, size: tuple[int, int] = (80, 24)
    ) -> None:
        self.term = Terminal(*args, env=env, size=size)
        self.screen = pyte.Screen(*size)
        self.screen.write_process_input = self._answer  # type: ignore[method-assign]
        self.stream = pyte.ByteStream(self.screen)
        self.ever: list[str] = []
        #: Everything written, as written (what scrolled past in one read too).
        self.raw = ""

    def _answer(self, data: str) -> None:
        os.write(self.term.master, data.encode())

    def shown(self) -> str:
        return "\n".join(self.screen.display)

    def pump(self) -> None:
        """Reads what the program wrote (for at most 0.2 s)."""
        if select.select([self.term.master], [], [], 0.2)[0]:
            try:
                chunk = os.read(self.term.master, 65536)
            except OSError:
                return
            self.stream.feed(chunk)
            self.raw += chunk.decode("utf-8", "replace")
            for line in self.screen.display:
                if line.strip() and (not self.ever or self.ever[-1] != line):
                    self.ever.append(line)

    def everything(self) -> str:
        return "\n".join(self.ever)

    def asked(self) -> bool:
        """Whether the cursor waits at an empty question (``> ``) and nothing more comes."""
        line = self.screen.display[self.screen.cursor.y]
        return line.rstrip() == ">" and not select.select([self.term.master], [], [], 0.3)[0]
