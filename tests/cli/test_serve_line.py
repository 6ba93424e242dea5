"""What ``carson serve`` says once it serves: the address to open, or, behind a proxy whose
public address ``CARSON_PUBLIC_URL`` names (deploy/cluster.py sets nginx's), that one too."""

from __future__ import annotations

import pytest

from carson.cli.serve import running_line

pytestmark = pytest.mark.slow  # `carson serve` processes


def test_alone_it_names_the_address_to_open(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARSON_PUBLIC_URL", raising=False)
    assert running_line("127.0.0.1", 8000) == (
        "carson is running: open http://localhost:8000/ in your browser (Ctrl+C stops it)"
    )
    assert "http://games.lan:9000/" in running_line("games.lan", 9000)


def test_behind_a_proxy_it_names_the_public_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARSON_PUBLIC_URL", "https://carson.example")
    assert running_line("127.0.0.1", 50215) == (
        "carson is running on http://localhost:50215/; players open https://carson.example "
        "(Ctrl+C stops it)"
    )
