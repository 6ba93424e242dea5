"""carson plays on Linux, macOS and Windows: outside the server (which runs on Linux), no
module uses what exists on POSIX only, text files are read and written as UTF-8 whatever
the platform's default, and ``carson simulate --workers`` works where processes are
spawned rather than forked (macOS, Windows)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # processes spawned the way other platforms start them

SRC = Path(__file__).parents[2] / "src" / "carson"
SERVER_SIDE = ("server", "web", "app.py")  # documented as Linux-only: docs/deploy.md
POSIX_MODULES = {"fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "posix", "curses"}
POSIX_MODULES |= {"readline", "syslog", "crypt", "spwd", "nis"}
POSIX_CALLS = {
    "os": {
        "fork",
        "forkpty",
        "setsid",
        "fchmod",
        "fchown",
        "killpg",
        "getuid",
        "geteuid",
        "getpgid",
        "setpgrp",
    }
    | {"nice", "getloadavg", "sched_getaffinity", "mkfifo", "chown", "lchown", "wait3"},
    "signal": {"SIGHUP", "SIGKILL", "SIGUSR1", "SIGUSR2", "SIGCHLD", "SIGALRM", "SIGPIPE"}
    | {"SIGQUIT", "SIGSTOP", "SIGCONT", "alarm", "setitimer", "pause", "pthread_kill"},
}
TEXT_IO = {"read_text", "write_text"}


def platform_modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(SRC.rglob("*.py")):
        relative = path.relative_to(SRC).as_posix()
        if not relative.startswith(SERVER_SIDE):
            yield relative, ast.parse(path.read_text(encoding="utf-8"))


def unguarded(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node, but not those under ``if sys.platform …`` (code for some platforms only,
    with its alternative beside it)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "sys.platform" in ast.unparse(node.test):
            continue
        yield node
        yield from unguarded(node)


def posix_only_uses(tree: ast.Module) -> Iterator[str]:
    for node in unguarded(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in POSIX_MODULES)
        elif isinstance(node, ast.ImportFrom) and node.module in POSIX_MODULES:
            yield node.module
        elif isinstance(node, ast.ImportFrom) and node.module in POSIX_CALLS:
            names = {alias.name for alias in node.names} & POSIX_CALLS[node.module]
            yield from (f"{node.module}.{name}" for name in names)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.attr in POSIX_CALLS.get(node.value.id, ()):
                yield f"{node.value.id}.{node.attr}"
        elif isinstance(node, ast.Call) and text_io_without_encoding(node):
            yield f"text I/O without an encoding at line {node.lineno}"


def text_io_without_encoding(call: ast.Call) -> bool:
    """``open(path)`` / ``path.open()`` in text mode, or ``read_text()``/``write_text(s)``,
    with no encoding: the platform's default (not UTF-8 on Windows)."""
    if any(keyword.arg == "encoding" for keyword in call.keywords):
        return False
    function = call.func
    if isinstance(function, ast.Attribute) and function.attr in TEXT_IO:
        wanted = 1 if function.attr == "read_text" else 2
        return len(call.args) < wanted
    is_os_open = isinstance(function, ast.Attribute) and ast.unparse(function) == "os.open"
    is_open = (isinstance(function, ast.Name) and function.id == "open") or (
        isinstance(function, ast.Attribute) and function.attr == "open" and not is_os_open
    )
    if not is_open:
        return False
    modes = [arg.value for arg in call.args if isinstance(arg, ast.Constant)]
    modes += [kw.value.value for kw in call.keywords if isinstance(kw.value, ast.Constant)]
    return not any(isinstance(mode, str) and "b" in mode for mode in modes)


def test_the_platform_outside_the_server_uses_nothing_posix_only() -> None:
    found = {
        relative: uses
        for relative, tree in platform_modules()
        if (uses := sorted(set(posix_only_uses(tree))))
    }
    assert found == {}


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import fcntl", ["fcntl"]),
        ("import os\nos.fork()", ["os.fork"]),
        ("from signal import SIGHUP", ["signal.SIGHUP"]),
        ("import signal\nsignal.signal(signal.SIGTERM, print)", []),
        ("open('a')", ["text I/O without an encoding at line 1"]),
        ("open('a', 'rb')", []),
        ("os.open('a', os.O_WRONLY)", []),
        ("import sys\nif sys.platform != 'win32':\n    import termios", []),
        ("import termios", ["termios"]),
        ("os.fchmod(3, 0o600)", ["os.fchmod"]),
        ("p.write_text('x')", ["text I/O without an encoding at line 1"]),
        ("p.read_text('utf-8')", []),
    ],
)
def test_the_check_finds_what_it_looks_for(source: str, expected: list[str]) -> None:
    assert list(posix_only_uses(ast.parse(source))) == expected


def test_simulate_with_workers_where_processes_are_spawned() -> None:
    script = (
        "import multiprocessing, sys\n"
        "multiprocessing.set_start_method('spawn')\n"
        "from carson.cli.main import main\n"
        "sys.argv = ['carson', *sys.argv[1:]]\n"
        "main()\n"
    )
    seats = ["--seat", "random", "--seat", "greedy", "--seat", "expert", "--seat", "expert"]
    args = ["simulate", *seats, "--games", "4", "--workers", "2", "--format", "json"]
    spawned = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=300
    )
    assert spawned.returncode == 0, spawned.stderr
    alone = subprocess.run(
        [sys.executable, "-m", "carson.cli.main", *args[:-4], "--format", "json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert json.loads(spawned.stdout)["scores"] == json.loads(alone.stdout)["scores"]
