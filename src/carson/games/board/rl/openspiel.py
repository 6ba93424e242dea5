"""OpenSpiel: ``import carson.games.board.rl.openspiel`` registers ``python_carson_city_board``.

``pyspiel.load_game("python_carson_city_board", {"players": 3, "variants": "duel-tiles+river",
"reward": "margin"})``: every seat is a player (the board game's machine seats are player
objects, not the engine's); ``variants`` lists BG-10 variants joined by ``+``. Every
random event — each die, each building drawn from the bag, the initial order, the duel tiles
dealt and drawn, random sides — is a chance node of its real outcomes
(:mod:`carson.games.board.chance`); :class:`carson.rl.openspiel.ChanceGame` does the rest
(the turn-based secret steps, BG-11, information states, observations, returns).
"""

from __future__ import annotations

from typing import Any

import pyspiel  # type: ignore[import-not-found]

from carson.core.game import JSON, Event, GameState
from carson.games.board.engine.actions import MAX_SEATS
from carson.games.board.engine.state import BoardGameState
from carson.rl.openspiel import ChanceGame, game_type

SHORT_NAME = "python_carson_city_board"
#: An upper bound on one seat's decisions in a game (placements, menus, roads, buildings …).
DECISIONS_PER_SEAT = 400
#: A bound on the chance nodes: dice (rerolled on used parcels), bag draws, tiles, order.
CHANCE_NODES = 1000
DEFAULTS = {"players": 3, "variants": "", "reward": "margin"}
_GAME_TYPE = game_type(SHORT_NAME, "Carson City (the board game)", MAX_SEATS, DEFAULTS)


class CarsonCityBoardGame(ChanceGame):
    def __init__(self, params: JSON | None = None) -> None:
        settings = {**DEFAULTS, **(params or {})}
        players = int(settings["players"])
        variants = [name for name in str(settings["variants"]).split("+") if name]
        super().__init__(
            _GAME_TYPE,
            settings,
            game="board",
            players=players,
            others=(),
            variants=variants,
            reward=str(settings["reward"]),
            utility_bound=200.0,
            max_decisions=DECISIONS_PER_SEAT,
            max_chance_nodes=CHANCE_NODES,
        )

    def setup_events(self, state: GameState[Any]) -> list[Event]:
        """The setup (centre, mountains, buildings, order, dealt tiles' totals) is public:
        the table as a spectator sees it once set up."""
        assert isinstance(state, BoardGameState)
        return [Event("setup", {"table": state.view(None)})]


pyspiel.register_game(_GAME_TYPE, CarsonCityBoardGame)
