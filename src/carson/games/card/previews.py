"""What a decision would do to one seat's score, by the rules (CG-5.4, CG-5.5, CG-7): the
question every user interface asks before a player confirms, answered once, here; and
whether a boost on offer can change anything at all.

Interfaces show these numbers; they never compute scores themselves.
"""

from __future__ import annotations

from collections.abc import Iterable

from carson.games.card.city import City, Layout
from carson.games.card.engine.abilities import BOOSTS, WINDOW_B
from carson.games.card.engine.state import CardGameState
from carson.games.card.scoring import city_points


class ScorePreview:
    """One seat's scoring situation (its city is not modified) and what changes it."""

    __slots__ = ("base", "city", "personalities", "sold")

    def __init__(self, city: City, personalities: Iterable[str], sold: int) -> None:
        self.city = city
        self.personalities = frozenset(personalities)
        self.sold = sold
        self.base = city_points(city, self.personalities, sold)

    def gain_after_sale(self, card_id: int) -> int:
        """Points gained by selling a card (7 VP a sale with the Auctioneer, CG-5.4)."""
        trial = self.city.copy()
        trial.sell(card_id)
        return city_points(trial, self.personalities, self.sold + 1) - self.base

    def gain_with(self, personality: str) -> int:
        """Points gained by adding a personality now (the Paperboy's pick, CG-5.5)."""
        return city_points(self.city, self.personalities | {personality}, self.sold) - self.base

    def after_placing(self, card_id: int, parcels: Layout, x: int, y: int) -> int:
        """The city's points with a terrain card placed at the legal corner ``(x, y)``."""
        trial = self.city.copy()
        trial.place_unchecked(card_id, parcels, x, y)
        return city_points(trial, self.personalities, self.sold)


def boost_can_matter(state: CardGameState, ability: str) -> bool:
    """Whether using the boost on offer after the bids (window B: the Mercenary's +5, the
    Doctor's +2, CG-5.3) can change the taking order, whatever the boosts still to be offered
    in the window do. Before the bids (the Heroes, the Gunsmith) no one can tell: True."""
    if ability not in WINDOW_B:
        return True
    seat = state.seats_to_act[0]
    later = [
        (holder, BOOSTS[other])
        for other in WINDOW_B[WINDOW_B.index(ability) + 1 :]
        for holder in _usable_holders(state, other)
    ]
    for used in range(2 ** len(later)):  # every choice of the later holders: use or pass
        extra = {holder: 0 for holder, _ in later}
        for bit, (holder, boost) in enumerate(later):
            extra[holder] += boost if used >> bit & 1 else 0
        without = _order(state, extra)
        extra[seat] = extra.get(seat, 0) + BOOSTS[ability]
        if _order(state, extra) != without:
            return True
    return False


def _usable_holders(state: CardGameState, ability: str) -> list[int]:
    """The seat that may still use ``ability`` in this window, if any (as a list)."""
    taking = set(state.taking_order())  # the Lawyer's seat takes no part, nor boosts
    return [
        seat
        for seat in taking
        if not state.seats[seat].is_virtual and state.seats[seat].owns_usable(ability)
    ]


def _order(state: CardGameState, extra: dict[int, int]) -> list[int]:
    """The taking order (CG-4.5, CG-4.6) with ``extra`` added to some seats' values."""
    rank = {suit: position for position, suit in enumerate(state.tie_order())}
    return sorted(
        state.taking_order(),
        key=lambda s: (-(state.final_value(s) + extra.get(s, 0)), rank[state.seats[s].suit]),
    )
