"""The card game's chance hook (:class:`carson.core.chance.ChanceHook`): every shuffle of the
setup (CG-2.4, CG-2.5) as explicit draws — each terrain card, personality and virtual seat's
auction card drawn in turn from what is left. Nothing is random after the setup; the skull
rule (CG-4.2) then follows from the order drawn."""

from __future__ import annotations

import random

from carson.core.chance import ChanceHook
from carson.core.game import JSON
from carson.games.card.catalog import load_catalog
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.determinize import determinize
from carson.games.card.engine.state import CardGameState


class CardChance:
    @property
    def max_outcomes(self) -> int:
        catalog = load_catalog()
        decks = [len(catalog.era_deck(era)) for era in (1, 2)]
        levels = [len(values) for values in catalog.virtual_levels.values()]
        return max(*decks, len(catalog.personalities), *levels)

    def new_state(self, config: JSON, rng: random.Random) -> CardGameState:
        return CardGameState(GameConfig.from_json(config), 0, rng=rng)

    def draw_from(self, state: CardGameState, rng: random.Random) -> None:
        """Nothing to do: the card game draws nothing after its setup (CG-2.6)."""

    def sample(self, state: CardGameState, seat: int, rng: random.Random) -> CardGameState:
        return determinize(state, seat, rng)


CHANCE: ChanceHook[CardGameState] = CardChance()
