"""Quick match: pairing people who asked to "play a person now", for every game.

A :class:`Seek` asks for a game (name, number of seats, time control, rated or not) and says
which machine kind fills the seats no person takes. :func:`pair` looks at the open seeks at
one moment and returns the tables to start: a table is full when enough compatible people
are waiting; after :data:`FILL_AFTER` seconds of waiting, the oldest seek starts with the
people there are (at least two) and machines in the other seats. People are matched by
rating where possible: the closest ratings first, and never outside a seek's own range,
nor with someone the seek avoids (a block between the two).
Pure: the server passes the seeks and the time, and stores what this returns.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Seconds a seek waits for a full table of people before machines fill the empty seats.
FILL_AFTER = 30.0


@dataclass(frozen=True, slots=True)
class Seek:
    """One person's request for a game now."""

    id: str
    user_id: int
    game: str
    seats: int
    control: str
    rated: bool
    rating: float
    created_at: float
    fill_with: str  # the machine seat kind for seats no person takes
    max_gap: float | None = None  # the largest rating difference accepted, if any
    avoids: frozenset[int] = frozenset()  # people never to share a table with (blocks)

    @property
    def pool(self) -> tuple[str, int, str, bool]:
        """Seeks in the same pool can share a table."""
        return (self.game, self.seats, self.control, self.rated)

    def accepts(self, other: Seek) -> bool:
        gap = abs(self.rating - other.rating)
        return (
            self.user_id != other.user_id
            and other.user_id not in self.avoids
            and (self.max_gap is None or gap <= self.max_gap)
        )


@dataclass(frozen=True, slots=True)
class Pairing:
    """A table to start: its people's seeks (oldest first) and the machine seats."""

    seeks: tuple[Seek, ...]
    machines: tuple[str, ...]


def pair(seeks: Iterable[Seek], now: float, fill_after: float = FILL_AFTER) -> list[Pairing]:
    """The tables to start now from the open ``seeks``; each seek is used at most once."""
    pools: defaultdict[tuple[str, int, str, bool], list[Seek]] = defaultdict(list)
    for seek in seeks:
        pools[seek.pool].append(seek)
    tables: list[Pairing] = []
    for waiting in pools.values():
        waiting.sort(key=lambda seek: (seek.created_at, seek.id))
        while waiting:
            table = _table_for(waiting[0], waiting[1:], now, fill_after)
            if table is None:
                waiting.pop(0)  # the oldest cannot start yet; others may among themselves
                continue
            tables.append(table)
            taken = {seek.id for seek in table.seeks}
            waiting[:] = [seek for seek in waiting if seek.id not in taken]
    return tables


def _table_for(
    oldest: Seek, others: Sequence[Seek], now: float, fill_after: float
) -> Pairing | None:
    """The table the oldest seek starts now, if any: the closest compatible ratings."""
    chosen: list[Seek] = []
    users = {oldest.user_id}
    for seek in sorted(others, key=lambda seek: abs(seek.rating - oldest.rating)):
        if len(chosen) == oldest.seats - 1:
            break
        if seek.user_id in users:
            continue
        if all(member.accepts(seek) and seek.accepts(member) for member in (oldest, *chosen)):
            chosen.append(seek)
            users.add(seek.user_id)
    people = (oldest, *sorted(chosen, key=lambda seek: (seek.created_at, seek.id)))
    if len(people) == oldest.seats:
        return Pairing(people, ())
    if len(people) >= 2 and now - oldest.created_at >= fill_after:
        return Pairing(people, (oldest.fill_with,) * (oldest.seats - len(people)))
    return None
