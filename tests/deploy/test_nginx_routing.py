"""deploy/nginx.conf's routing, with two stub web processes that answer their own name: a
game's requests (its pages, its API, its live stream) all go to one process while it is up,
different games and other requests spread over both, and a game whose process is down is
served by the other. Nothing depends on this routing (tests/deploy/test_cluster.py kills a
web process mid-game); it only saves a process the replay of other processes' moves.

Runs when nginx is installed (``make test-deps`` installs Debian's nginx).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
from cluster import free_port, nginx_conf

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
pytestmark = pytest.mark.skipif(
    not Path(NGINX).exists(), reason="needs nginx (make test-deps installs Debian's nginx)"
)
pytestmark = [pytestmark, pytest.mark.slow]  # nginx in front of server processes


class Named(BaseHTTPRequestHandler):
    """Answers any GET or POST with the server's name."""

    def answer(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        name = self.server.name.encode()  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("content-length", str(len(name)))
        self.end_headers()
        self.wfile.write(name)

    do_GET = do_POST = answer

    def log_message(self, *_: object) -> None:
        pass


@contextmanager
def stub(name: str) -> Iterator[ThreadingHTTPServer]:
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Named)
    server.name = name  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def front(tmp_path: Path) -> Iterator[tuple[str, dict[str, ThreadingHTTPServer]]]:
    """nginx with deploy/nginx.conf in front of stubs ``a`` and ``b``: its address, the stubs."""
    with stub("a") as first, stub("b") as second:
        port = free_port()
        ports = [first.server_address[1], second.server_address[1]]
        conf = nginx_conf(tmp_path, port, [int(web) for web in ports])
        nginx = subprocess.Popen(
            [NGINX, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"],
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 20
            while served(base, "/healthz") is None:
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.1)
            yield base, {"a": first, "b": second}
        finally:
            nginx.terminate()
            nginx.wait(10)


def served(base: str, path: str, post: bool = False) -> str | None:
    """The name of the stub that answered, ``None`` if none did."""
    request = urllib.request.Request(base + path, b"{}" if post else None)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return str(answer.read().decode())
    except (urllib.error.URLError, ConnectionError):
        return None


def game_paths(game: str) -> list[tuple[str, bool]]:
    return [
        (f"/api/games/{game}", False),
        (f"/api/games/{game}/actions", True),
        (f"/api/games/{game}/stream", False),
        (f"/games/{game}", False),
        (f"/games/{game}/act", True),
    ]


def test_a_game_s_requests_go_to_one_process_and_games_spread_over_both(
    front: tuple[str, dict[str, ThreadingHTTPServer]],
) -> None:
    base, _ = front
    homes = {}
    for number in range(40):
        game = f"game{number}"
        names = {served(base, path, post) for path, post in game_paths(game) * 3}
        assert len(names) == 1 and None not in names, (game, names)
        homes[game] = names.pop()
    assert set(homes.values()) == {"a", "b"}
    assert {served(base, "/healthz") for _ in range(40)} == {"a", "b"}  # not a game's: anywhere


def test_a_game_whose_process_is_down_is_served_by_the_other(
    front: tuple[str, dict[str, ThreadingHTTPServer]],
) -> None:
    base, stubs = front
    games = {served(base, f"/api/games/game{number}"): f"game{number}" for number in range(40)}
    on_a, on_b = games["a"], games["b"]
    stubs["a"].shutdown()
    stubs["a"].server_close()
    for path, post in game_paths(on_a):
        assert served(base, path, post) == "b"
    assert served(base, f"/api/games/{on_b}") == "b"
