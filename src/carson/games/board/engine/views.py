"""What one seat may see of a board game (BG-11): public facts plus its own secrets.

Hidden from others: duel tiles in hand and the tile chosen for a duel, new-beginning purchases
and red-side votes until the reveal; from everybody: the bag's draw order, the pool and future
dice (they are not in the state at all: the random generator draws them when needed).
"""

from __future__ import annotations

from typing import Any

from carson.core.game import JSON
from carson.games.board.catalog import SPACE_IDS
from carson.games.board.engine.model import BUILD_SPACE_PRICE, SPACES, Decision
from carson.games.board.engine.options import option_name
from carson.games.board.engine.queries import building_prices, no_duel, occupied_costs
from carson.games.board.engine.table import BoardTable
from carson.games.board.town import coords, edge_name


def board_view(g: BoardTable, seat: int | None) -> JSON:
    """Everything ``seat`` may know of the game (``None``: a spectator, public facts only)."""
    view: JSON = {
        "game": "board",
        "config": g.config.to_json(),
        "seat": seat,
        "round": g.round.number,
        "status": "over" if g.finished else "playing",
        "seats_to_act": list(g.seats_to_act),
        "decision": None if g.decision is None else _decision(g.decision),
        "sides": dict(g.sides),
        "available": list(g.round.available),
        "initial_order": list(g.initial_order),
        "turn_order": list(g.round.turn_order),
        "pass_order": list(g.round.pass_order),
        "spaces": _spaces(g),
        "parcels": _parcels(g),
        "roads": [list(edge_name(edge)) for edge in sorted(g.town.roads)],
        "bridges": [list(edge_name(edge)) for edge in sorted(g.town.bridges)],
        "bag": dict(g.bag),  # BG-11.1: the contents as a multiset are public
        "pool_size": len(g.pool),
        "players": [_player(g, index, seat) for index in range(len(g.players))],
        "construction": _construction(g),
        "duel": _duel(g),
    }
    result = g.result()
    if result is not None:
        view["result"] = result.to_json()
    return view


def _spaces(g: BoardTable) -> list[JSON]:
    spaces = []
    for index, space_id in enumerate(SPACE_IDS):
        entry: dict[str, Any] = {
            "id": space_id,
            "cowboys": [{"seat": s, "white": w} for s, w in g.cowboys_at.get(index, ())],
            "blocked": g.blocked(index),
            "no_duel": no_duel(index),  # BG-4.2.4: every cowboy counts, nobody duels
        }
        if index in BUILD_SPACE_PRICE:
            entry["building"] = g.build_spaces[BUILD_SPACE_PRICE[index]]
            entry["price"] = BUILD_SPACE_PRICE[index]
        spaces.append(entry)
    return spaces


def _parcels(g: BoardTable) -> list[JSON]:
    town = g.town
    river, cowboys_at = town.river, g.cowboys_at
    parcels = []
    # Every parcel's price from one pass over the tiles (a view is built at every move).
    for p, (tile, owner, price) in enumerate(
        zip(town.tiles, town.owners, town.prices(), strict=True)
    ):
        cowboys = cowboys_at.get(SPACES + p)
        parcels.append(
            {
                "x": p % 8,
                "y": p // 8,
                "tile": tile,
                "owner": None if owner < 0 else owner,
                "river": p in river,
                "price": price,
                # BG-9.5 view: a building's income for its owner now (before a Grocer's double)
                "income": None if tile in (None, "house", "mountain") else town.income(p),
                "cowboys": [{"seat": s, "white": w} for s, w in cowboys] if cowboys else [],
            }
        )
    return parcels


def _player(g: BoardTable, index: int, seat: int | None) -> JSON:
    player = g.players[index]
    costs = occupied_costs(g, index)  # public: cowboys and prices are on the board
    entry: JSON = {
        "seat": index,
        "money": player.money,
        "vp": player.vp,
        "revolvers": player.revolvers,
        "roads": player.roads,
        "cowboys": player.cowboys,
        "white_cowboy": player.white,
        "markers": player.markers,
        "claims": player.claims,  # starting parcels still to place (public, BG-3.8)
        "stored": list(player.stored),
        "personality": player.personality,
        "side": player.side if player.personality else None,
        "choice": None if player.choice is None else option_name(player.choice),
        "three_revolvers": player.three_revolvers,
        "sharpshooter": player.sharpshooter,
        "strength": g.strength(index),
        "tiles_in_hand": len(player.tiles),
        "announced_tile_total": player.announced,  # BG-11.3: public in 3–5 players
        "voted": player.vote is not None,
        "deciding_purchases": player.purchasing,
        "tile_chosen": player.tile_choice is not None,
        # BG-5.6: the yellow Worker pays half; what this player pays on each BUILD space
        "pays_half": g.pays_half(index),
        "building_prices": building_prices(g, index),
        # BG-9.5: what winning every place this player's cowboys stand on would cost
        "occupied_costs": {"parcels": costs.parcels, "buildings": costs.buildings},
    }
    if index == seat or not any(p.purchasing for p in g.players):
        entry["purchases"] = list(player.purchases)
    if index == seat:
        entry["tiles"] = sorted(player.tiles)
        entry["vote"] = player.vote
        entry["tile_choice"] = player.tile_choice
    return entry


def _decision(decision: Decision) -> JSON:
    out: JSON = {"kind": decision.kind.value, "seats": list(decision.seats)}
    for key, value in decision.data():
        if key in ("parcels", "access"):
            assert isinstance(value, tuple)
            out[key] = [list(coords(p)) for p in value]
        else:
            out[key] = str(value) if isinstance(value, str) else value  # enums as plain text
    return out


def _construction(g: BoardTable) -> JSON | None:
    build = g.construction
    if build is None:
        return None
    return {
        "seat": build.seat,
        "building": build.building,
        "asked": sorted(build.asked),
        "granted": [list(coords(p)) for p in sorted(build.granted)],
    }


def _duel(g: BoardTable) -> JSON | None:
    """BG-10.2, BG-11: where the duel waiting for tiles is fought, and by whom (public)."""
    if g.duel is None:
        return None
    target = g.duel.target
    where = SPACE_IDS[target] if target < SPACES else list(coords(target - SPACES))
    return {"where": where, "seats": list(g.duel.seats)}
