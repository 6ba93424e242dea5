"""One line, in the player's language, for each public event of the engine: a formatter per
event kind (events read back from a save are in JSON form, so every value is read as such)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from carson.core.game import Event
from carson.games.card.tui.render import Names
from carson.terminal.texts import Texts


@dataclass(frozen=True)
class Line:
    """One event being described, with the look-ups its line needs."""

    data: Any
    names: Names
    texts: Texts

    def t(self, key: str, **values: Any) -> str:
        return self.texts("events", key, **values)

    def who(self) -> str:
        return self.names.seat(int(self.data["seat"]))

    def person(self, key: str) -> str:
        return self.names.personality(str(self.data[key]))

    def card(self, key: str = "card") -> str:
        item = self.data[key]
        if item["kind"] == "personality":
            return self.names.personality(str(item["id"]))
        return self.texts("ui", "terrain", id=item["id"])


def _bids(line: Line) -> str:
    seats = line.names.seat
    bids = ", ".join(f"{seats(seat)} {value}" for seat, value in enumerate(line.data["bids"]))
    return line.t("bids", bids=bids)


def _placed(line: Line) -> str:
    data = line.data
    # The city's stable frame; saves from before it was in the event have the engine's.
    x, y = data.get("column", data["x"]), data.get("row", data["y"])
    card = line.texts("ui", "terrain", id=data["card"])
    return line.t("placed_card", who=line.who(), card=card, x=x, y=y)


FORMATTERS: dict[str, Callable[[Line], str]] = {
    "round_started": lambda line: line.t("round", round=line.data["round"]),
    "card_taken": lambda line: line.t("took", who=line.who(), card=line.card()),
    "card_placed": _placed,
    "card_set_aside": lambda line: line.t("set_aside", who=line.who()),
    "bids_revealed": _bids,
    "bid_void": lambda line: line.t("bid_void", who=line.who()),
    "ability_used": lambda line: line.t("ability", who=line.who(), name=line.person("ability")),
    "revealed_extra": lambda line: line.t(
        "revealed_extra", name=line.person("by"), card=line.card()
    ),
    "card_sold": lambda line: line.t(
        "sold", who=line.who(), id=line.data["card"], count=line.data["sold"]
    ),
    "leftover_removed": lambda line: line.t("leftover", card=line.card()),
    "skull": lambda line: line.t("skull", name=line.person("moved")),
    "era_changed": lambda line: line.t("era"),
    "paperboy_pick": lambda line: line.t(
        "paperboy", who=line.who(), name=line.person("personality")
    ),
}


def describe(event: Event, names: Names, texts: Texts) -> str | None:
    """The line for ``event``, or ``None`` for events the table shows by itself (revealed,
    final_window, game_over, bid_committed)."""
    formatter = FORMATTERS.get(event.kind)
    return None if formatter is None else formatter(Line(event.data, names, texts))
