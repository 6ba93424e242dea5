"""The town on the page as a map: an SVG of its parcels, roads, river and buildings, with the
cowboys and owners' markers on them, and over it a grid of the same geometry that holds one
labelled element per parcel and a button per thing the seat may click (a parcel, an edge).

The map's geometry, in the SVG's units: an axis margin, then road and parcel alternating
(9 road lines, 8 parcels). The overlay's grid has the same tracks, so its grid lines
(``gx``, ``gy``: 1 the margin, even a road line, odd a parcel) fall on the drawing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carson.core.game import JSON
from carson.games.board.web.present.common import (
    COLUMNS,
    Seat,
    Targets,
    parcel_label,
)
from carson.games.board.web.present.names import Names

MARGIN = 14
ROAD = 8
PARCEL = 40
PITCH = ROAD + PARCEL
#: The map's width and height: the margin, 8 parcels and 9 road lines.
SIZE = MARGIN + 8 * PITCH + ROAD
#: A cowboy figure's box on the map, and the building's pictogram on a parcel.
FIGURE = 18
PICTURE = 28
#: An owner's marker: a wooden piece of the seat's colour, its shape told apart without the
#: colour too (paths around (0, 0), radius about 6), with the owner's letter on it.
MARKER_SHAPES = {
    "red": "M0-6a6 6 0 1 1 0 12a6 6 0 1 1 0-12Z",
    "blue": "M-5.5-5.5h11v11h-11Z",
    "green": "M0-8.2 8 5.8H-8Z",
    "yellow": "M0-7 7 0 0 7-7 0Z",
    "purple": "M-3.6-6.2h7.2l3.6 6.2-3.6 6.2h-7.2l-3.6-6.2Z",
}


def town(names: Names, view: JSON, targets: Targets, seats: list[Seat]) -> JSON:
    """The town's map: what the SVG draws and what the overlay holds."""
    roads = {tuple(edge) for edge in view["roads"]}
    bridges = {tuple(edge) for edge in view["bridges"]}
    doubled = {
        index: player["choice"].split(":")[1]
        for index, player in enumerate(view["players"])
        if (player.get("choice") or "").startswith("double:")
    }
    letters = owner_letters(seats)
    river = {(p["x"], p["y"]) for p in view["parcels"] if p["river"]}
    return {
        "size": SIZE,
        "margin": MARGIN,
        "parcel": PARCEL,
        "picture": PICTURE,
        "figure": FIGURE,
        "axes": _axes(),
        "water": _water(river),
        "roads": [_road(names, edge, edge in bridges) for edge in sorted(roads)] + _corners(roads),
        "parcels": [
            _parcel(names, p, targets, seats, doubled, letters)
            for p in sorted(view["parcels"], key=lambda p: (p["y"], p["x"]))
        ],
        "seat_marks": [
            {"name": s.name, "colour": s.colour, "letter": letters[s.seat]}
            | _marker(s.colour, 0, 0)
            for s in seats
        ],
        "owners": [
            {"name": s.name, "colour": s.colour, "letter": letters[s.seat]}
            | _marker(s.colour, 0, 0)
            for s in seats
            if any(p["owner"] == s.seat for p in view["parcels"])
        ],
        "edge_targets": [
            _edge_target(names, edge, action) for edge, action in sorted(targets.edges.items())
        ],
    }


def _axes() -> list[JSON]:
    """The column letters above the map and the row numbers left of it."""
    middle = MARGIN + ROAD + PARCEL // 2
    columns = [{"text": COLUMNS[i], "x": middle + i * PITCH, "y": MARGIN - 3} for i in range(8)]
    rows = [{"text": str(j + 1), "x": MARGIN // 2, "y": middle + 4 + j * PITCH} for j in range(8)]
    return columns + rows


def _line(index: int) -> int:
    """Where road line ``index`` (0–8) starts on the map."""
    return MARGIN + index * PITCH


def owner_letters(seats: list[Seat]) -> dict[int, str]:
    """The letter on each seat's markers, different for every seat (with its colour and
    shape, a marker tells its owner): its name's first letter; seats whose names begin alike
    add their name's last letter ("alice", "adam": AE, AM), else the digits in their names
    ("Machine 1 (easy)", "Machine 2 (easy)": M1, M2), else their seat numbers."""
    first = {s.seat: (s.name.strip()[:1] or "?").upper() for s in seats}
    letters = {}
    for s in seats:
        alike = [o for o in seats if first[o.seat] == first[s.seat]]
        if len(alike) == 1:
            letters[s.seat] = first[s.seat]
            continue
        for added in (_last_letter, _digits, lambda o: str(o.seat + 1)):
            tried = [first[o.seat] + added(o) for o in alike]
            if len(set(tried)) == len(tried):
                letters[s.seat] = tried[alike.index(s)]
                break
    return letters


def _last_letter(seat: Seat) -> str:
    last = [c for c in seat.name.strip()[1:] if c.isalnum()][-1:]
    return last[0].upper() if last else ""


def _digits(seat: Seat) -> str:
    return "".join(c for c in seat.name if c.isdigit())[:2]


def _terrain(x: int, y: int) -> int:
    """The land's shade on a parcel (0–3), fixed by its place: the town's ground varies like
    land, the same every time."""
    return (3 * x + 5 * y + x * y) % 4


def _marker(colour: str, x: float, y: float) -> JSON:
    """An owner's marker at (x, y): its shape (MARKER_SHAPES) and where it stands."""
    shape = MARKER_SHAPES.get(colour, MARKER_SHAPES["red"])
    return {"shape": shape, "mx": x, "my": y, "ty": 3.6 if colour == "green" else 2.4}


def _water(river: set[tuple[int, int]]) -> list[JSON]:
    """The river drawn as one stream: its parcels, and the road lines between two of its
    parcels or between one and the town's border (BG-10.3: where a road would be a bridge,
    or none may go), so that the water runs on from parcel to parcel and off the map."""
    boxes = []
    for x, y in sorted(river, key=lambda xy: (xy[1], xy[0])):
        boxes.append({"x": _line(x) + ROAD, "y": _line(y) + ROAD, "w": PARCEL, "h": PARCEL})
        sides = [("H", x, y, (x, y - 1)), ("V", x, y, (x - 1, y))]
        sides += [("H", x, y + 1, (x, y + 1)), ("V", x + 1, y, (x + 1, y))]
        for kind, ex, ey, other in sides:
            inside = 0 <= other[0] < 8 and 0 <= other[1] < 8
            if (other in river and other < (x, y)) or not inside:
                bx, by, bw, bh = edge_box((kind, ex, ey))
                boxes.append({"x": bx, "y": by, "w": bw, "h": bh})
    return boxes


def edge_box(edge: tuple[Any, ...]) -> tuple[int, int, int, int]:
    """An edge's rectangle: a horizontal one is the top side of parcel (x, y), a vertical one
    its left side."""
    kind, x, y = edge
    if kind == "H":
        return _line(x) + ROAD, _line(y), PARCEL, ROAD
    return _line(x), _line(y) + ROAD, ROAD, PARCEL


def _road(names: Names, edge: tuple[Any, ...], bridge: bool) -> JSON:
    x, y, w, h = edge_box(edge)
    title = names._("road") + ": " + names.edge(edge)
    edge_id = "-".join(str(part) for part in edge)
    return {"x": x, "y": y, "w": w, "h": h, "bridge": bridge, "title": title, "edge": edge_id}


def _corners(roads: set[tuple[Any, ...]]) -> list[JSON]:
    """The crossings the roads meet at, drawn so that roads join."""
    vertices: set[tuple[int, int]] = set()
    for kind, x, y in roads:
        vertices.update({(x, y), (x + 1, y) if kind == "H" else (x, y + 1)})
    return [
        {
            "x": _line(x),
            "y": _line(y),
            "w": ROAD,
            "h": ROAD,
            "bridge": False,
            "title": "",
            "edge": "",
        }
        for x, y in sorted(vertices)
    ]


def _edge_target(names: Names, edge: tuple[Any, ...], action: str) -> JSON:
    kind, x, y = edge
    return {
        "action": action,
        "dir": kind.lower(),
        "gx": 2 * x + (3 if kind == "H" else 2),
        "gy": 2 * y + (2 if kind == "H" else 3),
        "title": names._("road") + ": " + names.edge(edge),
    }


def _parcel(
    names: Names,
    p: JSON,
    targets: Targets,
    seats: list[Seat],
    doubled: dict[int, str],
    letters: dict[int, str],
) -> JSON:
    x, y = p["x"], p["y"]
    owner = p["owner"]
    income = p.get("income")
    if income is not None and owner is not None and doubled.get(owner) == p["tile"]:
        income *= 2  # the yellow Grocer's choice (public)
    target = targets.parcels.get((x, y))
    left, top = _line(x) + ROAD, _line(y) + ROAD
    return {
        "x": x,
        "y": y,
        "left": left,
        "top": top,
        "gx": 2 * x + 3,
        "gy": 2 * y + 3,
        "label": parcel_label(x, y),
        "tile": p["tile"],
        "owner": None if owner is None else seats[owner].colour,
        "marker": None
        if owner is None
        else {"letter": letters[owner]} | _marker(seats[owner].colour, left + 8.5, top + 8.5),
        "terrain": _terrain(x, y),
        "river": p["river"],
        "price": None if owner is not None or p["river"] else p["price"],
        "income": income,
        "cowboys": _standing(names, p["cowboys"], seats, left, top),
        "action": None if target is None else target[0],
        "verb": "" if target is None else target[1],
        "title": _parcel_title(names, p, income, seats),
    }


def _standing(
    names: Names, figures: list[JSON], seats: list[Seat], left: int, top: int
) -> list[JSON]:
    """The cowboys on a parcel, side by side across its bottom half, in the middle (closer
    when many)."""
    step = min(FIGURE - 4, (PARCEL - 2 - FIGURE) // max(1, len(figures) - 1))
    start = left + (PARCEL - FIGURE - step * (len(figures) - 1)) // 2
    return [
        {**cowboy(names, c, seats), "x": start + i * step, "y": top + PARCEL - FIGURE - 1}
        for i, c in enumerate(figures)
    ]


def _parcel_title(names: Names, p: JSON, income: int | None, seats: list[Seat]) -> str:
    """A parcel in words, for its label and tooltip: everything the map draws on it."""
    _ = names._
    owner = p["owner"]
    parts = [parcel_label(p["x"], p["y"])]
    if p["river"]:
        parts.append(_("river"))
    if p["tile"]:
        parts.append(names.tile(p["tile"]))
    if owner is not None:
        parts.append(_("owner: %(name)s") % {"name": seats[owner].name})
    elif not p["river"]:
        parts.append(_("price $%(price)s") % {"price": p["price"]})
    if income is not None:
        parts.append(_("income $%(income)s") % {"income": income})
    for standing in p["cowboys"]:
        parts.append(cowboy_title(names, standing, seats))
    return " · ".join(parts)


def cowboy(names: Names, figure: Mapping[str, Any], seats: list[Seat]) -> JSON:
    """A cowboy on the board: its colour and who it belongs to."""
    return {
        "colour": "white" if figure["white"] else seats[figure["seat"]].colour,
        "title": cowboy_title(names, figure, seats),
    }


def cowboy_title(names: Names, cowboy: Mapping[str, Any], seats: list[Seat]) -> str:
    name = seats[cowboy["seat"]].name
    if cowboy["white"]:
        return names._("the white cowboy of %(name)s") % {"name": name}
    return names._("a cowboy of %(name)s") % {"name": name}


def plain_town(names: Names, river: set[tuple[int, int]]) -> JSON:
    """A town as the rules page draws it: the 64 parcels and the river, no piece on it, in
    the same geometry (and with the same labels) as a game's map."""
    parcels = []
    for y in range(8):
        for x in range(8):
            label = parcel_label(x, y)
            on_river = (x, y) in river
            parcels.append(
                {
                    "x": x, "y": y, "left": _line(x) + ROAD, "top": _line(y) + ROAD,
                    "gx": 2 * x + 3, "gy": 2 * y + 3, "label": label, "tile": None,
                    "owner": None, "marker": None, "terrain": _terrain(x, y),
                    "river": on_river, "price": None, "income": None,
                    "cowboys": [], "action": None, "verb": "",
                    "title": f"{label} · {names._('river')}" if on_river else label,
                }
            )  # fmt: skip
    return {
        "size": SIZE, "margin": MARGIN, "parcel": PARCEL, "picture": PICTURE,
        "figure": FIGURE, "axes": _axes(), "water": _water(river), "roads": [], "parcels": parcels,
        "edge_targets": [], "owners": [], "seat_marks": [],
    }  # fmt: skip
