"""The board game's steps, run one after another from the task queue of
:class:`~carson.games.board.engine.state.BoardGameState`: setup (BG-3), the round's phases
(BG-4), actions and duels (BG-5, BG-6.7), the end of a round and of the game (BG-4.4, BG-8).
A step either finishes or opens a decision (see :mod:`carson.games.board.engine.decisions`)."""

from __future__ import annotations

from typing import Any

from carson.games.board.catalog import BUILDING_IDS, PERSONALITY_IDS, SPACE_IDS
from carson.games.board.engine.state import (
    BANKER_VP,
    NO_DUEL,
    SPACES,
    BoardGameState,
    Construction,
    Duel,
    S,
)
from carson.games.board.town import (
    HOUSE,
    MOUNTAIN,
    NO_OWNER,
    PARCEL_EDGES,
    PARCELS,
    coords,
    parcel,
)

# ============================================================================================
# Tasks: each runs a step of the game; it may queue more tasks or open a decision.
# ============================================================================================


def _t_setup(g: BoardGameState) -> None:
    config = g.config
    if config.has("red-sides"):
        g.sides = dict.fromkeys(PERSONALITY_IDS, "red")
    elif config.has("random-sides"):  # BG-10.1 DECISION: each card 50/50
        g.sides = {p: g.rng.choice(("yellow", "red")) for p in PERSONALITY_IDS}
    g._then(("board",))
    if config.has("vote-sides"):
        g._ask("vote", range(config.players))


def _t_board(g: BoardGameState) -> None:
    """BG-3: tiles and money, the centre, mountains, buildings, player order, parcels."""
    config, catalog, rng, town = g.config, g.catalog, g.rng, g.town
    n = config.players
    new_beginning = config.has("new-beginning")
    if new_beginning:  # BG-10.4 DECISION: replaces the standard start
        for player in g.players:
            player.money = catalog.new_beginning["money"]
            player.cowboys = catalog.new_beginning["cowboys"]
            player.revolvers = player.roads = player.claims = 0
            player.purchasing = True
    if config.has("duel-tiles"):
        if n == 2 or new_beginning:
            for player in g.players:
                player.tiles = list(range(6))
        else:  # BG-10.2: deal 6 of the shuffled sets; money = $30 − total
            tiles = sorted(list(range(6)) * n)
            rng.shuffle(tiles)
            for index, player in enumerate(g.players):
                player.tiles = sorted(tiles[6 * index : 6 * index + 6])
                player.money = 30 - sum(player.tiles)
                player.announced = sum(player.tiles)  # BG-11.3: public
    # BG-3.4 the centre house and its 4 roads; BG-3.5 mountains (rerolled on used parcels).
    centre = _roll_parcel(g)
    town.tiles[centre] = HOUSE
    for edge in PARCEL_EDGES[centre]:
        town.add_road(edge)
    g._emit("centre", parcel=list(coords(centre)))
    mountains = catalog.limits["river_mountains" if town.river else "mountains"]
    for _ in range(mountains):
        p = _roll_parcel(g)
        town.tiles[p] = MOUNTAIN
    # BG-3.3 the four fixed buildings and three from the bag.
    for price, building in catalog.setup_buildings.items():
        g.build_spaces[price] = building
        g.bag[building] -= 1
    for price in (5, 6, 8):
        g.build_spaces[price] = g._draw()
    # BG-3.7 the initial order.
    g.initial_order = list(range(n))
    rng.shuffle(g.initial_order)
    g.round.turn_order = g.initial_order.copy()
    g._emit("order", order=g.initial_order.copy())
    g._then(("claims",), ("round_start",))
    if new_beginning:  # BG-10.4: secret purchases, then the bought parcels
        g._ask("purchase", range(n))


def _roll_parcel(g: BoardGameState) -> int:
    """BG-2.1.2: white die → column, black die → row; reroll used or river parcels."""
    while True:
        p = parcel(g.roll(), g.roll())
        if g.town.tiles[p] is None and p not in g.town.river:
            return p


def _t_claims(g: BoardGameState) -> None:
    """BG-3.8 (snake draft) and BG-10.4 DECISION (bought markers, snake repeated)."""
    order = g.initial_order
    left = [player.claims for player in g.players]
    turns: list[tuple[Any, ...]] = []
    forward = True
    while any(left):
        for seat in order if forward else order[::-1]:
            if left[seat]:
                left[seat] -= 1
                turns.append(("claim", seat))
        forward = not forward
    g._then(*turns)


def _t_claim(g: BoardGameState, seat: int) -> None:
    if g.claimable(seat):
        g._ask("claim", (seat,))
    else:
        g.players[seat].claims = 0


def _t_round_start(g: BoardGameState) -> None:
    r = g.round
    order = g.initial_order if r.number == 1 else r.pass_order  # BG-4.1.1
    r.available = list(PERSONALITY_IDS)
    choosing = order.copy()
    r.pass_order = []
    g._emit("round", number=r.number)
    g._then(*[("choose", seat) for seat in choosing], ("turn_order",), ("placement",))


def _t_choose(g: BoardGameState, seat: int) -> None:
    g._ask("personality", (seat,))


def _t_turn_order(g: BoardGameState) -> None:
    """BG-4.1.3: ascending card numbers."""
    numbers = {p.id: p.number for p in g.catalog.personalities.values()}
    g.round.turn_order = sorted(
        range(g.config.players), key=lambda seat: numbers[g.players[seat].personality or ""]
    )
    g.round.cursor = 0
    g._emit("turn_order", order=g.round.turn_order.copy())


def _t_placement(g: BoardGameState) -> None:
    """BG-4.2.1: in turn order, cyclically, the seats that have not passed."""
    r = g.round
    n = len(r.turn_order)
    for step in range(n):
        seat = r.turn_order[(r.cursor + step) % n]
        if seat in r.pass_order:
            continue
        r.cursor = (r.cursor + step) % n
        player = g.players[seat]
        if player.cowboys == 0 and not player.white:  # BG-4.2.2 DECISION
            record_pass(g, seat)
            return g._then(("placement",))
        g._ask("place", (seat,))
        return None
    # Everyone passed: phase 3 in track order, with step 12a after BUILD_3 (BG-4.3.1).
    tasks: list[tuple[Any, ...]] = [("space", space) for space in range(SPACES)]
    tasks.insert(S["build_3"] + 1, ("build_window", 0))
    g.round.given_up = set()  # BG-6.1.5: this round's window starts afresh
    g._then(*tasks, ("end_round",))
    return None


def record_pass(g: BoardGameState, seat: int) -> None:
    g.round.pass_order.append(seat)
    g._emit("pass", seat=seat, position=len(g.round.pass_order))


def _t_space(g: BoardGameState, space: int) -> None:
    if space == S["parcel_purchase"]:
        return g._then(("contested",), ("uncontested", 0))
    if space == S["income_buildings"]:
        return g._then(("grocer",), ("building_income",))
    seats = g.seats_at(space)
    if not seats:
        return None
    if space in NO_DUEL:  # BG-5.1, BG-5.4: every cowboy counts
        for seat, _ in g.cowboys_at[space]:
            if space == S["wages"]:
                g.players[seat].money += 4
            else:
                g._gain_roads(seat, 1)
        g._emit("paid", space=SPACE_IDS[space], cowboys=[s for s, _ in g.cowboys_at[space]])
        g._clear_target(space)
        return None
    if len(seats) > 1:
        return g._then(("duel", space, tuple(seats)), ("won", space))
    g.duel_winner = seats[0]
    return g._then(("won", space))


def _t_won(g: BoardGameState, space: int) -> None:
    """The (duel) winner's action on ``space`` (BG-5); his cowboy leaves (BG-4.3.6)."""
    seat = g.duel_winner
    assert seat is not None
    g._take_cowboy_off(space, seat, to_supply=False)
    player = g.players[seat]
    name = SPACE_IDS[space]
    if name == "ammunition":
        for other in g.players:
            other.three_revolvers = False
        player.three_revolvers = True
        g._emit("ammunition", seat=seat)
    elif name == "roads_3":
        g._gain_roads(seat, 3)
    elif name.startswith("build_"):
        price = int(name.split("_")[1])
        if g.build_spaces[price] and player.money >= g.building_price(seat, price):
            g._ask("menu", (seat,), about="build", price=price)
    elif name == "income_parcels":
        gain_income(g, seat, 2 * len(g.town.owned_by(seat)), name)
    elif name == "income_strength":
        gain_income(g, seat, 2 * g.strength(seat), name)
    elif name == "income_dice":
        dice = (g.roll(), g.roll())
        g._emit("dice", seat=seat, dice=list(dice))
        gain_income(g, seat, sum(dice), name)
    elif name == "vp_parcels":
        gain_vp(g, seat, len(g.town.owned_by(seat)) // 2, name)
    elif name == "vp_strength":
        gain_vp(g, seat, g.strength(seat) // 2, name)
    elif name == "vp_buildings":
        gain_vp(g, seat, len(g.town.buildings_of(seat)), name)
    elif name.startswith("buy_vp_"):
        price = int(name.rsplit("_", 1)[1])
        if player.money >= price:
            g._ask("count", (seat,), price=price)


def gain_income(g: BoardGameState, seat: int, amount: int, why: str) -> None:
    g.players[seat].money += amount
    g._emit("income", seat=seat, amount=amount, why=why)


def gain_vp(g: BoardGameState, seat: int, amount: int, why: str) -> None:
    g.players[seat].vp += amount
    g._emit("vp", seat=seat, amount=amount, why=why)


# --- duels (BG-4.3.4, BG-4.3.5, BG-10.2) ---------------------------------------------------


def _t_duel(g: BoardGameState, target: int, seats: tuple[int, ...]) -> None:
    if g.config.has("duel-tiles"):
        holding = tuple(seat for seat in seats if g.players[seat].tiles)
        if holding:
            g.duel = Duel(target, seats)
            g._ask("tile", holding)
            return
        finish_duel(g, target, seats, dict.fromkeys(seats, 0))
        return
    values = {}
    for seat in seats:
        die = max(g.roll(), g.roll()) if g.players[seat].sharpshooter else g.roll()  # BG-9.3
        values[seat] = die
    finish_duel(g, target, seats, values)


def finish_duel(
    g: BoardGameState, target: int, seats: tuple[int, ...], draws: dict[int, int]
) -> None:
    values = {seat: draws[seat] + g.strength(seat) for seat in seats}
    best = max(values.values())
    order = g.round.pass_order
    winner = min((seat for seat in seats if values[seat] == best), key=order.index)
    g.duel_winner = winner
    g._emit("duel", where=target_name(target), draws=draws, values=values, winner=winner)
    for seat in seats:
        if seat == winner:
            continue
        g._take_cowboy_off(target, seat, to_supply=True)  # BG-4.3.5
        player = g.players[seat]
        if player.personality == "sheriff" and player.side == "red":
            player.vp += 3  # BG-7.3: 3 VP for every duel the red Sheriff loses


def target_name(target: int) -> Any:
    return SPACE_IDS[target] if target < SPACES else list(coords(target - SPACES))


# --- parcel purchase (BG-4.3.8, BG-5.5) ----------------------------------------------------


def _contested(g: BoardGameState) -> list[int]:
    # BG-4.3.8, BG-5.5: only unowned parcels; cowboys on buildings wait for BG-6.7.
    owners = g.town.owners
    return [p for p in range(PARCELS) if owners[p] == NO_OWNER and len(g.seats_at(SPACES + p)) > 1]


def _t_contested(g: BoardGameState) -> None:
    contested = _contested(g)
    if not contested:
        return
    g._then(("contested",))  # come back for the next one
    if len(contested) == 1:
        resolve_parcel(g, contested[0])
    else:
        g._ask("order", (g.first_passer(),), about="parcels", parcels=tuple(contested))


def resolve_parcel(g: BoardGameState, p: int) -> None:
    target = SPACES + p
    g._then(("duel", target, tuple(g.seats_at(target))), ("parcel_won", p))


def _t_parcel_won(g: BoardGameState, p: int) -> None:
    seat = g.duel_winner
    assert seat is not None
    g._take_cowboy_off(SPACES + p, seat, to_supply=False)
    offer_parcels(g, seat, (p,))


def offer_parcels(g: BoardGameState, seat: int, parcels: tuple[int, ...]) -> None:
    if affordable_parcels(g, seat, parcels):
        g._ask("buy_parcels", (seat,), parcels=parcels)


def affordable_parcels(g: BoardGameState, seat: int, parcels: tuple[int, ...]) -> list[int]:
    player = g.players[seat]
    if player.markers <= 0:  # BG-5.5 DECISION
        return []
    return [p for p in parcels if g.town.price(p) <= player.money]


def _t_uncontested(g: BoardGameState, index: int) -> None:
    """BG-4.3.8 DECISION: player by player in turn order, each in the order he likes."""
    order = g.round.turn_order
    if index >= len(order):
        return
    seat = order[index]
    owners = g.town.owners  # BG-5.5: unowned parcels only, not attacked buildings (BG-6.7)
    mine = tuple(
        p for p in range(PARCELS) if owners[p] == NO_OWNER and g.seats_at(SPACES + p) == [seat]
    )
    for p in mine:
        g._take_cowboy_off(SPACES + p, seat, to_supply=False)
    g._then(("uncontested", index + 1))
    offer_parcels(g, seat, mine)


# --- buildings (BG-5.6, BG-6.1, BG-9.1, BG-9.4) --------------------------------------------


def start_construction(g: BoardGameState, seat: int, building: str, origin: str) -> None:
    g.construction = Construction(seat, building, origin)
    g._ask("construct", (seat,))


def _t_build_window(g: BoardGameState, index: int) -> None:
    """BG-6.1.5: step 12a, each player in turn order builds stored buildings or not."""
    order = g.round.turn_order
    # BG-6.1.5: given_up is reset when phase 3 is queued, not here: the first seat comes
    # back to index 0 after each building, and must not be offered a put-back one again.
    if index >= len(order):
        return
    seat = order[index]
    if stored_choices(g, seat):
        g._ask("stored", (seat,), index=index)
    else:
        g._then(("build_window", index + 1))


def stored_choices(g: BoardGameState, seat: int) -> list[str]:
    given_up = g.round.given_up
    return sorted(
        {b for b in g.players[seat].stored if (seat, b) not in given_up},
        key=BUILDING_IDS.index,
    )


# --- building income and attacks (BG-5.10, BG-6.7, BG-7.2 Grocer) ---------------------------


def _t_grocer(g: BoardGameState) -> None:
    for seat, player in enumerate(g.players):
        if player.personality == "grocer" and player.side == "yellow" and player.choice == "defer":
            g._ask("menu", (seat,), about="grocer_income")


def _doubled(g: BoardGameState, p: int) -> bool:
    owner = g.town.owners[p]
    choice = g.players[owner].choice if owner != NO_OWNER else None
    return choice == f"double:{g.town.tiles[p]}"


def _building_income(g: BoardGameState, p: int) -> int:
    income = g.town.income(p)
    return 2 * income if _doubled(g, p) else income


def _attacked(g: BoardGameState) -> list[int]:
    town = g.town
    return [
        p
        for p in range(PARCELS)
        if town.tiles[p] not in (None, HOUSE, MOUNTAIN)
        and any(seat != town.owners[p] for seat in g.seats_at(SPACES + p))
    ]


def _t_building_income(g: BoardGameState) -> None:
    """Unattacked buildings pay first (a defender's cowboy leaves, BG-6.7.7)."""
    town = g.town
    attacked = set(_attacked(g))
    for p in range(PARCELS):
        tile = town.tiles[p]
        if tile in (None, HOUSE, MOUNTAIN) or p in attacked:
            continue
        owner = town.owners[p]
        income = _building_income(g, p)
        if income:
            g.players[owner].money += income
        g._clear_target(SPACES + p)
    g._emit("building_income")
    g._then(("attacks",))


def _t_attacks(g: BoardGameState) -> None:
    attacked = _attacked(g)
    if not attacked:
        return
    g._then(("attacks",))
    if len(attacked) == 1:
        resolve_attack(g, attacked[0])
    else:  # BG-4.3.9 DECISION: the first passer orders them
        g._ask("order", (g.first_passer(),), about="attacks", parcels=tuple(attacked))


def resolve_attack(g: BoardGameState, p: int) -> None:
    town = g.town
    target = SPACES + p
    owner = town.owners[p]
    seats = g.seats_at(target)
    attackers = [seat for seat in seats if seat != owner]
    if town.protected_by_church(p):  # BG-6.7.2
        for seat in attackers:
            g._take_cowboy_off(target, seat, to_supply=True)
        g._clear_target(target)
        g.players[owner].money += _building_income(g, p)
        g._emit("attack", parcel=list(coords(p)), result="church")
        return
    if owner not in seats and len(attackers) == 1:  # BG-6.7.3: succeeds at once
        g.duel_winner = attackers[0]
        g._then(("attack_won", p))
        return
    g._then(("duel", target, tuple(seats)), ("attack_won", p))


def _t_attack_won(g: BoardGameState, p: int) -> None:
    town = g.town
    owner = town.owners[p]
    winner = g.duel_winner
    assert winner is not None
    income = _building_income(g, p)
    if winner == owner:  # BG-6.7.5
        g.players[owner].money += income
        result = "defended"
    else:  # BG-6.7.4, BG-6.7.6 (doubled: each gets the normal income)
        share = income // 2
        g.players[owner].money += income - share
        g.players[winner].money += share
        result = "robbed"
    g._clear_target(SPACES + p)
    g._emit("attack", parcel=list(coords(p)), result=result, winner=winner, income=income)


# --- end of round (BG-4.4) and of the game (BG-8) -----------------------------------------


def _t_end_round(g: BoardGameState) -> None:
    last = g.round.number == g.catalog.rounds
    order = g.round.turn_order
    tasks: list[tuple[Any, ...]] = [("red_effects", seat) for seat in order]  # BG-4.4.0
    if not last:
        tasks.append(("new_cowboys",))  # BG-4.4.1, BG-4.4.2
    tasks += [("cash", seat) for seat in order]  # BG-4.4.3
    if not last:
        tasks += [("refill",), ("next_round",)]
    else:  # BG-4.4.7
        if g.town.river:
            tasks += [("road_step", seat) for seat in order]  # BG-9.2
        tasks.append(("final",))
    g._then(*tasks)


def _t_red_effects(g: BoardGameState, seat: int) -> None:
    player = g.players[seat]
    if player.side != "red":
        return
    if player.personality == "banker":
        if player.money >= min(BANKER_VP.values()):
            g._ask("menu", (seat,), about="banker")
    elif player.personality == "settler" and player.choice == "vp":
        gain_vp(g, seat, sum(g.town.tiles[p] == MOUNTAIN for p in g.town.owned_by(seat)), "settler")
    elif player.personality == "grocer" and player.choice == "vp":
        gain_vp(g, seat, sum(g.town.tiles[p] == HOUSE for p in g.town.owned_by(seat)), "grocer")


def _t_new_cowboys(g: BoardGameState) -> None:
    gain = g.catalog.new_cowboys[g.round.number - 1]
    for seat, player in enumerate(g.players):
        got = min(gain, g.general_cowboys(seat))  # BG-4.4.2: the colour's 10 at most
        player.cowboys += got
    g._emit("new_cowboys", count=gain)


def _t_cash(g: BoardGameState, seat: int) -> None:
    player = g.players[seat]
    excess = player.money - g.cash_limit(seat)
    if excess <= 0:
        return
    if excess % 10:
        g._ask("menu", (seat,), about="cash", excess=excess)
    else:
        pay_excess(g, seat, excess, excess // 10)


def pay_excess(g: BoardGameState, seat: int, paid: int, vp: int) -> None:
    g.players[seat].money -= paid
    g.players[seat].vp += vp
    g._emit("cash_limit", seat=seat, paid=paid, vp=vp)


def _t_refill(g: BoardGameState) -> None:
    g._pack_and_refill()


def _t_next_round(g: BoardGameState) -> None:
    """BG-4.4.1, BG-4.4.5, BG-4.4.6: marker, cards, white cowboy and AMMUNITION tile back."""
    for player in g.players:
        player.personality = None
        player.choice = None
        player.white = False
        player.three_revolvers = False
        player.side = "yellow"
    g.round.number += 1
    g._then(("round_start",))


def _t_road_step(g: BoardGameState, seat: int) -> None:
    if g.road_choices(seat):
        g._ask("roads", (seat,))


def _t_final(g: BoardGameState) -> None:
    for seat, player in enumerate(g.players):
        parcels = g.town.final_vp(seat)
        money = player.money // 6
        player.vp += parcels + money
        g._emit("final", seat=seat, parcels=parcels, money=money, total=player.vp)
    g.finished = True


TASKS: dict[str, Any] = {
    name[3:]: function for name, function in globals().items() if name.startswith("_t_")
}
