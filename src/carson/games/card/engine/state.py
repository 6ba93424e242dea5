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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from carson.core.game import JSON, Event, IllegalActionError, Result
from carson.games.card.catalog import Catalog, Personality, Suit, TerrainCard, load_catalog
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
)
from carson.games.card.engine.config import PLAYER, GameConfig
from carson.games.card.engine.seat import SeatState
from carson.games.card.scoring import score_city, score_virtual

ROUNDS_PER_ERA = 9
ROUNDS = 2 * ROUNDS_PER_ERA
MAX_SALES = 3
#: Window A, in order (CG-5.2): the Auctioneer's sales first, then the abilities.
WINDOW_A = ("auctioneer", "governor", "lawyer", "chinese_worker", "heroes", "gunsmith")
#: Window B, in order (CG-5.3).
WINDOW_B = ("mercenary", "doctor")
#: Boosts to this round's auction card value (CG-5.2.4–5, CG-5.3).
BOOSTS = {"heroes": 3, "gunsmith": 6, "mercenary": 5, "doctor": 2}

RowCard = TerrainCard | Personality


class CardGameState:
    """One game of *Carson City: The Card Game*. See the module docstring for the flow."""

    def __init__(self, config: GameConfig, seed: int, catalog: Catalog | None = None) -> None:
        self.config = config
        self.seed = seed
        self.catalog = catalog if catalog is not None else load_catalog()
        rng = random.Random(seed)
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
        self.row: list[RowCard | None] = []
        self.actions: list[tuple[int, CardAction]] = []
        # Where the game stands: see _advance().
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
        self._lawyer_seat = -1
        self._worker_seat = -1
        self._events: list[Event] = []
        self._start_round()
        self._advance()
        self.setup_events: list[Event] = self._events
        self._events = []

    # ================================================================== the protocol

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        if self._phase == "bid":
            return tuple(
                seat
                for seat, state in enumerate(self.seats)
                if not state.is_virtual and state.bid is None
            )
        if self._phase == "over":
            return ()
        return (self._actor,)

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
    def era(self) -> int:
        return 1 if self.round <= ROUNDS_PER_ERA else 2

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    def legal_actions(self, seat: int) -> list[CardAction]:
        if seat not in self.seats_to_act:
            return []
        me = self.seats[seat]
        phase = self._phase
        if phase == "bid":
            return [Bid(value) for value in me.hand]
        if phase == "take":
            return [Take(slot) for slot, card in enumerate(self.row) if card is not None]
        if phase == "place":
            assert me.city is not None and self._pending is not None
            return [Place(x, y) for x, y in me.city.legal_placements(self._pending.parcels)]
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
        return self.apply_unchecked(seat, action)

    def apply_json(self, seat: int, data: Any) -> list[Event]:
        """Parse and apply an action object (as the API and the record hold them)."""
        return self.apply(seat, action_from_json(data, self.personality_ids))

    def apply_unchecked(self, seat: int, action: CardAction) -> list[Event]:
        """Apply an action known to be legal (from :meth:`legal_actions`): for search."""
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
        self._advance()
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
            return score_virtual(
                (self.catalog.terrain_card(card).desirability for card in me.terrain),
                (self.catalog.personality(p).desirability for p in me.personalities),
            )
        return score_city(me.city, me.personalities, sold=len(me.sold)).total

    def view(self, seat: int | None) -> JSON:
        from carson.games.card.engine.views import seat_view

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
        return tuple(p.id for p in self.catalog.personalities)

    def tie_order(self) -> tuple[Suit, ...]:
        """Suits strongest first, from the back of the top personality card (CG-4.6)."""
        if self.personality_deck and self.personality_deck[-1].back is not None:
            return self.personality_deck[-1].back
        # CG-4.6 DECISION for an empty deck; a skull on top can only remain when every card
        # left shows a skull (see _reveal), and has no suit order either.
        return tuple(Suit)

    def taking_order(self) -> list[int]:
        """Seats in taking order (CG-4.5, CG-4.6); the Lawyer's seat takes no part (CG-5.3a)."""
        rank = {suit: position for position, suit in enumerate(self.tie_order())}
        seats = [seat for seat in range(len(self.seats)) if seat != self._lawyer_seat]
        return sorted(seats, key=lambda s: (-self.final_value(s), rank[self.seats[s].suit]))

    def final_value(self, seat: int) -> int:
        """This round's auction card value plus boosts (CG-4.5); 0 before the reveal."""
        me = self.seats[seat]
        played = me.played[self.era - 1]
        if self._stage in ("window_a", "bid") or not played:
            return 0
        return played[-1] + me.boost

    # ================================================================== the flow

    def _emit(self, kind: str, seats: frozenset[int] | None = None, **data: Any) -> None:
        self._events.append(Event(kind, data, seats))

    def _start_round(self) -> None:
        self.round += 1
        if self.round == ROUNDS_PER_ERA + 1:
            self._change_era()
        for me in self.seats:
            me.bid = None
            me.boost = 0
        self._lawyer_seat = self._worker_seat = -1
        self._emit("round_started", round=self.round, era=self.era)
        self._reveal()
        self._stage = "window_a"
        self._window_pos = 0

    def _change_era(self) -> None:
        """CG-3.2: new terrain deck, hands back, virtual decks reshuffled, abilities refreshed."""
        self.discarded_terrain.extend(self.terrain_decks[0])
        self.terrain_decks[0].clear()
        for seat, me in enumerate(self.seats):
            if me.is_virtual:
                me.virtual_deck = self.virtual_decks[seat][1].copy()
            else:
                me.hand = list(self.catalog.human_hand)
            me.turned &= {"governor"}  # the Governor stays turned once used (CG-3.2)
        self._emit("era_changed", era=2)

    def _reveal(self) -> None:
        """CG-4.1–4.3: one personality (with the skull rule), then 4 or 5 terrain cards."""
        self.row = []
        deck = self.personality_deck
        if deck:
            drawn = deck.pop()
            # CG-4.2: while the top card shows a skull, the drawn card goes to the bottom and
            # the skull card is drawn instead. If every card left shows a skull (and so does
            # the drawn one) the rule could never end: then it stops.
            while deck and deck[-1].skull and not (drawn.skull and all(c.skull for c in deck)):
                deck.insert(0, drawn)
                self._emit("skull", moved=drawn.id)
                drawn = deck.pop()
            self.row.append(drawn)
        for _ in range(self.config.row_terrain_count):
            self._reveal_terrain()
        self._emit("revealed", row=[_card_json(card) for card in self.row if card is not None])

    def _reveal_terrain(self) -> TerrainCard | None:
        """Draw one terrain card into the row; none if the deck is empty (CG-4.3)."""
        deck = self.terrain_decks[self.era - 1]
        if not deck:
            return None
        card = deck.pop()
        self.row.append(card)
        return card

    def _advance(self) -> None:
        """Run the game on until some player seat must decide, or the game is over."""
        if self._grab or self._pending is not None:
            return  # a take or placement in progress is still to be decided
        while True:
            stage = self._stage
            if stage == "window_a":
                if self._next_offer(WINDOW_A):
                    return
                self._stage = "bid"
                self._phase = "bid"
                if self.seats_to_act:
                    return
                self._reveal_bids()
            elif stage == "bid":
                return  # waiting for the other seats' secret bids
            elif stage == "window_b":
                if self._next_offer(WINDOW_B):
                    return
                self._stage = "taking"
                self._order = self.taking_order()
                self._turn = -1
                self._takes_left = 0
            elif stage == "taking":
                if self._next_take():
                    return
                self._end_round()
            elif stage == "final":
                if self._next_offer(("auctioneer",)):
                    return
                self._stage = "paperboy"
            elif stage == "paperboy":
                holder = self._holder("paperboy")
                if holder >= 0 and not self.seats[holder].is_virtual and self._paperboy_choices():
                    self._phase, self._actor = "pick", holder
                    return
                self._stage = "scoring"
            elif stage == "scoring":
                self._phase = "over"
                result = self.result()
                assert result is not None
                self._emit("game_over", **result.to_json())
                return
            else:
                raise AssertionError(stage)  # pragma: no cover

    def _next_offer(self, window: Sequence[str]) -> bool:
        """Offer the next ability of a window that someone may use; False when done."""
        while self._window_pos < len(window):
            offer = window[self._window_pos]
            holder = self._holder(offer)
            if holder >= 0 and self._may_use(holder, offer):
                self._phase = "sale" if offer == "auctioneer" else "ability"
                self._actor, self._offer = holder, offer
                return True
            self._window_pos += 1
        self._window_pos = 0
        return False

    def _holder(self, personality: str) -> int:
        for seat, me in enumerate(self.seats):
            if personality in me.personalities:
                return seat
        return -1

    def _may_use(self, seat: int, ability: str) -> bool:
        me = self.seats[seat]
        if me.is_virtual:
            return False  # virtual seats make no decisions (CG-4.7)
        if ability == "auctioneer":
            assert me.city is not None
            return len(me.sold) < MAX_SALES and bool(me.city.sellable_cards())
        if not me.owns_usable(ability):
            return False
        if ability == "governor":
            return True
        if ability == "lawyer":
            return any(card is not None for card in self.row)
        # CG-5.3a: a seat that used the Lawyer this round takes no part in taking.
        return seat != self._lawyer_seat

    def _use(self, seat: int, ability: str) -> None:
        me = self.seats[seat]
        me.turned.add(ability)
        self._emit("ability_used", seat=seat, ability=ability)
        if ability == "governor":
            # CG-5.2.1: reveal one more terrain card, then take any one card of the row.
            card = self._reveal_terrain()
            if card is not None:
                self._emit("revealed_extra", card=_card_json(card), by=ability)
            self._start_grab(seat)
        elif ability == "lawyer":
            # CG-5.2.2: take any one card now; the bid of this round will have no effect.
            self._lawyer_seat = seat
            self._start_grab(seat)
        elif ability == "chinese_worker":
            # CG-5.2.3: one more terrain card, open to all; this seat takes 2 on its turn.
            self._worker_seat = seat
            card = self._reveal_terrain()
            if card is not None:
                self._emit("revealed_extra", card=_card_json(card), by=ability)
            self._window_pos += 1
        else:
            me.boost += BOOSTS[ability]
            self._window_pos += 1

    def _start_grab(self, seat: int) -> None:
        """A Governor's or Lawyer's immediate take, in the middle of window A."""
        self._window_pos += 1
        if any(card is not None for card in self.row):
            self._grab = True
            self._phase, self._actor = "take", seat

    def _bid(self, seat: int, value: int) -> None:
        me = self.seats[seat]
        me.bid = value  # it stays in the (public) hand until the reveal: no leak (CG-9.2)
        self._emit("bid_committed", seat=seat)
        self._emit("bid_chosen", frozenset({seat}), seat=seat, value=value)
        if not self.seats_to_act:
            self._reveal_bids()

    def _reveal_bids(self) -> None:
        """CG-4.4: all bids at once, with the top card of every virtual seat's deck."""
        revealed = {}
        for seat, me in enumerate(self.seats):
            value = me.virtual_deck.pop() if me.is_virtual else me.bid
            assert value is not None
            if not me.is_virtual:
                me.hand.remove(value)
            me.played[self.era - 1].append(value)
            me.bid = None
            revealed[seat] = value
        self._emit("bids_revealed", bids=[revealed[seat] for seat in range(len(self.seats))])
        if self._lawyer_seat >= 0:
            self._emit("bid_void", seat=self._lawyer_seat, ability="lawyer")
        self._stage = "window_b"
        self._window_pos = 0

    def _next_take(self) -> bool:
        """Move through the taking order; True when a player seat must take or place."""
        while True:
            if self._takes_left > 0 and any(card is not None for card in self.row):
                seat = self._order[self._turn]
                if not self.seats[seat].is_virtual:
                    self._phase, self._actor = "take", seat
                    return True
                self._virtual_take(seat)
                continue
            self._turn += 1
            if self._turn >= len(self._order):
                return False
            # CG-5.2.3 (and its DECISION): the Chinese Worker takes 2, or 1 if 1 is left.
            self._takes_left = 2 if self._order[self._turn] == self._worker_seat else 1

    def _virtual_take(self, seat: int) -> None:
        """CG-4.7: the highest desirability, nearest the piles (lowest slot) on ties."""
        slot = max(
            (slot for slot, card in enumerate(self.row) if card is not None),
            key=lambda s: (_desirability(self.row[s]), -s),
        )
        self._take(seat, slot)

    def _take(self, seat: int, slot: int) -> None:
        card = self.row[slot]
        assert card is not None
        self.row[slot] = None
        me = self.seats[seat]
        if not self._grab:
            self._takes_left -= 1
        self._emit("card_taken", seat=seat, slot=slot, card=_card_json(card))
        if isinstance(card, Personality):
            me.personalities.append(card.id)
            if me.city is not None:
                me.city.captain = me.city.captain or card.id == "captain"
                me.city.sheriff = me.city.sheriff or card.id == "sheriff"
            self._after_take()
            return
        me.terrain.append(card.id)
        if me.city is None:
            self._after_take()
            return
        if not me.city.legal_anchor_mask(card.parcels):
            me.set_aside.append(card.id)  # CG-4.9 DECISION
            self._emit("card_set_aside", seat=seat, card=card.id)
            self._after_take()
            return
        self._pending = card
        self._phase, self._actor = "place", seat

    def _place(self, seat: int, card: TerrainCard, x: int, y: int) -> None:
        city = self.seats[seat].city
        assert city is not None
        city.place_unchecked(card.id, card.parcels, x, y)
        self._pending = None
        self._emit("card_placed", seat=seat, card=card.id, x=x, y=y)
        self._after_take()

    def _after_take(self) -> None:
        """Where play goes on after a take (and its placement) is complete."""
        if self._grab:
            self._grab = False
            self._stage = "window_a"  # the window goes on with the next ability

    def _sell(self, seat: int, card_id: int) -> None:
        city = self.seats[seat].city
        assert city is not None
        city.sell(card_id)
        self.seats[seat].sold.append(card_id)
        self._emit("card_sold", seat=seat, card=card_id, sold=len(self.seats[seat].sold))

    def _end_round(self) -> None:
        """CG-4.8: the card left over leaves the game; then the next round or the end."""
        for card in self.row:
            if isinstance(card, Personality):
                self.removed_personalities.append(card)
            elif card is not None:
                self.discarded_terrain.append(card)
            if card is not None:
                self._emit("leftover_removed", card=_card_json(card))
        self.row = []
        if self.round < ROUNDS:
            self._start_round()
        else:
            self._stage = "final"
            self._window_pos = 0
            self._emit("final_window")

    def _paperboy_choices(self) -> list[Pick]:
        """CG-5.5: any personality of the removed pile or of the remaining deck."""
        available = {p.id for p in self.removed_personalities} | {
            p.id for p in self.personality_deck
        }
        return [
            Pick(p.id, index)
            for index, p in enumerate(self.catalog.personalities)
            if p.id in available
        ]

    def _paperboy_pick(self, seat: int, personality: str) -> None:
        card = self.catalog.personality(personality)
        if card in self.removed_personalities:
            self.removed_personalities.remove(card)
        else:
            self.personality_deck.remove(card)
        me = self.seats[seat]
        me.personalities.append(personality)
        me.turned.add(personality)  # CG-5.5: its ability can no longer be used
        if me.city is not None:
            me.city.captain = me.city.captain or personality == "captain"
            me.city.sheriff = me.city.sheriff or personality == "sheriff"
        self._emit("paperboy_pick", seat=seat, personality=personality)


def _shuffled(items: Sequence[Any], rng: random.Random) -> list[Any]:
    result = list(items)
    rng.shuffle(result)
    return result


def _desirability(card: RowCard | None) -> int:
    assert card is not None
    return card.desirability


def _card_json(card: RowCard) -> JSON:
    """A card as JSON (a fresh copy: callers may keep or change it)."""
    cached = _card_json_cached(card)
    if "parcels" in cached:
        return {**cached, "parcels": list(cached["parcels"])}
    return dict(cached)


@cache
def _card_json_cached(card: RowCard) -> JSON:
    if isinstance(card, Personality):
        return {"kind": "personality", "id": card.id, "desirability": card.desirability}
    return {
        "kind": "terrain",
        "id": card.id,
        "era": card.era,
        "parcels": [parcel.id for parcel in card.parcels],
        "desirability": card.desirability,
    }
