"""What every part of the card game's flow shares: the state's fields, dealt at setup.

:class:`carson.games.card.engine.state.CardGameState` is this base with one mixin per part of
the rules: :mod:`.rounds` (rounds and eras), :mod:`.abilities` (the ability windows) and
:mod:`.taking` (the auction and the taking).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from carson.core.game import Event
from carson.games.card.catalog import Catalog, Personality, TerrainCard, load_catalog
from carson.games.card.engine.actions import CardAction
from carson.games.card.engine.config import PLAYER, GameConfig
from carson.games.card.engine.row_cards import RowCard
from carson.games.card.engine.seat import SeatState
from carson.games.card.engine.shuffle import shuffle

ROUNDS_PER_ERA = 9


class StateBase:
    """The fields of one game and the few facts every part of the flow reads."""

    def __init__(
        self,
        config: GameConfig,
        seed: int,
        catalog: Catalog | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """``rng``: where every shuffle draws from instead of ``random.Random(seed)`` (the
        chance hook, :mod:`carson.games.card.chance`)."""
        self.config = config
        self.seed = seed
        self.catalog = catalog if catalog is not None else load_catalog()
        rng = rng if rng is not None else random.Random(seed)
        # CG-2.5: both terrain decks and the personality deck shuffled; lists keep the top last.
        self.terrain_decks: list[list[TerrainCard]] = [
            _shuffled(self.catalog.era_deck(era), rng) for era in (1, 2)
        ]
        self.personality_deck: list[Personality] = _shuffled(self.catalog.personalities, rng)
        # CG-2.4, CG-3.2: every virtual seat's deck for each era, shuffled now.
        self.virtual_decks: list[list[list[int]]] = []
        self.seats: list[SeatState] = []
        for kind, suit in zip(config.seats, config.suits, strict=True):
            if kind == PLAYER:
                decks: list[list[int]] = [[], []]
                hand = list(self.catalog.human_hand)
            else:
                values = self.catalog.virtual_levels[kind]
                decks = [_shuffled(values, rng), _shuffled(values, rng)]
                hand = []
            self.virtual_decks.append(decks)
            self.seats.append(SeatState(kind, suit, hand, decks[0].copy()))
        self.removed_personalities: list[Personality] = []
        #: Terrain cards that left the game (leftovers, the rest of the era I deck).
        self.discarded_terrain: list[TerrainCard] = []
        self.round = 0
        #: The era of the round (CG-3): kept, not computed, as the hot paths read it often.
        self.era = 1
        self.row: list[RowCard | None] = []
        self.actions: list[tuple[int, CardAction]] = []
        # Where the game stands: see CardGameState._advance().
        self._stage = "setup"
        self._phase = "over"
        self._actor = -1
        self._offer = ""
        self._window_pos = 0
        self._grab = False  # the current take is a Governor's or Lawyer's, out of turn
        self._order: list[int] = []
        self._turn = 0
        self._takes_left = 0
        self._pending: TerrainCard | None = None  # taken, waiting for its place
        self._pending_anchors = 0  # its legal anchors, found when it was taken
        self._lawyer_seat = -1
        self._worker_seat = -1
        self._events: list[Event] = []
        #: Build no events (search and the match loop, through apply_unchecked: nobody reads
        #: them there, and building them costs a tenth of a simulated game). The setup
        #: builds its events (``setup_events``); then only ``apply`` does.
        self._quiet = False

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        if self._phase == "bid":
            return tuple(
                [
                    seat
                    for seat, state in enumerate(self.seats)
                    if state.city is not None and state.bid is None  # a player yet to bid
                ]
            )
        if self._phase == "over":
            return ()
        return (self._actor,)

    def next_seat(self) -> int:
        """The first of :attr:`seats_to_act`, or -1 when none (``NamesNextSeat``)."""
        if self._phase == "bid":
            for seat, state in enumerate(self.seats):
                if state.city is not None and state.bid is None:
                    return seat
            return -1
        return -1 if self._phase == "over" else self._actor

    def _emit(self, kind: str, seats: frozenset[int] | None = None, **data: Any) -> None:
        if not self._quiet:
            self._events.append(Event(kind, data, seats))

    def _reveal_terrain(self) -> TerrainCard | None:
        """Draw one terrain card into the row; none if the deck is empty (CG-4.3)."""
        deck = self.terrain_decks[self.era - 1]
        if not deck:
            return None
        card = deck.pop()
        self.row.append(card)
        return card


def _shuffled(items: Sequence[Any], rng: random.Random) -> list[Any]:
    result = list(items)
    shuffle(result, rng)
    return result
