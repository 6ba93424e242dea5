"""One test per scoring rule of CG-7 and CG-8.1, and the rulebook's worked examples (CG-7.13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carson.games.card.city import City
from carson.games.card.grid import parse_grid
from carson.games.card.scoring import score_city, score_virtual

EXAMPLE = json.loads((Path(__file__).parents[2] / "examples" / "rulebook-city.json").read_text())


def score(*rows: str, personalities: tuple[str, ...] = (), sold: int = 0) -> dict[str, int]:
    city = City.from_cells(parse_grid(rows), captain="captain" in personalities)
    sheet = score_city(city, personalities, sold)
    assert sheet.total == sum(sheet.breakdown.values())
    return dict(sheet.breakdown)


def test_cg_7_13_rulebook_example_scores_109() -> None:
    """CG-7.13: every figure of the worked example, and its total of 109."""
    city = City.from_cells(parse_grid(EXAMPLE["grid"]))
    assert city.within_size_limit()
    sheet = score_city(city, EXAMPLE["personalities"])
    assert dict(sheet.breakdown) == {
        "ranch": 6,  # one ranch next to 6 empty parcels
        "mine": 28,  # 10 + 10 + 4 + 4
        "drugstore": 3,  # 2 adjacent houses + 1 drugstore × 1 ranch
        "bank": 23,  # 15 for adjacent house units + 4 mines × 2 banks
        "saloon": 16,
        "hotel": 6,  # 2 hotels
        "banker": 8,
        "doctor": 5,
        "teacher": 14,  # 14 house units
    }
    assert sheet.total == 109
    # Outlaws: 2 parcels, no loss thanks to the prison (CG-7.11).
    assert "".join(EXAMPLE["grid"]).count("x") == 2 and "j" in "".join(EXAMPLE["grid"])


def test_cg_7_13_the_indian_example() -> None:
    """CG-7.13: 40 of 64 parcels covered → 24 × ½ = 12."""
    rows = ["........"] * 5 + ["-" * 8, "-" * 8, "-" * 8]
    assert score(*rows, personalities=("indian",)) == {"indian": 12}


def test_cg_7_1_ranch_counts_adjacent_empty_not_missing_cards() -> None:
    assert score("...", ".r.", "...") == {"ranch": 8}
    assert score("r.") == {"ranch": 1}  # no card around is never empty
    assert score("rh", "..") == {"ranch": 2}


def test_cg_7_2_mine_two_per_adjacent_mountain() -> None:
    assert score("^^", "m^") == {"mine": 6}


def test_cg_7_3_drugstore_adjacent_units_and_ranches() -> None:
    """House 1, townhouse 2, hotel 2 (+3 for the hotel itself)."""
    assert score("hto", "d..", "..r") == {"drugstore": 1 + 2 + 1, "hotel": 3, "ranch": 3}


def test_cg_7_4_bank_adjacent_units_and_mines() -> None:
    assert score("hb", "m^") == {"bank": 1 + 1, "mine": 2}


def test_cg_7_5_saloon_two_per_adjacent_unit() -> None:
    assert score("hts") == {"saloon": 4}


def test_cg_7_6_general_store_adjacent_and_all_units() -> None:
    assert score("hg.t") == {"general_store": 1 + 3}


def test_cg_7_7_city_hall_counts_buildings_including_itself() -> None:
    """CG-7.7 DECISION: mine, ranch, …, city hall count; houses and townhouses do not."""
    assert score("ham", "t.^") == {"city_hall": 1 + 2 + 2, "mine": 2}


def test_cg_7_8_church_one_per_unit_in_city() -> None:
    assert score("c.h", "..o") == {"church": 3, "hotel": 3}


def test_cg_7_9_blacksmith_mines_and_ranches() -> None:
    assert score("km", "r-") == {"blacksmith": 2}  # nothing around the ranch is empty


def test_cg_7_10_hotel_three() -> None:
    assert score("o.") == {"hotel": 3}


def test_cg_7_11_outlaws_cost_six_each_unless_prison_or_sheriff() -> None:
    """CG-7.11 DECISION: one parcel is one group."""
    assert score("xx", "..") == {"outlaws": -12}
    assert score("xx", ".j") == {}
    assert score("xx", "..", personalities=("sheriff",)) == {}
    assert score("xr", "..", personalities=("sheriff",)) == {"ranch": 3}  # outlaws count as empty


def test_cg_7_12_simple_personalities() -> None:
    expected = {"captain": 6, "doctor": 5, "heroes": 6, "paperboy": 3}
    assert score("..", personalities=tuple(expected)) == expected


def test_cg_7_12_banker_cowboy_grocer_prospector_sheriff() -> None:
    assert score("b^", "rd", "mj", personalities=("banker",))["banker"] == 4
    assert score("r.", personalities=("cowboy",))["cowboy"] == 3
    assert score("d.", personalities=("grocer",))["grocer"] == 4
    assert score("^m", personalities=("prospector",))["prospector"] == 2
    assert score("jj", personalities=("sheriff",))["sheriff"] == 6


def test_cg_7_12_singer_takes_the_best_saloon() -> None:
    assert score("shh", "...", "so.", personalities=("singer",))["singer"] == 4


def test_cg_7_12_settler_counts_each_empty_parcel_once() -> None:
    assert score("r.r", personalities=("settler",))["settler"] == 1


def test_cg_7_12_auctioneer_seven_per_sale() -> None:
    assert score("..", personalities=("auctioneer",), sold=3) == {"auctioneer": 21}


def test_cg_7_12_undertaker_counts_itself() -> None:
    assert score("..", personalities=("undertaker", "lawyer"))["undertaker"] == 4


def test_cg_7_12_editor_counts_both_symbols() -> None:
    """DECISION: the Doctor has $ and ↻ and counts for both."""
    # editor ($) 1 + doctor ($ 1, ↻ 4) + lawyer (↻ 4) = 10
    assert score("..", personalities=("editor", "doctor", "lawyer"))["editor"] == 10


def test_cg_7_12_teacher_houses_townhouses_hotels() -> None:
    assert score("hto", personalities=("teacher",))["teacher"] == 5


def test_cg_7_12_indian_half_of_uncovered_rounded_up_captain_72() -> None:
    assert score("...", personalities=("indian",))["indian"] == 31  # 61 / 2 rounded up
    assert score("..", personalities=("indian", "captain"))["indian"] == 35


@pytest.mark.parametrize(("cards", "personalities", "expected"), [((5, 7), (3,), 15), ((), (), 0)])
def test_cg_8_1_virtual_score_is_the_sum_of_desirability(
    cards: tuple[int, ...], personalities: tuple[int, ...], expected: int
) -> None:
    assert score_virtual(cards, personalities) == expected
