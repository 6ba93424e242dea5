"""Quick match pairing (issue 23): full tables, closest ratings, ranges, filling after a wait."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from carson.core.seeks import FILL_AFTER, Seek, pair


def seek(n: int, rating: float = 1500, at: float = 0.0, **extra: object) -> Seek:
    fields: dict[str, object] = dict(
        id=f"s{n}", user_id=n, game="card", seats=4, control="10+5", rated=True,
        rating=rating, created_at=at, fill_with="ai-medium",
    )  # fmt: skip
    fields.update(extra)
    return Seek(**fields)  # type: ignore[arg-type]


def test_a_full_table_starts_at_once_with_the_closest_ratings() -> None:
    seeks = [seek(1, 1500), seek(2, 2100), seek(3, 1450), seek(4, 1600), seek(5, 1520)]
    [table] = pair(seeks, now=1.0)
    assert [s.id for s in table.seeks] == ["s1", "s3", "s4", "s5"]
    assert table.machines == ()


def test_after_the_wait_machines_fill_the_empty_seats() -> None:
    seeks = [seek(1, at=0.0), seek(2, at=5.0)]
    assert pair(seeks, now=FILL_AFTER - 1) == []
    [table] = pair(seeks, now=FILL_AFTER)
    assert [s.id for s in table.seeks] == ["s1", "s2"]
    assert table.machines == ("ai-medium", "ai-medium")


def test_a_person_alone_keeps_waiting() -> None:
    assert pair([seek(1)], now=10_000.0) == []


def test_pools_do_not_mix() -> None:
    seeks = [
        seek(1), seek(2, game="board"), seek(3, control="3d"), seek(4, rated=False),
        seek(5, seats=5),
    ]  # fmt: skip
    assert pair(seeks, now=10_000.0) == []


def test_rating_ranges_are_respected_both_ways() -> None:
    seeks = [seek(1, 1500, max_gap=100), seek(2, 1700), seek(3, 1580, at=1.0)]
    [table] = pair(seeks, now=FILL_AFTER + 5)
    assert {s.id for s in table.seeks} == {"s1", "s3"}


def test_the_same_person_twice_is_one_person() -> None:
    seeks = [seek(1), seek(2, user_id=1, at=1.0), seek(3, at=2.0)]
    [table] = pair(seeks, now=FILL_AFTER + 5)
    assert [s.user_id for s in table.seeks] == [1, 3]


@given(
    st.lists(
        st.tuples(st.integers(1, 12), st.integers(1200, 1800), st.integers(0, 100),
                  st.sampled_from([2, 3, 4]), st.sampled_from([None, 50.0, 200.0])),
        max_size=30,
    ),
    st.integers(0, 200),
)  # fmt: skip
def test_every_table_is_valid(raw: list[tuple[int, int, int, int, float | None]], now: int) -> None:
    seeks = [
        seek(n, rating, at, user_id=user, seats=seats, max_gap=gap, id=f"s{n}")
        for n, (user, rating, at, seats, gap) in enumerate(raw)
    ]
    tables = pair(seeks, now=float(now))
    used = [s.id for table in tables for s in table.seeks]
    assert len(used) == len(set(used))
    for table in tables:
        first = table.seeks[0]
        assert len(table.seeks) + len(table.machines) == first.seats
        assert len(table.seeks) >= 2
        assert len({s.user_id for s in table.seeks}) == len(table.seeks)
        assert all(s.pool == first.pool for s in table.seeks)
        assert all(a.accepts(b) for a in table.seeks for b in table.seeks if a is not b)
        if table.machines:
            assert now - first.created_at >= FILL_AFTER
