"""What every part of the board-game page shares: the seats' colours, the tiles' letters,
parcel labels, and the clickable targets of the legal actions."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from carson.games.board.catalog import SPACE_IDS

Gettext = Callable[[str], str]

SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple")
#: The town's tiles, as the legend lists them (drawn as pictograms: web/pictures.py).
TILES = (
    "house", "mountain", "ranch", "mine", "drugstore", "bank", "saloon", "hotel", "church",
    "prison",
)  # fmt: skip
#: The action track in three rows, as on the board (BG-2.3 resolution order).
TRACK_ROWS: tuple[tuple[str, ...], ...] = (SPACE_IDS[:5], SPACE_IDS[5:12], SPACE_IDS[12:])
COLUMNS = "ABCDEFGH"


def parcel_label(x: int, y: int) -> str:
    """A parcel as on the page's axes: column letter, row number (``D5``)."""
    return f"{COLUMNS[x]}{y + 1}"


def key(action: Mapping[str, Any]) -> str:
    """An action as the page posts it back."""
    return json.dumps(action, separators=(",", ":"))


@dataclass(frozen=True)
class Seat:
    """One player as every page shows him."""

    seat: int
    name: str
    colour: str


@dataclass
class Targets:
    """The clickable things of the page for the legal actions, as action JSON."""

    parcels: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    edges: dict[tuple[Any, ...], str] = field(default_factory=dict)
    spaces: dict[str, str] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)


def decision_kind(view: Mapping[str, Any]) -> str | None:
    decision = view.get("decision")
    return None if not decision else str(decision["kind"])
