"""A small client of carson's JSON API (:mod:`carson.server.play.api`) for ``carson play
--server``: accounts, games, views, moves and events, over the standard library's HTTP.

Every refusal of the server is one body, ``{"detail", "code"}``: it comes back as an
:class:`ApiError` with the status and the stable ``code`` the terminal translates. A server
that cannot be reached, or answers something that is not carson's JSON, is an
:class:`ApiError` too (codes ``unreachable`` and ``bad_answer``), never a traceback.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from carson import __version__
from carson.core.game import JSON

#: The most bytes read of one answer (a view is some kilobytes; a page of events more).
MAX_ANSWER_BYTES = 16 * 1024 * 1024
#: Seconds before a request that gets no answer is given up.
TIMEOUT = 30.0
#: How many pages of events are followed at most in one call (a page holds 100 moves).
MAX_PAGES = 100
#: What an invitation link or a game's page address looks like: ``…/games/<id>``.
GAME_LINK = re.compile(r"/games/([A-Za-z0-9_-]+)/?(?:[?#].*)?$")
GAME_ID = re.compile(r"^[A-Za-z0-9_-]+$")

JsonDict = JSON


class ApiError(Exception):
    """A request the server refused (``status`` 4xx/5xx), or none answered (0)."""

    def __init__(self, status: int, code: str, detail: str) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status, self.code, self.detail = status, code, detail


def server_url(text: str) -> str:
    """The server's base address (``http(s)://host[:port][/prefix]``, no trailing slash);
    ``ValueError`` for anything else (another scheme, no host)."""
    parts = urllib.parse.urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{text!r} is not a server address (http://host:port or https://host)")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def game_id_of(text: str) -> str:
    """The game's id from an id or an invitation link (``https://host/games/<id>``);
    ``ValueError`` if it is neither."""
    text = text.strip()
    if GAME_ID.match(text):
        return text
    found = GAME_LINK.search(urllib.parse.urlsplit(text).path if "://" in text else text)
    if found is None:
        raise ValueError(f"{text!r} is neither a game id nor a link to a game")
    return found.group(1)


class ApiClient:
    """The API of one server, as one user (``token``: his bearer token, once logged in)."""

    def __init__(self, base: str, token: str | None = None, timeout: float = TIMEOUT) -> None:
        self.base = server_url(base)
        self.token = token
        self.timeout = timeout

    # ------------------------------------------------------------------ accounts

    def login(self, username: str, password: str) -> str:
        """A new session's token (also kept for the next requests)."""
        body = self._call("POST", "/api/login", {"username": username, "password": password})
        self.token = str(body["token"])
        return self.token

    def register(self, username: str, password: str) -> str:
        """A new account and its first session's token (kept, as :meth:`login`'s)."""
        body = self._call("POST", "/api/register", {"username": username, "password": password})
        self.token = str(body["token"])
        return self.token

    def me(self) -> JsonDict:
        return self._call("GET", "/api/me")

    # ------------------------------------------------------------------ games

    def create_game(
        self, game: str, seats: list[str], variants: list[str], lang: str, seed: int | None,
        table: JsonDict | None = None,
    ) -> JsonDict:  # fmt: skip
        """A new game; ``table``: its table's settings (``public``, ``time_control``, …)."""
        body: JsonDict = {**(table or {}), "game": game, "seats": seats, "variants": variants,
                          "lang": lang}  # fmt: skip
        if seed is not None:
            body["seed"] = seed
        return game_view(self._call("POST", "/api/games", body))

    def join(self, game_id: str) -> JsonDict:
        return game_view(self._call("POST", f"/api/games/{_quoted(game_id)}/join"))

    def view(self, game_id: str) -> JsonDict:
        return game_view(self._call("GET", f"/api/games/{_quoted(game_id)}"))

    def seat_of(self, game_id: str) -> int | None:
        """The caller's seat in the game, or ``None`` if it holds none (the server then
        answers a spectator's view, ``seat: null``; an older one answered 403)."""
        try:
            seat = self._call("GET", f"/api/games/{_quoted(game_id)}").get("seat")
        except ApiError as error:
            if error.code != "forbidden":
                raise
            return None
        return seat if isinstance(seat, int) else None

    def act(self, game_id: str, seq: int, action: JsonDict) -> JsonDict:
        body = {"seq": seq, "action": action}
        return game_view(self._call("POST", f"/api/games/{_quoted(game_id)}/actions", body))

    def games(self) -> list[JsonDict]:
        """The user's newest games (``GET /api/games``), newest first: each a summary with
        ``id``, ``game``, ``status``, ``seq`` and ``your_turn``."""
        items = self._request("GET", "/api/games?size=50")
        if not isinstance(items, list) or not all(
            isinstance(item, dict) and isinstance(item.get("id"), str) for item in items
        ):
            raise ApiError(0, "bad_answer", "one's games are not a list of games")
        return items

    def lobby(self, game: str | None = None, control: str | None = None) -> list[JsonDict]:
        """The public tables waiting for players (``GET /api/lobby``), newest first."""
        query = urllib.parse.urlencode(
            {key: value for key, value in (("game", game), ("control", control)) if value}
        )
        body = self._call("GET", "/api/lobby" + (f"?{query}" if query else ""))
        tables = body.get("tables")
        if not isinstance(tables, list) or not all(_is_table(table) for table in tables):
            raise ApiError(0, "bad_answer", "a lobby without its tables")
        return tables

    # ------------------------------------------------------------------ quick match

    def open_seek(
        self, game: str, seats: int, time_control: str, rated: bool, lang: str
    ) -> JsonDict:
        """Ask to play people now (``POST /api/seeks``): the seek, ``open`` or ``matched``."""
        body = {"game": game, "seats": seats, "time_control": time_control, "rated": rated,
                "lang": lang}  # fmt: skip
        return _seek(self._call("POST", "/api/seeks", body))

    def seek(self, seek_id: str) -> JsonDict:
        return _seek(self._call("GET", f"/api/seeks/{_quoted(seek_id)}"))

    def cancel_seek(self, seek_id: str) -> JsonDict:
        return _seek(self._call("DELETE", f"/api/seeks/{_quoted(seek_id)}"))

    def record(self, game_id: str) -> JsonDict:
        return self._call("GET", f"/api/games/{_quoted(game_id)}/record")

    def events(self, game_id: str, since: int | None) -> tuple[list[JsonDict], int]:
        """The events the caller's seat may see after move ``since`` (``None``: from the
        setup on), every page of them, and the seq they reach."""
        path = f"/api/games/{_quoted(game_id)}/events"
        query = "" if since is None else f"?since={since}"
        found: list[JsonDict] = []
        for _ in range(MAX_PAGES):
            page = self._call("GET", path + query)
            events, until = page.get("events"), page.get("until")
            if not isinstance(events, list) or not isinstance(until, int):
                raise ApiError(0, "bad_answer", "a page of events without its events")
            found += events
            if not page.get("more"):
                return found, until
            query = f"?since={until}"
        raise ApiError(0, "bad_answer", f"more than {MAX_PAGES} pages of events")

    def news(self, game_id: str) -> list[JsonDict]:
        """What happened lately at the table beside its moves (timeouts, resignations, an
        abort), oldest first: each ``{seq, seat, kind}``."""
        items = self._request("GET", f"/api/games/{_quoted(game_id)}/news")
        if not isinstance(items, list) or not all(_is_news(item) for item in items):
            raise ApiError(0, "bad_answer", "the table's news is not a list of news")
        return items

    # ------------------------------------------------------------------ HTTP

    def _call(self, method: str, path: str, body: JsonDict | None = None) -> JsonDict:
        value = self._request(method, path, body)
        if not isinstance(value, dict):
            raise ApiError(0, "bad_answer", "the answer is not a JSON object")
        return value

    def _request(self, method: str, path: str, body: JsonDict | None = None) -> object:
        """The server's JSON answer to one request."""
        headers = {"Accept": "application/json", "User-Agent": f"carson-terminal/{__version__}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token is not None:
            headers["Authorization"] = f"Bearer {self.token}"
        # Only http(s): the base passed server_url (urllib would also open file:).
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return _json(answer.read(MAX_ANSWER_BYTES + 1))
        except urllib.error.HTTPError as error:
            with error:
                raise refused_with(error.code, error.read(MAX_ANSWER_BYTES + 1)) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", None) or error
            raise ApiError(0, "unreachable", str(reason)) from None


#: A game's view (``GameView`` of the OpenAPI document): the fields the terminal reads.
VIEW_FIELDS = {
    "id": str, "game": str, "status": str, "seq": int, "seat": int, "seats": list,
    "legal_actions": list, "view": dict,
}  # fmt: skip


def game_view(body: JsonDict) -> JsonDict:
    """``body`` if it is a game's view as the terminal reads it, else :class:`ApiError`."""
    for name, kind in VIEW_FIELDS.items():
        if not isinstance(body.get(name), kind):
            raise ApiError(0, "bad_answer", f"a game's view without its {name}")
    if not all(isinstance(seat, dict) for seat in body["seats"]):
        raise ApiError(0, "bad_answer", "a game's view with malformed seats")
    return body


#: A lobby's table (``LobbyTable`` of the OpenAPI document): the fields the terminal reads.
TABLE_FIELDS = {"id": str, "game": str, "host": str, "seats": list, "free": int, "rated": bool}


def _is_table(table: Any) -> bool:
    return isinstance(table, dict) and all(
        isinstance(table.get(name), kind) for name, kind in TABLE_FIELDS.items()
    )


#: A seek (``SeekOut`` of the OpenAPI document): the fields the terminal reads.
SEEK_FIELDS = {"id": str, "state": str, "fill_at": str}


def _seek(body: JsonDict) -> JsonDict:
    """``body`` if it is a seek as the terminal reads it (a matched one names its game)."""
    for name, kind in SEEK_FIELDS.items():
        if not isinstance(body.get(name), kind):
            raise ApiError(0, "bad_answer", f"a seek without its {name}")
    if body["state"] == "matched" and not isinstance(body.get("game_id"), str):
        raise ApiError(0, "bad_answer", "a matched seek without its game")
    return body


def _quoted(game_id: str) -> str:
    return urllib.parse.quote(game_id, safe="")


def _is_news(item: object) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("kind"), str)
        and isinstance(item.get("seq"), int)
    )


def _json(raw: bytes) -> object:
    if len(raw) > MAX_ANSWER_BYTES:
        raise ApiError(0, "bad_answer", f"an answer larger than {MAX_ANSWER_BYTES} bytes")
    try:
        value = json.loads(raw)
    except ValueError:
        raise ApiError(
            0, "bad_answer", "the answer is not JSON: is this a carson server?"
        ) from None
    return value


def refused_with(status: int, raw: bytes) -> ApiError:
    """The server's ``{"detail", "code"}`` as an error (a body of another shape: its status)."""
    try:
        body = json.loads(raw[:MAX_ANSWER_BYTES])
    except ValueError:
        body = None
    if isinstance(body, dict) and isinstance(body.get("code"), str):
        return ApiError(status, body["code"], str(body.get("detail", "")))
    return ApiError(status, f"http_{status}", f"HTTP {status}")
