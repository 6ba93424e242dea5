"""Property tests: bitboard scoring equals the plain reference, and ignores translation."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from scoring_reference import Cells, reference_score

from carson.games.card.catalog import PERSONALITY_IDS
from carson.games.card.city import City
from carson.games.card.parcels import Parcel
from carson.games.card.scoring import city_points, score_city

grids = st.dictionaries(
    st.tuples(st.integers(0, 7), st.integers(0, 7)), st.sampled_from(list(Parcel)), max_size=64
)
personality_sets = st.sets(st.sampled_from(PERSONALITY_IDS), max_size=8)


@given(grids, personality_sets, st.integers(0, 3))
def test_score_equals_reference(cells: Cells, owned: set[str], sold: int) -> None:
    """CG-7 as bitboards equals CG-7 as loops, category by category."""
    sheet = score_city(City.from_cells(cells), owned, sold if "auctioneer" in owned else 0)
    expected = reference_score(cells, owned, sold if "auctioneer" in owned else 0)
    assert dict(sheet.breakdown) == expected
    assert sheet.total == sum(expected.values())


@given(grids, personality_sets, st.integers(-3, 3), st.integers(-3, 3))
def test_score_is_translation_invariant(cells: Cells, owned: set[str], dx: int, dy: int) -> None:
    moved = {(x + dx, y + dy): parcel for (x, y), parcel in cells.items()}
    assert score_city(City.from_cells(moved), owned) == score_city(City.from_cells(cells), owned)


@given(grids)
def test_placing_cards_then_scoring_matches_reference_of_visible_grid(cells: Cells) -> None:
    """Scoring reads only the visible grid (CG-6.5)."""
    city = City.from_cells(cells)
    visible = {cell: city.visible(*cell) for cell in city.covered_cells()}
    assert dict(score_city(city, ()).breakdown) == reference_score(
        {cell: parcel for cell, parcel in visible.items() if parcel is not None}, set()
    )


@given(grids, personality_sets, st.integers(0, 3), st.booleans())
def test_fast_points_equal_the_reference_total(
    cells: Cells, owned: set[str], sold: int, as_list: bool
) -> None:
    """The search's ``city_points`` is CG-7 too: the same total as the plain reference."""
    sold = sold if "auctioneer" in owned else 0
    expected = sum(reference_score(cells, owned, sold).values())
    personalities = sorted(owned) if as_list else owned
    assert city_points(City.from_cells(cells), personalities, sold) == expected
