"""The small menus (``menu`` decisions): a personality's options (BG-7.2, BG-7.3), a won
construction space's building (BG-5.6), the cash limit's rounding (BG-4.4.3)."""

from __future__ import annotations

from carson.games.board.catalog import BUILDING_IDS
from carson.games.board.engine.actions import PASS, BoardAction, menu_option, option_action
from carson.games.board.engine.flow.buildings import start_construction
from carson.games.board.engine.flow.gains import gain_vp, pay_excess
from carson.games.board.engine.model import (
    BANKER_VP,
    BUILD_PRICES,
    CAPTAIN_COWBOYS,
    CAPTAIN_REVOLVERS,
    Decision,
    Menu,
    MenuAsk,
    Origin,
)
from carson.games.board.engine.options import (
    GROCER_MONEY,
    WORKER_PRICE,
    BankerVP,
    Cowboys,
    Double,
    MenuOption,
    Pick,
    Revolvers,
    WorkerBuy,
)
from carson.games.board.engine.table import BoardTable

#: Menus that force a choice between their options: no "pass".
FORCED = (Menu.GROCER, Menu.GROCER_INCOME, Menu.RED_CHOICE)


def menu_options(g: BoardTable, seat: int, about: Menu) -> list[MenuOption]:
    """The options of a small menu ("pass" is added where the rules allow it)."""
    player = g.players[seat]
    money = player.money
    match about:
        case Menu.BUILD:
            return [Pick.TAKE]
        case Menu.GROCER:  # yellow, at selection (BG-7.2 DECISION)
            return [Pick.MONEY_NOW, Pick.DEFER]
        case Menu.GROCER_INCOME:  # the deferred yellow Grocer at INCOME_BUILDINGS
            owned = {g.town.tiles[p] for p in g.town.buildings_of(seat)}
            return [Pick.MONEY, *(Double(b) for b in BUILDING_IDS if b in owned)]
        case Menu.RED_CHOICE:  # red Settler / red Grocer: $8 now or VP at round end
            return [Pick.MONEY, Pick.VP]
        case Menu.CAPTAIN if player.side == "yellow":
            general = g.general_cowboys(seat)
            return [
                Cowboys(k)
                for k, price in CAPTAIN_COWBOYS.items()
                if price <= money and k <= general
            ]
        case Menu.CAPTAIN:
            return [Revolvers(k) for k, price in CAPTAIN_REVOLVERS.items() if price <= money]
        case Menu.WORKER:
            if money < WORKER_PRICE:
                return []
            return [WorkerBuy(price) for price in BUILD_PRICES if g.build_spaces[price]]
        case Menu.BANKER:
            return [BankerVP(vp) for vp, price in BANKER_VP.items() if price <= money]
        case Menu.CASH:
            return [Pick.ROUND_UP]


def legal_menu(g: BoardTable, seat: int) -> list[BoardAction]:
    d = g.decision
    assert d is not None
    about = d.menu().about
    actions = [option_action(choice) for choice in menu_options(g, seat, about)]
    return actions if about in FORCED else [PASS, *actions]


def apply_menu(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    ask = d.menu()
    if action.kind == "pass":
        if ask.about == Menu.CASH:
            assert ask.excess is not None
            pay_excess(g, seat, ask.excess, ask.excess // 10)
        return
    choice = menu_option(action)
    player = g.players[seat]
    match choice:
        case Pick.TAKE:
            _buy_from_space(g, seat, ask)
        case Pick.MONEY_NOW | Pick.MONEY:
            player.money += GROCER_MONEY
            player.choice = Pick.MONEY
        case Pick.DEFER | Pick.VP | Double():
            player.choice = choice
        case Cowboys(k):
            player.money -= CAPTAIN_COWBOYS[k]
            player.cowboys += k
        case Revolvers(k):
            player.money -= CAPTAIN_REVOLVERS[k]
            player.revolvers += k
        case WorkerBuy(price):
            _worker_buys(g, seat, price)
        case BankerVP(vp):
            player.money -= BANKER_VP[vp]
            gain_vp(g, seat, vp, "banker")
        case Pick.ROUND_UP:
            assert ask.excess is not None
            tens = -(-ask.excess // 10)
            pay_excess(g, seat, 10 * tens, tens)


def _buy_from_space(g: BoardTable, seat: int, ask: MenuAsk) -> None:
    """BG-5.6: the building of the construction space one won, at its price."""
    price = ask.price
    assert price is not None
    paid = g.building_price(seat, price)
    g.players[seat].money -= paid
    building = g.build_spaces[price]
    assert building is not None
    g.build_spaces[price] = None
    g.emit("bought", seat=seat, building=building, price=paid)
    start_construction(g, seat, building, Origin.SPACE)


def _worker_buys(g: BoardTable, seat: int, price: int) -> None:
    """BG-7.3 red Worker: one building of the track for $5, the track packed at once."""
    building = g.build_spaces[price]
    assert building is not None
    g.players[seat].money -= WORKER_PRICE
    g.build_spaces[price] = None
    g.pack_and_refill()
    g.emit("bought", seat=seat, building=building, price=WORKER_PRICE)
    start_construction(g, seat, building, Origin.WORKER)
