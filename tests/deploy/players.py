"""A player of the deployment tests: carson's JSON API over HTTP or HTTPS, retried through
the gateway errors a restarting web process gives."""

from __future__ import annotations

import json
import ssl
import time
import urllib.error
import urllib.request
from typing import Any

#: Transient answers while a web process is down or restarting: the client tries again.
TRANSIENT = {502, 503, 504}


class Client:
    """A player at ``base``; transport errors and gateway errors are retried."""

    def __init__(self, base: str, tls: ssl.SSLContext | None = None) -> None:
        self.base = base
        self.tls = tls
        self.headers = {"Content-Type": "application/json"}

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        for _ in range(100):
            request = urllib.request.Request(self.base + path, data, self.headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=30, context=self.tls) as answer:
                    return answer.status, json.loads(answer.read())
            except urllib.error.HTTPError as error:
                if error.code not in TRANSIENT:
                    return error.code, json.loads(error.read() or b"null")
            except OSError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"{method} {path}: no answer after 100 tries")

    def register(self, name: str) -> None:
        status, body = self.call(
            "POST", "/api/register", {"username": name, "password": "password-" + name}
        )
        assert status == 200, body
        self.headers["Authorization"] = f"Bearer {body['token']}"

    def a_move(self) -> tuple[str, int]:
        """A new board game against a machine seat, and this player's first move in it: the
        game's id and the move's seq."""
        status, view = self.call(
            "POST", "/api/games", {"game": "board", "seats": ["human", "random"]}
        )
        assert status == 201, view
        game = view["id"]
        while not view["legal_actions"]:
            time.sleep(0.05)
            status, view = self.call("GET", f"/api/games/{game}")
        action = view["legal_actions"][0]
        status, after = self.call(
            "POST", f"/api/games/{game}/actions", {"seq": view["seq"], "action": action}
        )
        assert status == 200, after
        return game, view["seq"] + 1

    def has_move(self, game: str, seq: int) -> bool:
        """Whether ``game`` holds its move ``seq`` (the events it made are there; a seq past
        the game's last is refused)."""
        status, page = self.call("GET", f"/api/games/{game}/events?since={seq - 1}&limit=1")
        assert status in (200, 422), page
        return status == 200 and any(event["seq"] == seq for event in page["events"])
