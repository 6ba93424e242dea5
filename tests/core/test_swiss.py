"""Swiss pairing for free-for-all tables (issue 48's tournaments): even tables filled by
machines, leaders with leaders, repeat opponents avoided where possible, placing points."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from carson.core.swiss import Entrant, pair_round, placing_points, ranking, table_sizes


def test_tables_are_as_few_and_as_even_as_the_seats_allow() -> None:
    assert table_sizes(9, 4) == [3, 3, 3]
    assert table_sizes(8, 4) == [4, 4]
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(13, 6) == [5, 4, 4]
    assert table_sizes(2, 5) == [2]
    assert table_sizes(0, 4) == []


def test_round_one_is_a_seeded_draw() -> None:
    entrants = [Entrant(id, 0.0) for id in range(1, 10)]
    first = pair_round(entrants, 4, {}, seed=1)
    assert sorted(id for table in first for id in table) == list(range(1, 10))
    assert pair_round(entrants, 4, {}, seed=1) == first  # the same seed, the same draw
    assert any(pair_round(entrants, 4, {}, seed=seed) != first for seed in range(2, 6))


def test_leaders_meet_leaders() -> None:
    entrants = [Entrant(id, float(10 - id)) for id in range(1, 9)]  # 1 leads, 8 trails
    assert pair_round(entrants, 4, {}, seed=0) == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert [e.id for e in ranking(entrants, seed=0)] == list(range(1, 9))


def test_repeat_opponents_are_avoided_where_possible() -> None:
    entrants = [Entrant(id, 0.0) for id in range(1, 9)]
    first = pair_round(entrants, 4, {}, seed=3)
    met = Counter(frozenset(pair) for table in first for pair in combinations(table, 2))
    second = pair_round(entrants, 4, met, seed=3)
    repeats = sum(met[frozenset(pair)] for table in second for pair in combinations(table, 2))
    assert repeats == 4  # 8 people, 2 tables of 4 after 2 of 4: 4 repeated pairs at least


def test_placing_points_count_the_seats_beaten() -> None:
    assert placing_points({0: 1, 1: 2, 2: 3, 3: 4}) == {0: 3, 1: 2, 2: 1, 3: 0}
    assert placing_points({0: 1, 1: 1, 2: 3}) == {0: 1, 1: 1, 2: 0}  # a shared first place
