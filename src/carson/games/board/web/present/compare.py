"""Comparing parcels for a building or its free house (issue 25): the player marks up to
four of the parcels the decision offers, and the page shows side by side what each would
change in every building's income (BG-6.3, BG-9.5: what the town pays each round), the
player's own and the others', with a button to build there.

The marked parcels travel in the page's query (``?cmp=D4,E5``), as the card game's compared
places do: nothing is stored, and a parcel the decision does not offer now is left out. The
incomes come from the town in the seat's view, as the view's own ``income`` figures do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from carson.core.game import JSON
from carson.games.board.town import HOUSE, MOUNTAIN, PARCELS, Town, parcel
from carson.games.board.web.present.common import COLUMNS, key, parcel_label

MAX_COMPARED = 4
#: The decisions whose parcels may be compared, and the tile each puts on the parcel.
COMPARED_ACTIONS = {"build": None, "house": HOUSE}
Place = tuple[int, int]


def compared(query: Mapping[str, str]) -> list[Place] | None:
    """The parcels the query marks (``None``: the player is not comparing), the last
    :data:`MAX_COMPARED` of them; parts that are not a parcel's label are ignored."""
    if "cmp" not in query:
        return None
    places: list[Place] = []
    for part in query["cmp"].split(",")[: 4 * MAX_COMPARED]:  # a bounded amount of work
        label = part.strip().upper()
        if len(label) != 2 or label[0] not in COLUMNS or not label[1].isdigit():
            continue
        place = (COLUMNS.index(label[0]), int(label[1]) - 1)
        if 0 <= place[1] < len(COLUMNS) and place not in places:
            places.append(place)
    return places[-MAX_COMPARED:]


def _town(view: Mapping[str, Any]) -> Town:
    """The town of the view: tiles, owners and river (what incomes depend on)."""
    town = Town(parcel(p["x"], p["y"]) for p in view["parcels"] if p["river"])
    owners = list(town.owners)
    for entry in view["parcels"]:
        p = parcel(entry["x"], entry["y"])
        town.tiles[p] = entry["tile"]
        owners[p] = -1 if entry["owner"] is None else entry["owner"]
    town.set_owners(owners)
    return town


def incomes(town: Town, seats: int) -> list[int]:
    """What the town's buildings pay each seat per round now (BG-6.3)."""
    paid = [0] * seats
    for p in range(PARCELS):
        owner = town.owners[p]
        if 0 <= owner < seats and town.tiles[p] not in (None, HOUSE, MOUNTAIN):
            paid[owner] += town.income(p)
    return paid


def comparison(
    view: Mapping[str, Any], me: int, legal: Sequence[Mapping[str, Any]], places: Sequence[Place]
) -> JSON | None:
    """The rows of the comparison (a parcel, the change of the seat's income and of the
    others', the action) and, for each parcel offered, the query that marks or unmarks it;
    ``None`` when the decision offers fewer than two parcels to compare."""
    offered = {
        tuple(action["parcel"]): action for action in legal if action["kind"] in COMPARED_ACTIONS
    }
    if len(offered) < 2:
        return None
    construction = view.get("construction") or {}
    town = _town(view)
    seats = len(view["players"])
    before = incomes(town, seats)
    kept = [place for place in places if place in offered]
    changes: list[tuple[int, int]] = []  # (the seat's own, the others') income change
    for x, y in kept:
        action = offered[(x, y)]
        after = town.clone()
        after.tiles[parcel(x, y)] = COMPARED_ACTIONS[action["kind"]] or construction.get("building")
        now = incomes(after, seats)
        others = sum(now) - now[me] - (sum(before) - before[me])
        changes.append((now[me] - before[me], others))
    best = max((mine for mine, _ in changes), default=None)  # the most for the seat
    rows = [
        {"parcel": parcel_label(x, y), "mine": f"{mine:+d}", "others": f"{others:+d}",
         "action": key(offered[(x, y)]), "best": len(kept) > 1 and mine == best}
        for (x, y), (mine, others) in zip(kept, changes, strict=True)
    ]  # fmt: skip
    links = []
    for x, y in sorted(offered, key=lambda place: (place[1], place[0])):
        marked = (x, y) in kept
        toggled = [p for p in kept if p != (x, y)] if marked else [*kept, (x, y)]
        query = ",".join(parcel_label(*p) for p in toggled[-MAX_COMPARED:])
        links.append({"parcel": parcel_label(x, y), "marked": marked, "query": query})
    return {"rows": rows, "links": links}
