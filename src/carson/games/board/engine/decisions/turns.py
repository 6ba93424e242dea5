"""Decisions of the round's turns: starting parcels (BG-3.8), personalities (BG-4.1, with
their immediate effects BG-7.2/7.3), cowboy placement (BG-4.2), the first passer's order
(BG-4.3.8, BG-4.3.9), parcels to buy (BG-5.5), VP to buy (BG-5.14), river roads (BG-9.2)."""

from __future__ import annotations

from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import (
    MAX_COUNT,
    PASS,
    BoardAction,
    shared,
    shared_many,
)
from carson.games.board.engine.decisions.menus import menu_options
from carson.games.board.engine.flow.buildings import resolve_attack
from carson.games.board.engine.flow.duels import target_name
from carson.games.board.engine.flow.gains import gain_vp
from carson.games.board.engine.flow.parcels import affordable_parcels, offer_parcels, resolve_parcel
from carson.games.board.engine.flow.rounds import record_pass
from carson.games.board.engine.model import (
    CountAsk,
    Decision,
    DecisionKind,
    Menu,
    MenuAsk,
    OrderOf,
    ParcelsAsk,
)
from carson.games.board.engine.table import BoardTable
from carson.games.board.engine.tasks import PLACEMENT
from carson.games.board.town import edge_name

YELLOW_BANKER_MONEY = 9  # BG-7.2
YELLOW_WORKER_ROADS = 2  # BG-7.2


def legal_claim(g: BoardTable, seat: int) -> list[BoardAction]:
    return [shared("claim", p) for p in g.claimable(seat)]


def apply_claim(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    g.players[seat].claims -= 1
    g.claim(seat, action.arg)


def legal_personality(g: BoardTable, seat: int) -> list[BoardAction]:
    return [shared("personality", PERSONALITY_IDS.index(p)) for p in g.round.available]


def apply_personality(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    card = PERSONALITY_IDS[action.arg]
    g.round.available.remove(card)
    player = g.players[seat]
    player.personality = card
    player.side = side = g.sides[card]
    g.emit("personality", seat=seat, id=card, side=side)
    if side == "yellow":
        _yellow_effect(g, seat, card)
    elif card in ("settler", "grocer"):
        g.ask(DecisionKind.MENU, (seat,), MenuAsk(Menu.RED_CHOICE))
    elif card in ("worker", "captain"):
        _offer_menu(g, seat, Menu(card))


def _yellow_effect(g: BoardTable, seat: int, card: str) -> None:
    """BG-7.2: the yellow side's immediate effect."""
    player = g.players[seat]
    if card == "sheriff":
        player.white = True
    elif card == "worker":
        g.gain_roads(seat, YELLOW_WORKER_ROADS)
    elif card == "banker":
        player.money += YELLOW_BANKER_MONEY
    elif card == "settler":
        if g.claimable(seat):
            g.ask(DecisionKind.SETTLER, (seat,))
    elif card in ("grocer", "captain"):
        _offer_menu(g, seat, Menu(card))


def _offer_menu(g: BoardTable, seat: int, about: Menu) -> None:
    if menu_options(g, seat, about):
        g.ask(DecisionKind.MENU, (seat,), MenuAsk(about))


def legal_settler(g: BoardTable, seat: int) -> list[BoardAction]:
    return [PASS, *(shared("claim", p) for p in g.claimable(seat))]


def apply_settler(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    if action.kind == "claim":
        g.claim(seat, action.arg)


def legal_place(g: BoardTable, seat: int) -> list[BoardAction]:
    player = g.players[seat]
    legal = [PASS]
    if player.cowboys:
        legal += shared_many("cowboy", g.placement_targets(seat, white=False))
    if player.white:
        legal += shared_many("white", g.placement_targets(seat, white=True))
    return legal


def apply_place(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
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
        if g.recording:  # (searches: the event's data not even built)
            g.emit("cowboy", seat=seat, target=target_name(action.arg), white=white)
    r.cursor = (r.turn_order.index(seat) + 1) % len(r.turn_order)
    g.then(PLACEMENT)


def legal_order(g: BoardTable, seat: int) -> list[BoardAction]:
    d = g.decision
    assert d is not None
    return [shared("order", p) for p in d.order().parcels]


def apply_order(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    if d.order().about == OrderOf.PARCELS:
        resolve_parcel(g, action.arg)
    else:
        resolve_attack(g, action.arg)


def _offered(d: Decision | None) -> tuple[int, ...]:
    assert d is not None and isinstance(d.ask, ParcelsAsk)
    return d.ask.parcels


def legal_buy_parcels(g: BoardTable, seat: int) -> list[BoardAction]:
    parcels = affordable_parcels(g, seat, _offered(g.decision))
    return [PASS, *(shared("buy_parcel", p) for p in parcels)]


def apply_buy_parcels(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    if action.kind == "pass":
        return
    p = action.arg
    g.claim(seat, p, price=g.town.price(p))
    rest = tuple(q for q in _offered(d) if q != p)
    offer_parcels(g, seat, rest)


def _vp_price(d: Decision | None) -> int:
    assert d is not None and isinstance(d.ask, CountAsk)
    return d.ask.price


def legal_count(g: BoardTable, seat: int) -> list[BoardAction]:
    most = min(g.players[seat].money // _vp_price(g.decision), MAX_COUNT)
    return [shared("count", k) for k in range(most + 1)]


def apply_count(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    if action.arg:
        g.players[seat].money -= action.arg * _vp_price(d)
        gain_vp(g, seat, action.arg, "bought")


def legal_roads(g: BoardTable, seat: int) -> list[BoardAction]:
    return [PASS, *(shared("road", edge) for edge in g.road_choices(seat))]


def apply_roads(g: BoardTable, seat: int, action: BoardAction, d: Decision) -> None:
    if action.kind == "pass":
        return
    g.players[seat].roads -= g.town.road_cost(action.arg)
    g.town.add_road(action.arg)
    g.emit("road", seat=seat, edge=list(edge_name(action.arg)))
    if g.road_choices(seat):
        g.ask(DecisionKind.ROADS, (seat,))
