"""The port ``carson serve`` takes with no ``--port``: 8000, or when another program holds
it, a free one, said before the address to open (``make run`` where 8000 is taken)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from carson.cli import ports, serve
from carson.cli.main import app

runner = CliRunner()


@pytest.fixture
def held_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_a_free_port_is_kept() -> None:
    port = unused_port()
    assert ports.can_listen("127.0.0.1", port)
    assert ports.free_port("127.0.0.1", port) == port


def test_a_held_port_gives_a_free_one(held_port: int) -> None:
    assert not ports.can_listen("127.0.0.1", held_port)
    chosen = ports.free_port("127.0.0.1", held_port)
    assert chosen != held_port and ports.can_listen("127.0.0.1", chosen)
    assert ports.free_port("127.0.0.1", held_port, tries=0) not in (0, held_port)


def serving(monkeypatch: pytest.MonkeyPatch, *options: str) -> tuple[str, dict[str, Any]]:
    """What ``carson serve`` prints and the options it starts uvicorn with."""
    started: dict[str, Any] = {}
    monkeypatch.setattr(serve, "_open_app", lambda db, worker, migrate=True: object())
    monkeypatch.setattr(uvicorn, "run", lambda application, **options: started.update(options))
    monkeypatch.delenv("CARSON_PUBLIC_URL", raising=False)
    result = runner.invoke(app, ["serve", *options])
    assert result.exit_code == 0, result.output
    return result.stdout, started


def test_serve_without_a_port_moves_off_a_held_default(
    monkeypatch: pytest.MonkeyPatch, held_port: int
) -> None:
    monkeypatch.setattr(ports, "DEFAULT_PORT", held_port)
    printed, started = serving(monkeypatch)
    chosen = started["port"]
    assert chosen != held_port and started["host"] == "127.0.0.1"
    assert printed.splitlines() == [
        f"port {held_port} is taken: carson takes {chosen} instead",
        f"carson is running: open http://localhost:{chosen}/ in your browser (Ctrl+C stops it)",
    ]


def test_serve_without_a_port_takes_a_free_default(monkeypatch: pytest.MonkeyPatch) -> None:
    port = unused_port()
    monkeypatch.setattr(ports, "DEFAULT_PORT", port)
    printed, started = serving(monkeypatch)
    assert started["port"] == port and "taken" not in printed


def test_a_port_asked_for_is_the_port_used(monkeypatch: pytest.MonkeyPatch, held_port: int) -> None:
    monkeypatch.setattr(ports, "DEFAULT_PORT", held_port)
    printed, started = serving(monkeypatch, "--port", str(held_port))
    assert started["port"] == held_port and "taken" not in printed
