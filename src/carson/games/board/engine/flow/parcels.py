"""Phase 3's parcel purchase (BG-4.3.8, BG-5.5): contested parcels, then uncontested ones."""

from __future__ import annotations

from carson.games.board.engine import tasks
from carson.games.board.engine.model import SPACES, DecisionKind, OrderAsk, OrderOf, ParcelsAsk
from carson.games.board.engine.table import BoardTable
from carson.games.board.town import NO_OWNER


def _contested(g: BoardTable) -> list[int]:
    # BG-4.3.8, BG-5.5: only unowned parcels; cowboys on buildings wait for BG-6.7.
    owners = g.town.owners
    return [
        target - SPACES
        for target in sorted(g.cowboys_at)  # parcels with cowboys, in parcel order
        if target >= SPACES and owners[target - SPACES] == NO_OWNER and len(g.seats_at(target)) > 1
    ]


def contested(g: BoardTable) -> None:
    parcels = _contested(g)
    if not parcels:
        return
    g.then(tasks.CONTESTED)  # come back for the next one
    if len(parcels) == 1:
        resolve_parcel(g, parcels[0])
    else:
        ask = OrderAsk(OrderOf.PARCELS, tuple(parcels))
        g.ask(DecisionKind.ORDER, (g.first_passer(),), ask)


def resolve_parcel(g: BoardTable, p: int) -> None:
    target = SPACES + p
    g.then(tasks.fight(target, tuple(g.seats_at(target))), tasks.parcel_won(p))


def parcel_won(g: BoardTable, p: int) -> None:
    seat = g.duel_winner
    assert seat is not None
    g.take_cowboy_off(SPACES + p, seat, to_supply=False)
    offer_parcels(g, seat, (p,))


def offer_parcels(g: BoardTable, seat: int, parcels: tuple[int, ...]) -> None:
    if affordable_parcels(g, seat, parcels):
        g.ask(DecisionKind.BUY_PARCELS, (seat,), ParcelsAsk(parcels))


def affordable_parcels(g: BoardTable, seat: int, parcels: tuple[int, ...]) -> list[int]:
    player = g.players[seat]
    if player.markers <= 0:  # BG-5.5 DECISION
        return []
    return [p for p in parcels if g.town.price(p) <= player.money]


def uncontested(g: BoardTable, index: int) -> None:
    """BG-4.3.8 DECISION: player by player in turn order, each in the order he likes."""
    order = g.round.turn_order
    owners = g.town.owners  # BG-5.5: unowned parcels only, not attacked buildings (BG-6.7)
    free = [  # parcels with cowboys, in parcel order
        target
        for target in sorted(g.cowboys_at)
        if target >= SPACES and owners[target - SPACES] == NO_OWNER
    ]
    # The seats with no such parcel alone are passed over here, not by a task each (it ran
    # next anyway: nothing comes between).
    while index < len(order):
        seat = order[index]
        mine = tuple(target - SPACES for target in free if g.seats_at(target) == [seat])
        if mine:
            for p in mine:
                g.take_cowboy_off(SPACES + p, seat, to_supply=False)
            g.then(tasks.uncontested(index + 1))
            offer_parcels(g, seat, mine)
            return
        index += 1
