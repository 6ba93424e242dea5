"""Plain types of the board game's engine: constants of the board, decisions and their
payloads, the pieces being built and fought over, and what a round tracks.

Everything here is data: the other engine modules import it, it imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from carson.games.board.catalog import PERSONALITY_IDS, SPACE_IDS
from carson.games.board.engine.frozen import made_once

SPACES = len(SPACE_IDS)
S = {space_id: index for index, space_id in enumerate(SPACE_IDS)}
BUILD_PRICES = (12, 10, 8, 6, 5, 4, 3)  # BUILD_* in resolution order (BG-2.3)
BUILD_SPACE_PRICE = {S[f"build_{price}"]: price for price in BUILD_PRICES}
#: BG-4.2.4, BG-5.1, BG-5.4: spaces where cowboys never duel (every cowboy counts).
NO_DUEL = (S["wages"], S["road_1"])
#: BG-7.2/7.3: strength the Gunslinger adds this round, per side.
GUNSLINGER_BONUS = {"yellow": 3, "red": 2}
CAPTAIN_COWBOYS = {1: 1, 2: 4, 3: 9}  # yellow Captain: cowboys → price
CAPTAIN_REVOLVERS = {1: 3, 2: 9}  # red Captain: revolvers → price
BANKER_VP = {3: 3, 5: 12, 7: 25}  # red Banker: VP → price (BG-7.3)
#: BG-10.2: one set of duel tiles, 0–5; with 3–5 players each is dealt as many tiles from the
#: shuffled sets and starts with DEALT_TILES_MONEY minus their total (with 2 players, or with
#: a new beginning, everyone has a whole set).
DUEL_TILE_SET = tuple(range(6))
DEALT_TILES_MONEY = 30


def target_of_parcel(p: int) -> int:
    return SPACES + p


class DecisionKind(StrEnum):
    """What a decision is about; the values are the ``kind`` of a view's decision."""

    VOTE = "vote"
    PURCHASE = "purchase"
    CLAIM = "claim"
    PERSONALITY = "personality"
    SETTLER = "settler"
    MENU = "menu"
    PLACE = "place"
    ORDER = "order"
    TILE = "tile"
    BUY_PARCELS = "buy_parcels"
    CONSTRUCT = "construct"
    HOUSE = "house"
    GRANT = "grant"
    STORED = "stored"
    COUNT = "count"
    ROADS = "roads"


class Menu(StrEnum):
    """Which small menu a ``menu`` decision shows (its ``about``)."""

    BUILD = "build"  # the building of a construction space one won
    GROCER = "grocer"  # yellow Grocer at selection
    GROCER_INCOME = "grocer_income"  # the deferred yellow Grocer at INCOME_BUILDINGS
    RED_CHOICE = "red_choice"  # red Settler / red Grocer: $8 now or VP at round end
    CAPTAIN = "captain"
    WORKER = "worker"  # red Worker: one building for $5
    BANKER = "banker"  # red Banker: VP at round end
    CASH = "cash"  # the cash limit's excess (BG-4.4.3)


class OrderOf(StrEnum):
    """What the first passer orders (an ``order`` decision's ``about``)."""

    PARCELS = "parcels"  # BG-4.3.8 contested parcels
    ATTACKS = "attacks"  # BG-4.3.9 attacked buildings


class Origin(StrEnum):
    """Where a building being put on the board comes from."""

    SPACE = "space"
    STORED = "stored"
    WORKER = "worker"


@dataclass(frozen=True, slots=True)
class MenuAsk:
    about: Menu
    price: int | None = None  # BUILD: the construction space's price
    excess: int | None = None  # CASH: dollars above the limit


@dataclass(frozen=True, slots=True)
class OrderAsk:
    about: OrderOf
    parcels: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ParcelsAsk:
    """``buy_parcels``: the parcels on offer."""

    parcels: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WindowAsk:
    """``stored``: the position in turn order of step 12a (BG-6.1.5)."""

    index: int


@dataclass(frozen=True, slots=True)
class GrantAsk:
    """``grant``: who asks, and which of the owner's parcels on offer have road access now
    (a house needs it, BG-6.1.4 (ii); roads laid later may give it to the others)."""

    asker: int
    access: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CountAsk:
    """``count``: the price of one VP."""

    price: int


Ask = MenuAsk | OrderAsk | ParcelsAsk | WindowAsk | GrantAsk | CountAsk


# The busiest asks of a search's iterations, made once per argument and shared
# (:mod:`~carson.games.board.engine.frozen`); equal to new ones.
menu_ask = made_once(MenuAsk)
count_ask = made_once(CountAsk)


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now and about what; ``ask`` holds the decision's context."""

    kind: DecisionKind
    seats: tuple[int, ...]
    ask: Ask | None = None

    def data(self) -> tuple[tuple[str, int | str | tuple[int, ...]], ...]:
        """The context as (name, value) pairs, in field order, unset ones left out."""
        if self.ask is None:
            return ()
        pairs = ((f.name, getattr(self.ask, f.name)) for f in fields(self.ask))
        return tuple((name, value) for name, value in pairs if value is not None)

    def get(self, key: str, default: Any = None) -> Any:
        """One value of the context by name, as the views name it (for the UIs' code that
        reads decisions like JSON; the engine uses the typed ``ask``)."""
        return dict(self.data()).get(key, default)

    def menu(self) -> MenuAsk:
        assert isinstance(self.ask, MenuAsk)
        return self.ask

    def order(self) -> OrderAsk:
        assert isinstance(self.ask, OrderAsk)
        return self.ask


@dataclass(slots=True)
class Construction:
    """A building being put on the board (BG-6.1, BG-9.1, BG-9.4)."""

    seat: int
    building: str
    origin: Origin
    asked: frozenset[int] = frozenset()
    granted: frozenset[int] = frozenset()
    parcel: int | None = None
    #: Roads laid for this building, in order: taken back if it is stored instead (BG-9.1).
    roads: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Duel:
    """A duel waiting for its participants' secret tiles (BG-10.2)."""

    target: int
    seats: tuple[int, ...]


@dataclass
class Round:
    """What the current round tracks besides the players."""

    number: int = 1
    available: list[str] = field(default_factory=lambda: list(PERSONALITY_IDS))
    turn_order: list[int] = field(default_factory=list)
    pass_order: list[int] = field(default_factory=list)
    cursor: int = 0  # placement: index in turn_order of the seat to act next
    given_up: set[tuple[int, str]] = field(default_factory=set)  # 12a: put back this window

    def copy(self) -> Round:
        return Round(
            self.number, self.available.copy(), self.turn_order.copy(), self.pass_order.copy(),
            self.cursor, self.given_up.copy(),
        )  # fmt: skip
