"""Property tests: the bitboard city agrees with the plain reference of CG-6 everywhere."""

from __future__ import annotations

import city_reference as ref
import pytest
from hypothesis import given
from hypothesis import strategies as st

from carson.games.card.city import City, Layout
from carson.games.card.parcels import Parcel

# Parcels weighted roughly as in the deck, so that real overlaps (house on house, mountain on
# mountain, townhouse on house) happen often enough to matter.
COMMON = [Parcel.EMPTY] * 6 + [Parcel.HOUSE] * 3 + [Parcel.MOUNTAIN] * 2 + [Parcel.TOWNHOUSE]
parcels = st.one_of(st.sampled_from(COMMON), st.sampled_from(list(Parcel)))
layouts = st.tuples(parcels, parcels, parcels, parcels)
flags = st.booleans()


@st.composite
def built_cities(draw: st.DrawFn) -> tuple[City, ref.Cells]:
    """A city grown by legal placements (chosen by the reference), with its reference grid."""
    captain, sheriff = draw(flags), draw(flags)
    city = City(captain=captain, sheriff=sheriff)
    visible: ref.Cells = {}
    for card_id in range(draw(st.integers(0, 16))):
        layout = draw(layouts)
        options = sorted(ref.legal_placements(visible, layout, captain=captain, sheriff=sheriff))
        if not options:
            continue
        x, y = draw(st.sampled_from(options))
        visible = ref.normalised(ref.place(visible, layout, x, y))
        city.place(card_id, layout, x, y)
    return city, visible


@st.composite
def grid_cities(draw: st.DrawFn) -> tuple[City, ref.Cells]:
    """Any arrangement of parcels in up to 9×9 (not necessarily one cards could build)."""
    cells = draw(
        st.dictionaries(st.tuples(st.integers(0, 8), st.integers(0, 8)), parcels, max_size=81)
    )
    captain, sheriff = draw(flags), draw(flags)
    return City.from_cells(cells, captain=captain, sheriff=sheriff), ref.normalised(cells)


cities = st.one_of(built_cities(), grid_cities())


def reference_of(city: City, visible: ref.Cells, layout: Layout) -> set[tuple[int, int]]:
    return ref.legal_placements(visible, layout, captain=city.captain, sheriff=city.sheriff)


@pytest.mark.slow  # runs long: whole games or many cases
@given(cities, layouts)
def test_enumeration_equals_reference(case: tuple[City, ref.Cells], layout: Layout) -> None:
    """CG-6.2–6.4: the bitboard enumeration is exactly the plain rule's set."""
    city, visible = case
    assert set(city.legal_placements(layout)) == reference_of(city, visible, layout)


@pytest.mark.slow  # runs long: whole games or many cases
@given(cities, layouts)
def test_placements_are_listed_once_in_reading_order(
    case: tuple[City, ref.Cells], layout: Layout
) -> None:
    placements = case[0].legal_placements(layout)
    assert placements == sorted(set(placements), key=lambda xy: (xy[1], xy[0]))


@pytest.mark.slow  # runs long: whole games or many cases
@given(built_cities(), layouts)
def test_every_placement_is_legal_and_keeps_city_in_bounds(
    case: tuple[City, ref.Cells], layout: Layout
) -> None:
    """Each enumerated position passes the checked ``place`` and the size limit (CG-6.2)."""
    city, _ = case
    for x, y in city.legal_placements(layout):
        assert city.why_illegal(layout, x, y) is None
        after = city.copy()
        after.place(999, layout, x, y)
        assert after.within_size_limit()


@pytest.mark.slow  # runs long: whole games or many cases
@given(cities, layouts, st.integers(-2, 9), st.integers(-2, 9))
def test_why_illegal_agrees_with_enumeration(
    case: tuple[City, ref.Cells], layout: Layout, x: int, y: int
) -> None:
    city, _ = case
    legal = (x, y) in set(city.legal_placements(layout))
    assert (city.why_illegal(layout, x, y) is None) == legal


@given(grid_cities(), layouts, st.integers(0, 5), st.integers(0, 5))
def test_translation_invariance(
    case: tuple[City, ref.Cells], layout: Layout, dx: int, dy: int
) -> None:
    """CG-6.1: moving the whole grid changes nothing."""
    city, visible = case
    moved = {(x + dx, y + dy): parcel for (x, y), parcel in visible.items()}
    other = City.from_cells(moved, captain=city.captain, sheriff=city.sheriff)
    assert other.grid() == city.grid()
    assert other.legal_placements(layout) == city.legal_placements(layout)


@pytest.mark.slow  # runs long: whole games or many cases
@given(built_cities())
def test_visible_grid_matches_reference(case: tuple[City, ref.Cells]) -> None:
    city, visible = case
    assert {(x, y): city.visible(x, y) for x, y in city.covered_cells()} == visible


@pytest.mark.slow  # runs long: whole games or many cases
@given(built_cities(), layouts)
def test_copy_is_equal_and_independent(case: tuple[City, ref.Cells], layout: Layout) -> None:
    city, _ = case
    clone = city.copy()
    assert clone == city
    placements = city.legal_placements(layout)
    if placements:
        clone.place(999, layout, *placements[0])
        assert clone != city
        assert city.legal_placements(layout) == placements


@pytest.mark.slow  # runs long: whole games or many cases
@given(built_cities())
def test_selling_keeps_the_city_connected(case: tuple[City, ref.Cells]) -> None:
    """CG-5.4: whatever is sellable leaves an edge-connected city, and the grid shrinks."""
    city, _ = case
    for card_id in city.sellable_cards():
        after = city.copy()
        sold = after.sell(card_id)
        assert sold.card_id == card_id
        assert len(after.covered_cells()) == len(city.covered_cells()) - 4
        assert city.size == (0, 0) or after.is_empty or after.grid()[0].strip("-")


def reference_grid(visible: ref.Cells) -> list[str]:
    """CG-1.4's grid of normalised cells: a letter per visible parcel, ``-`` elsewhere."""
    if not visible:
        return []
    width = max(x for x, _ in visible) + 1
    height = max(y for _, y in visible) + 1
    return [
        "".join(visible[x, y].letter if (x, y) in visible else "-" for x in range(width))
        for y in range(height)
    ]


@pytest.mark.slow  # runs long: whole games or many cases
@given(cities)
def test_grid_matches_reference(case: tuple[City, ref.Cells]) -> None:
    city, visible = case
    assert city.grid() == reference_grid(visible)


@pytest.mark.slow  # runs long: whole games or many cases
@given(built_cities(), layouts, st.data())
def test_grid_follows_every_change(
    case: tuple[City, ref.Cells], layout: Layout, data: st.DataObject
) -> None:
    """The grid, kept from one question to the next, is worked out again after a placement
    (moving the city's corner or not) and a sale, and a copy keeps its own."""
    city, visible = case
    assert city.grid() == reference_grid(visible)
    before = city.copy()
    options = sorted(ref.legal_placements(visible, layout, captain=city.captain,
                                          sheriff=city.sheriff))  # fmt: skip
    if options:
        x, y = data.draw(st.sampled_from(options))
        city.place(999, layout, x, y)
        visible = ref.normalised(ref.place(visible, layout, x, y))
        assert city.grid() == reference_grid(visible)
        assert before.grid() == reference_grid(ref.normalised(dict(visible_cells(before))))
    sellable = city.sellable_cards()
    if sellable:
        city.sell(data.draw(st.sampled_from(sellable)))
        assert city.grid() == reference_grid(dict(visible_cells(city)))


def visible_cells(city: City) -> list[tuple[tuple[int, int], Parcel]]:
    """The city's visible parcels, asked cell by cell (not from its kept grid)."""
    cells = []
    for x, y in city.covered_cells():
        parcel = city.visible(x, y)
        assert parcel is not None
        cells.append(((x, y), parcel))
    return cells
