"""Public rules questions the interfaces ask about a seat, answered by the engine so that no
interface re-implements a rule. Every answer depends on public facts only (BG-11).
"""

from __future__ import annotations

from typing import NamedTuple

from carson.games.board.catalog import SPACE_IDS
from carson.games.board.engine.model import BUILD_PRICES, BUILD_SPACE_PRICE, NO_DUEL, SPACES
from carson.games.board.engine.table import BoardTable
from carson.games.board.town import NO_OWNER


class OccupiedCosts(NamedTuple):
    """BG-9.5: what winning every place one's cowboys stand on would cost."""

    parcels: int  # the prices of the unowned parcels
    buildings: int  # the buildings of the construction spaces, as the seat would pay them

    @property
    def total(self) -> int:
        return self.parcels + self.buildings


def no_duel(space: int) -> bool:
    """BG-4.2.4, BG-5.1, BG-5.4: every cowboy on this space counts; nobody duels."""
    return space in NO_DUEL


def no_duel_space_ids() -> tuple[str, ...]:
    return tuple(SPACE_IDS[space] for space in NO_DUEL)


def pays_half(g: BoardTable, seat: int) -> bool:
    """BG-5.6: the yellow Worker pays half the price of buildings this round."""
    return g.pays_half(seat)


def building_price(g: BoardTable, seat: int, price: int) -> int:
    """BG-5.6: what ``seat`` pays for the building of the construction space of ``price``."""
    return g.building_price(seat, price)


def building_prices(g: BoardTable, seat: int) -> dict[str, int]:
    """What ``seat`` would pay on each construction space, by space id (``build_12`` …)."""
    return {f"build_{price}": g.building_price(seat, price) for price in BUILD_PRICES}


def occupied_costs(g: BoardTable, seat: int) -> OccupiedCosts:
    """BG-9.5: the dollars of the places where ``seat``'s cowboys stand — parcel prices of
    unowned parcels, and the buildings waiting on construction spaces at ``seat``'s price."""
    parcels = buildings = 0
    town = g.town
    for target, cows in g.cowboys_at.items():
        if all(who != seat for who, _ in cows):
            continue
        if target >= SPACES:
            p = target - SPACES
            if town.owners[p] == NO_OWNER:
                parcels += town.price(p)
        elif target in BUILD_SPACE_PRICE and g.build_spaces[BUILD_SPACE_PRICE[target]]:
            buildings += g.building_price(seat, BUILD_SPACE_PRICE[target])
    return OccupiedCosts(parcels, buildings)
