"""The board game's decisions: for each kind, what is legal and what an action does.

``legal_<kind>(game, seat)`` lists the actions; ``apply_<kind>(game, seat, action, decision)``
plays one (the state has already checked it is legal) and may open the next decision."""

from __future__ import annotations

from typing import Any

from carson.games.board.catalog import BUILDING_IDS, PERSONALITY_IDS
from carson.games.board.engine.actions import (
    MAX_COUNT,
    OPTIONS,
    PASS,
    PURCHASES,
    BoardAction,
    option,
)
from carson.games.board.engine.flow import (
    affordable_parcels,
    finish_duel,
    gain_vp,
    offer_parcels,
    pay_excess,
    record_pass,
    resolve_attack,
    resolve_parcel,
    start_construction,
    stored_choices,
    target_name,
)
from carson.games.board.engine.player import PlayerState
from carson.games.board.engine.state import (
    BANKER_VP,
    BUILD_PRICES,
    CAPTAIN_COWBOYS,
    CAPTAIN_REVOLVERS,
    BoardGameState,
    Decision,
)
from carson.games.board.town import (
    HOUSE,
    coords,
    edge_name,
)

# ============================================================================================
# Decisions: what is legal, and what an action does.
# ============================================================================================


def _legal_vote(g: BoardGameState, seat: int) -> list[BoardAction]:
    if g.players[seat].vote is not None:
        return []
    return [BoardAction("vote", mask) for mask in range(1 << len(PERSONALITY_IDS))]


def _apply_vote(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    g.players[seat].vote = action.arg
    waiting = tuple(s for s in d.seats if g.players[s].vote is None)
    if waiting:
        g._ask("vote", waiting)
        return
    n = g.config.players
    for index, card in enumerate(PERSONALITY_IDS):
        red = sum((player.vote or 0) >> index & 1 for player in g.players)
        if 2 * red == n:  # BG-10.1: a tie is decided at random
            g.sides[card] = g.rng.choice(("yellow", "red"))
        else:
            g.sides[card] = "red" if 2 * red > n else "yellow"
    g._emit("votes", votes={s: p.vote for s, p in enumerate(g.players)}, sides=dict(g.sides))


def _purchase_total(g: BoardGameState, player: PlayerState) -> int:
    prices = g.catalog.new_beginning_prices
    sales = g.catalog.new_beginning_sales
    total = 0
    for item in player.purchases:
        total += -sales[item] if item in sales else prices[item]
    return total


def _road_cap(g: BoardGameState) -> int:
    """carson DECISION: secret road purchases share the general supply evenly."""
    return (g.catalog.limits["roads"] - 4) // g.config.players


def _legal_purchase(g: BoardGameState, seat: int) -> list[BoardAction]:
    player = g.players[seat]
    if not player.purchasing:
        return []
    money = player.money - _purchase_total(g, player)
    prices = g.catalog.new_beginning_prices
    bought = player.purchases
    legal = [PASS]
    for index, item in enumerate(PURCHASES):
        if item.startswith("sell_"):
            ok = not any(b.startswith("sell_") for b in bought)
        else:
            ok = prices[item] <= money
            if item == "cowboy":
                ok = ok and player.cowboys + bought.count("cowboy") < 10
            elif item == "marker":
                ok = ok and bought.count("marker") < player.markers
            elif item == "road":
                ok = ok and bought.count("road") < _road_cap(g)
            elif item == "sharpshooter":  # BG-10.4 DECISION: not with duel tiles
                ok = ok and "sharpshooter" not in bought and not g.config.has("duel-tiles")
        if ok:
            legal.append(BoardAction("purchase", index))
    return legal


def _apply_purchase(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    player = g.players[seat]
    if action.kind == "purchase":
        player.purchases.append(PURCHASES[action.arg])
    else:
        player.purchasing = False
    waiting = tuple(s for s in d.seats if g.players[s].purchasing)
    if waiting:
        g._ask("purchase", waiting)
        return
    for index, other in enumerate(g.players):  # the reveal (BG-11.4)
        other.money -= _purchase_total(g, other)
        for item in other.purchases:
            if item == "cowboy":
                other.cowboys += 1
            elif item == "revolver":
                other.revolvers += 1
            elif item == "road":
                other.roads += 1
            elif item == "marker":
                other.claims += 1
            elif item == "vp":
                other.vp += 1
            elif item == "sharpshooter":
                other.sharpshooter = True
            elif item.startswith("sell_"):
                other.vp -= int(item.split("_")[1])  # BG-10.4 DECISION: may go negative
        g._emit("purchases", seat=index, items=other.purchases.copy())


def _legal_claim(g: BoardGameState, seat: int) -> list[BoardAction]:
    return [BoardAction("claim", p) for p in g.claimable(seat)]


def _apply_claim(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    g.players[seat].claims -= 1
    g._claim(seat, action.arg)


def _legal_personality(g: BoardGameState, seat: int) -> list[BoardAction]:
    return [BoardAction("personality", PERSONALITY_IDS.index(p)) for p in g.round.available]


def _apply_personality(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    card = PERSONALITY_IDS[action.arg]
    g.round.available.remove(card)
    player = g.players[seat]
    player.personality = card
    player.side = side = g.sides[card]
    g._emit("personality", seat=seat, id=card, side=side)
    # The immediate effects (BG-7.2 yellow, BG-7.3 red).
    if side == "yellow":
        if card == "sheriff":
            player.white = True
        elif card == "worker":
            g._gain_roads(seat, 2)
        elif card == "banker":
            player.money += 9
        elif card == "settler":
            if g.claimable(seat):
                g._ask("settler", (seat,))
        elif card in ("grocer", "captain") and _menu_options(g, seat, card):
            g._ask("menu", (seat,), about=card)
    elif card in ("settler", "grocer"):
        g._ask("menu", (seat,), about="red_choice")
    elif card in ("worker", "captain") and _menu_options(g, seat, card):
        g._ask("menu", (seat,), about=card)


def _legal_settler(g: BoardGameState, seat: int) -> list[BoardAction]:
    return [PASS, *(BoardAction("claim", p) for p in g.claimable(seat))]


def _apply_settler(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    if action.kind == "claim":
        g._claim(seat, action.arg)


def _menu_options(g: BoardGameState, seat: int, about: str) -> list[str]:
    """The named options of a small menu ("pass" is added where the rules allow it)."""
    player = g.players[seat]
    money = player.money
    if about == "build":
        return ["take"]
    if about == "grocer":  # yellow, at selection (BG-7.2 DECISION)
        return ["money_now", "defer"]
    if about == "grocer_income":  # the deferred yellow Grocer at INCOME_BUILDINGS
        owned = {g.town.tiles[p] for p in g.town.buildings_of(seat)}
        return ["money"] + [f"double:{b}" for b in BUILDING_IDS if b in owned]
    if about == "red_choice":  # red Settler / red Grocer: $8 now or VP at round end
        return ["money", "vp"]
    if about == "captain" and player.side == "yellow":
        general = g.general_cowboys(seat)
        return [
            f"cowboys_{k}"
            for k, price in CAPTAIN_COWBOYS.items()
            if price <= money and k <= general
        ]
    if about == "captain":
        return [f"revolvers_{k}" for k, price in CAPTAIN_REVOLVERS.items() if price <= money]
    if about == "worker":
        if money < 5:
            return []
        return [f"worker:{price}" for price in BUILD_PRICES if g.build_spaces[price]]
    if about == "banker":
        return [f"vp_{vp}" for vp, price in BANKER_VP.items() if price <= money]
    if about == "cash":
        return ["round_up"]
    raise AssertionError(about)


#: Menus that force a choice between their options: no "pass".
_FORCED = ("grocer", "grocer_income", "red_choice")


def _legal_menu(g: BoardGameState, seat: int) -> list[BoardAction]:
    d = g.decision
    assert d is not None
    about = d.get("about")
    actions = [option(name) for name in _menu_options(g, seat, about)]
    return actions if about in _FORCED else [PASS, *actions]


def _apply_menu(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    about = d.get("about")
    player = g.players[seat]
    if action.kind == "pass":
        if about == "cash":
            excess = d.get("excess")
            pay_excess(g, seat, excess, excess // 10)
        return
    name = OPTIONS[action.arg]
    if about == "build":
        price = d.get("price")
        player.money -= g.building_price(seat, price)
        building = g.build_spaces[price]
        assert building is not None
        g.build_spaces[price] = None
        g._emit("bought", seat=seat, building=building, price=g.building_price(seat, price))
        start_construction(g, seat, building, "space")
    elif name in ("money_now", "money"):
        player.money += 8
        player.choice = "money"
    elif name in ("defer", "vp") or name.startswith("double:"):
        player.choice = name
    elif name.startswith("cowboys_"):
        k = int(name.split("_")[1])
        player.money -= CAPTAIN_COWBOYS[k]
        player.cowboys += k
    elif name.startswith("revolvers_"):
        k = int(name.split("_")[1])
        player.money -= CAPTAIN_REVOLVERS[k]
        player.revolvers += k
    elif name.startswith("worker:"):  # BG-7.3 red Worker: one building for $5
        price = int(name.split(":")[1])
        building = g.build_spaces[price]
        assert building is not None
        player.money -= 5
        g.build_spaces[price] = None
        g._pack_and_refill()
        g._emit("bought", seat=seat, building=building, price=5)
        start_construction(g, seat, building, "worker")
    elif name.startswith("vp_"):
        vp = int(name.split("_")[1])
        player.money -= BANKER_VP[vp]
        player.vp += vp
    elif name == "round_up":
        excess = d.get("excess")
        tens = -(-excess // 10)
        pay_excess(g, seat, 10 * tens, tens)


def _legal_place(g: BoardGameState, seat: int) -> list[BoardAction]:
    player = g.players[seat]
    legal = [PASS]
    if player.cowboys:
        legal += [BoardAction("cowboy", t) for t in g.placement_targets(seat, white=False)]
    if player.white:
        legal += [BoardAction("white", t) for t in g.placement_targets(seat, white=True)]
    return legal


def _apply_place(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    r = g.round
    if action.kind == "pass":
        record_pass(g, seat)
    else:
        white = action.kind == "white"
        player = g.players[seat]
        if white:
            player.white = False
        else:
            player.cowboys -= 1
        g.cowboys_at.setdefault(action.arg, []).append((seat, white))
        g._emit("cowboy", seat=seat, target=target_name(action.arg), white=white)
    r.cursor = (r.turn_order.index(seat) + 1) % len(r.turn_order)
    g._then(("placement",))


def _legal_order(g: BoardGameState, seat: int) -> list[BoardAction]:
    d = g.decision
    assert d is not None
    return [BoardAction("order", p) for p in d.get("parcels")]


def _apply_order(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    p = action.arg
    if d.get("about") == "parcels":
        resolve_parcel(g, p)
    else:
        resolve_attack(g, p)


def _legal_tile(g: BoardGameState, seat: int) -> list[BoardAction]:
    player = g.players[seat]
    if player.tile_choice is not None:
        return []
    return [BoardAction("tile", value) for value in sorted(set(player.tiles))]


def _apply_tile(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    g.players[seat].tile_choice = action.arg
    waiting = tuple(s for s in d.seats if g.players[s].tile_choice is None)
    if waiting:
        g._ask("tile", waiting)
        return
    duel = g.duel
    assert duel is not None
    g.duel = None
    draws = {}
    for s in duel.seats:  # the reveal; used tiles go to the pool (BG-10.2)
        player = g.players[s]
        value = player.tile_choice
        player.tile_choice = None
        if value is None:
            draws[s] = 0  # BG-10.2 DECISION: no tile, value 0
            continue
        player.tiles.remove(value)
        g.pool.append(value)
        draws[s] = value
    for s in duel.seats:
        player = g.players[s]
        if not player.tiles and g.pool:  # BG-10.2 DECISION: draw 3 at once
            g.pool.sort()
            drawn = g.rng.sample(g.pool, min(3, len(g.pool)))
            for value in drawn:
                g.pool.remove(value)
            player.tiles = sorted(drawn)
    finish_duel(g, duel.target, duel.seats, draws)


def _legal_buy_parcels(g: BoardGameState, seat: int) -> list[BoardAction]:
    d = g.decision
    assert d is not None
    return [
        PASS,
        *(BoardAction("buy_parcel", p) for p in affordable_parcels(g, seat, d.get("parcels"))),
    ]


def _apply_buy_parcels(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    if action.kind == "pass":
        return
    p = action.arg
    g._claim(seat, p, price=g.town.price(p))
    rest = tuple(q for q in d.get("parcels") if q != p)
    offer_parcels(g, seat, rest)


def _legal_construct(g: BoardGameState, seat: int) -> list[BoardAction]:
    build = g.construction
    assert build is not None
    legal = [BoardAction("store")]
    legal += [BoardAction("build", p) for p in g.building_spots(build)]
    if g.catalog.buildings[build.building].needs_road:  # BG-9.1: roads only for these
        legal += [BoardAction("road", edge) for edge in g.road_choices(seat)]
        legal += [
            BoardAction("ask", other)
            for other in range(g.config.players)
            if other != seat and other not in build.asked and g.free_parcels_of(other)
        ]
    return legal


def _apply_construct(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    build = g.construction
    assert build is not None
    player = g.players[seat]
    if action.kind == "store":
        g.construction = None
        player.stored.append(build.building)
        if build.origin == "stored":
            g.round.given_up.add((seat, build.building))
        g._emit("stored", seat=seat, building=build.building)
        return
    if action.kind == "road":
        player.roads -= g.town.road_cost(action.arg)
        g.town.add_road(action.arg)
        g._emit("road", seat=seat, edge=list(edge_name(action.arg)))
        g._ask("construct", (seat,))
        return
    if action.kind == "ask":
        build.asked = build.asked | {action.arg}
        g._emit("ask", seat=seat, owner=action.arg)
        g._ask("grant", (action.arg,), asker=seat)
        return
    p = action.arg  # build
    g.town.tiles[p] = build.building
    build.parcel = p
    info = g.catalog.buildings[build.building]
    player.revolvers += info.revolvers  # BG-6.1.6
    g._emit("built", seat=seat, building=build.building, parcel=list(coords(p)))
    if info.needs_road:
        g._ask("house", (seat,))
    else:
        g.construction = None


def _legal_house(g: BoardGameState, seat: int) -> list[BoardAction]:
    build = g.construction
    assert build is not None
    return [BoardAction("house", p) for p in g.house_spots(build)]


def _apply_house(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    g.town.tiles[action.arg] = HOUSE
    g.construction = None
    g._emit("house", seat=seat, parcel=list(coords(action.arg)))


def _legal_grant(g: BoardGameState, seat: int) -> list[BoardAction]:
    build = g.construction
    assert build is not None
    return [PASS] + [
        BoardAction("grant", p) for p in g.free_parcels_of(seat) if p not in build.granted
    ]


def _apply_grant(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    build = g.construction
    assert build is not None
    if action.kind == "grant":
        build.granted = build.granted | {action.arg}
        g._emit("grant", seat=seat, parcel=list(coords(action.arg)))
        g._ask("grant", (seat,), asker=build.seat)
        return
    g._ask("construct", (build.seat,))


def _legal_stored(g: BoardGameState, seat: int) -> list[BoardAction]:
    return [PASS] + [
        BoardAction("build_stored", BUILDING_IDS.index(b)) for b in stored_choices(g, seat)
    ]


def _apply_stored(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    index = d.get("index")
    if action.kind == "pass":
        g._then(("build_window", index + 1))
        return
    building = BUILDING_IDS[action.arg]
    g.players[seat].stored.remove(building)
    g._then(("build_window", index))  # back to this player once the building is placed
    start_construction(g, seat, building, "stored")


def _legal_count(g: BoardGameState, seat: int) -> list[BoardAction]:
    d = g.decision
    assert d is not None
    most = min(g.players[seat].money // d.get("price"), MAX_COUNT)
    return [BoardAction("count", k) for k in range(most + 1)]


def _apply_count(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    if action.arg:
        g.players[seat].money -= action.arg * d.get("price")
        gain_vp(g, seat, action.arg, "bought")


def _legal_roads(g: BoardGameState, seat: int) -> list[BoardAction]:
    return [PASS, *(BoardAction("road", edge) for edge in g.road_choices(seat))]


def _apply_roads(g: BoardGameState, seat: int, action: BoardAction, d: Decision) -> None:
    if action.kind == "pass":
        return
    g.players[seat].roads -= g.town.road_cost(action.arg)
    g.town.add_road(action.arg)
    g._emit("road", seat=seat, edge=list(edge_name(action.arg)))
    if g.road_choices(seat):
        g._ask("roads", (seat,))


LEGAL: dict[str, Any] = {
    name[7:]: function for name, function in globals().items() if name.startswith("_legal_")
}
APPLY: dict[str, Any] = {
    name[7:]: function for name, function in globals().items() if name.startswith("_apply_")
}
