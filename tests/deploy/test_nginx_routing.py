"""deploy/nginx.conf's routing, through HTTPS (a self-signed certificate made for the test),
with two stub web processes that answer their own name and the headers nginx sent: a
game's requests (its pages, its API, its live stream) all go to one process while it is up,
different games and other requests spread over both, and a game whose process is down is
served by the other. Nothing depends on this routing (tests/deploy/test_cluster.py kills a
web process mid-game); it only saves a process the replay of other processes' moves. Plain
HTTP is only a redirect to HTTPS; the live streams (a game's, its chat's) get their answer
unbuffered and a long read timeout, other routes a short one.

Runs when nginx is installed (``make test-deps`` installs Debian's nginx).
"""

from __future__ import annotations

import json
import re
import shutil
import ssl
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
from cluster import free_port, nginx_conf, trusting

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
pytestmark = pytest.mark.skipif(
    not Path(NGINX).exists(), reason="needs nginx (make test-deps installs Debian's nginx)"
)
pytestmark = [pytestmark, pytest.mark.slow]  # nginx in front of server processes


class Named(BaseHTTPRequestHandler):
    """Answers any GET or POST with the server's name (and, under /headers, the headers)."""

    def answer(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        name = self.server.name.encode()  # type: ignore[attr-defined]
        if self.path.startswith("/headers"):
            name = json.dumps(dict(self.headers.items())).encode()
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


#: The client's TLS context, trusting the test's self-signed certificate, and nginx's plain
#: HTTP address (set by ``front``).
TLS: dict[str, ssl.SSLContext] = {}
PLAIN: dict[str, str] = {}


@pytest.fixture
def front(tmp_path: Path) -> Iterator[tuple[str, dict[str, ThreadingHTTPServer]]]:
    """nginx with deploy/nginx.conf in front of stubs ``a`` and ``b``: its HTTPS address, the
    stubs (its plain HTTP address in ``PLAIN["url"]``)."""
    with stub("a") as first, stub("b") as second:
        port, http_port = free_port(), free_port()
        ports = [first.server_address[1], second.server_address[1]]
        conf = nginx_conf(tmp_path, port, [int(web) for web in ports], http_port=http_port)
        TLS["client"] = trusting(tmp_path / "tls.crt")
        nginx = subprocess.Popen(
            [NGINX, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"],
            stderr=subprocess.DEVNULL,
        )
        base = f"https://127.0.0.1:{port}"
        PLAIN["url"] = f"http://127.0.0.1:{http_port}"
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
        with urllib.request.urlopen(request, timeout=10, context=TLS["client"]) as answer:
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


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_: object) -> None:
        return None


def test_plain_http_is_only_a_redirect_to_https(
    front: tuple[str, dict[str, ThreadingHTTPServer]],
) -> None:
    base, _ = front
    opener = urllib.request.build_opener(NoRedirect)
    for path, post in [("/", False), ("/api/games/g1/actions?x=1", True)]:
        request = urllib.request.Request(PLAIN["url"] + path, b"{}" if post else None)
        with pytest.raises(urllib.error.HTTPError) as answer:
            opener.open(request, timeout=10)
        assert answer.value.code == 301
        assert answer.value.headers["Location"] == base + path
    # HTTPS: the certificate is checked (the test's own), and browsers are told to keep to it.
    with urllib.request.urlopen(base + "/healthz", timeout=10, context=TLS["client"]) as ok:
        assert ok.headers["Strict-Transport-Security"].startswith("max-age=")
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(base + "/healthz", timeout=10, context=ssl.create_default_context())


def test_nginx_passes_its_request_id_and_the_scheme(
    front: tuple[str, dict[str, ThreadingHTTPServer]],
) -> None:
    base, _ = front
    sent = json.loads(served(base, "/headers") or "{}")
    assert re.fullmatch(r"[0-9a-f]{32}", sent["X-Request-ID"])
    assert sent["X-Forwarded-Proto"] == "https"
    again = json.loads(served(base, "/headers") or "{}")
    assert again["X-Request-ID"] != sent["X-Request-ID"]


def test_only_the_live_streams_are_unbuffered_and_wait_long() -> None:
    """The stream location of deploy/nginx.conf takes a game's and its chat's stream, and
    nothing else; it alone has a long read timeout."""
    text = (Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf").read_text()
    streams = re.search(r"location ~ (\S+) \{([^}]*)\}", text)
    assert streams is not None
    pattern, body = streams.group(1), streams.group(2)
    assert "proxy_buffering off;" in body and "proxy_read_timeout 1h;" in body
    for path in ["/api/games/k3x/stream", "/api/games/k3x/chat/stream",
                 "/api/lobby/chat/de/stream"]:  # fmt: skip
        assert re.search(pattern, path), path
    for path in ["/api/games/k3x", "/api/games/k3x/actions", "/games/k3x/stream/x",
                 "/api/lobby/chat/de"]:  # fmt: skip
        assert not re.search(pattern, path), path
    assert text.count("proxy_read_timeout 1h;") == 1
    assert text.count("proxy_buffering off;") == 1
