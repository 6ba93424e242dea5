"""One test per rule of the town's geometry (BG-2.1, BG-2.2, BG-10.3) and money (BG-5.5, BG-6,
BG-8.2)."""

from __future__ import annotations

import pytest

from carson.games.board.town import (
    CORNERS,
    EDGE_ENDS,
    EDGE_SIDES,
    EDGES,
    NEIGHBOURS,
    NO_OWNER,
    PARCEL_EDGES,
    PARCELS,
    Town,
    coords,
    edge_from_name,
    edge_name,
    h_edge,
    parcel,
    v_edge,
)

P = parcel
H = h_edge
V = v_edge
#: BG-10.3 placeholder river (the catalog's default), top edge to bottom edge.
RIVER = [(5, 0), (5, 1), (4, 1), (4, 2), (4, 3), (3, 3), (3, 4), (3, 5), (2, 5), (2, 6), (2, 7)]
TILE = {
    "h": "house", "m": "mountain", "R": "ranch", "M": "mine", "D": "drugstore", "B": "bank",
    "S": "saloon", "H": "hotel", "C": "church", "P": "prison",
}  # fmt: skip


def town(*rows: str) -> Town:
    """A town from rows of cells, top-left at (0, 0). A cell is a tile letter (``.`` none, ``h``
    house, ``m`` mountain, ``R``anch, ``M``ine, ``D``rugstore, ``B``ank, ``S``aloon, ``H``otel,
    ``C``hurch, ``P``rison) or ``~`` (river), then the owner's seat if owned: ``R0``, ``h1``,
    ``.2``."""
    cells = [(x, y, cell) for y, row in enumerate(rows) for x, cell in enumerate(row.split())]
    built = Town(P(x, y) for x, y, cell in cells if cell == "~")
    for x, y, cell in cells:
        if cell[0] in TILE:
            built.tiles[P(x, y)] = TILE[cell[0]]
        if cell[1:]:
            built.set_owner(P(x, y), int(cell[1:]))
    return built


def vertex(i: int, j: int) -> int:
    """The vertex id of the module docstring."""
    return 9 * j + i


def near(p: int) -> set[tuple[int, int]]:
    return {coords(n) for n in NEIGHBOURS[p]}


def with_roads(built: Town, *edges: int) -> Town:
    for edge in edges:
        built.add_road(edge)
    return built


def extend(built: Town, *edges: int) -> Town:
    """Add roads one at a time, each legal when placed (BG-2.2.4)."""
    for edge in edges:
        assert built.road_allowed(edge), edge_name(edge)
        built.add_road(edge)
    return built


def river_town() -> Town:
    return Town(P(x, y) for x, y in RIVER)


# --- BG-2.1 parcels and adjacency ---------------------------------------------------------------


def test_bg_2_1_1_parcel_id_is_8y_plus_x() -> None:
    assert PARCELS == 64
    assert P(0, 0) == 0 and P(7, 0) == 7 and P(0, 1) == 8 and P(3, 5) == 43 and P(7, 7) == 63
    assert [coords(P(x, y)) for y in range(8) for x in range(8)] == [
        (x, y) for y in range(8) for x in range(8)
    ]


def test_bg_2_1_4_corner_parcels_have_3_neighbours() -> None:
    assert near(P(0, 0)) == {(1, 0), (0, 1), (1, 1)}
    assert near(P(7, 7)) == {(6, 6), (7, 6), (6, 7)}
    for x, y in ((0, 0), (7, 0), (0, 7), (7, 7)):
        assert len(NEIGHBOURS[P(x, y)]) == 3


def test_bg_2_1_4_edge_parcels_have_5_neighbours() -> None:
    assert near(P(3, 0)) == {(2, 0), (4, 0), (2, 1), (3, 1), (4, 1)}
    assert near(P(0, 4)) == {(0, 3), (0, 5), (1, 3), (1, 4), (1, 5)}
    edge_parcels = [p for p in range(PARCELS) if len(NEIGHBOURS[p]) == 5]
    assert len(edge_parcels) == 24  # 4 sides × 6


def test_bg_2_1_4_interior_parcels_have_8_neighbours_diagonals_included() -> None:
    assert near(P(3, 4)) == {(2, 3), (3, 3), (4, 3), (2, 4), (4, 4), (2, 5), (3, 5), (4, 5)}
    assert sum(len(NEIGHBOURS[p]) == 8 for p in range(PARCELS)) == 36  # the inner 6×6


def test_bg_2_1_4_adjacency_is_symmetric_and_never_reflexive() -> None:
    for p in range(PARCELS):
        assert p not in NEIGHBOURS[p]
        for n in NEIGHBOURS[p]:
            assert p in NEIGHBOURS[n]


# --- BG-2.2 road grid ---------------------------------------------------------------------------


def test_bg_2_2_1_144_edges_and_81_vertices() -> None:
    assert EDGES == 144
    assert [H(x, y) for y in range(9) for x in range(8)] == list(range(72))
    assert [V(x, y) for y in range(8) for x in range(9)] == list(range(72, 144))
    assert len({v for ends in EDGE_ENDS for v in ends}) == 81


def test_bg_2_2_1_edge_names_round_trip_and_bounds() -> None:
    for edge in range(EDGES):
        assert edge_from_name(*edge_name(edge)) == edge
    assert edge_name(H(7, 8)) == ("H", 7, 8)
    assert edge_name(V(8, 7)) == ("V", 8, 7)
    for kind, x, y in (("H", 8, 0), ("H", 0, 9), ("V", 9, 0), ("V", 0, 8), ("X", 0, 0)):
        with pytest.raises(ValueError, match="no edge"):
            edge_from_name(kind, x, y)


def test_bg_2_2_2_edge_endpoints() -> None:
    """H(x, y) joins (x, y)–(x+1, y); V(x, y) joins (x, y)–(x, y+1)."""
    assert set(EDGE_ENDS[H(2, 3)]) == {vertex(2, 3), vertex(3, 3)}
    assert set(EDGE_ENDS[V(2, 3)]) == {vertex(2, 3), vertex(2, 4)}
    assert set(EDGE_ENDS[H(7, 8)]) == {vertex(7, 8), vertex(8, 8)}
    assert set(EDGE_ENDS[V(8, 7)]) == {vertex(8, 7), vertex(8, 8)}


def test_bg_2_2_2_parcel_sides_and_corners() -> None:
    assert PARCEL_EDGES[P(2, 3)] == (H(2, 3), H(2, 4), V(2, 3), V(3, 3))
    assert set(CORNERS[P(2, 3)]) == {vertex(2, 3), vertex(3, 3), vertex(2, 4), vertex(3, 4)}


def test_bg_2_2_2_an_edge_lies_between_two_parcels_or_on_the_border() -> None:
    assert set(EDGE_SIDES[H(3, 4)]) == {P(3, 3), P(3, 4)}  # above and below
    assert set(EDGE_SIDES[V(3, 4)]) == {P(2, 4), P(3, 4)}  # left and right
    assert EDGE_SIDES[H(3, 0)] == (P(3, 0),)  # top border
    assert EDGE_SIDES[H(3, 8)] == (P(3, 7),)  # bottom border
    assert EDGE_SIDES[V(0, 2)] == (P(0, 2),)  # left border
    assert EDGE_SIDES[V(8, 2)] == (P(7, 2),)  # right border


def test_bg_2_2_3_no_roads_no_access() -> None:
    assert not any(Town().has_access(p) for p in range(PARCELS))


def test_bg_2_2_3_access_along_a_side_or_through_a_corner_only() -> None:
    """One road H(2, 2), from vertex (2, 2) to (3, 2): the two parcels it runs between, and the
    four that only share one of its endpoints as a corner."""
    built = with_roads(Town(), H(2, 2))
    reached = {coords(p) for p in range(PARCELS) if built.has_access(p)}
    assert reached == {(2, 1), (2, 2), (1, 1), (1, 2), (3, 1), (3, 2)}
    assert not built.has_access(P(2, 3))  # below, but no corner on the road
    assert not built.has_access(P(4, 2))


def test_bg_2_2_3_a_diagonal_corner_is_enough() -> None:
    built = with_roads(Town(), V(4, 4))  # vertex (4, 4) to (4, 5)
    assert built.has_access(P(3, 5)) and built.has_access(P(4, 5))  # corner (4, 5)
    assert built.has_access(P(3, 3)) and built.has_access(P(4, 3))  # corner (4, 4)
    assert not built.has_access(P(5, 5))


def test_bg_2_2_4_roads_must_touch_the_network() -> None:
    """Round the centre (3, 3): 8 edges touch its 4 corners; nothing further away."""
    built = with_roads(Town(), *PARCEL_EDGES[P(3, 3)])
    legal = set(built.legal_roads())
    assert len(legal) == 8
    assert legal == {
        H(2, 3), V(3, 2), H(4, 3), V(4, 2), H(2, 4), V(3, 4), H(4, 4), V(4, 4),
    }  # fmt: skip
    assert built.road_allowed(H(4, 3))  # continues the top side to the right
    assert not built.road_allowed(H(5, 3))  # one edge away
    assert not built.road_allowed(H(3, 3))  # already a road
    assert not built.road_allowed(V(0, 0))


def test_bg_2_2_4_network_grows_one_road_at_a_time() -> None:
    built = with_roads(Town(), *PARCEL_EDGES[P(3, 3)])
    assert not built.road_allowed(H(5, 3))
    extend(built, H(4, 3))
    assert built.road_allowed(H(5, 3))
    assert not built.has_access(P(6, 3))
    extend(built, H(5, 3))
    assert built.has_access(P(6, 3))  # corner (6, 3)


# --- BG-5.5 parcel price ------------------------------------------------------------------------


def test_bg_5_5_empty_surroundings_cost_1() -> None:
    assert Town().price(P(3, 3)) == 1


def test_bg_5_5_a_tile_on_the_parcel_itself_counts() -> None:
    assert town(". .", ". h").price(P(1, 1)) == 2


def test_bg_5_5_every_kind_of_tile_around_counts_whoever_owns_it() -> None:
    built = town(
        "h  m1 R0",
        "D2 .  H3",
        "C  P4 B1",
    )
    assert built.price(P(1, 1)) == 1 + 8
    assert town(". S0", "M3 .").price(P(1, 1)) == 3


def test_bg_5_5_full_surroundings_cost_10_at_most() -> None:
    full = town("h h h", "h h h", "h h h")
    assert full.price(P(1, 1)) == 10
    assert full.price(P(0, 0)) == 5  # a corner parcel: itself and 3 neighbours


def test_bg_5_5_tiles_two_parcels_away_do_not_count() -> None:
    assert town("h . .", ". . .", ". . .").price(P(2, 2)) == 1


def test_bg_5_5_river_parcels_add_nothing() -> None:
    assert river_town().price(P(6, 1)) == 1  # beside (5, 0), (5, 1)
    assert river_town().price(P(4, 4)) == 1  # beside four river parcels


# --- BG-6.2 eligibility -------------------------------------------------------------------------


def test_bg_6_2_unowned_houses_count_for_every_owner() -> None:
    built = town("S0 h S1")
    assert built.income(P(0, 0)) == 5
    assert built.income(P(2, 0)) == 5


def test_bg_6_2_an_owned_house_counts_only_for_its_owner() -> None:
    built = town("S0 h0 S1")
    assert built.income(P(0, 0)) == 5
    assert built.income(P(2, 0)) == 0


def test_bg_6_2_unowned_mountains_count_for_every_owner() -> None:
    built = town("M0 m M1")
    assert built.income(P(0, 0)) == 3
    assert built.income(P(2, 0)) == 3


def test_bg_6_2_an_owned_mountain_counts_only_for_its_owner() -> None:
    built = town("M0 m1 M1")
    assert built.income(P(0, 0)) == 0
    assert built.income(P(2, 0)) == 3


# --- BG-6.3 house-equivalents and incomes -------------------------------------------------------


def test_bg_6_3_house_equivalents_of_each_kind() -> None:
    """Eligible house 1, own ranch 1, own church 1, own hotel 2; anything else 0."""
    assert town("S0 h").house_equivalents(P(0, 0), 0) == 1
    assert town("S0 R0").house_equivalents(P(0, 0), 0) == 1
    assert town("S0 C0").house_equivalents(P(0, 0), 0) == 1
    assert town("S0 H0").house_equivalents(P(0, 0), 0) == 2
    for other in ["m", "m0", "M0", "D0", "B0", "S0", "P0", ".0", "."]:
        assert town(f"S0 {other}").house_equivalents(P(0, 0), 0) == 0, other


def test_bg_6_3_opponents_buildings_are_never_house_equivalents() -> None:
    for other in ["h1", "R1", "C1", "H1"]:
        assert town(f"S0 {other}").house_equivalents(P(0, 0), 0) == 0, other


def test_bg_6_3_house_equivalents_add_up_over_all_8_neighbours() -> None:
    built = town(
        "h  R0 H0",
        "C0 S0 h1",
        "h0 H1 m",
    )
    assert built.house_equivalents(P(1, 1), 0) == 1 + 1 + 2 + 1 + 1
    assert built.income(P(1, 1)) == 5 * 6


def test_bg_6_3_ranch_earns_1_per_empty_neighbour_whoever_owns_it() -> None:
    built = town(
        ".  .1 h",
        ".2 R0 m",
        "S1 .  .0",
    )
    assert built.income(P(1, 1)) == 5


def test_bg_6_3_ranch_earns_at_least_1() -> None:
    assert town("h h h", "h R0 h", "h h h").income(P(1, 1)) == 1
    assert town("R0 m", "M1 h").income(P(0, 0)) == 1


def test_bg_6_3_ranch_in_a_corner_has_3_neighbours() -> None:
    assert town("R0").income(P(0, 0)) == 3


def test_bg_10_3_river_parcels_count_as_empty_for_a_ranch() -> None:
    built = river_town()
    built.tiles[P(6, 1)] = "ranch"
    built.set_owner(P(6, 1), 0)
    built.tiles[P(6, 0)] = "house"
    built.tiles[P(7, 2)] = "mountain"
    # Neighbours: (5,0)~ (6,0)h (7,0). (5,1)~ (7,1). (5,2). (6,2). (7,2)m → 6 empty.
    assert built.income(P(6, 1)) == 6


def test_bg_6_3_mine_earns_3_per_eligible_mountain() -> None:
    assert town("m M0 m", "m m1 m2").income(P(1, 0)) == 9  # 3 eligible, 2 foreign
    assert town("M0").income(P(0, 0)) == 0
    assert town("M0 . m").income(P(0, 0)) == 0  # two parcels away


def test_bg_10_3_mine_beside_the_river_earns_3_once() -> None:
    built = river_town()
    built.tiles[P(4, 4)] = "mine"
    built.set_owner(P(4, 4), 0)  # beside 4 river parcels
    assert built.income(P(4, 4)) == 3
    built.tiles[P(5, 5)] = "mountain"
    assert built.income(P(4, 4)) == 6
    built.tiles[P(6, 6)] = "mine"
    built.set_owner(P(6, 6), 0)  # not beside the river
    assert built.income(P(6, 6)) == 3  # only the mountain (5, 5)


def test_bg_6_3_mine_without_river_gets_no_river_bonus() -> None:
    assert town("M0 m").income(P(0, 0)) == 3


def test_bg_6_3_saloon_pays_5_per_house_equivalent() -> None:
    assert town("S0 h H0", ". . .").income(P(0, 0)) == 5
    assert town("h S0 H0", ". R0 .").income(P(1, 0)) == 5 * (1 + 2 + 1)
    assert town("S0").income(P(0, 0)) == 0


def test_bg_6_3_drugstore_pays_3_per_he_plus_3_per_own_ranch_anywhere() -> None:
    built = town(
        "h D0 . . . . . R0",
        ". .  . . . . . R1",
    )
    assert built.income(P(1, 0)) == 3 * 1 + 3 * 1  # the far ranch counts, the foreign one not


def test_bg_6_3_decision_drugstore_counts_an_adjacent_own_ranch_twice() -> None:
    """DECISION: as a house-equivalent and as an own ranch."""
    assert town("D0 R0").income(P(0, 0)) == 3 * 1 + 3 * 1
    assert town("D0 R1").income(P(0, 0)) == 0


def test_bg_6_3_bank_pays_3_per_he_plus_3_per_own_mine_anywhere() -> None:
    built = town(
        "h B0 M0 . . . . M0",
        ". H0 .  . . . . M1",
    )
    # HE: house 1 + hotel 2; mines are not house-equivalents; 2 own mines.
    assert built.income(P(1, 0)) == 3 * 3 + 3 * 2


def test_bg_6_3_hotel_pays_6_flat() -> None:
    assert town("H0").income(P(0, 0)) == 6
    assert town("h H0 h", "h h h").income(P(1, 0)) == 6


@pytest.mark.parametrize("cell", ["C0", "P0", "h", "h0", "m", "m1", ".", ".0"])
def test_bg_6_3_church_prison_house_mountain_and_empty_pay_nothing(cell: str) -> None:
    assert town(f"{cell} h R0", "h H0 h").income(P(0, 0)) == 0


# --- BG-6.7.2 church protection -----------------------------------------------------------------


def test_bg_6_7_2_an_adjacent_church_protects_its_owners_buildings() -> None:
    built = town("S0 C0 .  . .", ".  .  R0 . S0")
    assert built.protected_by_church(P(0, 0))
    assert built.protected_by_church(P(2, 1))  # diagonal
    assert not built.protected_by_church(P(4, 1))  # further away


def test_bg_6_7_2_an_opponents_church_does_not_protect() -> None:
    assert not town("S0 C1").protected_by_church(P(0, 0))


def test_bg_6_7_2_a_church_does_not_protect_itself_but_an_own_church_beside_it_does() -> None:
    assert not town("C0").protected_by_church(P(0, 0))
    assert town("C0 C0").protected_by_church(P(0, 0))


# --- BG-8.2 final scoring -----------------------------------------------------------------------


def test_bg_8_2_two_vp_per_owned_parcel_with_a_tile() -> None:
    built = town(
        "h0 m0 R0 .0",
        "H1 h  .  .0",
    )
    assert built.final_vp(0) == 2 * 3  # the empty owned parcels score nothing
    assert built.final_vp(1) == 2
    assert built.final_vp(2) == 0


def test_bg_8_2_owned_and_buildings_of() -> None:
    built = town("h0 R0 .0 M0 R1")
    assert built.owned_by(0) == (P(0, 0), P(1, 0), P(2, 0), P(3, 0))
    assert built.buildings_of(0) == [P(1, 0), P(3, 0)]  # not the house
    assert built.buildings_of(0, "ranch") == [P(1, 0)]
    assert built.owned_by(NO_OWNER) == tuple(p for p in range(PARCELS) if p not in (0, 1, 2, 3, 4))


def test_bg_8_2_bg_10_3_three_vp_when_touching_a_bridge() -> None:
    built = river_town()
    for x, y, tile in ((6, 0, "house"), (6, 1, "ranch"), (7, 1, "mountain"), (4, 0, "mine")):
        built.tiles[P(x, y)] = tile
        built.set_owner(P(x, y), 0)
    built.set_owner(P(6, 2), 0)  # owned but empty: 0 VP
    with_roads(built, V(6, 0))
    extend(built, V(6, 1), H(5, 2), V(5, 1))  # bank roads, then the bridge (5, 1)–(5, 2)
    assert built.bridges == {V(5, 1)}
    assert built.touches_bridge(P(4, 0))  # corner (5, 1)
    assert built.touches_bridge(P(5, 2))  # corner (5, 2)
    assert not built.touches_bridge(P(6, 1))
    assert built.final_vp(0) == 2 + 2 + 2 + 3  # (4, 0) touches the bridge


def test_bg_8_2_a_bank_road_is_not_a_bridge() -> None:
    built = river_town()
    built.tiles[P(6, 0)] = "house"
    built.set_owner(P(6, 0), 0)
    with_roads(built, V(6, 0))
    assert built.bridges == set()
    assert built.final_vp(0) == 2


# --- BG-10.3 bridges ----------------------------------------------------------------------------


def test_bg_10_3_interior_edge_between_river_parcels_is_a_bridge_costing_2() -> None:
    built = river_town()
    assert built.is_bridge_edge(H(5, 1))  # between (5, 0) and (5, 1)
    assert built.is_bridge_edge(V(5, 1))  # between (4, 1) and (5, 1)
    assert built.road_cost(H(5, 1)) == 2
    bridges = [edge for edge in range(EDGES) if built.is_bridge_edge(edge)]
    assert len(bridges) == len(RIVER) - 1  # one between each pair of consecutive parcels


def test_bg_10_3_bank_edges_are_normal_roads() -> None:
    built = river_town()
    for edge in (V(6, 0), V(5, 0), H(5, 2), V(5, 2), H(2, 5)):
        assert not built.is_bridge_edge(edge), edge_name(edge)
        assert built.road_cost(edge) == 1


def test_bg_10_3_a_bridge_still_has_to_connect() -> None:
    built = river_town()
    assert not built.road_allowed(V(5, 1))
    with_roads(built, V(6, 1))
    extend(built, H(5, 2))  # a bank road reaching vertex (5, 2)
    assert not built.has_access(P(4, 0))
    extend(built, V(5, 1))
    assert V(5, 1) in built.bridges
    assert built.has_access(P(4, 0))  # the far bank, through the bridge's end (5, 1)


def test_bg_10_3_border_edges_of_river_parcels_take_no_road() -> None:
    built = river_town()
    with_roads(built, V(6, 0), V(3, 7))  # touching the border edges' endpoints
    assert not built.road_allowed(H(5, 0))  # top of (5, 0)
    assert not built.road_allowed(H(2, 8))  # bottom of (2, 7)
    assert H(5, 0) not in built.legal_roads() and H(2, 8) not in built.legal_roads()
    assert built.road_allowed(H(6, 0))  # the top border beside the river is fine
    assert built.road_allowed(H(3, 8))


def test_bg_10_3_without_river_every_edge_costs_1_and_the_border_is_open() -> None:
    built = with_roads(Town(), V(6, 0))
    assert not any(built.is_bridge_edge(edge) for edge in range(EDGES))
    assert all(built.road_cost(edge) == 1 for edge in range(EDGES))
    assert built.road_allowed(H(5, 0)) and built.road_allowed(H(6, 0))
    extend(built, H(5, 0))
    assert built.bridges == set()
