"""Placing cowboys, constructing buildings and laying roads on the board-game page, and the
prices of a new beginning's purchases."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from carson.core.game import JSON
from carson.games.board.web.present.common import (
    Seat,
    Targets,
    key,
    parcel_label,
)
from carson.games.board.web.present.names import Names
from carson.web.kernel.choices import Choice


def place(
    names: Names,
    data: JSON,
    view: JSON,
    legal: list[JSON],
    mode: str | None,
    targets: Targets,
    choice: Callable[..., Choice],
) -> None:
    _ = names._
    me = data["me"]
    player = view["players"][me]
    cowboy = [a for a in legal if a["kind"] == "cowboy"]
    white = [a for a in legal if a["kind"] == "white"]
    use_white = placing_white(legal, mode)
    chosen = white if use_white else cowboy
    if cowboy and white:
        data["modes"] = [
            {"mode": "cowboy", "label": _("a cowboy"), "current": not use_white},
            {"mode": "white", "label": _("the white cowboy"), "current": use_white},
        ]
    for action in chosen:
        if "space" in action:
            targets.spaces[action["space"]] = key(action)
        else:
            x, y = action["parcel"]
            verb = _("white cowboy") if use_white else _("cowboy")
            targets.parcels[(x, y)] = (key(action), verb)
    data["prompt"] = (
        _("Place the white cowboy: click a marked space or parcel, or pass.")
        if use_white
        else _("Place a cowboy: click a marked space of the track or parcel, or pass.")
    )
    cost = placed_cost(names, view, me)
    data["note"] = _(
        "Your cowboys stand on buildings and parcels worth $%(cost)s; you have $%(money)s."
    ) % {"cost": cost, "money": player["money"]}
    data["placed_cost"] = cost
    data["choices"] += [choice(_("Pass"), a) for a in legal if a["kind"] == "pass"]


def placing_white(legal: Sequence[Mapping[str, Any]], mode: str | None) -> bool:
    """Whether the page places the Sheriff's white cowboy: chosen (``mode``) or the only
    one the seat may place."""
    kinds = {action["kind"] for action in legal}
    return "white" in kinds and (mode == "white" or "cowboy" not in kinds)


def placed_cost(names: Names, view: JSON, me: int) -> int:
    """BG-9.5: what the buildings and parcels one's cowboys stand on would cost (the
    engine's answer, in the seat's view)."""
    costs = view["players"][me]["occupied_costs"]
    return int(costs["parcels"]) + int(costs["buildings"])


def construct(
    names: Names,
    data: JSON,
    view: JSON,
    legal: list[JSON],
    seats: list[Seat],
    targets: Targets,
    choice: Callable[..., Choice],
) -> None:
    _ = names._
    build = view["construction"]
    building = names.building(build["building"])
    builds = [a for a in legal if a["kind"] == "build"]
    needs_road = names.catalog.buildings[build["building"]].needs_road
    if needs_road:
        data["prompt"] = (
            _("Build the %(building)s: click one of your marked parcels, or store it.")
            % {"building": building}
            + " "
            + _("Its free house comes next. Before, you may build roads (marked edges).")
            + " "
            + _("Other owners may grant you a parcel for the house: ask them.")
        )
    else:
        data["prompt"] = _(
            "Build the %(building)s: click one of your marked parcels, or store it."
        ) % {"building": building}
    if not builds:
        data["note"] = _("No parcel of yours can take it now.")
    for action in builds:
        x, y = action["parcel"]
        targets.parcels[(x, y)] = (key(action), _("build"))
    data["choices"] += [
        choice(_("Build on %(parcel)s") % {"parcel": parcel_label(*a["parcel"])}, a) for a in builds
    ]
    data["choices"] += [
        choice(_("Ask %(name)s for a parcel") % {"name": seats[a["seat"]].name}, a)
        for a in legal
        if a["kind"] == "ask"
    ]
    roads(names, data, legal, targets)
    data["choices"] += [choice(_("Store it"), a) for a in legal if a["kind"] == "store"]


def roads(names: Names, data: JSON, legal: list[JSON], targets: Targets) -> None:
    found = [a for a in legal if a["kind"] == "road"]
    for action in found:
        targets.edges[tuple(action["edge"])] = key(action)
    if found:
        data["lists"].append(
            {
                "title": names._("Roads you may build (%(count)s)") % {"count": len(found)},
                "choices": [Choice(names.edge(a["edge"]), key(a)) for a in found],
            }
        )


def spent(names: Names, items: Iterable[str]) -> int:
    prices = names.catalog.new_beginning_prices
    sales = names.catalog.new_beginning_sales
    return sum(-sales[item] if item in sales else prices[item] for item in items)


def item_price(names: Names, item: str) -> str:
    if item in names.catalog.new_beginning_sales:
        return f"+${names.catalog.new_beginning_sales[item]}"
    return f"${names.catalog.new_beginning_prices[item]}"
