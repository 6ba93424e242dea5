"""One line, in the player's language, for each public event of the engine."""

from __future__ import annotations

from typing import Any

from carson.core.game import Event
from carson.games.card.tui.render import Names
from carson.terminal.texts import Texts


def describe(event: Event, names: Names, texts: Texts) -> str | None:  # noqa: C901 (split in a coming commit)
    """The line for ``event``, or ``None`` for events the table shows by itself."""
    data = event.data
    kind = event.kind

    def who() -> str:
        return names.seat(int(data["seat"]))

    def card(item: Any) -> str:
        if item["kind"] == "personality":
            return names.personality(str(item["id"]))
        return texts("ui", "terrain", id=item["id"])

    if kind == "round_started":
        return texts("events", "round", round=data["round"])
    if kind == "card_taken":
        return texts("events", "took", who=who(), card=card(data["card"]))
    if kind == "card_placed":
        return texts("events", "placed", who=who(), x=data["x"], y=data["y"])
    if kind == "card_set_aside":
        return texts("events", "set_aside", who=who())
    if kind == "bids_revealed":
        bids = ", ".join(f"{names.seat(seat)} {value}" for seat, value in enumerate(data["bids"]))
        return texts("events", "bids", bids=bids)
    if kind == "bid_void":
        return texts("events", "bid_void", who=who())
    if kind == "ability_used":
        return texts("events", "ability", who=who(), name=names.personality(data["ability"]))
    if kind == "revealed_extra":
        return texts(
            "events", "revealed_extra", name=names.personality(data["by"]), card=card(data["card"])
        )
    if kind == "card_sold":
        return texts("events", "sold", who=who(), id=data["card"], count=data["sold"])
    if kind == "leftover_removed":
        return texts("events", "leftover", card=card(data["card"]))
    if kind == "skull":
        return texts("events", "skull", name=names.personality(data["moved"]))
    if kind == "era_changed":
        return texts("events", "era")
    if kind == "paperboy_pick":
        return texts("events", "paperboy", who=who(), name=names.personality(data["personality"]))
    return None  # revealed, final_window, game_over, bid_committed: the screen shows them
