"""Phase 3 on the action track: each space in turn and what its winner gets (BG-5)."""

from __future__ import annotations

from collections.abc import Callable

from carson.games.board.catalog import SPACE_IDS
from carson.games.board.engine import tasks
from carson.games.board.engine.flow.gains import gain_income, gain_vp
from carson.games.board.engine.model import NO_DUEL, DecisionKind, Menu, S, count_ask, menu_ask
from carson.games.board.engine.table import BoardTable

WAGES = 4  # BG-5.1: dollars for every cowboy on WAGES
#: The price in a construction space's and a VP purchase's name ("build_6", "buy_vp_8"),
#: read once (every won space of a search's iterations asked it of the name).
BUILD_PRICE_OF = {name: int(name.split("_")[1]) for name in SPACE_IDS if name.startswith("build_")}
VP_PRICE_OF = {
    name: int(name.rsplit("_", 1)[1]) for name in SPACE_IDS if name.startswith("buy_vp_")
}


def space(g: BoardTable, space: int) -> None:
    if space == S["parcel_purchase"]:
        g.then(tasks.CONTESTED, tasks.uncontested(0))
        return
    if space == S["income_buildings"]:
        g.then(tasks.GROCER, tasks.BUILDING_INCOME)
        return
    if not g.cowboys_at.get(space):  # most spaces: nobody there
        return
    seats = g.seats_at(space)
    if space in NO_DUEL:  # BG-5.1, BG-5.4: every cowboy counts
        for seat, _ in g.cowboys_at[space]:
            if space == S["wages"]:
                g.players[seat].money += WAGES
            else:
                g.gain_roads(seat, 1)
        g.emit("paid", space=SPACE_IDS[space], cowboys=[s for s, _ in g.cowboys_at[space]])
        g.clear_target(space)
        return
    if len(seats) > 1:
        g.then(tasks.fight(space, tuple(seats)), tasks.won(space))
        return
    g.duel_winner = seats[0]
    g.then(tasks.won(space))


def won(g: BoardTable, space: int) -> None:
    """The (duel) winner's action on ``space`` (BG-5); his cowboy leaves (BG-4.3.6)."""
    seat = g.duel_winner
    assert seat is not None
    g.take_cowboy_off(space, seat, to_supply=False)
    _WINS[space](g, seat, SPACE_IDS[space])


def _goods(g: BoardTable, seat: int, name: str) -> None:
    """AMMUNITION, ROADS_3, the construction spaces and the VP purchases."""
    player = g.players[seat]
    if name == "ammunition":
        for other in g.players:
            other.three_revolvers = False
        player.three_revolvers = True
        g.emit("ammunition", seat=seat)
    elif name == "roads_3":
        g.gain_roads(seat, 3)
    elif name in BUILD_PRICE_OF:
        price = BUILD_PRICE_OF[name]
        if g.build_spaces[price] and player.money >= g.building_price(seat, price):
            g.ask(DecisionKind.MENU, (seat,), menu_ask(Menu.BUILD, price=price))
    elif name in VP_PRICE_OF:
        price = VP_PRICE_OF[name]
        if player.money >= price:
            g.ask(DecisionKind.COUNT, (seat,), count_ask(price))


def _income(g: BoardTable, seat: int, name: str) -> None:
    if name == "income_parcels":
        gain_income(g, seat, 2 * len(g.town.owned_by(seat)), name)
    elif name == "income_strength":
        gain_income(g, seat, 2 * g.strength(seat), name)
    elif name == "income_dice":
        dice = (g.roll(), g.roll())
        g.emit("dice", seat=seat, dice=list(dice))
        gain_income(g, seat, sum(dice), name)


def _vp(g: BoardTable, seat: int, name: str) -> None:
    if name == "vp_parcels":
        gain_vp(g, seat, len(g.town.owned_by(seat)) // 2, name)
    elif name == "vp_strength":
        gain_vp(g, seat, g.strength(seat) // 2, name)
    elif name == "vp_buildings":
        gain_vp(g, seat, len(g.town.buildings_of(seat)), name)


#: What winning each space does, by the space's name (looked up by index: every won space of
#: a search's iterations tested its name's prefixes).
_WINS: tuple[Callable[[BoardTable, int, str], None], ...] = tuple(
    _income if name.startswith("income_") else _vp if name.startswith("vp_") else _goods
    for name in SPACE_IDS
)
