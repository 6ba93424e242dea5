"""Rounds and eras of the card game: the reveal (CG-4.1–4.3), the leftovers (CG-4.8) and the
change of era (CG-3.2)."""

from __future__ import annotations

from carson.games.card.catalog import Personality
from carson.games.card.engine.row_cards import card_json
from carson.games.card.engine.state_base import ROUNDS_PER_ERA, StateBase

ROUNDS = 2 * ROUNDS_PER_ERA


class RoundsAndEras(StateBase):
    """Starting and ending rounds, and the change of era between them."""

    def _start_round(self) -> None:
        self.round += 1
        if self.round == ROUNDS_PER_ERA + 1:
            self.era = 2
            self._change_era()
        for me in self.seats:
            me.bid = None
            me.boost = 0
        self._lawyer_seat = self._worker_seat = -1
        if not self._quiet:
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
        # CG-4.3: the top cards of the era's deck, one by one, as far as the deck goes.
        # (By a slice: drawing them with a call per card was 2 % of a simulated game.)
        terrain, count = self.terrain_decks[self.era - 1], self.config.row_terrain_count
        cards = terrain[-count:]
        del terrain[-count:]
        self.row.extend(reversed(cards))
        if not self._quiet:
            self._emit("revealed", row=[card_json(card) for card in self.row if card is not None])

    def _end_round(self) -> None:
        """CG-4.8: the card left over leaves the game; then the next round or the end."""
        for card in self.row:
            if card is None:
                continue  # taken
            if isinstance(card, Personality):
                self.removed_personalities.append(card)
            else:
                self.discarded_terrain.append(card)
            if not self._quiet:
                self._emit("leftover_removed", card=card_json(card))
        self.row = []
        if self.round < ROUNDS:
            self._start_round()
        else:
            self._stage = "final"
            self._window_pos = 0
            self._emit("final_window")
