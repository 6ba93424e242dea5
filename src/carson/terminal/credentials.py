"""The bearer tokens of ``carson play --server``, kept between games in the user's config
directory (``platformdirs``: ``$XDG_CONFIG_HOME/carson`` or ``~/.config/carson`` on Linux),
one per server and username, in a file only its owner may read (0600, its folder 0700).

A token, not the password: the password is asked once, and a token that stops working
(logged out, expired) is forgotten and asked for again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from platformdirs import user_config_path

from carson.core.game import JSON

FILE_NAME = "tokens.json"


def config_dir() -> Path:
    return user_config_path("carson", appauthor=False)


class TokenStore:
    """``{server: {"last": username, "tokens": {username: token}}}`` in one JSON file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / FILE_NAME

    def token(self, server: str, username: str) -> str | None:
        token = self._server(self._read(), server)["tokens"].get(username)
        return token if isinstance(token, str) else None

    def last_user(self, server: str) -> str | None:
        """Who last logged in on ``server`` from here (the default ``--user``)."""
        last = self._server(self._read(), server).get("last")
        return last if isinstance(last, str) else None

    def save(self, server: str, username: str, token: str) -> None:
        data = self._read()
        entry = self._server(data, server)
        entry["tokens"][username] = token
        entry["last"] = username
        data[server] = entry
        self._write(data)

    def forget(self, server: str, username: str) -> None:
        data = self._read()
        entry = self._server(data, server)
        if entry["tokens"].pop(username, None) is not None:
            data[server] = entry
            self._write(data)

    @staticmethod
    def _server(data: JSON, server: str) -> JSON:
        entry = data.get(server)
        if not isinstance(entry, dict) or not isinstance(entry.get("tokens"), dict):
            return {"tokens": {}}
        return entry

    def _read(self) -> JSON:
        """The file's contents; a missing or damaged file holds no tokens (they are asked
        for again, and the file written anew)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: JSON) -> None:
        """Written beside and renamed; created 0600 so that no other user ever reads it."""
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=1)
        os.chmod(temporary, 0o600)  # a leftover temporary file may have had other bits
        os.replace(temporary, self.path)
