"""Watching a friend's game at the terminal (``carson play --server``'s menu, issue 48): the
game's public news as it comes, told as a local game tells it (the game's own words, people
by their names), until the game ends (then its score sheets, from its record) or the player
presses Ctrl-C (back to the menu). A spectator sees no hidden fact: the server answers him
the public view and events only."""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.console import Console

from carson.core.events import decode_event
from carson.core.record import GameRecord, RecordError
from carson.core.registry import GameSetupError
from carson.terminal.api_client import ApiError, JsonDict
from carson.terminal.generic import event_line
from carson.terminal.kit import AnyKit
from carson.terminal.kits import kit_for
from carson.terminal.online import OnlineNames
from carson.terminal.people_api import PeopleApi
from carson.terminal.replay import winners_line

#: Seconds between two looks at the watched game.
WATCH_POLL = 1.0


class Watch:
    """One game of the server watched, as a spectator."""

    def __init__(
        self, api: PeopleApi, lang: str, console: Console, poll: float = WATCH_POLL,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:  # fmt: skip
        self.api, self.lang, self.console = api, lang, console
        self.poll, self._sleep = poll, sleep

    def __call__(self, game_id: str) -> None:
        table = self.api.table(game_id)
        try:
            kit = kit_for(str(table["game"]))
        except GameSetupError:
            return
        texts = kit.texts(self.lang)
        self.console.print(texts("people", "watching", id=game_id, game=kit.title(texts)),
                           style="bold", markup=False)  # fmt: skip
        seen: int | None = None
        try:
            while True:
                events, seen = self.api.client.events(game_id, seen)
                for line in self._lines(kit, events, table):
                    self.console.print(f"• {line}", markup=False)
                if table["status"] == "over":
                    self._final(kit, game_id, table)
                    return
                self._sleep(self.poll)
                table = self.api.table(game_id)
        except KeyboardInterrupt:
            self.console.print(texts("people", "watch_stopped", id=game_id), style="bold",
                               markup=False)  # fmt: skip

    def _lines(self, kit: AnyKit, events: list[JsonDict], table: JsonDict) -> list[str]:
        decoded = [decode_event(event) for event in events]
        texts = kit.texts(self.lang)
        presenter = kit.presenter()
        if presenter is None:
            generic = OnlineNames(list(table["seats"]), -1, texts)
            return [event_line(event, generic) for event in decoded]
        kinds = [str(seat.get("kind", "")) for seat in table["seats"]]
        people = {int(s["seat"]): str(s["user"]) for s in table["seats"] if s.get("user")}
        names = presenter.names(table["view"], kinds, people, texts)
        lines = []
        for event in decoded:
            if event.visible_to(None):
                line = kit.describe(event, names, texts)
                if line:
                    lines.append(line)
        return lines

    def _final(self, kit: AnyKit, game_id: str, table: JsonDict) -> None:
        texts = kit.texts(self.lang)
        try:
            state = kit.replay_record(GameRecord.from_json(self.api.client.record(game_id)))
        except (ApiError, RecordError, ValueError):
            return
        kinds = [str(seat["kind"]) for seat in table["seats"]]
        own = kit.names(state, kinds, texts)
        self.console.print(kit.final(state, own, texts), markup=False)
        self.console.print(winners_line(state, own, texts), style="bold green", markup=False)
        self.console.print(texts("people", "watch_over", id=game_id), style="bold", markup=False)
