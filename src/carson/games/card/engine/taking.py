"""The auction and the taking of the card game (CG-4.4–4.9): secret bids, their reveal, the
taking order, the takes (a virtual seat's by rule) and the placement of a taken terrain card."""

from __future__ import annotations

from carson.games.card.catalog import Personality, Suit, TerrainCard
from carson.games.card.engine.row_cards import card_json
from carson.games.card.engine.state_base import StateBase


class AuctionAndTaking(StateBase):
    """From the secret bids to the last card taken in a round."""

    def tie_order(self) -> tuple[Suit, ...]:
        """Suits strongest first, from the back of the top personality card (CG-4.6)."""
        if self.personality_deck and self.personality_deck[-1].back is not None:
            return self.personality_deck[-1].back
        # CG-4.6 DECISION for an empty deck; a skull on top can only remain when every card
        # left shows a skull (see _reveal), and has no suit order either.
        return tuple(Suit)

    def taking_order(self) -> list[int]:
        """Seats in taking order (CG-4.5, CG-4.6); the Lawyer's seat takes no part (CG-5.3a)."""
        # Sorted as plain tuples (value, suit rank, seat): no key function per seat.
        rank = self.tie_order().index
        revealed = self._stage not in ("window_a", "bid")
        era = self.era - 1
        keyed = []
        for seat, me in enumerate(self.seats):
            if seat != self._lawyer_seat:
                played = me.played[era]
                value = played[-1] + me.boost if revealed and played else 0
                keyed.append((-value, rank(me.suit), seat))
        keyed.sort()
        return [seat for _, _, seat in keyed]

    def final_value(self, seat: int) -> int:
        """This round's auction card value plus boosts (CG-4.5); 0 before the reveal."""
        me = self.seats[seat]
        played = me.played[self.era - 1]
        if self._stage in ("window_a", "bid") or not played:
            return 0
        return played[-1] + me.boost

    def _bid(self, seat: int, value: int) -> None:
        me = self.seats[seat]
        me.bid = value  # it stays in the (public) hand until the reveal: no leak (CG-9.2)
        if not self._quiet:
            self._emit("bid_committed", seat=seat)
            self._emit("bid_chosen", frozenset({seat}), seat=seat, value=value)
        for other in self.seats:
            if other.city is not None and other.bid is None:
                return  # a player seat is yet to bid
        self._reveal_bids()

    def _reveal_bids(self) -> None:
        """CG-4.4: all bids at once, with the top card of every virtual seat's deck."""
        era = self.era - 1
        for me in self.seats:
            if me.city is None:  # a virtual seat
                value = me.virtual_deck.pop()
            else:
                assert me.bid is not None
                value = me.bid
                me.hand.remove(value)
            me.played[era].append(value)
            me.bid = None
        if not self._quiet:
            self._emit("bids_revealed", bids=[me.played[era][-1] for me in self.seats])
            if self._lawyer_seat >= 0:
                self._emit("bid_void", seat=self._lawyer_seat, ability="lawyer")
        self._stage = "window_b"
        self._window_pos = 0

    def _start_taking(self) -> None:
        """After window B: the taking order is fixed (CG-4.5), no seat has taken yet."""
        self._stage = "taking"
        self._order = self.taking_order()
        self._turn = -1
        self._takes_left = 0

    def _next_take(self) -> bool:
        """Move through the taking order; True when a player seat must take or place."""
        # The row, order and seats are changed in place only, never replaced, while it runs.
        row, order, seats = self.row, self._order, self.seats
        seat_count = len(order)
        while True:
            # ``any(row)``: whether a card is left, in C (row cards are always true).
            if self._takes_left > 0 and any(row):
                seat = order[self._turn]
                if seats[seat].city is not None:  # a player seat
                    self._phase, self._actor = "take", seat
                    return True
                self._virtual_take(seat)
                continue
            self._turn += 1
            if self._turn >= seat_count:
                return False
            # CG-5.2.3 (and its DECISION): the Chinese Worker takes 2, or 1 if 1 is left.
            self._takes_left = 2 if order[self._turn] == self._worker_seat else 1

    def _virtual_take(self, seat: int) -> None:
        """CG-4.7: the highest desirability, nearest the piles (lowest slot) on ties."""
        row = self.row
        slot, best = -1, -1
        for index, card in enumerate(row):
            if card is not None and card.desirability > best:  # the first of equals
                slot, best = index, card.desirability
        # :meth:`_take` for a virtual seat, which has no city and never grabs out of turn:
        # the card only joins its pile (three of every four takes of a 1-player game, where
        # the general take's call and checks were 2 % of the game; issue 21).
        card = row[slot]
        assert card is not None
        row[slot] = None
        self._takes_left -= 1
        if not self._quiet:
            self._emit("card_taken", seat=seat, slot=slot, card=card_json(card))
        me = self.seats[seat]
        if isinstance(card, Personality):
            me.personalities.append(card.id)
        else:
            me.terrain.append(card.id)

    def _take(self, seat: int, slot: int) -> None:
        card = self.row[slot]
        assert card is not None
        self.row[slot] = None
        me = self.seats[seat]
        if not self._grab:
            self._takes_left -= 1
        if not self._quiet:
            self._emit("card_taken", seat=seat, slot=slot, card=card_json(card))
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
        anchors = me.city.legal_anchor_mask(card.parcels)
        if not anchors:
            me.set_aside.append(card.id)  # CG-4.9 DECISION
            self._emit("card_set_aside", seat=seat, card=card.id)
            self._after_take()
            return
        self._pending, self._pending_anchors = card, anchors
        self._phase, self._actor = "place", seat

    def _place(self, seat: int, card: TerrainCard, x: int, y: int) -> None:
        city = self.seats[seat].city
        assert city is not None
        if not self._quiet:
            # (x, y) in the city's frame before the card; (column, row) in its stable frame.
            column, row = x + city.origin[0], y + city.origin[1]
            self._emit("card_placed", seat=seat, card=card.id, x=x, y=y, column=column, row=row)
        city.place_unchecked(card.id, card.parcels, x, y)
        self._pending = None
        self._after_take()

    def _after_take(self) -> None:
        """Where play goes on after a take (and its placement) is complete."""
        if self._grab:
            self._grab = False
            self._stage = "window_a"  # the window goes on with the next ability
