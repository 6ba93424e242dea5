"""What one seat sees of a board game (:class:`BoardSight`), for the terminal's screens and
questions: the seat's view (BG-11: public facts and its own secrets) with its legal
actions. A local game builds it from the engine's view of the seat, an online one from
the server's JSON, so both show the same screens and ask the same questions. What follows
from the board by the rules (road access, a bridge's price in roads, incomes, the general
supply) is derived from the view's town with the town's own rules (:class:`Town`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from carson.core.game import JSON
from carson.games.board.catalog import SPACE_IDS, BoardCatalog, load_board_catalog
from carson.games.board.engine.actions import action_from_json
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.model import BUILD_SPACE_PRICE, SPACES
from carson.games.board.engine.state import BoardGameState
from carson.games.board.engine.table import general_houses, general_roads, seats_among
from carson.games.board.town import NO_OWNER, Town, edge_from_name, parcel

#: Decision data that name parcels (``[x, y]`` in a view, parcel indexes to the questions).
PARCEL_DATA = ("parcels", "access")


def parcel_of(where: Any) -> int:
    """A parcel ``[x, y]`` of a view as its index."""
    x, y = where
    return parcel(int(x), int(y))


def target_of(where: Any) -> int:
    """A cowboy's target as a view names it (a space id or ``[x, y]``) as its index."""
    return SPACE_IDS.index(where) if isinstance(where, str) else SPACES + parcel_of(where)


@dataclass(frozen=True)
class SeenPlayer:
    """One player's pieces as the view shows them; ``tiles`` and ``purchases`` are ``None``
    where the view hides them (another seat's duel tiles, purchases before the reveal)."""

    seat: int
    money: int
    roads: int
    cowboys: int
    white: bool
    claims: int
    personality: str | None
    side: str | None
    strength: int
    tiles: tuple[int, ...] | None
    purchases: tuple[str, ...] | None

    @staticmethod
    def of(entry: JSON) -> SeenPlayer:
        tiles, purchases = entry.get("tiles"), entry.get("purchases")
        return SeenPlayer(
            seat=int(entry["seat"]), money=int(entry["money"]), roads=int(entry["roads"]),
            cowboys=int(entry["cowboys"]), white=bool(entry["white_cowboy"]),
            claims=int(entry["claims"]), personality=entry["personality"], side=entry["side"],
            strength=int(entry["strength"]),
            tiles=None if tiles is None else tuple(int(tile) for tile in tiles),
            purchases=None if purchases is None else tuple(purchases),
        )  # fmt: skip


@dataclass(frozen=True)
class SeenDecision:
    """What the game waits for, as the view says: its kind, the seats asked, its context
    (parcels as indexes)."""

    kind: str
    seats: tuple[int, ...]
    data: JSON

    @staticmethod
    def of(entry: JSON) -> SeenDecision:
        data = {key: value for key, value in entry.items() if key not in ("kind", "seats")}
        for key in PARCEL_DATA:
            if key in data:
                data[key] = tuple(parcel_of(where) for where in data[key])
        return SeenDecision(str(entry["kind"]), tuple(entry["seats"]), data)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass(frozen=True)
class SeenConstruction:
    """A building being placed (BG-6.1, BG-9.4): whose, which, whom it asked, what it got."""

    seat: int
    building: str
    asked: frozenset[int]
    granted: frozenset[int]


@dataclass(frozen=True)
class SeenDuel:
    """A duel waiting for tiles (BG-10.2): where (a target index) and between whom."""

    target: int
    seats: tuple[int, ...]


class BoardSight:
    """A board game as ``seat`` sees it (``None``: a spectator), from its view JSON and the
    JSON of its legal actions."""

    def __init__(self, view: JSON, legal: list[JSON], catalog: BoardCatalog | None = None) -> None:
        self.view = view
        self.seat: int | None = view["seat"]
        self.catalog = catalog or load_board_catalog()
        self.config = BoardConfig.from_json(view["config"])
        self.legal = [action_from_json(action) for action in legal]
        self.town = _town(view)
        self.players = [SeenPlayer.of(entry) for entry in view["players"]]
        self.sides: dict[str, str] = dict(view["sides"])
        self.build_spaces: dict[int, str | None] = {
            BUILD_SPACE_PRICE[index]: entry["building"]
            for index, entry in enumerate(view["spaces"])
            if index in BUILD_SPACE_PRICE
        }
        decision = view["decision"]
        self.decision = None if decision is None else SeenDecision.of(decision)
        self.cowboys_at = _cowboys(view)
        build = view["construction"]
        self.construction = None if build is None else SeenConstruction(
            int(build["seat"]), str(build["building"]), frozenset(build["asked"]),
            frozenset(parcel_of(where) for where in build["granted"]),
        )  # fmt: skip
        duel = view["duel"]
        self.duel = None if duel is None else SeenDuel(target_of(duel["where"]),
                                                       tuple(duel["seats"]))  # fmt: skip

    @staticmethod
    def of(state: BoardGameState, seat: int | None) -> BoardSight:
        """What ``seat`` sees of a local game: the engine's view of it."""
        legal = [] if seat is None else [a.to_json() for a in state.legal_actions(seat)]
        return BoardSight(state.view(seat), legal, state.catalog)

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.decision is None else self.decision.seats

    def to_act(self) -> bool:
        """Whether the seat is asked something now."""
        return self.seat is not None and self.seat in self.seats_to_act

    def strength(self, seat: int) -> int:
        return self.players[seat].strength

    def blocked(self, space: int) -> bool:
        return bool(self.view["spaces"][space]["blocked"])

    def seats_at(self, target: int) -> list[int]:
        """Distinct seats with a cowboy on ``target``, in the order they came."""
        return seats_among(self.cowboys_at.get(target, ()))

    def building_price(self, seat: int, price: int) -> int:
        """BG-5.6: what ``seat`` pays for a building of this price."""
        return int(self.view["players"][seat]["building_prices"][f"build_{price}"])

    def cash_limit(self, seat: int) -> int:
        player = self.players[seat]
        assert player.personality is not None and player.side is not None
        return self.catalog.personalities[player.personality].cash_limit[player.side]

    def occupied_costs(self, seat: int) -> tuple[int, int]:
        """BG-9.5: what winning every parcel and building ``seat``'s cowboys stand on costs."""
        costs = self.view["players"][seat]["occupied_costs"]
        return int(costs["parcels"]), int(costs["buildings"])

    def general_roads(self) -> int:
        return general_roads(self.catalog, self.town, (player.roads for player in self.players))

    def general_houses(self) -> int:
        return general_houses(self.catalog, self.town)

    def own_tiles(self) -> tuple[int, ...]:
        """The seat's duel tiles in hand (its own secret, always in its view)."""
        assert self.seat is not None
        tiles = self.players[self.seat].tiles
        assert tiles is not None
        return tiles

    def own_purchases(self) -> tuple[str, ...]:
        """The seat's new-beginning purchases so far (its own secret, in its view)."""
        assert self.seat is not None
        purchases = self.players[self.seat].purchases
        assert purchases is not None
        return purchases


def _town(view: JSON) -> Town:
    """The town as the view shows it: tiles, owners, the river, roads and bridges."""
    river = [parcel(entry["x"], entry["y"]) for entry in view["parcels"] if entry["river"]]
    town = Town(river)
    owners = list(town.owners)
    for entry in view["parcels"]:
        p = parcel(entry["x"], entry["y"])
        town.tiles[p] = entry["tile"]
        owners[p] = NO_OWNER if entry["owner"] is None else int(entry["owner"])
    town.set_owners(owners)
    for kind, x, y in view["roads"]:
        town.add_road(edge_from_name(str(kind), int(x), int(y)))
    return town


def _cowboys(view: JSON) -> dict[int, list[tuple[int, bool]]]:
    """Target index → the cowboys there as (seat, white), in the order they came."""
    found: dict[int, list[tuple[int, bool]]] = {}
    places: list[tuple[int, JSON]] = list(enumerate(view["spaces"]))
    places += [(SPACES + parcel(e["x"], e["y"]), e) for e in view["parcels"]]
    for target, entry in places:
        if entry["cowboys"]:
            found[target] = [(int(cow["seat"]), bool(cow["white"])) for cow in entry["cowboys"]]
    return found


__all__ = ["BoardSight", "SeenDecision", "SeenPlayer", "parcel_of", "target_of"]
