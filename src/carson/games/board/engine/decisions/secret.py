"""Simultaneous secret decisions (BG-11.6): red-side votes (BG-10.1), "Ein neuer Anfang"
purchases (BG-10.4) and duel tiles (BG-10.2)."""

from __future__ import annotations

from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import PASS, PURCHASES, BoardAction, shared
from carson.games.board.engine.flow.duels import finish_duel
from carson.games.board.engine.model import Decision, DecisionKind
from carson.games.board.engine.player import PlayerState
from carson.games.board.engine.table import BoardTable

COWBOYS_PER_COLOUR = 10  # BG-1.3
TILES_DRAWN = 3  # BG-10.2 DECISION: a player without tiles draws 3 at once


def legal_vote(g: BoardTable, seat: int) -> list[BoardAction]:
    if g.players[seat].vote is not None:
        return []
    return [shared("vote", mask) for mask in range(1 << len(PERSONALITY_IDS))]


def apply_vote(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    g.players[seat].vote = action.arg
    waiting = tuple(s for s in d.seats if g.players[s].vote is None)
    if waiting:
        g.ask(DecisionKind.VOTE, waiting)
        return
    n = g.config.players
    for index, card in enumerate(PERSONALITY_IDS):
        red = sum((player.vote or 0) >> index & 1 for player in g.players)
        if 2 * red == n:  # BG-10.1: a tie is decided at random
            g.sides[card] = g.rng.choice(("yellow", "red"))
        else:
            g.sides[card] = "red" if 2 * red > n else "yellow"
    g.emit("votes", votes={s: p.vote for s, p in enumerate(g.players)}, sides=dict(g.sides))


def _purchase_total(g: BoardTable, player: PlayerState) -> int:
    prices = g.catalog.new_beginning_prices
    sales = g.catalog.new_beginning_sales
    total = 0
    for item in player.purchases:
        total += -sales[item] if item in sales else prices[item]
    return total


def _road_cap(g: BoardTable) -> int:
    """carson DECISION: secret road purchases share the general supply evenly."""
    return (g.catalog.limits["roads"] - 4) // g.config.players


def _may_buy(g: BoardTable, player: PlayerState, item: str, money: int) -> bool:
    bought = player.purchases
    if item.startswith("sell_"):
        return not any(b.startswith("sell_") for b in bought)
    if g.catalog.new_beginning_prices[item] > money:
        return False
    if item == "cowboy":
        return player.cowboys + bought.count("cowboy") < COWBOYS_PER_COLOUR
    if item == "marker":
        return bought.count("marker") < player.markers
    if item == "road":
        return bought.count("road") < _road_cap(g)
    if item == "sharpshooter":  # BG-10.4 DECISION: not with duel tiles
        return "sharpshooter" not in bought and not g.config.has("duel-tiles")
    return True


def legal_purchase(g: BoardTable, seat: int) -> list[BoardAction]:
    player = g.players[seat]
    if not player.purchasing:
        return []
    money = player.money - _purchase_total(g, player)
    return [PASS] + [
        BoardAction("purchase", index)
        for index, item in enumerate(PURCHASES)
        if _may_buy(g, player, item, money)
    ]


def apply_purchase(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    player = g.players[seat]
    if action.kind == "purchase":
        player.purchases.append(PURCHASES[action.arg])
    else:
        player.purchasing = False
    waiting = tuple(s for s in d.seats if g.players[s].purchasing)
    if waiting:
        g.ask(DecisionKind.PURCHASE, waiting)
        return
    for index, other in enumerate(g.players):  # the reveal (BG-11.4)
        paid, vp_before = _purchase_total(g, other), other.vp
        other.money -= paid
        for item in other.purchases:
            _receive(other, item)
        g.emit("purchases", seat=index, items=other.purchases.copy(), paid=paid,
               vp=other.vp - vp_before)  # fmt: skip


def _receive(player: PlayerState, item: str) -> None:
    if item == "cowboy":
        player.cowboys += 1
    elif item == "revolver":
        player.revolvers += 1
    elif item == "road":
        player.roads += 1
    elif item == "marker":
        player.claims += 1
    elif item == "vp":
        player.vp += 1
    elif item == "sharpshooter":
        player.sharpshooter = True
    elif item.startswith("sell_"):
        player.vp -= int(item.split("_")[1])  # BG-10.4 DECISION: may go negative


def legal_tile(g: BoardTable, seat: int) -> list[BoardAction]:
    player = g.players[seat]
    if player.tile_choice is not None:
        return []
    return [BoardAction("tile", value) for value in sorted(set(player.tiles))]


def apply_tile(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    g.players[seat].tile_choice = action.arg
    waiting = tuple(s for s in d.seats if g.players[s].tile_choice is None)
    if waiting:
        g.ask(DecisionKind.TILE, waiting)
        return
    duel = g.duel
    assert duel is not None
    g.duel = None
    draws = _reveal_tiles(g, duel.seats)
    for s in duel.seats:
        player = g.players[s]
        if not player.tiles and g.pool:
            g.pool.sort()
            drawn = g.rng.sample(g.pool, min(TILES_DRAWN, len(g.pool)))
            for value in drawn:
                g.pool.remove(value)
            player.tiles = sorted(drawn)
    finish_duel(g, duel.target, duel.seats, draws)


def _reveal_tiles(g: BoardTable, seats: tuple[int, ...]) -> dict[int, int]:
    """The reveal: each seat's tile value; used tiles go to the pool (BG-10.2)."""
    draws = {}
    for s in seats:
        player = g.players[s]
        value = player.tile_choice
        player.tile_choice = None
        if value is None:
            draws[s] = 0  # BG-10.2 DECISION: no tile, value 0
            continue
        player.tiles.remove(value)
        g.pool.append(value)
        draws[s] = value
    return draws
