"""The board game's town as a map (board/web/present/town.py): the drawing's roads, owners
and figures are where the town has them, and the grid of controls over it has a labelled
element per parcel and a button per target, on the drawing's grid lines. (The browser test
in test_board_browser.py measures the same alignment on a phone.)"""

from __future__ import annotations

from typing import Any

from board_grant_scene import OFFERED, asked_for_grant
from carson.games.board.web.present.common import Seat
from carson.games.board.web.present.decisions import decide
from carson.games.board.web.present.names import Names
from carson.games.board.web.present.town import MARGIN, PARCEL, PITCH, ROAD, SIZE, town

SEATS = [Seat(0, "alice", "red"), Seat(1, "bob", "blue"), Seat(2, "carl", "green")]


def grid_line_start(line: int) -> int:
    """Where the overlay's grid line ``line`` (1-based) starts, in the drawing's units: the
    tracks are the CSS's: the margin, then road and parcel alternating."""
    tracks = [MARGIN] + [ROAD, PARCEL] * 8 + [ROAD]
    return sum(tracks[: line - 1])


def the_map() -> dict[str, Any]:
    g = asked_for_grant()
    names = Names("en", lambda text: text)
    data: dict[str, Any] = {"me": 1, "note": "", "choices": [], "lists": [], "forms": []}
    view = g.view(1)
    legal = [a.to_json() for a in g.legal_actions(1)]
    return town(names, view, decide(names, data, view, legal, SEATS, None), SEATS)


def test_the_map_draws_each_parcel_under_its_control() -> None:
    drawn = the_map()
    assert drawn["size"] == SIZE == grid_line_start(19)
    parcels = drawn["parcels"]
    assert [(p["x"], p["y"]) for p in parcels] == [(x, y) for y in range(8) for x in range(8)]
    for p in parcels:
        assert (grid_line_start(p["gx"]), grid_line_start(p["gy"])) == (p["left"], p["top"])
        assert p["label"] in p["title"]


def test_roads_owners_and_targets_are_where_the_town_has_them() -> None:
    drawn = the_map()
    # the one road, H(3, 3): the top side of D4, between the crossings (3, 3) and (4, 3)
    edge = {"x": 3 * PITCH + MARGIN + ROAD, "y": 3 * PITCH + MARGIN, "w": PARCEL, "h": ROAD}
    roads = [{k: r[k] for k in ("x", "y", "w", "h")} for r in drawn["roads"]]
    corners = [
        {"x": x * PITCH + MARGIN, "y": 3 * PITCH + MARGIN, "w": ROAD, "h": ROAD} for x in (3, 4)
    ]
    assert roads == [edge, *corners]
    owners = {(p["x"], p["y"]): p["owner"] for p in drawn["parcels"] if p["owner"]}
    assert owners == {(3, 3): "red"} | {xy: "blue" for xy in OFFERED}
    targets = {(p["x"], p["y"]): p for p in drawn["parcels"] if p["action"]}
    assert set(targets) == set(OFFERED)  # bob may grant one of his free parcels
    assert targets[(2, 2)]["verb"] == "grant (road access)"
    assert "owner: bob" in targets[(2, 2)]["title"]
