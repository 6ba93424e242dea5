"""Decisions while a building goes on the board: roads, asking for parcels and the building's
parcel (BG-6.1, BG-9.1, BG-9.4), the free house (BG-6.1.4), answers to an asker (BG-9.4),
and building stored buildings in step 12a (BG-6.1.5)."""

from __future__ import annotations

from carson.games.board.catalog import BUILDING_IDS
from carson.games.board.engine.actions import GRANT_ALL, PASS, BoardAction, shared
from carson.games.board.engine.flow.buildings import start_construction, stored_choices
from carson.games.board.engine.model import (
    Construction,
    Decision,
    DecisionKind,
    GrantAsk,
    Origin,
    WindowAsk,
)
from carson.games.board.engine.table import BoardTable
from carson.games.board.engine.tasks import BuildWindow
from carson.games.board.town import HOUSE, coords, edge_name


def _building(g: BoardTable) -> Construction:
    build = g.construction
    assert build is not None
    return build


def legal_construct(g: BoardTable, seat: int) -> list[BoardAction]:
    build = _building(g)
    legal = [shared("store")]
    legal += [shared("build", p) for p in g.building_spots(build)]
    if g.catalog.buildings[build.building].needs_road:  # BG-9.1: roads only for these
        legal += [shared("road", edge) for edge in g.road_choices(seat)]
        legal += [
            shared("ask", other)
            for other in range(g.config.players)
            if other != seat and other not in build.asked and g.has_free_parcel(other)
        ]
    return legal


def apply_construct(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    build = _building(g)
    player = g.players[seat]
    if action.kind == "store":
        g.construction = None
        _take_roads_back(g, seat, build)
        player.stored.append(build.building)
        if build.origin == Origin.STORED:
            g.round.given_up.add((seat, build.building))
        g.emit("stored", seat=seat, building=build.building)
    elif action.kind == "road":
        player.roads -= g.town.road_cost(action.arg)
        g.town.add_road(action.arg)
        build.roads = (*build.roads, action.arg)
        g.emit("road", seat=seat, edge=list(edge_name(action.arg)))
        g.ask(DecisionKind.CONSTRUCT, (seat,))
    elif action.kind == "ask":
        build.asked = build.asked | {action.arg}
        g.emit("ask", seat=seat, owner=action.arg)
        _ask_grant(g, action.arg, build)
    else:
        _build(g, seat, build, action.arg)


def _take_roads_back(g: BoardTable, seat: int, build: Construction) -> None:
    """BG-9.1 (DECISION): roads are laid only for a building that goes on the board; when
    the builder stores it instead, the roads laid for it return to his supply."""
    if not build.roads:
        return
    for edge in reversed(build.roads):
        g.players[seat].roads += g.town.road_cost(edge)
        g.town.remove_road(edge)
    g.emit("roads_back", seat=seat, edges=[list(edge_name(edge)) for edge in build.roads])
    build.roads = ()


def _build(g: BoardTable, seat: int, build: Construction, p: int) -> None:
    g.town.tiles[p] = build.building
    build.parcel = p
    info = g.catalog.buildings[build.building]
    g.players[seat].revolvers += info.revolvers  # BG-6.1.6
    if g.recording:  # (searches: the event's data not even built)
        g.emit("built", seat=seat, building=build.building, parcel=list(coords(p)))
    if info.needs_road:
        g.ask(DecisionKind.HOUSE, (seat,))
    else:
        g.construction = None


def legal_house(g: BoardTable, seat: int) -> list[BoardAction]:
    return [shared("house", p) for p in g.house_spots(_building(g))]


def apply_house(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    g.town.tiles[action.arg] = HOUSE
    g.construction = None
    g.emit("house", seat=seat, parcel=list(coords(action.arg)))


def _offered(g: BoardTable, owner: int, build: Construction) -> list[int]:
    """The owner's free parcels not granted yet for this building (BG-9.4)."""
    return [p for p in g.free_parcels_of(owner) if p not in build.granted]


def _ask_grant(g: BoardTable, owner: int, build: Construction) -> None:
    town = g.town
    access = tuple(
        p for p in _offered(g, owner, build) if p not in town.river and town.has_access(p)
    )
    g.ask(DecisionKind.GRANT, (owner,), GrantAsk(build.seat, access))


def legal_grant(g: BoardTable, seat: int) -> list[BoardAction]:
    offered = _offered(g, seat, _building(g))
    legal = [PASS] + [shared("grant", p) for p in offered]
    if len(offered) > 1:  # issue 19: every one at once (one parcel: "grant" does it)
        legal.append(GRANT_ALL)
    return legal


def apply_grant(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    build = _building(g)
    if action.kind == "pass":
        g.ask(DecisionKind.CONSTRUCT, (build.seat,))
        return
    granting = _offered(g, seat, build) if action.kind == "grant_all" else [action.arg]
    for p in granting:
        build.granted = build.granted | {p}
        g.emit("grant", seat=seat, parcel=list(coords(p)))
    if action.kind == "grant_all":
        g.ask(DecisionKind.CONSTRUCT, (build.seat,))
    else:
        _ask_grant(g, seat, build)


def legal_stored(g: BoardTable, seat: int) -> list[BoardAction]:
    return [PASS] + [shared("build_stored", BUILDING_IDS.index(b)) for b in stored_choices(g, seat)]


def apply_stored(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    assert isinstance(d.ask, WindowAsk)
    index = d.ask.index
    if action.kind == "pass":
        g.then(BuildWindow(index + 1))
        return
    building = BUILDING_IDS[action.arg]
    g.players[seat].stored.remove(building)
    g.then(BuildWindow(index))  # back to this player once the building is placed
    start_construction(g, seat, building, Origin.STORED)
