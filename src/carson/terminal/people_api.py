"""The people's side of carson's JSON API for the terminal (``carson play --server``'s
menu): friends and blocks (:mod:`carson.server.people.api`), invitations by name and those
received (the notifications of kind ``invitation``), private messages
(:mod:`carson.server.messages.api`), tournaments (:mod:`carson.server.tournaments.api`) and
vacation (:mod:`carson.server.vacation.api`).

Each answer is checked for the fields the terminal reads; any other shape is an
:class:`~carson.terminal.api_client.ApiError` ``bad_answer``, as the client's own.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Mapping

from carson.terminal.api_client import ApiClient, ApiError, JsonDict


def _name(text: str) -> str:
    return urllib.parse.quote(text.strip(), safe="")


def _listed(body: JsonDict, key: str, fields: Mapping[str, type]) -> list[JsonDict]:
    """``body[key]`` if it is a list of objects with ``fields``, else ``bad_answer``."""
    items = body.get(key)
    if not isinstance(items, list) or not all(
        isinstance(item, dict) and all(isinstance(item.get(f), k) for f, k in fields.items())
        for item in items
    ):
        raise ApiError(0, "bad_answer", f"an answer without its {key}")
    return items


class PeopleApi:
    """Friends, invitations, messages, tournaments and vacation of one signed-in client."""

    def __init__(self, client: ApiClient) -> None:
        self.client = client

    @property
    def base(self) -> str:
        return self.client.base

    def _call(self, method: str, path: str, body: JsonDict | None = None) -> JsonDict:
        return self.client._call(method, path, body)

    # ------------------------------------------------------------------ friends, blocks

    def friends(self) -> list[JsonDict]:
        """The accounts one follows, online first: ``username``, ``online``, ``playing``."""
        fields = {"username": str, "online": bool, "playing": list}
        return _listed(self._call("GET", "/api/friends"), "friends", fields)

    def follow(self, username: str) -> str:
        return str(self._call("PUT", f"/api/friends/{_name(username)}")["username"])

    def unfollow(self, username: str) -> str:
        return str(self._call("DELETE", f"/api/friends/{_name(username)}")["username"])

    def blocks(self) -> list[str]:
        names = self._call("GET", "/api/blocks").get("usernames")
        if not isinstance(names, list):
            raise ApiError(0, "bad_answer", "blocks without their names")
        return [str(name) for name in names]

    def block(self, username: str) -> str:
        return str(self._call("PUT", f"/api/blocks/{_name(username)}")["username"])

    def unblock(self, username: str) -> str:
        return str(self._call("DELETE", f"/api/blocks/{_name(username)}")["username"])

    # ------------------------------------------------------------------ invitations

    def invite(self, game_id: str, username: str) -> str:
        body = {"username": username.strip()}
        return str(self._call("POST", f"/api/games/{_name(game_id)}/invite", body)["username"])

    def invitations(self) -> list[JsonDict]:
        """The invitations by name one received (newest first): ``by`` and ``game``."""
        fields = {"kind": str, "payload": dict}
        found = _listed(self._call("GET", "/api/notifications"), "notifications", fields)
        return [
            {"by": str(item["payload"]["by"]), "game": str(item["game"]), "id": item.get("id")}
            for item in found
            if item["kind"] == "invitation" and item["payload"].get("invite")
            and isinstance(item.get("game"), str) and item["payload"].get("by")
        ]  # fmt: skip

    def table(self, game_id: str) -> JsonDict:
        """A game as anyone signed in sees it (``game``, ``status``, ``seats``; a seat
        ``null`` for one who holds none)."""
        body = self._call("GET", f"/api/games/{_name(game_id)}")
        if not isinstance(body.get("game"), str) or not isinstance(body.get("status"), str):
            raise ApiError(0, "bad_answer", "a game without its name or status")
        return body

    # ------------------------------------------------------------------ messages

    def conversations(self) -> list[JsonDict]:
        """One's conversations, the latest first: ``other``, ``last``, ``at``, ``unread``."""
        fields = {"other": str, "last": str, "at": str, "unread": int}
        return _listed(self._call("GET", "/api/messages"), "conversations", fields)

    def conversation(self, username: str) -> tuple[str, list[JsonDict]]:
        """The other's name as spelt and the last messages, oldest first (now read)."""
        body = self._call("GET", f"/api/messages/{_name(username)}")
        fields = {"sender": str, "text": str, "at": str, "mine": bool}
        return str(body.get("other", username)), _listed(body, "messages", fields)

    def write(self, username: str, text: str) -> JsonDict:
        return self._call("POST", f"/api/messages/{_name(username)}", {"text": text})

    # ------------------------------------------------------------------ tournaments

    def tournaments(self) -> list[JsonDict]:
        fields = {"id": str, "name": str, "game": str, "status": str, "starts_at": str,
                  "seats": int, "rounds": int, "round": int, "time_control": str}  # fmt: skip
        return _listed(self._call("GET", "/api/tournaments"), "tournaments", fields)

    def tournament(self, tournament_id: str) -> JsonDict:
        return self._standings(self._call("GET", f"/api/tournaments/{_name(tournament_id)}"))

    def join_tournament(self, tournament_id: str) -> JsonDict:
        path = f"/api/tournaments/{_name(tournament_id)}/join"
        return self._standings(self._call("POST", path))

    def withdraw_tournament(self, tournament_id: str) -> JsonDict:
        path = f"/api/tournaments/{_name(tournament_id)}/withdraw"
        return self._standings(self._call("POST", path))

    def pause_tournament(self, tournament_id: str) -> JsonDict:
        """An arena: not seated again until :meth:`resume_tournament`."""
        path = f"/api/tournaments/{_name(tournament_id)}/pause"
        return self._standings(self._call("POST", path))

    def resume_tournament(self, tournament_id: str) -> JsonDict:
        path = f"/api/tournaments/{_name(tournament_id)}/resume"
        return self._standings(self._call("POST", path))

    @staticmethod
    def _standings(body: JsonDict) -> JsonDict:
        fields: dict[str, type | tuple[type, ...]] = {
            "rank": int, "user": str, "points": (int, float), "played": int, "withdrawn": bool,
        }  # fmt: skip
        players = body.get("players")
        if not isinstance(body.get("name"), str) or not isinstance(players, list) or not all(
            isinstance(p, dict) and all(isinstance(p.get(f), k) for f, k in fields.items())
            for p in players
        ):  # fmt: skip
            raise ApiError(0, "bad_answer", "a tournament without its standings")
        return body

    # ------------------------------------------------------------------ vacation

    def vacation(self) -> JsonDict:
        return self._allowance(self._call("GET", "/api/me/vacation"))

    def take_vacation(self, days: int) -> JsonDict:
        return self._allowance(self._call("POST", "/api/me/vacation", {"days": days}))

    def end_vacation(self) -> JsonDict:
        return self._allowance(self._call("DELETE", "/api/me/vacation"))

    @staticmethod
    def _allowance(body: JsonDict) -> JsonDict:
        for name in ("allowance", "used", "left"):
            if not isinstance(body.get(name), int):
                raise ApiError(0, "bad_answer", f"a vacation allowance without its {name}")
        return body
