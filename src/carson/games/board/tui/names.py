"""How the board game's seats, pieces and places are called and coloured on screen."""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text

from carson.core.game import JSON
from carson.games.board.catalog import SPACE_IDS, BoardCatalog
from carson.games.board.engine.config import BoardConfig
from carson.games.board.town import HOUSE, MOUNTAIN, SIZE, edge_from_name
from carson.terminal.texts import Texts, machine_kind

#: Each seat's colour: its digit on the board, its cowboys and its markers.
SEAT_STYLES = ("bold bright_blue", "bold green", "bold magenta", "bold dark_orange", "bold cyan")
OWNER_STYLES = (
    "bold white on blue", "bold white on green4", "bold white on magenta3",
    "bold black on dark_orange", "bold black on cyan3",
)  # fmt: skip
#: Tiles as one letter (the legend names them in the player's language).
TILE_LETTERS = {
    HOUSE: "h", MOUNTAIN: "^", "ranch": "R", "mine": "M", "drugstore": "D", "bank": "B",
    "saloon": "S", "hotel": "H", "church": "C", "prison": "P",
}  # fmt: skip
TILE_STYLES = {HOUSE: "bold bright_white", MOUNTAIN: "bold grey62"}
BUILDING_STYLE = "bold black on bright_yellow"
RIVER_STYLE = "bold bright_cyan on blue"
ROAD_STYLE = "bold yellow"
MARK_STYLE = "bold yellow"
WHITE_STYLE = "bold black on white"
SIDE_STYLES = {"yellow": "bold yellow", "red": "bold red"}
#: The board's own names of its columns (x 0–7); rows are numbered 1–8 (y 0–7), as the web
#: page's axes (``parcel_label`` of its presentation): ``D5`` is x 3, y 4.
COLUMNS = "ABCDEFGH"
#: The four sides of a parcel, as a road on it is named (``C4 top``).
SIDES = ("top", "bottom", "left", "right")


def parcel_label(x: int, y: int) -> str:
    """A parcel as on the board's axes: column letter, row number (``D5``)."""
    return f"{COLUMNS[x]}{y + 1}"


def edge_place(kind: str, x: int, y: int) -> tuple[int, int, str]:
    """The parcel and side that name the edge ``H x y`` / ``V x y`` (BG-2.2.1), as the web
    page names it: the top or left side of a parcel, the bottom or right one on the town's
    last row or column."""
    if kind == "H":
        return (x, y, "top") if y < SIZE else (x, SIZE - 1, "bottom")
    return (x, y, "left") if x < SIZE else (SIZE - 1, y, "right")


def edge_at(x: int, y: int, side: str) -> int:
    """The edge on ``side`` of parcel ``(x, y)`` (``ValueError`` for no such side)."""
    if side in ("top", "bottom"):
        return edge_from_name("H", x, y + (side == "bottom"))
    if side in ("left", "right"):
        return edge_from_name("V", x + (side == "right"), y)
    raise ValueError(side)


class Tabled(Protocol):
    """What names are read from: a game's catalog and configuration (a state or a sight)."""

    @property
    def catalog(self) -> BoardCatalog: ...

    @property
    def config(self) -> BoardConfig: ...


class BoardNames:
    """How seats, pieces and places are called on screen (``people``: what to call the
    seats people hold online, ``you`` or a user's name, instead of their kind)."""

    def __init__(
        self, table: Tabled, kinds: list[str], texts: Texts, people: dict[int, str] | None = None
    ) -> None:
        self._catalog = table.catalog
        self._kinds = kinds
        self._texts = texts
        self._people = people or {}
        self.tiles = table.config.has("duel-tiles")  # duels with tiles, not dice (BG-10.2)

    def colour(self, seat: int) -> str:
        return self._texts("board_colours", f"c{seat + 1}")

    @staticmethod
    def style(seat: int) -> str:
        return SEAT_STYLES[seat % len(SEAT_STYLES)]

    def kind(self, seat: int) -> str:
        if seat in self._people:
            return self._people[seat]
        kind = self._kinds[seat] if seat < len(self._kinds) else "player"
        texts = self._texts
        if kind == "human":
            if self._kinds.count("human") == 1:
                return texts("ui", "you")
            return texts("ui", "human", seat=seat + 1)
        return machine_kind(kind, texts)  # the shared names: "Machine (easy)", as on the web

    def letter(self, seat: int) -> str:
        """The seat's cowboys on the town and the track: its colour's letter (``b`` for
        Blue 1), never its digit, which reads as a price beside ``$12``."""
        return cowboy_letter(self._texts, seat)

    def who(self, seat: int) -> str:
        """The short name: colour and number, as on the board."""
        return f"{self.colour(seat)} {seat + 1}"

    def seat(self, seat: int) -> str:
        return f"{self.who(seat)} · {self.kind(seat)}"

    def personality(self, personality: str) -> str:
        return self._catalog.personalities[personality].names[self._texts.lang]

    def building(self, building: str) -> str:
        if building == HOUSE:
            return self._texts("board", "house")
        return self._catalog.buildings[building].names[self._texts.lang]

    def space(self, space: int | str) -> str:
        index = space if isinstance(space, int) else SPACE_IDS.index(space)
        return self._catalog.spaces[index].names[self._texts.lang]

    def side(self, side: str) -> str:
        return self._texts("board", side)

    @staticmethod
    def parcel(x: int, y: int) -> str:
        return parcel_label(x, y)

    def target(self, target: Any) -> str:
        """A cowboy's target as the engine names it: a space id or ``[x, y]``."""
        if isinstance(target, str):
            return self.space(target)
        x, y = target
        return self.parcel(int(x), int(y))

    def edge(self, edge: Any) -> str:
        """A road's edge as the engine names it (``["H", x, y]``): ``C4 top``."""
        kind, x, y = edge
        column, row, side = edge_place(str(kind), int(x), int(y))
        return f"{parcel_label(column, row)} {self._texts('board', f'side_{side}')}"


def cowboy_letter(texts: Texts, seat: int) -> str:
    """Seat ``seat``'s cowboy letter in the player's language (its colour's)."""
    letters = texts("board_colours", "letters").split()
    return letters[seat] if seat < len(letters) else str(seat + 1)


def cowboys_text(entries: list[JSON], texts: Texts, width: int | None = None) -> Text:
    """Cowboys as their seats' letters in their colours (the white cowboy as ``w``)."""
    text = Text()
    for entry in entries:
        if entry["white"]:
            text.append("w", WHITE_STYLE)
        else:
            seat = int(entry["seat"])
            text.append(cowboy_letter(texts, seat), BoardNames.style(seat))
    if width is not None:
        if len(text) > width:
            text = text[: width - 1]
            text.append("…")
        text.pad_right(width - len(text))
    return text
