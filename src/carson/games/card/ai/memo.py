"""Points of candidate placements remembered for one search (issue 21).

A search judges the same places in the same cities over and over: every sample starts from
the same public cities, so its first placements (the searching seat's candidates, the other
seats' playout moves) repeat from one iteration to the next — nine in ten placement scores
of an ``ai-hard`` search had been computed before in the same search. :class:`PointsMemo`
keeps each city's placement points by its exact scoring situation (visible parcels, covered
cells, personalities, sales) and the card's layout, so a repeated question costs a lookup
and the answers stay exactly the rules' (the search decides the same for the same seed).
Bounded: it starts afresh once it holds :data:`MAX_CITIES` situations.
"""

from __future__ import annotations

from carson.games.card.city import City, Layout

#: Scoring situations (a city and a card's layout) remembered before starting afresh.
MAX_CITIES = 4096

CityKey = tuple[tuple[int, ...], int, frozenset[str], int, Layout]


class PointsMemo:
    """Anchor bit → the city's points with the card there, per scoring situation."""

    __slots__ = ("_known",)

    def __init__(self) -> None:
        self._known: dict[CityKey, dict[int, int]] = {}

    def placements(
        self, city: City, personalities: frozenset[str], sold: int, layout: Layout
    ) -> dict[int, int]:
        """The remembered points of placing ``layout`` in this situation (the caller adds
        what it computes): a dict of anchor bit → points."""
        key = (tuple(city.boards), city.covered_mask, personalities, sold, layout)
        known = self._known.get(key)
        if known is None:
            if len(self._known) >= MAX_CITIES:
                self._known.clear()
            known = self._known[key] = {}
        return known
