"""The board game's chance hook (:class:`carson.core.chance.ChanceHook`): each of its random
events as an explicit draw — every die (the centre and the mountains, BG-3.4–3.5; income dice,
duels, BG-4.3.3), every building from the bag (BG-11.2), the initial order (BG-3.7), the duel
tiles dealt and drawn again from the pool (BG-10.2), random card sides (BG-10.1)."""

from __future__ import annotations

import random

from carson.core.chance import ChanceHook
from carson.core.game import JSON
from carson.games.board.catalog import load_board_catalog
from carson.games.board.engine.actions import MAX_SEATS
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.model import DUEL_TILE_SET
from carson.games.board.engine.observation import determinize
from carson.games.board.engine.state import BoardGameState


class BoardChance:
    @property
    def max_outcomes(self) -> int:
        bag = sum(building.count for building in load_board_catalog().buildings.values())
        return max(bag, len(DUEL_TILE_SET) * MAX_SEATS)

    def new_state(self, config: JSON, rng: random.Random) -> BoardGameState:
        return BoardGameState(BoardConfig.from_json(config), 0, rng=rng)

    def draw_from(self, state: BoardGameState, rng: random.Random) -> None:
        state.rng = rng

    def sample(self, state: BoardGameState, seat: int, rng: random.Random) -> BoardGameState:
        return determinize(state, seat, rng)


CHANCE: ChanceHook[BoardGameState] = BoardChance()
