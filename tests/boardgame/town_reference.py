"""A plain, obviously-correct statement of BG-2, BG-5.5, BG-6 and BG-8.2 — the oracle for ``Town``.

Slow on purpose: coordinates and loops, each rule said once, no id arithmetic and no tables.
A parcel is ``(x, y)``, a vertex ``(i, j)``, an edge ``("H" | "V", x, y)``. A town is three
dicts/sets: ``tiles`` (parcel → "house", "mountain" or a building id; absent = no tile),
``owners`` (parcel → seat; absent = unowned) and ``river`` (a set of parcels).
"""

from __future__ import annotations

from functools import cache

Parcel = tuple[int, int]
Vertex = tuple[int, int]
Edge = tuple[str, int, int]
Tiles = dict[Parcel, str]
Owners = dict[Parcel, int]

SIZE = 8
ALL_PARCELS: list[Parcel] = [(x, y) for y in range(SIZE) for x in range(SIZE)]
#: BG-2.2.1: H(x, y) for x 0..7, y 0..8; V(x, y) for x 0..8, y 0..7.
ALL_EDGES: list[Edge] = [("H", x, y) for y in range(SIZE + 1) for x in range(SIZE)] + [
    ("V", x, y) for y in range(SIZE) for x in range(SIZE + 1)
]


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def adjacent(a: Parcel, b: Parcel) -> bool:
    """BG-2.1.4: the 8 surrounding parcels; never the parcel itself."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def neighbours(p: Parcel) -> list[Parcel]:
    return [q for q in ALL_PARCELS if adjacent(p, q)]


def corners(p: Parcel) -> set[Vertex]:
    """BG-2.2.2: the four corners of parcel (x, y)."""
    x, y = p
    return {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}


def parcel_sides(p: Parcel) -> set[Edge]:
    """BG-2.2.2: top, bottom, left, right."""
    x, y = p
    return {("H", x, y), ("H", x, y + 1), ("V", x, y), ("V", x + 1, y)}


def ends(edge: Edge) -> set[Vertex]:
    """BG-2.2.2: H(x, y) joins (x, y)–(x+1, y); V(x, y) joins (x, y)–(x, y+1)."""
    kind, x, y = edge
    return {(x, y), (x + 1, y)} if kind == "H" else {(x, y), (x, y + 1)}


@cache
def sides(edge: Edge) -> tuple[Parcel, ...]:
    """The parcels the edge is a side of: two inside the town, one on its border."""
    return tuple(p for p in ALL_PARCELS if edge in parcel_sides(p))


# --- roads (BG-2.2.3, BG-2.2.4, BG-10.3) ------------------------------------------------------


def has_access(roads: set[Edge], p: Parcel) -> bool:
    """BG-2.2.3: a road touches a corner of the parcel or runs along one of its sides."""
    return any(ends(road) & corners(p) for road in roads) or bool(roads & parcel_sides(p))


def is_bridge(river: set[Parcel], edge: Edge) -> bool:
    """BG-10.3: an edge inside the town with river on both sides."""
    return len(sides(edge)) == 2 and all(p in river for p in sides(edge))


def road_allowed(roads: set[Edge], river: set[Parcel], edge: Edge) -> bool:
    if edge in roads:
        return False
    if len(sides(edge)) == 1 and sides(edge)[0] in river:
        return False  # BG-10.3: the town's border beside the river
    return any(ends(edge) & ends(road) for road in roads)  # BG-2.2.4


def legal_roads(roads: set[Edge], river: set[Parcel]) -> set[Edge]:
    return {edge for edge in ALL_EDGES if road_allowed(roads, river, edge)}


def touches_bridge(roads: set[Edge], river: set[Parcel], p: Parcel) -> bool:
    """BG-10.3: a bridge road has an endpoint on a corner of the parcel."""
    return any(is_bridge(river, road) and ends(road) & corners(p) for road in roads)


# --- price and incomes (BG-5.5, BG-6.2, BG-6.3) -------------------------------------------------


def price(tiles: Tiles, p: Parcel) -> int:
    """BG-5.5: $1, plus $1 for each tile on the parcel or on a neighbour."""
    total = 1
    for q in [p, *neighbours(p)]:
        if q in tiles:
            total += 1
    return total


def eligible(owners: Owners, q: Parcel, seat: int) -> bool:
    """BG-6.2: unowned tiles count for everybody, owned ones for their owner only."""
    return q not in owners or owners[q] == seat


def house_equivalents(tiles: Tiles, owners: Owners, p: Parcel, seat: int) -> int:
    total = 0
    for q in neighbours(p):
        tile = tiles.get(q)
        if tile == "house" and eligible(owners, q, seat):
            total += 1
        if owners.get(q) == seat and tile == "ranch":
            total += 1
        if owners.get(q) == seat and tile == "church":
            total += 1
        if owners.get(q) == seat and tile == "hotel":
            total += 2
    return total


def owned_count(tiles: Tiles, owners: Owners, seat: int, kind: str) -> int:
    return sum(1 for q in ALL_PARCELS if tiles.get(q) == kind and owners.get(q) == seat)


def income(tiles: Tiles, owners: Owners, river: set[Parcel], p: Parcel) -> int:
    """BG-6.3 for the building on ``p``, paid to its owner."""
    kind = tiles.get(p)
    seat = owners.get(p, -1)
    he = house_equivalents(tiles, owners, p, seat)
    if kind == "ranch":
        empty = 0
        for q in neighbours(p):
            if q in river or q not in tiles:
                empty += 1
        return max(1, empty)
    if kind == "mine":
        total = 0
        for q in neighbours(p):
            if tiles.get(q) == "mountain" and eligible(owners, q, seat):
                total += 3
        if any(q in river for q in neighbours(p)):
            total += 3
        return total
    if kind == "saloon":
        return 5 * he
    if kind == "drugstore":
        return 3 * he + 3 * owned_count(tiles, owners, seat, "ranch")
    if kind == "bank":
        return 3 * he + 3 * owned_count(tiles, owners, seat, "mine")
    if kind == "hotel":
        return 6
    return 0


def protected_by_church(tiles: Tiles, owners: Owners, p: Parcel) -> bool:
    """BG-6.7.2: an adjacent church with the same owner."""
    return any(tiles.get(q) == "church" and owners.get(q) == owners.get(p) for q in neighbours(p))


def final_vp(tiles: Tiles, owners: Owners, roads: set[Edge], river: set[Parcel], seat: int) -> int:
    """BG-8.2: 2 per own parcel with a tile; 3 if it touches a bridge (BG-10.3)."""
    total = 0
    for p in ALL_PARCELS:
        if owners.get(p) == seat and p in tiles:
            total += 3 if touches_bridge(roads, river, p) else 2
    return total
