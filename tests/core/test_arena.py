"""Arena pairing (issue 48's second tournament mode): tables of the free players only, no
machines, the longest-waiting seated first, people who just played together kept apart."""

from __future__ import annotations

from carson.core.arena import arena_sizes, pair_free


def test_tables_only_as_many_as_the_free_people_fill() -> None:
    assert arena_sizes(3, 4, 4) == []  # too few: they wait
    assert arena_sizes(7, 4, 4) == [4]  # three wait
    assert arena_sizes(8, 4, 4) == [4, 4]
    assert arena_sizes(9, 4, 5) == [5, 4]
    assert arena_sizes(7, 4, 6) == [6]
    assert arena_sizes(7, 3, 3) == [3, 3]
    assert arena_sizes(0, 3, 6) == []


def test_the_longest_waiting_sit_first_and_recent_tables_are_broken_up() -> None:
    # 1, 2, 3 have waited; 4–7 just played together (a heavy weight between each two).
    just_played = {frozenset((a, b)): 10 for a in (4, 5, 6, 7) for b in (4, 5, 6, 7) if a < b}
    tables = pair_free([1, 2, 3, 4, 5, 6, 7], 4, 4, just_played)
    assert tables == [[1, 2, 3, 4]]  # one of the last table joins those who waited
    assert pair_free([4, 5, 6, 7, 1, 2, 3, 8], 4, 4, just_played) == [[4, 1, 2, 3], [5, 8, 6, 7]]


def test_without_history_the_waiting_order_decides() -> None:
    assert pair_free([5, 3, 9, 1, 2], 3, 4, {}) == [[5, 3, 9, 1]]
    assert pair_free([1, 2], 3, 4, {}) == []
