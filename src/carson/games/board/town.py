"""The town: 8×8 parcels, their tiles and owners, the road network, and what they are worth.

Geometry (BG-2.1, BG-2.2): parcel ``p = 8*y + x``; vertex ``(i, j)`` = ``9*j + i`` for
``i, j`` in 0..8; edge ids: ``H(x, y)`` (top side of row ``y`` in column ``x``) = ``8*y + x``
(0..71), ``V(x, y)`` (left side of column ``x`` in row ``y``) = ``72 + 9*y + x`` (72..143).
All the neighbourhood tables are built once at import; a :class:`Town` is plain lists and
sets, so a clone is cheap.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

SIZE = 8
PARCELS = SIZE * SIZE
EDGES = 144
HOUSE = "house"
MOUNTAIN = "mountain"
NO_OWNER = -1


def parcel(x: int, y: int) -> int:
    return SIZE * y + x


def coords(p: int) -> tuple[int, int]:
    return p % SIZE, p // SIZE


def h_edge(x: int, y: int) -> int:
    return SIZE * y + x


def v_edge(x: int, y: int) -> int:
    return 72 + 9 * y + x


def edge_name(edge: int) -> tuple[str, int, int]:
    """``("H", x, y)`` or ``("V", x, y)`` (BG-2.2.1)."""
    if edge < 72:
        return "H", edge % SIZE, edge // SIZE
    rest = edge - 72
    return "V", rest % 9, rest // 9


def edge_from_name(kind: str, x: int, y: int) -> int:
    if kind == "H" and 0 <= x < 8 and 0 <= y <= 8:
        return h_edge(x, y)
    if kind == "V" and 0 <= x <= 8 and 0 <= y < 8:
        return v_edge(x, y)
    raise ValueError(f"no edge {kind}({x},{y}): H(x 0..7, y 0..8) or V(x 0..8, y 0..7)")


def _vertex(i: int, j: int) -> int:
    return 9 * j + i


def _build_tables() -> tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, int], ...],
    tuple[tuple[int, ...], ...],
]:
    neighbours = []
    corners = []
    for p in range(PARCELS):
        x, y = coords(p)
        around = [
            parcel(x + dx, y + dy)
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < SIZE and 0 <= y + dy < SIZE
        ]
        neighbours.append(tuple(around))
        corners.append((_vertex(x, y), _vertex(x + 1, y), _vertex(x, y + 1), _vertex(x + 1, y + 1)))
    ends: list[tuple[int, int]] = []
    sides: list[tuple[int, ...]] = []  # the 1 or 2 parcels an edge runs between
    for edge in range(EDGES):
        kind, x, y = edge_name(edge)
        if kind == "H":
            ends.append((_vertex(x, y), _vertex(x + 1, y)))
            sides.append(tuple(parcel(x, row) for row in (y - 1, y) if 0 <= row < SIZE))
        else:
            ends.append((_vertex(x, y), _vertex(x, y + 1)))
            sides.append(tuple(parcel(col, y) for col in (x - 1, x) if 0 <= col < SIZE))
    return tuple(neighbours), tuple(corners), tuple(ends), tuple(sides)


#: BG-2.1.4: the 8 surrounding parcels. BG-2.2.2: corners, edge endpoints, edge sides.
NEIGHBOURS, CORNERS, EDGE_ENDS, EDGE_SIDES = _build_tables()
#: The edges meeting at each vertex: where a road may go next (legal_roads).
VERTEX_EDGES: dict[int, tuple[int, ...]] = {}
for _edge, _ends in enumerate(EDGE_ENDS):
    for _end in _ends:
        VERTEX_EDGES[_end] = (*VERTEX_EDGES.get(_end, ()), _edge)
#: The parcels with a corner at each vertex: the parcels a road's ends give access to.
VERTEX_PARCELS: dict[int, tuple[int, ...]] = {}
for _p, _corners in enumerate(CORNERS):
    for _corner in _corners:
        VERTEX_PARCELS[_corner] = (*VERTEX_PARCELS.get(_corner, ()), _p)
#: BG-2.2.2: the four sides of each parcel.
PARCEL_EDGES: tuple[tuple[int, ...], ...] = tuple(
    (h_edge(x, y), h_edge(x, y + 1), v_edge(x, y), v_edge(x + 1, y))
    for x, y in (coords(p) for p in range(PARCELS))
)


class Town:
    """Tiles, owners and roads of the 8×8 town; the river, if any, is fixed at creation."""

    __slots__ = (
        "_owned", "accessible", "bridge_edges", "bridges", "owners", "river", "road_vertices",
        "roads", "tiles",
    )  # fmt: skip

    def __init__(self, river: Iterable[int] = ()) -> None:
        self.tiles: list[str | None] = [None] * PARCELS
        #: Each parcel's owner. A tuple, written only by :meth:`set_owner` and
        #: :meth:`set_owners`, which keep each seat's parcels with it (:meth:`owned_by`,
        #: asked tens of thousands of times a second by searches); clones share it.
        self.owners: tuple[int, ...] = (NO_OWNER,) * PARCELS
        #: seat → its parcels, ascending; replaced, never changed in place (clones share it).
        self._owned: dict[int, tuple[int, ...]] = {}
        # The road network's sets are frozen, replaced by :meth:`add_road` and
        # :meth:`remove_road` (a search's samples seldom lay a road): clones share them, and
        # the search's town memo finds them unchanged by identity.
        self.roads: frozenset[int] = frozenset()
        self.road_vertices: frozenset[int] = frozenset()
        #: The parcels a road touches (BG-2.2.3), kept with the roads: asked for every parcel
        #: of every listing of house spots and by the AI's valuations.
        self.accessible: frozenset[int] = frozenset()
        self.river: frozenset[int] = frozenset(river)
        #: BG-10.3 DECISION: interior edges between two river parcels (fixed with the river).
        self.bridge_edges: frozenset[int] = (
            frozenset(
                edge
                for edge, sides in enumerate(EDGE_SIDES)
                if len(sides) == 2 and all(side in self.river for side in sides)
            )
            if self.river
            else frozenset()
        )
        self.bridges: frozenset[int] = frozenset()

    def clone(self) -> Town:
        other = Town.__new__(Town)
        other.tiles = self.tiles.copy()
        other.owners = self.owners  # immutable, as is ``_owned``: shared
        other._owned = self._owned
        other.roads = self.roads  # frozen, as are the road vertices, access and bridges
        other.road_vertices = self.road_vertices
        other.accessible = self.accessible
        other.river = self.river
        other.bridge_edges = self.bridge_edges
        other.bridges = self.bridges
        return other

    # --- roads (BG-2.2, BG-9.1, BG-10.3) ---------------------------------------------------

    def is_bridge_edge(self, edge: int) -> bool:
        """An interior edge with river parcels on both sides (BG-10.3 DECISION)."""
        return edge in self.bridge_edges

    def road_cost(self, edge: int) -> int:
        """Road pieces a road on ``edge`` takes: 2 for a bridge, else 1."""
        return 2 if edge in self.bridge_edges else 1

    def road_allowed(self, edge: int) -> bool:
        """BG-2.2.4: free, touching the network; BG-10.3: no road on the town's border
        beside a river parcel."""
        if edge in self.roads:
            return False
        sides = EDGE_SIDES[edge]
        if len(sides) == 1 and sides[0] in self.river:
            return False
        first, second = EDGE_ENDS[edge]
        return first in self.road_vertices or second in self.road_vertices

    def legal_roads(self) -> list[int]:
        """Every edge :meth:`road_allowed`, ascending: only edges at the network's vertices
        are looked at."""
        near = {edge for end in self.road_vertices for edge in VERTEX_EDGES[end]}
        return sorted(edge for edge in near - self.roads if self.road_allowed(edge))

    def add_road(self, edge: int) -> None:
        self.roads |= {edge}
        first, second = EDGE_ENDS[edge]
        self.road_vertices |= {first, second}
        self.accessible |= {*VERTEX_PARCELS[first], *VERTEX_PARCELS[second]}
        if edge in self.bridge_edges:
            self.bridges |= {edge}

    def remove_road(self, edge: int) -> None:
        """Take a road off the board again (BG-9.1: a construction that ends in storing the
        building lays no road)."""
        self.roads -= {edge}
        self.bridges -= {edge}
        self.road_vertices = frozenset(end for road in self.roads for end in EDGE_ENDS[road])
        self.accessible = frozenset(p for end in self.road_vertices for p in VERTEX_PARCELS[end])

    def has_access(self, p: int) -> bool:
        """BG-2.2.3: a road touches one of the parcel's corners."""
        return p in self.accessible

    def touches_bridge(self, p: int) -> bool:
        """BG-10.3 DECISION: a bridge has an endpoint on one of the parcel's corners."""
        corners = CORNERS[p]
        return any(end in corners for edge in self.bridges for end in EDGE_ENDS[edge])

    # --- parcels ------------------------------------------------------------------------

    def price(self, p: int) -> int:
        """BG-5.5: $1 + $1 per house, mountain or building on the parcel or around it."""
        tiles = self.tiles
        price = 2 if tiles[p] is not None else 1
        for n in NEIGHBOURS[p]:
            if tiles[n] is not None:
                price += 1
        return price

    def prices(self) -> list[int]:
        """:meth:`price` of every parcel, in parcel order, in one pass over the tiles (a view
        shows all 64): each tile adds $1 to its own parcel and to the 8 around it (a parcel
        is around each of its neighbours)."""
        prices = [1] * PARCELS
        for p, tile in enumerate(self.tiles):
            if tile is not None:
                prices[p] += 1
                for n in NEIGHBOURS[p]:
                    prices[n] += 1
        return prices

    def set_owner(self, p: int, seat: int) -> None:
        """Parcel ``p`` now belongs to ``seat`` (:data:`NO_OWNER`: to nobody)."""
        old = self.owners[p]
        owners = list(self.owners)  # (a list and back: cheaper than slicing the tuple)
        owners[p] = seat
        self.owners = tuple(owners)
        owned = self._owned.copy()  # a new table: clones share the old one
        if old != NO_OWNER:  # (a claim's parcel had none)
            owned[old] = tuple(q for q in owned[old] if q != p)
        if seat != NO_OWNER:
            mine = owned.get(seat, ())
            at = bisect_left(mine, p)
            owned[seat] = (*mine[:at], p, *mine[at:])
        self._owned = owned

    def set_owners(self, owners: Iterable[int]) -> None:
        """Every parcel's owner at once, in parcel order (a town rebuilt from a view)."""
        found = tuple(owners)
        if len(found) != PARCELS:
            raise ValueError(f"{len(found)} owners for {PARCELS} parcels")
        self.owners = found
        owned: dict[int, tuple[int, ...]] = {}
        for p, seat in enumerate(self.owners):
            if seat != NO_OWNER:
                owned[seat] = (*owned.get(seat, ()), p)
        self._owned = owned

    def owned_by(self, seat: int) -> tuple[int, ...]:
        """The seat's parcels, ascending: kept by :meth:`set_owner` (searches ask this tens
        of thousands of times a second; finding them in the owners was ~5 % of an ISMCTS
        iteration)."""
        owned = self._owned.get(seat)
        if owned is not None:
            return owned
        if seat == NO_OWNER:  # not kept: nobody's parcels are many and seldom asked
            return tuple(p for p, owner in enumerate(self.owners) if owner == NO_OWNER)
        return ()

    def buildings_of(self, seat: int, kind: str | None = None) -> list[int]:
        """Parcels holding a building (not a house or mountain) owned by ``seat``."""
        tiles = self.tiles
        return [
            p
            for p in self.owned_by(seat)
            if tiles[p] not in (None, HOUSE, MOUNTAIN) and (kind is None or tiles[p] == kind)
        ]

    def count_tiles(self, kind: str) -> int:
        return self.tiles.count(kind)

    # --- incomes (BG-6.2, BG-6.3) -------------------------------------------------------

    def house_equivalents(self, p: int, owner: int) -> int:
        """HE(b): eligible houses 1; the owner's ranches and churches 1, hotels 2."""
        tiles, owners = self.tiles, self.owners  # (once, not for each neighbour)
        total = 0
        for n in NEIGHBOURS[p]:
            tile = tiles[n]
            if tile is None:
                continue
            mine = owners[n] == owner
            if tile == HOUSE:
                total += owners[n] in (NO_OWNER, owner)
            elif mine and tile in ("ranch", "church"):
                total += 1
            elif mine and tile == "hotel":
                total += 2
        return total

    def income(self, p: int) -> int:
        """The building on ``p``'s income for its owner (BG-6.3), before any doubling."""
        tile = self.tiles[p]
        owner = self.owners[p]
        if tile == "ranch":  # empty neighbours, whoever owns them; river parcels are empty
            return max(1, list(map(self.tiles.__getitem__, NEIGHBOURS[p])).count(None))
        if tile == "mine":
            tiles, owners, around = self.tiles, self.owners, NEIGHBOURS[p]
            mountains = 0
            for n in around:  # a plain loop: cheaper than sum() over a generator
                if tiles[n] == MOUNTAIN and (owners[n] == NO_OWNER or owners[n] == owner):
                    mountains += 1
            river = not self.river.isdisjoint(around)
            return 3 * mountains + (3 if river else 0)
        if tile == "saloon":
            return 5 * self.house_equivalents(p, owner)
        if tile == "drugstore":
            return 3 * self.house_equivalents(p, owner) + 3 * len(self.buildings_of(owner, "ranch"))
        if tile == "bank":
            return 3 * self.house_equivalents(p, owner) + 3 * len(self.buildings_of(owner, "mine"))
        if tile == "hotel":
            return 6
        return 0  # church, prison, house, mountain, nothing

    def protected_by_church(self, p: int) -> bool:
        """BG-6.7.2: an adjacent church of the building's owner."""
        tiles, owners = self.tiles, self.owners
        owner = owners[p]
        for n in NEIGHBOURS[p]:  # noqa: SIM110 (a plain loop: cheaper than any() on a generator)
            if tiles[n] == "church" and owners[n] == owner:
                return True
        return False

    def final_vp(self, seat: int) -> int:
        """BG-8.2: 2 VP per owned parcel with a tile, 3 beside a bridge (river variant)."""
        return sum(
            (3 if self.bridges and self.touches_bridge(p) else 2)
            for p in self.owned_by(seat)
            if self.tiles[p] is not None
        )
