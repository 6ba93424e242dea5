"""Property tests: ``Town``'s tables and rules agree with the plain reference everywhere.

The tables (neighbours, corners, edges) are compared exhaustively; the rules on random towns:
random tiles and owners, and a road network grown from a centre one legal road at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import town_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

from carson.games.board.town import (
    CORNERS,
    EDGE_ENDS,
    EDGE_SIDES,
    EDGES,
    HOUSE,
    MOUNTAIN,
    NEIGHBOURS,
    PARCEL_EDGES,
    PARCELS,
    Town,
    coords,
    edge_from_name,
    edge_name,
    parcel,
)

BUILDINGS = ["ranch", "mine", "drugstore", "bank", "saloon", "hotel", "church", "prison"]
#: BG-10.3 placeholder river (the catalog's default).
RIVER = [(5, 0), (5, 1), (4, 1), (4, 2), (4, 3), (3, 3), (3, 4), (3, 5), (2, 5), (2, 6), (2, 7)]
SEATS = 4
FEW = settings(max_examples=60)


def vertex(v: ref.Vertex) -> int:
    """The module's vertex id (module docstring: ``9*j + i``)."""
    return 9 * v[1] + v[0]


def edge(e: ref.Edge) -> int:
    return edge_from_name(*e)


# --- tables, exhaustively ---------------------------------------------------------------------


def test_bg_2_1_4_neighbours_equal_reference() -> None:
    for p in range(PARCELS):
        expected = {parcel(*q) for q in ref.neighbours(coords(p))}
        assert set(NEIGHBOURS[p]) == expected
        assert len(NEIGHBOURS[p]) == len(expected)  # listed once each


def test_bg_2_2_2_corners_and_sides_equal_reference() -> None:
    for p in range(PARCELS):
        assert set(CORNERS[p]) == {vertex(v) for v in ref.corners(coords(p))}
        assert set(PARCEL_EDGES[p]) == {edge(e) for e in ref.parcel_sides(coords(p))}


def test_bg_2_2_2_edge_ends_and_sides_equal_reference() -> None:
    assert len(ref.ALL_EDGES) == EDGES
    for e in ref.ALL_EDGES:
        assert edge_name(edge(e)) == e
        assert set(EDGE_ENDS[edge(e)]) == {vertex(v) for v in ref.ends(e)}
        assert sorted(EDGE_SIDES[edge(e)]) == sorted(parcel(*p) for p in ref.sides(e))
    assert sorted(edge(e) for e in ref.ALL_EDGES) == list(range(EDGES))


# --- random towns -----------------------------------------------------------------------------


@dataclass
class Case:
    town: Town
    tiles: ref.Tiles
    owners: ref.Owners
    roads: set[ref.Edge]
    river: set[ref.Parcel]


# Mostly empty parcels, so that ranches see empty neighbours and prices vary.
KINDS = [None] * 8 + [HOUSE] * 3 + [MOUNTAIN] * 2 + BUILDINGS
rivers = st.one_of(
    st.just(set[ref.Parcel]()),
    st.just(set(RIVER)),
    st.sets(st.sampled_from(ref.ALL_PARCELS), max_size=12),  # any shape: the rules must hold
)


@st.composite
def towns(draw: st.DrawFn) -> Case:
    river = draw(rivers)
    town = Town(parcel(*p) for p in river)
    tiles: ref.Tiles = {}
    owners: ref.Owners = {}
    for p in ref.ALL_PARCELS:
        if p in river:
            continue  # BG-10.3: river parcels stay free and unowned
        kind = draw(st.sampled_from(KINDS))
        seat = draw(st.integers(-1, SEATS - 1))
        if kind in BUILDINGS and seat < 0:
            seat = draw(st.integers(0, SEATS - 1))  # buildings stand on owned parcels
        if kind is not None:
            tiles[p] = kind
            town.tiles[parcel(*p)] = kind
        if seat >= 0:
            owners[p] = seat
            town.set_owner(parcel(*p), seat)
    # BG-3.4: roads round the centre (an inner parcel off the river), then legal roads.
    centres = [(x, y) for x in range(1, 7) for y in range(1, 7) if (x, y) not in river]
    roads = set(ref.parcel_sides(draw(st.sampled_from(centres))))
    for road in roads:
        town.add_road(edge(road))
    network = {v for road in roads for v in ref.ends(road)}
    for _ in range(draw(st.integers(0, 30))):
        options = [
            e
            for e in ref.ALL_EDGES
            if e not in roads and ref.ends(e) & network and ref.road_allowed(roads, river, e)
        ]
        if not options:
            break
        road = draw(st.sampled_from(options))
        roads.add(road)
        network |= ref.ends(road)
        town.add_road(edge(road))
    return Case(town, tiles, owners, roads, river)


@FEW
@given(towns())
def test_bg_2_2_4_legal_roads_equal_reference(case: Case) -> None:
    """BG-2.2.4 and BG-10.3: exactly the free, connected edges, none on the river's border."""
    expected = {edge(e) for e in ref.legal_roads(case.roads, case.river)}
    assert case.town.legal_roads() == sorted(expected)  # ascending, each once
    for e in ref.ALL_EDGES:
        assert case.town.road_allowed(edge(e)) == (edge(e) in expected)


@FEW
@given(towns())
def test_bg_10_3_bridges_and_costs_equal_reference(case: Case) -> None:
    for e in ref.ALL_EDGES:
        bridge = ref.is_bridge(case.river, e)
        assert case.town.is_bridge_edge(edge(e)) == bridge
        assert case.town.road_cost(edge(e)) == (2 if bridge else 1)
    assert case.town.bridges == {edge(e) for e in case.roads if ref.is_bridge(case.river, e)}


@FEW
@given(towns())
def test_bg_2_2_3_access_and_bridge_contact_equal_reference(case: Case) -> None:
    for p in ref.ALL_PARCELS:
        assert case.town.has_access(parcel(*p)) == ref.has_access(case.roads, p), p
        assert case.town.touches_bridge(parcel(*p)) == ref.touches_bridge(case.roads, case.river, p)


@FEW
@given(towns())
def test_bg_5_5_price_equals_reference_and_stays_in_1_to_10(case: Case) -> None:
    for p in ref.ALL_PARCELS:
        price = case.town.price(parcel(*p))
        assert price == ref.price(case.tiles, p), p
        assert 1 <= price <= 10
    # Every price at once (what a view shows) is each parcel's.
    assert case.town.prices() == [ref.price(case.tiles, coords(p)) for p in range(PARCELS)]


@FEW
@given(towns())
def test_bg_6_3_income_equals_reference(case: Case) -> None:
    for p in ref.ALL_PARCELS:
        assert case.town.income(parcel(*p)) == ref.income(case.tiles, case.owners, case.river, p), (
            p,
            case.tiles.get(p),
        )


@pytest.mark.slow  # runs long: whole games or many cases
@FEW
@given(towns())
def test_bg_6_3_house_equivalents_equal_reference_for_every_seat(case: Case) -> None:
    for p in ref.ALL_PARCELS:
        for seat in range(SEATS):
            assert case.town.house_equivalents(parcel(*p), seat) == ref.house_equivalents(
                case.tiles, case.owners, p, seat
            )


@FEW
@given(towns())
def test_bg_6_7_2_church_protection_equals_reference(case: Case) -> None:
    for p in ref.ALL_PARCELS:
        if p in case.owners:
            assert case.town.protected_by_church(parcel(*p)) == ref.protected_by_church(
                case.tiles, case.owners, p
            )


@FEW
@given(towns())
def test_bg_8_2_final_vp_and_holdings_equal_reference(case: Case) -> None:
    for seat in range(SEATS):
        assert case.town.final_vp(seat) == ref.final_vp(
            case.tiles, case.owners, case.roads, case.river, seat
        )
        mine = sorted(parcel(*p) for p, owner in case.owners.items() if owner == seat)
        assert case.town.owned_by(seat) == tuple(mine)
        built = [p for p in mine if case.town.tiles[p] in BUILDINGS]
        assert case.town.buildings_of(seat) == built
        for kind in BUILDINGS:
            assert case.town.buildings_of(seat, kind) == [
                p for p in built if case.town.tiles[p] == kind
            ]


@FEW
@given(towns(), st.sampled_from(ref.ALL_EDGES))
def test_clone_is_independent(case: Case, extra: ref.Edge) -> None:
    """A clone has the same contents, and changing it leaves the original alone."""
    town = case.town
    copy = town.clone()
    assert (copy.tiles, copy.owners, copy.roads, copy.river, copy.bridges) == (
        town.tiles,
        town.owners,
        town.roads,
        town.river,
        town.bridges,
    )
    before = (town.tiles.copy(), town.owners, town.roads.copy(), town.bridges.copy())
    copy.add_road(edge(extra))
    copy.tiles[0] = "hotel"
    copy.set_owner(0, 3)
    after = (town.tiles, town.owners, town.roads, town.bridges)
    assert after == before
    assert town.road_vertices == {v for e in town.roads for v in EDGE_ENDS[e]}


@FEW
@given(
    st.lists(
        st.tuples(st.booleans(), st.integers(0, PARCELS - 1), st.integers(-1, SEATS - 1)),
        max_size=40,
    )
)
def test_owned_by_follows_every_owner_write_and_clone(writes: list[tuple[bool, int, int]]) -> None:
    """Each seat's parcels are kept with the owners (not found in them): after any owner
    writes, some through clones, ``owned_by`` is what a scan of the owners finds, and a
    clone's writes leave the original alone."""
    town = Town()
    towns = [town]
    for clone_first, p, seat in writes:
        if clone_first:
            towns.append(towns[-1].clone())
        before = towns[:-1] and towns[-2].owners
        towns[-1].set_owner(p, seat)
        if before:
            assert towns[-2].owners == before
    for each in towns:
        for seat in (-1, *range(SEATS)):
            scanned = tuple(p for p, owner in enumerate(each.owners) if owner == seat)
            assert each.owned_by(seat) == scanned


def test_owners_are_written_only_through_set_owner() -> None:
    town = Town()
    with pytest.raises(TypeError):
        town.owners[3] = 0  # type: ignore[index]
    town.set_owners([0] * PARCELS)
    assert town.owned_by(0) == tuple(range(PARCELS))
    with pytest.raises(ValueError, match="63 owners"):
        town.set_owners([0] * (PARCELS - 1))
