"""The ability windows of the card game: window A (CG-5.2: the Auctioneer's sales, then the
abilities before the bids), window B (CG-5.3: boosts after the bids) and the final window's
Paperboy (CG-5.5)."""

from __future__ import annotations

from collections.abc import Sequence

from carson.games.card.engine.actions import Pick
from carson.games.card.engine.row_cards import card_json
from carson.games.card.engine.state_base import StateBase

MAX_SALES = 3
#: Window A, in order (CG-5.2): the Auctioneer's sales first, then the abilities.
WINDOW_A = ("auctioneer", "governor", "lawyer", "chinese_worker", "heroes", "gunsmith")
#: Window B, in order (CG-5.3).
WINDOW_B = ("mercenary", "doctor")
#: Boosts to this round's auction card value (CG-5.2.4–5, CG-5.3).
BOOSTS = {"heroes": 3, "gunsmith": 6, "mercenary": 5, "doctor": 2}


class AbilityWindows(StateBase):
    """Offering abilities in their window's order, and what each does when used."""

    def _next_offer(self, window: Sequence[str]) -> bool:
        """Offer the next ability of a window that someone may use; False when done."""
        # Only a player seat may use an ability (CG-4.7): the others' cards need no look.
        players = [
            (seat, me.personalities)
            for seat, me in enumerate(self.seats)
            if me.city is not None and me.personalities
        ]
        size = len(window)
        while players and self._window_pos < size:
            offer = window[self._window_pos]
            # The first seat holding the offer (a plain loop: ``next`` over a generator per
            # offer was a third of this method's cost).
            for holder, held in players:
                if offer in held:
                    if self._may_use(holder, offer):
                        self._phase = "sale" if offer == "auctioneer" else "ability"
                        self._actor, self._offer = holder, offer
                        return True
                    break
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
            if card is not None and not self._quiet:
                self._emit("revealed_extra", card=card_json(card), by=ability)
            self._start_grab(seat)
        elif ability == "lawyer":
            # CG-5.2.2: take any one card now; the bid of this round will have no effect.
            self._lawyer_seat = seat
            self._start_grab(seat)
        elif ability == "chinese_worker":
            # CG-5.2.3: one more terrain card, open to all; this seat takes 2 on its turn.
            self._worker_seat = seat
            card = self._reveal_terrain()
            if card is not None and not self._quiet:
                self._emit("revealed_extra", card=card_json(card), by=ability)
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

    def _sell(self, seat: int, card_id: int) -> None:
        city = self.seats[seat].city
        assert city is not None
        city.sell(card_id)
        self.seats[seat].sold.append(card_id)
        self._emit("card_sold", seat=seat, card=card_id, sold=len(self.seats[seat].sold))

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
