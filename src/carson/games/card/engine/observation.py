"""What one seat knows, as objects rather than JSON: the input of a :class:`Player`.

It exposes the same facts as :func:`carson.games.card.engine.views.seat_view` — public facts
and the seat's own — through a small read-only surface, so that bots are fast and still
cannot see what the seat could not (no deck order, no other seat's secret bid).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from carson.core.game import JSON
from carson.games.card.catalog import Catalog, TerrainCard
from carson.games.card.city import City
from carson.games.card.engine.determinize import determinize

if TYPE_CHECKING:
    from carson.games.card.engine.row_cards import RowCard
    from carson.games.card.engine.state import CardGameState


class SeatObservation:
    __slots__ = ("_state", "seat")

    def __init__(self, state: CardGameState, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def catalog(self) -> Catalog:
        return self._state.catalog

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def era(self) -> int:
        return self._state.era

    @property
    def seat_count(self) -> int:
        return len(self._state.seats)

    @property
    def row(self) -> tuple[RowCard | None, ...]:
        return tuple(self._state.row)

    @property
    def offered_ability(self) -> str:
        return self._state.offered_ability

    @property
    def placing(self) -> TerrainCard | None:
        """The terrain card this seat has taken and must now place."""
        return self._state.pending

    def city(self, seat: int | None = None) -> City | None:
        """A copy of a seat's city (``None`` for a virtual seat); default: this seat's."""
        city = self._state.seats[self.seat if seat is None else seat].city
        return None if city is None else city.copy()

    def personalities(self, seat: int | None = None) -> tuple[str, ...]:
        return tuple(self._state.seats[self.seat if seat is None else seat].personalities)

    def hand(self, seat: int | None = None) -> tuple[int, ...]:
        """A player seat's auction cards in hand (public by elimination, CG-9.1)."""
        return tuple(self._state.seats[self.seat if seat is None else seat].hand)

    def remaining_values(self, seat: int) -> list[int]:
        """The auction values a seat can still play this era (sorted; order hidden)."""
        me = self._state.seats[seat]
        if not me.is_virtual:
            return sorted(me.hand)
        left = Counter(self.catalog.virtual_levels[me.kind])
        left.subtract(me.played[self.era - 1])
        return sorted(left.elements())

    def played(self, seat: int) -> tuple[int, ...]:
        """Auction values the seat played this era, in order (public)."""
        return tuple(self._state.seats[seat].played[self.era - 1])

    def final_value(self, seat: int) -> int:
        """A seat's revealed value plus boosts this round (0 before the reveal)."""
        return self._state.final_value(seat)

    def is_virtual(self, seat: int) -> bool:
        return self._state.seats[seat].is_virtual

    def sold(self) -> int:
        return len(self._state.seats[self.seat].sold)

    def sold_by(self, seat: int) -> int:
        """How many cards a seat has sold with the Auctioneer (public, CG-9.1)."""
        return len(self._state.seats[seat].sold)

    def turned(self, seat: int | None = None) -> tuple[str, ...]:
        """A seat's personalities whose ability is used (turned, public)."""
        return tuple(sorted(self._state.seats[self.seat if seat is None else seat].turned))

    def own_bid(self) -> int | None:
        """This seat's secret bid this round, once chosen (known to this seat only)."""
        return self._state.seats[self.seat].bid

    def tie_rank(self, seat: int) -> int:
        """Position of the seat's suit on the top personality back (0 wins ties)."""
        return self._state.tie_order().index(self._state.seats[seat].suit)

    def score(self, seat: int | None = None) -> int:
        return self._state.score(self.seat if seat is None else seat)

    def paperboy_options(self) -> list[str]:
        """Personalities the Paperboy could pick (removed pile and deck, as a set: public)."""
        return [pick.personality for pick in self._state._paperboy_choices()]

    def sample(self, rng: random.Random) -> CardGameState:
        """A whole game consistent with what this seat knows: every hidden fact drawn anew
        from ``rng`` (CG-9.2). What a search plays on; the real game stays untouched."""
        return determinize(self._state, self.seat, rng)

    def view(self) -> JSON:
        return self._state.view(self.seat)
