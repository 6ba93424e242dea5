"""What one seat may see of a board game (BG-11): public facts plus its own secrets.

Hidden from others: duel tiles in hand and the tile chosen for a duel, new-beginning purchases
and red-side votes until the reveal; from everybody: the bag's draw order, the pool and future
dice (they are not in the state at all: the random generator draws them when needed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carson.core.game import JSON
from carson.games.board.catalog import SPACE_IDS
from carson.games.board.town import PARCELS, coords, edge_name

if TYPE_CHECKING:
    from carson.games.board.engine.state import BoardGameState


def board_view(g: BoardGameState, seat: int | None) -> JSON:
    from carson.games.board.engine.state import BUILD_SPACE_PRICE, SPACES

    town = g.town
    spaces = []
    for index, space_id in enumerate(SPACE_IDS):
        entry: dict[str, Any] = {
            "id": space_id,
            "cowboys": [{"seat": s, "white": w} for s, w in g.cowboys_at.get(index, ())],
            "blocked": g.blocked(index),
        }
        if index in BUILD_SPACE_PRICE:
            entry["building"] = g.build_spaces[BUILD_SPACE_PRICE[index]]
        spaces.append(entry)
    parcels = []
    for p in range(PARCELS):
        parcels.append(
            {
                "x": p % 8,
                "y": p // 8,
                "tile": town.tiles[p],
                "owner": None if town.owners[p] < 0 else town.owners[p],
                "river": p in town.river,
                "price": town.price(p),
                # BG-9.5 view: a building's income for its owner now (before a Grocer's double)
                "income": None if town.tiles[p] in (None, "house", "mountain") else town.income(p),
                "cowboys": [{"seat": s, "white": w} for s, w in g.cowboys_at.get(SPACES + p, ())],
            }
        )
    purchasing = any(player.purchasing for player in g.players)
    players = []
    for index, player in enumerate(g.players):
        mine = index == seat
        entry = {
            "seat": index,
            "money": player.money,
            "vp": player.vp,
            "revolvers": player.revolvers,
            "roads": player.roads,
            "cowboys": player.cowboys,
            "white_cowboy": player.white,
            "markers": player.markers,
            "stored": list(player.stored),
            "personality": player.personality,
            "side": player.side if player.personality else None,
            "choice": player.choice,
            "three_revolvers": player.three_revolvers,
            "sharpshooter": player.sharpshooter,
            "strength": g.strength(index),
            "tiles_in_hand": len(player.tiles),
            "announced_tile_total": player.announced,  # BG-11.3: public in 3–5 players
            "voted": player.vote is not None,
            "deciding_purchases": player.purchasing,
            "tile_chosen": player.tile_choice is not None,
        }
        if mine or not purchasing:
            entry["purchases"] = list(player.purchases)
        if mine:
            entry["tiles"] = sorted(player.tiles)
            entry["vote"] = player.vote
            entry["tile_choice"] = player.tile_choice
        players.append(entry)
    decision = g.decision
    view: JSON = {
        "game": "board",
        "config": g.config.to_json(),
        "seat": seat,
        "round": g.round.number,
        "status": "over" if g.finished else "playing",
        "seats_to_act": list(g.seats_to_act),
        "decision": None
        if decision is None
        else {"kind": decision.kind, "seats": list(decision.seats), **_public(decision.data)},
        "sides": dict(g.sides),
        "available": list(g.round.available),
        "initial_order": list(g.initial_order),
        "turn_order": list(g.round.turn_order),
        "pass_order": list(g.round.pass_order),
        "spaces": spaces,
        "parcels": parcels,
        "roads": [list(edge_name(edge)) for edge in sorted(town.roads)],
        "bridges": [list(edge_name(edge)) for edge in sorted(town.bridges)],
        "bag": dict(g.bag),  # BG-11.1: the contents as a multiset are public
        "pool_size": len(g.pool),
        "players": players,
        "construction": None
        if g.construction is None
        else {
            "seat": g.construction.seat,
            "building": g.construction.building,
            "asked": sorted(g.construction.asked),
            "granted": [list(coords(p)) for p in sorted(g.construction.granted)],
        },
        # BG-10.2, BG-11: where the duel waiting for tiles is fought, and by whom (public)
        "duel": None
        if g.duel is None
        else {
            "where": SPACE_IDS[g.duel.target]
            if g.duel.target < SPACES
            else list(coords(g.duel.target - SPACES)),
            "seats": list(g.duel.seats),
        },
    }
    result = g.result()
    if result is not None:
        view["result"] = result.to_json()
    return view


def _public(data: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data:
        if key == "parcels":
            out[key] = [list(coords(p)) for p in value]
        else:
            out[key] = value
    return out
