"""A quick match from the terminal (``carson play --server``, the menu's third choice): a
seek of the lobby (``POST /api/seeks``), as the web lobby's quick match. The players at the
table, the time control and whether the game is rated are asked; the server pairs the seek
with others' (a full table of people at once, else, from its ``fill_at`` on, the people
there with machines in the free seats). The terminal looks at the seek every few seconds
until it is paired, then plays the game it was paired into; leaving meanwhile (``quit``,
Ctrl-C) withdraws the seek.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

from carson.core.clock import TimeControl, TimeControlError
from carson.core.registry import game_kind
from carson.terminal.api_client import ApiClient, ApiError, JsonDict
from carson.terminal.asker import Asker, QuitGame, ask_number, ask_yes_no
from carson.terminal.online import refusal

#: The time control of a quick match when the player just presses Enter (a live game).
DEFAULT_CONTROL = "10+5"
#: Seconds between two looks at an open seek.
SEEK_POLL = 2.0
#: Refusals of a seek after which its settings are asked again.
ASK_AGAIN = ("invalid_time_control", "invalid_setup", "validation_error")


class QuickMatch:
    """One quick match of ``game`` on the client's server, for its signed-in player."""

    def __init__(
        self, client: ApiClient, asker: Asker, game: str, lang: str,
        poll: float = SEEK_POLL, sleep: Callable[[float], None] = time.sleep,
    ) -> None:  # fmt: skip
        self.client, self.asker, self.game, self.lang = client, asker, game, lang
        self.texts, self.console = asker.texts, asker.console
        self.poll, self._sleep = poll, sleep

    def find(self) -> str | None:
        """The id of the game the seek was paired into; ``None`` if the server dropped the
        seek unpaired (said to the player). :class:`QuitGame` if he left (seek withdrawn)."""
        seek = self._open()
        self._say("quick_waiting", fill_at=local_time(str(seek["fill_at"])))
        try:
            while seek["state"] == "open":
                self._sleep(self.poll)
                seek = self.client.seek(str(seek["id"]))
        except (KeyboardInterrupt, QuitGame):
            self._withdraw(str(seek["id"]))
            raise QuitGame from None
        if seek["state"] != "matched":
            self._say("quick_ended")
            return None
        self._say("quick_matched", id=seek["game_id"])
        return str(seek["game_id"])

    def _open(self) -> JsonDict:
        """The seek as the player sets it, asked again after a setting the server refused."""
        kind = game_kind(self.game)
        counts = list(range(kind.min_seats, kind.max_seats + 1))
        while True:
            seats = ask_number(self.asker, self.texts("online", "quick_seats", low=counts[0],
                                                      high=counts[-1]), counts)  # fmt: skip
            control = self._control()
            rated = ask_yes_no(self.asker, self.texts("online", "quick_rated"))
            try:
                return self.client.open_seek(self.game, seats, control, rated, self.lang)
            except ApiError as error:
                if error.code not in ASK_AGAIN:
                    raise
                self.asker.error(refusal(self.texts, error, server=self.client.base, id=""))

    def _control(self) -> str:
        """The time control, asked again at once (not the whole seek) until it reads."""
        while True:
            typed = self.asker(self.texts("online", "quick_control", default=DEFAULT_CONTROL))
            control = typed.strip() or DEFAULT_CONTROL
            try:
                TimeControl.parse(control)
            except TimeControlError:
                self.asker.error(self.texts("online", "quick_control_bad", typed=typed.strip()))
                continue
            return control

    def _withdraw(self, seek_id: str) -> None:
        """Withdraws the seek; one paired meanwhile leaves its game to come back to."""
        try:
            self.client.cancel_seek(seek_id)
        except ApiError as error:
            if error.code != "seek_matched":
                raise
            game_id = self.client.seek(seek_id)["game_id"]
            self._say("left", id=game_id)
            return
        self._say("quick_withdrawn")

    def _say(self, key: str, **values: object) -> None:
        text = self.texts("online", key, server=self.client.base, **values)
        self.console.print(text, style="bold", markup=False)


def local_time(stamp: str) -> str:
    """A server's time (ISO 8601) as the terminal's local time of day, ``HH:MM:SS``."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return when.astimezone().strftime("%H:%M:%S")
