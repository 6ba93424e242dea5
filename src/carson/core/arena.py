"""Arena pairing for free-for-all games: who sits down together now, among the players of an
arena tournament who are free (not at one of its tables).

The free players come longest-waiting first. As many tables are opened as ``low`` (the fewest
people a table may have) allows, each with at most ``high`` people, the people spread as
evenly as can be; those left over wait for the next seating. Each table is filled like a
Swiss round's (:mod:`carson.core.swiss`): its first person is the longest-waiting still
unseated; each next one, among those not yet seated, the one whose ``met`` weight with the
people already at the table is the least, the longer-waiting on a tie — so people who have
just played together are kept apart while others are free.
Pure: the server passes the players, the weights, and stores what this returns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from carson.core.swiss import fill_tables


def arena_sizes(free: int, low: int, high: int) -> list[int]:
    """How many people sit at each new table: as many tables of ``low`` to ``high`` people
    as ``free`` people fill, evened out; none if fewer than ``low`` are free."""
    tables = free // low if low > 0 else 0
    if tables == 0:
        return []
    seated = min(free, tables * high)
    base, extra = divmod(seated, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def pair_free(
    free: Sequence[int], low: int, high: int, met: Mapping[frozenset[int], int]
) -> list[list[int]]:
    """The new tables: each a list of player ids. ``free``: longest-waiting first; ``met``:
    how much two players (a pair of ids) should not sit together again (0 if never met)."""
    return fill_tables(free, arena_sizes(len(free), low, high), met)
