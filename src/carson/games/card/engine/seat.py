"""Everything one seat holds (CG-2.3, CG-2.4): hand or deck, played cards, city, personalities."""

from __future__ import annotations

from carson.games.card.catalog import Suit
from carson.games.card.city import City
from carson.games.card.engine.config import PLAYER


class SeatState:
    """One seat's belongings. Plain mutable fields; :meth:`copy` is what ``clone`` uses."""

    __slots__ = (
        "bid",
        "boost",
        "city",
        "hand",
        "kind",
        "personalities",
        "played",
        "set_aside",
        "sold",
        "suit",
        "terrain",
        "turned",
        "virtual_deck",
    )

    def __init__(self, kind: str, suit: Suit, hand: list[int], virtual_deck: list[int]) -> None:
        self.kind = kind
        self.suit = suit
        #: A player's auction cards still in hand (CG-2.3), ascending. Public (CG-9.1).
        self.hand = hand
        #: A virtual seat's face-down auction cards, top last (CG-2.4). Order hidden.
        self.virtual_deck = virtual_deck
        #: Auction card values played, per era: ``played[0]`` era I, ``played[1]`` era II.
        self.played: list[list[int]] = [[], []]
        #: A player's city; virtual seats build none (CG-4.7).
        self.city: City | None = City() if kind == PLAYER else None
        #: Terrain card ids taken, in order (a virtual seat's collection; a player's history).
        self.terrain: list[int] = []
        #: Terrain cards taken with no legal place (CG-4.9 DECISION): they score nothing.
        self.set_aside: list[int] = []
        #: Personality ids owned, in the order taken.
        self.personalities: list[str] = []
        #: Personalities whose ↻ ability is used (turned sideways) or can no longer be used.
        self.turned: set[str] = set()
        #: Terrain card ids sold by the Auctioneer (CG-5.4).
        self.sold: list[int] = []
        #: This round's secret bid (until the reveal), and the boosts of CG-5.
        self.bid: int | None = None
        self.boost = 0

    @property
    def is_virtual(self) -> bool:
        return self.city is None

    def owns_usable(self, personality: str) -> bool:
        """Whether the seat holds ``personality`` with its ability not yet used."""
        return personality in self.personalities and personality not in self.turned

    def copy(self) -> SeatState:
        clone = SeatState.__new__(SeatState)
        clone.kind = self.kind
        clone.suit = self.suit
        clone.hand = self.hand.copy()
        clone.virtual_deck = self.virtual_deck.copy()
        clone.played = [self.played[0].copy(), self.played[1].copy()]
        clone.city = None if self.city is None else self.city.copy()
        clone.terrain = self.terrain.copy()
        clone.set_aside = self.set_aside.copy()
        clone.personalities = self.personalities.copy()
        clone.turned = self.turned.copy()
        clone.sold = self.sold.copy()
        clone.bid = self.bid
        clone.boost = self.boost
        return clone
