"""The named options of the board game's small menus, typed; their names are the JSON form
(``{"kind": "option", "option": "double:bank"}``) and what a view shows of a player's choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from carson.games.board.catalog import BUILDING_IDS

WORKER_PRICE = 5  # BG-7.3 red Worker: one building of the track for $5
GROCER_MONEY = 8  # BG-7.2/7.3: the Grocer's or Settler's $8


class Pick(StrEnum):
    """Options that are a plain word."""

    TAKE = "take"  # buy the building of the construction space one won
    MONEY_NOW = "money_now"  # yellow Grocer at selection
    DEFER = "defer"  # yellow Grocer: choose at building income
    MONEY = "money"  # red Settler / red Grocer at selection; deferred Grocer takes $8
    VP = "vp"  # red Settler / red Grocer: VP at the end of the round
    ROUND_UP = "round_up"  # cash limit: pay up to the next $10 for one more VP


@dataclass(frozen=True, slots=True)
class Double:
    """The deferred yellow Grocer doubles this building type's income this round."""

    building: str


@dataclass(frozen=True, slots=True)
class Cowboys:
    """The yellow Captain buys cowboys."""

    count: int


@dataclass(frozen=True, slots=True)
class Revolvers:
    """The red Captain buys revolvers."""

    count: int


@dataclass(frozen=True, slots=True)
class BankerVP:
    """The red Banker buys VP at the end of the round."""

    vp: int


@dataclass(frozen=True, slots=True)
class WorkerBuy:
    """The red Worker buys the building of the construction space of this price."""

    price: int


MenuOption = Pick | Double | Cowboys | Revolvers | BankerVP | WorkerBuy
#: A player's Grocer/Settler choice this round.
RoundChoice = Pick | Double


def option_name(option: MenuOption) -> str:
    """The option's name in JSON."""
    match option:
        case Pick():
            return option.value
        case Double(building):
            return f"double:{building}"
        case Cowboys(count):
            return f"cowboys_{count}"
        case Revolvers(count):
            return f"revolvers_{count}"
        case BankerVP(vp):
            return f"vp_{vp}"
        case WorkerBuy(price):
            return f"worker:{price}"


#: Every option in its fixed place in the action space.
OPTION_LIST: tuple[MenuOption, ...] = (
    Pick.TAKE, Pick.MONEY_NOW, Pick.DEFER, Pick.MONEY, Pick.VP,
    *(Double(building) for building in BUILDING_IDS),
    Cowboys(1), Cowboys(2), Cowboys(3),
    Revolvers(1), Revolvers(2),
    BankerVP(3), BankerVP(5), BankerVP(7),
    Pick.ROUND_UP,
    *(WorkerBuy(price) for price in (12, 10, 8, 6, 5, 4, 3)),
)  # fmt: skip
OPTIONS: tuple[str, ...] = tuple(option_name(option) for option in OPTION_LIST)
OPTION_INDEX: dict[MenuOption, int] = {option: i for i, option in enumerate(OPTION_LIST)}
