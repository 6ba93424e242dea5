"""What a decision would do to one seat's score, by the rules (CG-5.4, CG-5.5, CG-7): the
question every user interface asks before a player confirms, answered once, here.

Interfaces show these numbers; they never compute scores themselves.
"""

from __future__ import annotations

from collections.abc import Iterable

from carson.games.card.city import City
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
