"""The card game as a state machine (CG-2 to CG-8): a :class:`carson.core.game.GameState`.

The game runs by itself from one decision to the next: reveals, virtual seats' bids and takes,
leftovers and the era change happen inside :meth:`CardGameState._advance`. It stops whenever a
player seat must decide, and :meth:`apply` resumes it. Each decision is one of:

``sale``      the Auctioneer's holder may sell (window A, final window)      Sell c / Pass
``ability``   a holder may use the ability on offer (windows A and B)        Use / Pass
``bid``       every player seat picks an auction card, secretly              Bid v
``take``      a seat takes a card from the row (its turn, Governor, Lawyer)  Take s
``place``     the terrain card just taken goes into the city                 Place x y
``pick``      the Paperboy's holder may choose a personality (final window)  Pick p / Pass

All chance is drawn at setup from the seed (CG-2.6): deck orders for both eras and every
virtual seat's two deck orders. The state itself holds no random generator, so a clone is a
plain copy, and a search can re-deal hidden orders by replacing those lists.

The rules live in one mixin per part of the game, over the fields of :mod:`.state_base`:
:mod:`.rounds`, :mod:`.abilities` (the windows) and :mod:`.taking` (the auction and taking);
this class adds the protocol and runs the stages in order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from carson.core.game import JSON, Event, IllegalActionError, Result
from carson.games.card.catalog import Catalog, TerrainCard
from carson.games.card.engine.abilities import WINDOW_A, WINDOW_B, AbilityWindows
from carson.games.card.engine.actions import (
    Bid,
    CardAction,
    Pass,
    Pick,
    Place,
    Sell,
    Take,
    Use,
    action_from_json,
    bids,
    takes,
)
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.places import Places
from carson.games.card.engine.rounds import RoundsAndEras
from carson.games.card.engine.taking import AuctionAndTaking
from carson.games.card.engine.views import seat_view
from carson.games.card.scoring import city_points, score_virtual


class CardGameState(RoundsAndEras, AbilityWindows, AuctionAndTaking):
    """One game of *Carson City: The Card Game*. See the module docstring for the flow."""

    def __init__(
        self,
        config: GameConfig,
        seed: int,
        catalog: Catalog | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(config, seed, catalog, rng)
        self._start_round()
        self._advance()
        self.setup_events: list[Event] = self._events
        self._events = []
        # From now on quiet but while :meth:`apply` plays: the match loop and searches call
        # :meth:`apply_unchecked` ~54 times a game, with no flag to set (issue 21).
        self._quiet = True

    # ================================================================== the protocol

    @property
    def phase(self) -> str:
        """The kind of decision awaited: sale, ability, bid, take, place, pick, or over."""
        return self._phase

    @property
    def offered_ability(self) -> str:
        """The ability on offer in the ``ability`` phase (``""`` otherwise)."""
        return self._offer if self._phase == "ability" else ""

    @property
    def pending(self) -> TerrainCard | None:
        """The terrain card just taken that now awaits its place (``place`` phase)."""
        return self._pending if self._phase == "place" else None

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    def legal_actions(self, seat: int) -> Sequence[CardAction]:
        phase = self._phase
        # Whether ``seat`` is asked now, without building ``seats_to_act`` (a hot path).
        if phase == "bid":
            if not 0 <= seat < len(self.seats):
                return []
            me = self.seats[seat]
            return bids(me.hand) if me.city is not None and me.bid is None else []
        if phase == "over" or seat != self._actor:
            return []
        me = self.seats[seat]
        if phase == "take":
            return takes(self.row)
        if phase == "place":
            return Places(self._pending_anchors)
        if phase == "ability":
            return [Pass(), Use(self._offer)]
        if phase == "sale":
            assert me.city is not None
            return [Pass(), *(Sell(card) for card in sorted(me.city.sellable_cards()))]
        if phase == "pick":
            return [Pass(), *self._paperboy_choices()]
        raise AssertionError(phase)  # pragma: no cover

    def apply(self, seat: int, action: CardAction) -> list[Event]:
        if seat not in self.seats_to_act:
            if not 0 <= seat < len(self.seats):
                raise IllegalActionError(f"there is no seat {seat}")
            raise IllegalActionError(f"seat {seat} is not asked to act now")
        if action not in self.legal_actions(seat):
            raise IllegalActionError(f"{action.to_json()} is not a legal {self._phase} action now")
        self._quiet = False
        try:
            return self.apply_unchecked(seat, action)
        finally:
            self._quiet = True

    def apply_json(self, seat: int, data: Any) -> list[Event]:
        """Parse and apply an action object (as the API and the record hold them)."""
        return self.apply(seat, action_from_json(data, self.personality_ids))

    def apply_unchecked(self, seat: int, action: CardAction) -> list[Event]:
        """Apply an action known to be legal (from :meth:`legal_actions`), building no
        events (an empty list): for search and the match loop, which read none."""
        self._events = []
        self.actions.append((seat, action))
        phase = self._phase
        if phase == "bid":
            assert isinstance(action, Bid)
            self._bid(seat, action.value)
        elif phase == "take":
            assert isinstance(action, Take)
            self._take(seat, action.slot)
        elif phase == "place":
            assert isinstance(action, Place) and self._pending is not None
            self._place(seat, self._pending, action.x, action.y)
        elif phase == "ability":
            if isinstance(action, Use):
                self._use(seat, self._offer)
            else:
                self._window_pos += 1
        elif phase == "sale":
            if isinstance(action, Sell):
                self._sell(seat, action.card)
            else:
                self._window_pos += 1
        elif phase == "pick":
            if isinstance(action, Pick):
                self._paperboy_pick(seat, action.personality)
            self._stage = "scoring"
        # ``self._advance()``, inlined: a call less per move (0.4 % of a simulated game).
        if not (self._grab or self._pending is not None):
            while not _STAGES[self._stage](self):
                pass
        return self._events

    def result(self) -> Result | None:
        if not self.is_over:
            return None
        scores = tuple(self.score(seat) for seat in range(len(self.seats)))
        best = max(scores)
        # CG-8.2 DECISION: a tie for the highest score is a shared win.
        return Result(scores, frozenset(seat for seat, score in enumerate(scores) if score == best))

    def score(self, seat: int) -> int:
        """The seat's score as it stands (final once the game is over)."""
        me = self.seats[seat]
        if me.city is None:
            # CG-8.1: a virtual seat scores the desirability of every card it collected.
            catalog = self.catalog
            return score_virtual(
                map(catalog.terrain_desirability.__getitem__, me.terrain),
                map(catalog.personality_desirability.__getitem__, me.personalities),
            )
        # The sheet's total without building the sheet (the same rules: checked in tests).
        return city_points(me.city, me.personalities, len(me.sold))

    def view(self, seat: int | None) -> JSON:
        return seat_view(self, seat)

    def clone(self) -> CardGameState:
        clone = CardGameState.__new__(CardGameState)
        clone.__dict__.update(self.__dict__)
        clone.terrain_decks = [deck.copy() for deck in self.terrain_decks]
        clone.personality_deck = self.personality_deck.copy()
        clone.virtual_decks = [[era.copy() for era in decks] for decks in self.virtual_decks]
        clone.seats = [seat.copy() for seat in self.seats]
        clone.removed_personalities = self.removed_personalities.copy()
        clone.discarded_terrain = self.discarded_terrain.copy()
        clone.row = self.row.copy()
        clone.actions = self.actions.copy()
        clone._order = self._order.copy()
        clone._events = []
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> CardGameState:
        """``copy.deepcopy`` (which some libraries use) is :meth:`clone`: the catalog is
        shared, being immutable."""
        return self.clone()

    # ================================================================== public facts

    @property
    def personality_ids(self) -> tuple[str, ...]:
        return self.catalog.personality_ids

    # ================================================================== the flow

    def _advance(self) -> None:
        """Run the game on until some player seat must decide, or the game is over."""
        if self._grab or self._pending is not None:
            return  # a take or placement in progress is still to be decided
        while not _STAGES[self._stage](self):
            pass

    # Each stage runs the game on from where it stands, and says whether it stopped there:
    # True when a player seat must decide (or the game is over), False to run the next stage.

    def _window_a_stage(self) -> bool:
        if self._next_offer(WINDOW_A):
            return True
        self._stage = "bid"
        self._phase = "bid"
        if self.next_seat() >= 0:
            return True
        self._reveal_bids()
        return False

    def _window_b_stage(self) -> bool:
        if self._next_offer(WINDOW_B):
            return True
        self._start_taking()
        return False

    def _taking_stage(self) -> bool:
        if self._next_take():
            return True
        self._end_round()
        return False

    def _final_stage(self) -> bool:
        if self._next_offer(("auctioneer",)):
            return True
        self._stage = "paperboy"
        return False

    def _paperboy_stage(self) -> bool:
        holder = self._holder("paperboy")
        if holder >= 0 and not self.seats[holder].is_virtual and self._paperboy_choices():
            self._phase, self._actor = "pick", holder
            return True
        self._stage = "scoring"
        return False

    def _scoring_stage(self) -> bool:
        self._phase = "over"
        if not self._quiet:
            result = self.result()
            assert result is not None
            self._emit("game_over", **result.to_json())
        return True


#: What runs the game on from each stage (see CardGameState._advance).
_STAGES: dict[str, Callable[[CardGameState], bool]] = {
    "window_a": CardGameState._window_a_stage,
    "bid": lambda state: True,  # waiting for the other seats' secret bids
    "window_b": CardGameState._window_b_stage,
    "taking": CardGameState._taking_stage,
    "final": CardGameState._final_stage,
    "paperboy": CardGameState._paperboy_stage,
    "scoring": CardGameState._scoring_stage,
}
