"""Rough money values of positions, parcels, buildings and cowboy placements for one seat.

Everything is in dollars; a victory point is worth :data:`VP` dollars (the price of VP on the
track, and what the cash limit trades). These are heuristics for ``greedy`` and for the
search's priors and playouts — not rules.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from carson.games.board.catalog import SPACE_IDS
from carson.games.board.engine.actions import PASS, PURCHASES, BoardAction
from carson.games.board.engine.state import BUILD_SPACE_PRICE, SPACES, BoardGameState
from carson.games.board.town import HOUSE, MOUNTAIN, NEIGHBOURS, NO_OWNER

VP = 5.0
#: What keeping one cowboy in supply is worth: strength for duels and strength incomes.
COWBOY = 1.5
ROAD = 1.0


#: "Ein neuer Anfang" (BG-10.4): roughly the standard start, bought item by item.
PURCHASE_BUNDLE = (("cowboy", 2), ("revolver", 1), ("road", 1), ("marker", 2))


def standard_start_purchase(
    g: BoardGameState, seat: int, legal: Sequence[BoardAction]
) -> BoardAction:
    """BG-10.4: the next item of :data:`PURCHASE_BUNDLE` still to buy, else stop (pass)."""
    bought = g.players[seat].purchases
    for item, count in PURCHASE_BUNDLE:
        action = BoardAction("purchase", PURCHASES.index(item))
        if bought.count(item) < count and action in legal:
            return action
    return PASS


def rounds_left(g: BoardGameState) -> int:
    """Building-income steps still to come, this round's included (before phase 3 ends)."""
    return g.catalog.rounds - g.round.number + 1


def position_value(g: BoardGameState, seat: int) -> float:
    """A seat's position in dollars: points, money, what its town will still pay."""
    player = g.players[seat]
    town = g.town
    left = rounds_left(g)
    if g.finished:
        return player.vp * VP
    # One pass over the seat's parcels (searches score every seat of every iteration so):
    # the incomes of its buildings, its empty parcels, and its final VP without bridges.
    tiles = town.tiles
    incomes = empty_owned = tiled = 0
    for p in town.owned_by(seat):
        tile = tiles[p]
        if tile is None:
            empty_owned += 1
            continue
        tiled += 1
        if tile != HOUSE and tile != MOUNTAIN:
            incomes += town.income(p)
    final_vp = town.final_vp(seat) if town.bridges else 2 * tiled  # BG-8.2
    return (
        player.vp * VP
        + player.money * (0.8 if left > 1 else VP / 6)
        + final_vp * VP
        + incomes * max(0, left - 1) * 0.9
        + (player.revolvers + player.cowboys) * COWBOY
        + player.roads * ROAD
        + len(player.stored) * 4.0
        + empty_owned * 2.0
    )


def parcel_worth(g: BoardGameState, seat: int, p: int) -> float:
    """What owning parcel ``p`` is worth (before its price)."""
    return worth_and_price(g, seat, p)[0]


def worth_and_price(g: BoardGameState, seat: int, p: int) -> tuple[float, int]:
    """:func:`parcel_worth` and the parcel's price (BG-5.5, as ``Town.price``), from one look
    at its neighbours: placement values ask both of every free parcel."""
    return worths_and_prices(g, seat, (p,))[0]


def worths_and_prices(
    g: BoardGameState, seat: int, parcels: Iterable[int]
) -> list[tuple[float, int]]:
    """:func:`worth_and_price` of each parcel: the position's facts looked up once for the
    many parcels a placement or a Settler's claim values (the largest single cost of an
    ISMCTS iteration, called once a parcel)."""
    town = g.town
    tiles, owners, accessible = town.tiles, town.owners, town.accessible
    rounds = g.catalog.rounds
    left = rounds - g.round.number + 1  # rounds_left, inlined: a hot path
    room = 2.0 * left  # room for a building that pays every round
    scale = 0.6 + 0.4 * left / rounds
    found: list[tuple[float, int]] = []
    for p in parcels:
        worth = 3.0
        if tiles[p] is None:
            worth += room
            price = 1
        else:
            worth += VP  # 2 VP at the end, but nothing can be built there
            price = 2
        for n in NEIGHBOURS[p]:
            tile = tiles[n]
            if tile is None:
                worth += 0.3
                continue
            price += 1
            if tile == MOUNTAIN:
                if owners[n] == NO_OWNER or owners[n] == seat:
                    worth += 2.0  # a mine next to it would pay
            elif tile == HOUSE and (owners[n] == NO_OWNER or owners[n] == seat):
                worth += 1.0
        if p in accessible:  # road access (BG-2.2.3)
            worth += 1.5
        found.append((worth * scale, price))
    return found


def building_worth(g: BoardGameState, seat: int, building: str) -> float:
    """A building's value to ``seat`` if built on its best own parcel now."""
    town = g.town
    best = 0.0
    spots = [p for p in town.owned_by(seat) if town.tiles[p] is None and p not in town.river]
    needs_road = g.catalog.buildings[building].needs_road
    for p in spots:
        if needs_road and not town.has_access(p):
            continue
        town.tiles[p] = building
        income = town.income(p)
        town.tiles[p] = None
        best = max(best, float(income))
    left = rounds_left(g)
    if not spots:  # stored until a parcel is bought: about half a typical building
        return 3.0 * left + VP
    revolvers = g.catalog.buildings[building].revolvers * COWBOY
    return best * left * 0.9 + 2 * VP + revolvers


def win_chance(g: BoardGameState, seat: int, target: int) -> float:
    """A guess at winning ``target`` if ``seat`` puts a cowboy there now."""
    cows = g.cowboys_at.get(target)
    if not cows:  # most targets: nobody there yet
        return 0.8  # others may still come
    best = -1  # the strongest rival's strength (a plain loop: no set, no generator)
    for other, _ in cows:
        if other != seat:
            strength = g.strength(other)
            if strength > best:
                best = strength
    if best < 0:  # nobody else there
        return 0.8
    mine = g.strength(seat) - 1
    return 1.0 / (1.0 + math.exp(-(mine - best) / 2.0))


def target_gain(g: BoardGameState, seat: int, target: int, memo: TownMemo | None = None) -> float:
    """What the action on ``target`` gives ``seat`` if it wins it; ``memo``, synced to
    ``g``'s town, remembers what it reads from the town."""
    player = g.players[seat]
    town = g.town
    if target >= SPACES:
        p = target - SPACES
        owner = town.owners[p]
        if owner == NO_OWNER:
            if player.markers <= 0:
                return 0.0
            worth, price = worth_and_price(g, seat, p)
            return 0.0 if price > player.money else worth - price
        income = memo.income(g, p) if memo else town.income(p)
        if owner == seat:  # a defence is worth half the income, when someone attacks
            return income / 2 if g.cowboys_at.get(target) else 0.0
        return 0.0 if town.protected_by_church(p) else income / 2
    if target in BUILD_SPACE_PRICE:
        price = g.building_price(seat, BUILD_SPACE_PRICE[target])
        building = g.build_spaces[BUILD_SPACE_PRICE[target]]
        if building is None or price > player.money:
            return 0.0
        if memo:
            return memo.building_worth(g, seat, building) - price
        return building_worth(g, seat, building) - price
    return space_gain(g, seat, SPACE_IDS[target])


#: What the action spaces that pay a fixed amount are worth to anyone.
FIXED_GAINS = {"wages": 4.0, "ammunition": 3.0, "roads_3": 3 * ROAD, "road_1": ROAD,
               "income_dice": 7.0}  # fmt: skip


#: :data:`FIXED_GAINS` by the space's index.
_FIXED_BY_SPACE = {SPACE_IDS.index(name): gain for name, gain in FIXED_GAINS.items()}


def space_gain(g: BoardGameState, seat: int, name: str) -> float:
    """What an action space that is neither a parcel nor a construction gives ``seat``."""
    if name in FIXED_GAINS:
        return FIXED_GAINS[name]
    player, town = g.players[seat], g.town
    strength = g.strength(seat) - 1
    if name == "income_parcels":
        return 2.0 * len(town.owned_by(seat))
    if name == "income_strength":
        return 2.0 * strength
    if name == "vp_parcels":
        return VP * (len(town.owned_by(seat)) // 2)
    if name == "vp_strength":
        return VP * (strength // 2)
    if name == "vp_buildings":
        return VP * len(town.buildings_of(seat))
    if name.startswith("buy_vp_"):
        price = int(name.rsplit("_", 1)[1])
        return (player.money // price) * (VP * 1.2 - price)
    return 0.0


def placement_value(g: BoardGameState, seat: int, target: int) -> float:
    gain = target_gain(g, seat, target)
    if gain == 0.0:  # nothing to win (the chance would not matter): the same -COWBOY
        return -COWBOY
    return win_chance(g, seat, target) * gain - COWBOY


class TownMemo:
    """What placement valuations read from a town (free parcels' worths, building worths,
    incomes), remembered for the last town synced to: its tiles, owners, road access, river
    and round, everything these read besides the seat.

    A search values placements only in the current round's phase 2, where nothing changes
    the town: every sample's placements (the tree's and the playouts') ask about the same
    town, and its ~60 free parcels' worths were computed again for each (the largest single
    cost of an ISMCTS iteration). Comparing the town costs about as much as one parcel."""

    def __init__(self) -> None:
        self._round = 0
        self._tiles: list[str | None] = []
        self._owners: tuple[int, ...] = ()
        self._accessible: frozenset[int] = frozenset()
        self._river: frozenset[int] = frozenset()
        #: seat → parcel → its worth and price.
        self._worths: dict[int, dict[int, tuple[float, int]]] = {}
        self._buildings: dict[tuple[int, str], float] = {}
        self._incomes: dict[int, int] = {}

    def sync(self, g: BoardGameState) -> None:
        """Forget what was remembered unless ``g``'s town is the last one; call it before
        the other methods whenever the town may have changed."""
        town = g.town
        if (  # compared in C, copied only when they differ
            g.round.number == self._round
            and town.tiles == self._tiles
            and town.owners == self._owners
            and (town.accessible is self._accessible or town.accessible == self._accessible)
            and town.river == self._river
        ):
            return
        self._round = g.round.number
        self._tiles = town.tiles.copy()
        self._owners = town.owners  # immutable
        self._accessible = town.accessible  # frozen
        self._river = town.river
        self._worths.clear()
        self._buildings.clear()
        self._incomes.clear()

    def worths(self, g: BoardGameState, seat: int, parcels: list[int]) -> list[tuple[float, int]]:
        """:func:`worths_and_prices`."""
        known = self._worths.get(seat)
        if known is None:
            known = self._worths[seat] = {}
        try:  # looked up in C: after a search's first iterations, every parcel was asked
            return list(map(known.__getitem__, parcels))
        except KeyError:
            missing = [p for p in parcels if p not in known]
            known.update(zip(missing, worths_and_prices(g, seat, missing), strict=True))
            return list(map(known.__getitem__, parcels))

    def building_worth(self, g: BoardGameState, seat: int, building: str) -> float:
        """:func:`building_worth`."""
        worth = self._buildings.get((seat, building))
        if worth is None:
            worth = self._buildings[seat, building] = building_worth(g, seat, building)
        return worth

    def income(self, g: BoardGameState, p: int) -> int:
        """``Town.income``."""
        income = self._incomes.get(p)
        if income is None:
            income = self._incomes[p] = g.town.income(p)
        return income


def placement_values(
    g: BoardGameState, seat: int, targets: Sequence[int], memo: TownMemo | None = None
) -> list[float]:
    """:func:`placement_value` of each target, the same floats, for the callers that value
    many targets of one position (the tree's candidates, a playout's placement). Most
    targets are free parcels nobody stands on: their gain is looked up here without the
    calls of :func:`target_gain` and :func:`win_chance` (4 calls a target became 1), their
    worths from ``memo`` if given."""
    player = g.players[seat]
    owners = g.town.owners
    cowboys_at = g.cowboys_at
    claims = player.markers > 0
    money = player.money
    free = (
        [p for target in targets if (p := target - SPACES) >= 0 and owners[p] == NO_OWNER]
        if claims
        else []
    )
    if memo:
        memo.sync(g)
    worths = iter(memo.worths(g, seat, free) if memo else worths_and_prices(g, seat, free))
    values: list[float] = []
    for target in targets:
        p = target - SPACES
        if p >= 0 and owners[p] == NO_OWNER:  # a free parcel: target_gain's first case
            if claims:
                worth, price = next(worths)
                gain = 0.0 if price > money else worth - price
            else:
                gain = 0.0
        else:  # the spaces that pay all alike first, without the calls (a third of them)
            fixed = _FIXED_BY_SPACE.get(target)
            gain = target_gain(g, seat, target, memo) if fixed is None else fixed
        if gain == 0.0:
            values.append(-COWBOY)
        elif cowboys_at.get(target):
            values.append(win_chance(g, seat, target) * gain - COWBOY)
        else:  # win_chance's first case: nobody there yet
            values.append(0.8 * gain - COWBOY)
    return values
