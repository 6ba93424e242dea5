"""Buildings in phase 3: construction (BG-6.1), step 12a (BG-6.1.5), building income with
the Grocer's choice (BG-5.10, BG-7.2) and attacks on buildings (BG-6.7)."""

from __future__ import annotations

from itertools import compress

from carson.games.board.catalog import BUILDING_IDS
from carson.games.board.engine import tasks
from carson.games.board.engine.model import (
    SPACES,
    Construction,
    DecisionKind,
    Menu,
    OrderAsk,
    OrderOf,
    Origin,
    WindowAsk,
    menu_ask,
)
from carson.games.board.engine.options import Double, Pick
from carson.games.board.engine.table import BoardTable
from carson.games.board.town import HOUSE, MOUNTAIN, NO_OWNER, PARCELS, coords

NOT_BUILDINGS = (None, HOUSE, MOUNTAIN)
_BUILDINGS = frozenset(BUILDING_IDS)


def start_construction(g: BoardTable, seat: int, building: str, origin: Origin) -> None:
    g.construction = Construction(seat, building, origin)
    g.ask(DecisionKind.CONSTRUCT, (seat,))


def build_window(g: BoardTable, index: int) -> None:
    """BG-6.1.5: step 12a, each player in turn order builds stored buildings or not."""
    order = g.round.turn_order
    # BG-6.1.5: given_up is reset when phase 3 is queued, not here: the first seat comes
    # back to index 0 after each building, and must not be offered a put-back one again.
    # The seats with nothing to build are passed over here, not by a task each (it ran
    # next anyway: nothing comes between).
    while index < len(order):
        seat = order[index]
        if g.players[seat].stored and stored_choices(g, seat):
            g.ask(DecisionKind.STORED, (seat,), WindowAsk(index))
            return
        index += 1


def stored_choices(g: BoardTable, seat: int) -> list[str]:
    given_up = g.round.given_up
    return sorted(
        {b for b in g.players[seat].stored if (seat, b) not in given_up},
        key=BUILDING_IDS.index,
    )


# --- building income and attacks (BG-5.10, BG-6.7, BG-7.2 Grocer) ---------------------------


def grocer(g: BoardTable) -> None:
    for seat, player in enumerate(g.players):
        if (
            player.personality == "grocer"
            and player.side == "yellow"
            and player.choice == Pick.DEFER
        ):
            g.ask(DecisionKind.MENU, (seat,), menu_ask(Menu.GROCER_INCOME))


def _doubled(g: BoardTable, p: int) -> bool:
    owner = g.town.owners[p]
    if owner == NO_OWNER:
        return False
    choice = g.players[owner].choice  # ``== Double(tile)``, without building one
    return isinstance(choice, Double) and choice.building == g.town.tiles[p]


def building_income(g: BoardTable, p: int) -> int:
    """What the building on ``p`` pays its owner now (twice for a Grocer's double)."""
    income = g.town.income(p)
    return 2 * income if _doubled(g, p) else income


def _attacked(g: BoardTable) -> list[int]:
    town = g.town
    tiles, owners = town.tiles, town.owners
    return [
        target - SPACES
        for target, cows in sorted(g.cowboys_at.items())  # targets with cowboys, in order
        if target >= SPACES
        and tiles[target - SPACES] not in NOT_BUILDINGS
        and any(seat != owners[target - SPACES] for seat, _ in cows)
    ]


def pay_buildings(g: BoardTable) -> None:
    """Unattacked buildings pay first (a defender's cowboy leaves, BG-6.7.7)."""
    town = g.town
    attacked = set(_attacked(g))
    paid: list[dict[str, object]] = []
    for p in compress(range(PARCELS), map(_BUILDINGS.__contains__, town.tiles)):
        if p in attacked:
            continue
        owner = town.owners[p]
        income = building_income(g, p)
        if income:
            g.players[owner].money += income
        if g.recording:  # the event's list is all this is for
            paid.append(
                {"seat": owner, "building": town.tiles[p], "parcel": list(coords(p)),
                 "amount": income, "doubled": _doubled(g, p)}
            )  # fmt: skip
        g.clear_target(SPACES + p)
    # What each building paid whom, so players can check it (attacked ones: "attack").
    g.emit("building_income", incomes=paid)
    g.then(tasks.ATTACKS)


def attacks(g: BoardTable) -> None:
    attacked = _attacked(g)
    if not attacked:
        return
    g.then(tasks.ATTACKS)
    if len(attacked) == 1:
        resolve_attack(g, attacked[0])
    else:  # BG-4.3.9 DECISION: the first passer orders them
        ask = OrderAsk(OrderOf.ATTACKS, tuple(attacked))
        g.ask(DecisionKind.ORDER, (g.first_passer(),), ask)


def resolve_attack(g: BoardTable, p: int) -> None:
    town = g.town
    target = SPACES + p
    owner = town.owners[p]
    seats = g.seats_at(target)
    attackers = [seat for seat in seats if seat != owner]
    if town.protected_by_church(p):  # BG-6.7.2
        for seat in attackers:
            g.take_cowboy_off(target, seat, to_supply=True)
        g.clear_target(target)
        income = building_income(g, p)
        g.players[owner].money += income
        g.emit("attack", parcel=list(coords(p)), result="church", income=income)
        return
    if owner not in seats and len(attackers) == 1:  # BG-6.7.3: succeeds at once
        g.duel_winner = attackers[0]
        g.then(tasks.attack_won(p))
        return
    g.then(tasks.fight(target, tuple(seats)), tasks.attack_won(p))


def attack_won(g: BoardTable, p: int) -> None:
    town = g.town
    owner = town.owners[p]
    winner = g.duel_winner
    assert winner is not None
    income = building_income(g, p)
    if winner == owner:  # BG-6.7.5
        g.players[owner].money += income
        result = "defended"
    else:  # BG-6.7.4, BG-6.7.6 (doubled: each gets the normal income)
        share = income // 2
        g.players[owner].money += income - share
        g.players[winner].money += share
        result = "robbed"
    g.clear_target(SPACES + p)
    g.emit("attack", parcel=list(coords(p)), result=result, winner=winner, income=income)
