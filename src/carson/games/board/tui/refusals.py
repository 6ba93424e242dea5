"""Why an answer is refused: every action a player types that the rules do not allow now
gets a message saying why (the legal actions and the town tell), never a bare "not
possible"; what is possible instead is named where a list helps."""

from __future__ import annotations

from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import PURCHASES, BoardAction
from carson.games.board.engine.state import SPACES
from carson.games.board.town import EDGE_ENDS, EDGE_SIDES, HOUSE, MOUNTAIN, edge_name
from carson.games.board.tui.ask import Ask, choices_of, parcel_list, parcel_name, target_name

#: Decisions that pick one parcel among those on offer.
PARCEL_KINDS = ("claim", "buy_parcel", "house", "grant", "order")


def refusal(ask: Ask, action: BoardAction) -> str:
    """The message for ``action``, which is not among ``ask.legal``."""
    if action.kind == "road":
        return _road(ask, action.arg)
    if action.kind == "ask":
        return _ask(ask, action.arg)
    if action.kind == "build":
        return _build(ask, action.arg)
    if action.kind in PARCEL_KINDS:
        return _parcel(ask, action)
    if action.kind in ("cowboy", "white"):
        return _target(ask, action.arg)
    if action.kind == "purchase":
        return _purchase(ask, PURCHASES[action.arg])
    if action.kind == "personality":
        name = ask.names.personality(PERSONALITY_IDS[action.arg])
        return ask.t("board", "why_personality_taken", name=name)
    return ask.t("board", "err_not_now")


def _needs_road(ask: Ask) -> tuple[bool, str]:
    """Whether the building being placed needs a road (BG-9.1), and its name."""
    build = ask.sight.construction
    if build is None or ask.decision.kind != "construct":
        return True, ""
    info = ask.sight.catalog.buildings[build.building]
    return info.needs_road, ask.names.building(build.building)


def _road(ask: Ask, edge: int) -> str:
    """BG-2.2.4, BG-9.1, BG-10.3: why no road may go on ``edge`` now."""
    sight = ask.sight
    needs, building = _needs_road(ask)
    if not needs:
        return ask.t("board", "why_road_not_needed", building=building)
    if ask.decision.kind not in ("construct", "roads"):
        return ask.t("board", "why_road_not_now")
    name = ask.names.edge(edge_name(edge))
    roads = sight.players[ask.seat].roads
    town = sight.town
    sides = EDGE_SIDES[edge]
    if roads <= 0:
        return ask.t("board", "why_no_roads_left")
    if edge in town.roads:
        return ask.t("board", "why_road_there", edge=name)
    if len(sides) == 1 and sides[0] in town.river:
        return ask.t("board", "why_road_river_border", edge=name)
    if not any(end in town.road_vertices for end in EDGE_ENDS[edge]):
        return ask.t("board", "why_road_not_connected", edge=name)
    if town.road_cost(edge) > roads:
        return ask.t("board", "why_road_bridge", edge=name, roads=roads)
    return ask.t("board", "err_not_now")


def _ask(ask: Ask, other: int) -> str:
    """BG-9.4: why the builder may not ask ``other`` for parcels for the house."""
    sight = ask.sight
    needs, building = _needs_road(ask)
    if not needs:
        return ask.t("board", "why_ask_not_needed", building=building)
    count = sight.config.players
    if not 0 <= other < count:
        return ask.t("board", "why_no_player", number=other + 1, count=count)
    if other == ask.seat:
        return ask.t("board", "why_ask_self")
    build = sight.construction
    if build is not None and other in build.asked:
        return ask.t("board", "why_asked", who=ask.names.who(other))
    return ask.t("board", "why_ask_nothing", who=ask.names.who(other))


def _build(ask: Ask, p: int) -> str:
    """BG-6.1.2–6.1.4: why the building may not go on parcel ``p``."""
    town = ask.sight.town
    found = _not_free(ask, p)
    if found is not None:
        return found
    if town.owners[p] != ask.seat:
        return ask.t("board", "why_not_yours", parcel=parcel_name(p))
    needs, building = _needs_road(ask)
    if needs and not town.has_access(p):
        return ask.t("board", "why_no_access", parcel=parcel_name(p), building=building)
    return ask.t("board", "why_no_house")


def _not_free(ask: Ask, p: int) -> str | None:
    """Parcel ``p`` is river, built on or someone else's: the message, else None."""
    town = ask.sight.town
    if p in town.river:
        return ask.t("board", "why_river", parcel=parcel_name(p))
    tile = town.tiles[p]
    if tile is not None:
        what = ask.t("board", "mountain") if tile == MOUNTAIN else ask.names.building(tile)
        return ask.t("board", "why_built", parcel=parcel_name(p), tile=what)
    owner = town.owners[p]
    if owner >= 0 and owner != ask.seat:
        return ask.t("board", "why_owned", parcel=parcel_name(p), who=ask.names.who(owner))
    return None


def _parcel(ask: Ask, action: BoardAction) -> str:
    """A parcel that is not on offer in this decision: why, and which are."""
    offered = parcel_list(choices_of(ask, action.kind))
    town, p = ask.sight.town, action.arg
    found = _not_free(ask, p) if action.kind in ("claim", "house") else None
    if found is None and action.kind == "house" and not town.has_access(p):
        found = ask.t("board", "why_house_access", parcel=parcel_name(p))
    if found is None and action.kind == "claim" and town.owners[p] >= 0:
        found = ask.t("board", "why_claimed", parcel=parcel_name(p))
    if found is None:
        found = ask.t("board", "why_not_offered", parcel=parcel_name(action.arg))
    return found + " " + ask.t("board", "why_offered", parcels=offered or "—")


def _target(ask: Ask, target: int) -> str:
    """BG-2.4, BG-4.2: why no cowboy may go on ``target`` now."""
    sight = ask.sight
    where = target_name(ask, target)
    if target < SPACES:
        if not sight.catalog.spaces[target].takes_cowboys:
            return ask.t("board", "why_reminder", space=where)
        if sight.blocked(target):
            return ask.t("board", "why_blocked", space=where)
    cows = sight.cowboys_at.get(target) or []
    if any(white for _, white in cows):
        return ask.t("board", "why_white_there", target=where)
    if any(seat == ask.seat for seat, _ in cows):
        return ask.t("board", "why_there_already", target=where)
    if target >= SPACES:
        p = target - SPACES
        tile = sight.town.tiles[p]
        if sight.town.owners[p] == ask.seat and tile in (None, HOUSE, MOUNTAIN):
            return ask.t("board", "why_own_parcel", parcel=where)
        found = _not_free(ask, p) if tile in (None, HOUSE, MOUNTAIN) else None
        if found is not None:
            return found
    return ask.t("board", "why_target", target=where)


def _purchase(ask: Ask, item: str) -> str:
    """BG-10.4: why ``item`` may not be bought now (the engine decides; this names the
    reason among those the rules give)."""
    catalog, player = ask.sight.catalog, ask.sight.players[ask.seat]
    name = ask.t("board_items", item)
    if item.startswith("sell_"):
        return ask.t("board", "why_sell_once")
    spent = sum(
        -catalog.new_beginning_sales[bought]
        if bought in catalog.new_beginning_sales
        else catalog.new_beginning_prices[bought]
        for bought in ask.sight.own_purchases()
    )
    price = catalog.new_beginning_prices[item]
    if price > player.money - spent:
        return ask.t("board", "why_purchase_money", item=name, price=price,
                     money=player.money - spent)  # fmt: skip
    if item == "sharpshooter" and "sharpshooter" not in ask.sight.own_purchases():
        return ask.t("board", "why_no_sharpshooter")
    return ask.t("board", "why_purchase_most", item=name)
