"""The town on the page: an 18×18 grid of axis labels, road corners, edges and parcels, with
the cowboys on them and what the seat may click."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carson.games.board.web.present.common import (
    COLUMNS,
    Seat,
    Targets,
    parcel_label,
)
from carson.games.board.web.present.names import Names


def town(
    names: Names, view: dict[str, Any], targets: Targets, seats: list[Seat]
) -> list[list[dict[str, Any]]]:
    """The town as rows of grid items: axis labels, road corners, edges and parcels
    (an 18×18 grid: labels, then corner/edge and edge/parcel alternating)."""
    roads = {tuple(edge) for edge in view["roads"]}
    bridges = {tuple(edge) for edge in view["bridges"]}
    parcels = {(p["x"], p["y"]): p for p in view["parcels"]}
    doubled = {
        index: player["choice"].split(":")[1]
        for index, player in enumerate(view["players"])
        if (player.get("choice") or "").startswith("double:")
    }
    vertices: set[tuple[int, int]] = set()
    for kind, x, y in roads:
        if kind == "H":
            vertices.update({(x, y), (x + 1, y)})
        else:
            vertices.update({(x, y), (x, y + 1)})
    rows: list[list[dict[str, Any]]] = []
    header: list[dict[str, Any]] = [{"k": "label", "text": ""}]
    for i in range(17):
        header.append({"k": "label", "text": COLUMNS[i // 2] if i % 2 else ""})
    rows.append(header)
    for j in range(17):
        row: list[dict[str, Any]] = [{"k": "label", "text": str(j // 2 + 1) if j % 2 else ""}]
        for i in range(17):
            if i % 2 == 0 and j % 2 == 0:
                row.append({"k": "corner", "road": (i // 2, j // 2) in vertices})
            elif j % 2 == 0:  # a horizontal edge: the top side of parcel (i//2, j//2)
                row.append(_edge(names, ("H", i // 2, j // 2), roads, bridges, targets))
            elif i % 2 == 0:
                row.append(_edge(names, ("V", i // 2, j // 2), roads, bridges, targets))
            else:
                p = parcels[(i // 2, j // 2)]
                row.append(_parcel(names, p, targets, seats, doubled))
        rows.append(row)
    return rows


def _edge(
    names: Names,
    edge: tuple[str, int, int],
    roads: set[tuple[Any, ...]],
    bridges: set[tuple[Any, ...]],
    targets: Targets,
) -> dict[str, Any]:
    target = targets.edges.get(edge)
    return {
        "k": "edge",
        "dir": edge[0].lower(),
        "road": edge in roads,
        "bridge": edge in bridges,
        "action": target,
        "title": names._("road") + ": " + names.edge(edge),
    }


def _parcel(
    names: Names,
    p: dict[str, Any],
    targets: Targets,
    seats: list[Seat],
    doubled: dict[int, str],
) -> dict[str, Any]:
    _ = names._
    x, y = p["x"], p["y"]
    tile = p["tile"]
    owner = p["owner"]
    income = p.get("income")
    if income is not None and owner is not None and doubled.get(owner) == tile:
        income *= 2  # the yellow Grocer's choice (public)
    parts = [parcel_label(x, y)]
    if p["river"]:
        parts.append(_("river"))
    if tile:
        parts.append(names.tile(tile))
    if owner is not None:
        parts.append(_("owner: %(name)s") % {"name": seats[owner].name})
    elif not p["river"]:
        parts.append(_("price $%(price)s") % {"price": p["price"]})
    if income is not None:
        parts.append(_("income $%(income)s") % {"income": income})
    for standing in p["cowboys"]:
        parts.append(cowboy_title(names, standing, seats))
    target = targets.parcels.get((x, y))
    return {
        "k": "parcel",
        "x": x,
        "y": y,
        "label": parcel_label(x, y),
        "tile": tile,
        "owner": None if owner is None else seats[owner].colour,
        "river": p["river"],
        "price": None if owner is not None or p["river"] else p["price"],
        "income": income,
        "cowboys": [cowboy(names, c, seats) for c in p["cowboys"]],
        "action": None if target is None else target[0],
        "verb": "" if target is None else target[1],
        "title": " · ".join(parts),
    }


def cowboy(names: Names, figure: Mapping[str, Any], seats: list[Seat]) -> dict[str, Any]:
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
