"""Swiss pairing for free-for-all games of 3–6 seats: who sits at which table in a round of a
tournament.

The players of a round are ranked by their points so far (ties in a seeded random order, so
that round 1 is a draw). The tables are as many as needed for ``seats`` seats each, their
people spread as evenly as can be (machines fill the seats left: a table of 9 people with
``seats=4`` is 3 tables of 3 people and a machine). Each table is filled from the top of the
ranking: its first person is the best still unseated; each next one, among those not yet
seated, the one who has met the people already at the table the fewest times, the better
ranked on a tie — so leaders meet leaders, and repeat opponents are avoided where possible.
Pure: the server passes the players, points and past meetings, and stores what this returns.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of a round: their id and points so far."""

    id: int
    points: float


def table_sizes(people: int, seats: int) -> list[int]:
    """How many people sit at each table: as few tables as ``seats`` allows, evened out."""
    if people <= 0:
        return []
    tables = -(-people // seats)
    base, extra = divmod(people, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def ranking(entrants: Sequence[Entrant], seed: int) -> list[Entrant]:
    """Best first; equal points in an order drawn from ``seed``."""
    draw = random.Random(seed)
    order = {entrant.id: draw.random() for entrant in sorted(entrants, key=lambda e: e.id)}
    return sorted(entrants, key=lambda entrant: (-entrant.points, order[entrant.id]))


def pair_round(
    entrants: Sequence[Entrant],
    seats: int,
    met: Mapping[frozenset[int], int],
    seed: int,
) -> list[list[int]]:
    """The tables of a round: each a list of player ids, best ranked first. ``met``: how many
    times two players (a pair of ids) have sat at one table before."""
    order = [entrant.id for entrant in ranking(entrants, seed)]
    return fill_tables(order, table_sizes(len(order), seats), met)


def fill_tables(
    order: Sequence[int], sizes: Sequence[int], met: Mapping[frozenset[int], int]
) -> list[list[int]]:
    """Tables of ``sizes`` from players in ``order``: each opened by the first left, then
    filled by whoever has met its people least (ties: the earlier in ``order``)."""
    remaining = list(order)
    tables: list[list[int]] = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            chosen = min(
                range(len(remaining)),
                key=lambda index: (
                    sum(met.get(frozenset((remaining[index], other)), 0) for other in table),
                    index,
                ),
            )
            table.append(remaining.pop(chosen))
        tables.append(table)
    return tables


def placing_points(places: Mapping[int, int]) -> dict[int, int]:
    """Each seat's points from its place at a table: one for every seat it finished ahead of
    (seats that share a place beat nobody among themselves)."""
    return {
        seat: sum(1 for other in places.values() if other > place) for seat, place in places.items()
    }
