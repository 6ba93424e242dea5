"""One test per rule of CG-6 (building the city) and of CG-5.4's sale conditions."""

from __future__ import annotations

import pytest

from carson.games.card.city import City, Layout, PlacementError, SaleError
from carson.games.card.grid import parse_grid
from carson.games.card.parcels import Parcel

P = Parcel


def card(letters: str) -> Layout:
    """A layout from four letters: top-left, top-right, bottom-left, bottom-right."""
    a, b, c, d = (Parcel.from_letter(letter) for letter in letters)
    return (a, b, c, d)


def city(*rows: str, captain: bool = False, sheriff: bool = False) -> City:
    return City.from_cells(parse_grid(rows), captain=captain, sheriff=sheriff)


EMPTY_CARD = card("....")


def test_cg_6_1_first_card_goes_to_origin() -> None:
    """CG-6.1: the first card may go anywhere; normalised, that is (0, 0)."""
    assert City().legal_placements(EMPTY_CARD) == [(0, 0)]
    with pytest.raises(PlacementError, match=r"\(0, 0\)"):
        City().place(1, EMPTY_CARD, 3, 1)


def test_cg_6_1_cards_cover_a_2x2_block_unrotated() -> None:
    """CG-6.1: (x, y) top-left, (x+1, y) top-right, (x, y+1) and (x+1, y+1) bottom."""
    built = City()
    built.place(1, card("hm^r"), 0, 0)
    assert built.grid() == ["hm", "^r"]


def test_cg_6_1_half_card_offsets_and_renormalising() -> None:
    """CG-6.1: offsets of one parcel are allowed; a card left of the city moves the origin."""
    built = City()
    built.place(1, EMPTY_CARD, 0, 0)
    built.place(2, card("hhhh"), -1, 1)
    assert built.grid() == ["-..", "hh.", "hh-"]
    assert [(c.card_id, c.x, c.y) for c in built.cards] == [(1, 1, 0), (2, 0, 1)]


def test_cg_6_2_city_fits_in_8x8() -> None:
    """CG-6.2: all covered parcels fit in an 8×8 box."""
    wide = city("........")  # 8 wide, 1 high
    assert (7, 0) not in wide.legal_placements(EMPTY_CARD)  # would make it 9 wide
    assert (6, 0) in wide.legal_placements(EMPTY_CARD)
    assert (-1, 0) not in wide.legal_placements(EMPTY_CARD)
    assert "8×8" in (wide.why_illegal(EMPTY_CARD, 7, 0) or "")


def test_cg_5_6_captain_allows_9x8_or_8x9_but_not_9x9() -> None:
    """CG-5.6 with CG-6.2: the Captain's city may be 9 wide or 9 high, not both."""
    wide = city("........", captain=True)
    assert (7, 0) in wide.legal_placements(EMPTY_CARD)
    square = city(*(["........"] * 7), captain=True)  # 8×7
    assert (7, 0) in square.legal_placements(EMPTY_CARD)  # 9×7
    assert (0, 7) in square.legal_placements(EMPTY_CARD)  # 8×9
    assert (7, 6) in square.legal_placements(EMPTY_CARD)  # 9×8
    assert (7, 7) not in square.legal_placements(EMPTY_CARD)  # 9×9
    nine_wide = city(*(["........."] * 8), captain=True)  # 9×8: cannot grow a 9th row
    assert (0, 7) not in nine_wide.legal_placements(EMPTY_CARD)


def test_cg_6_3_edge_contact_required_corner_is_not_enough() -> None:
    """CG-6.3: the new card shares an edge with the city, or overlaps it."""
    base = city("..", "..")
    placements = set(base.legal_placements(EMPTY_CARD))
    assert (2, 0) in placements  # edge to the right
    assert (2, 2) not in placements  # corner only
    assert (-2, -2) not in placements
    assert (1, 1) in placements  # overlapping counts as contact
    assert (3, 0) not in placements  # a gap of one parcel


def test_cg_6_4_empty_parcels_may_be_covered_by_anything() -> None:
    assert (0, 0) in city("..", "..").legal_placements(card("xjat"))


def test_cg_6_4_buildings_only_by_the_same_building() -> None:
    """CG-6.4: a building may be covered by an identical building, a house by a house."""
    base = city("mb", "sh")
    assert (0, 0) in base.legal_placements(card("mbsh"))
    assert (0, 0) not in base.legal_placements(card("mbsd"))
    assert (0, 0) not in base.legal_placements(card("mbs."))  # empty land may not cover a house
    assert "house" in (base.why_illegal(card("mbs."), 0, 0) or "")


def test_cg_6_4_mountain_only_by_mountain() -> None:
    base = city("^.", "..")
    assert (0, 0) in base.legal_placements(card("^..."))
    assert (0, 0) not in base.legal_placements(card("m..."))


def test_cg_6_4_townhouse_may_cover_a_house_not_the_reverse() -> None:
    assert (0, 0) in city("h.", "..").legal_placements(card("t..."))
    assert (0, 0) not in city("t.", "..").legal_placements(card("h..."))
    assert (0, 0) in city("t.", "..").legal_placements(card("t..."))


def test_cg_6_4_outlaws_never_covered_without_sheriff_or_prison() -> None:
    """CG-6.4: not even by outlaws."""
    base = city("x.", "..")
    assert (0, 0) not in base.legal_placements(card("x..."))
    assert (0, 0) not in base.legal_placements(card("...."))


def test_cg_6_4_outlaws_count_as_empty_with_sheriff() -> None:
    """CG-5.7 with CG-6.4."""
    assert (0, 0) in city("x.", "..", sheriff=True).legal_placements(card("m..."))


def test_cg_6_4_outlaws_count_as_empty_with_a_visible_prison() -> None:
    assert (0, 0) in city("xj", "..").legal_placements(card("hj.."))


def test_cg_6_4_prison_must_be_in_the_city_before_the_card() -> None:
    """CG-6.4: a prison on the new card itself does not free the outlaws it covers."""
    assert (0, 0) not in city("x.", "..").legal_placements(card("hj.."))


def test_cg_6_4_covered_prison_no_longer_counts() -> None:
    """Only a *visible* prison makes outlaws empty (CG-6.4, CG-7)."""
    built = City()
    built.place(1, card("j..."), 0, 0)
    built.place(2, card("j..."), 0, 0)  # prison on prison: still visible
    assert built.outlaws_count_as_empty
    assert not city("x.", "..").outlaws_count_as_empty


def test_illegal_placement_changes_nothing() -> None:
    base = city("x.", "..")
    before = base.copy()
    with pytest.raises(PlacementError):
        base.place(7, card("...."), 0, 0)
    assert base == before


def test_overlaps_reports_upper_and_lower_cards() -> None:
    built = City()
    built.place(1, EMPTY_CARD, 0, 0)
    built.place(2, EMPTY_CARD, 1, 0)
    built.place(3, EMPTY_CARD, 3, 0)
    assert built.overlaps() == [(2, 1)]


def test_cg_5_4_only_free_cards_at_the_edge_may_be_sold() -> None:
    """CG-5.4: no overlap in either direction, and the city stays edge-connected."""
    built = City()
    built.place(1, EMPTY_CARD, 0, 0)
    built.place(2, EMPTY_CARD, 2, 0)
    built.place(3, EMPTY_CARD, 4, 0)
    built.place(4, EMPTY_CARD, 5, 1)  # overlaps card 3
    assert built.sellable_cards() == [1]
    assert "overlaps" in (built.why_not_sellable(3) or "")
    assert "overlaps" in (built.why_not_sellable(4) or "")
    assert "apart" in (built.why_not_sellable(2) or "")
    sold = built.sell(1)
    assert (sold.card_id, sold.x, sold.y) == (1, 0, 0)
    assert built.grid() == ["....-", ".....", "---.."]  # origin moved to the old card 2
    with pytest.raises(SaleError):
        built.sell(3)


def test_cg_5_4_the_last_card_may_be_sold() -> None:
    """CG-5.4: an empty city is allowed."""
    built = City()
    built.place(1, EMPTY_CARD, 0, 0)
    built.sell(1)
    assert built.is_empty
    assert built.legal_placements(EMPTY_CARD) == [(0, 0)]


def test_cards_of_a_grid_city_cannot_be_sold() -> None:
    assert city("..", "..").sellable_cards() == []
    assert "not in this city" in (city("..", "..").why_not_sellable(1) or "")
