"""OpenSpiel: ``import carson.games.card.rl.openspiel`` registers ``python_carson_city``.

``pyspiel.load_game("python_carson_city", {"players": 2, "seats": 4, "virtual": "expert",
"reward": "margin"})``: players 0 … players−1 are the first seats; the other seats are
virtual players that play inside the game (CG-4.7). The deal — every shuffle of the game
(CG-2.5, CG-2.4) — is drawn card by card at chance nodes, each card from those left
(:mod:`carson.games.card.chance`); :class:`carson.rl.openspiel.ChanceGame` does the rest (the
turn-based bids, CG-9.2, information states, observations, returns).
"""

from __future__ import annotations

from typing import Any

import pyspiel  # type: ignore[import-not-found]

from carson.core.game import JSON, Event, GameState
from carson.games.card.engine.config import MAX_SEATS, MIN_SEATS
from carson.games.card.engine.state import CardGameState
from carson.rl.openspiel import ChanceGame, game_type

SHORT_NAME = "python_carson_city"
#: An upper bound on one seat's decisions in a game (bids, takes, places, windows, sales).
DECISIONS_PER_SEAT = 150
#: The setup's draws: both terrain decks, the personalities, two decks per virtual seat.
CHANCE_NODES = 2 * 48 + 21 + 2 * 9 * (MAX_SEATS - 1)
DEFAULTS = {"players": 1, "seats": 4, "virtual": "expert", "reward": "margin"}
_GAME_TYPE = game_type(SHORT_NAME, "Carson City: The Card Game", MAX_SEATS, DEFAULTS)


class CarsonCityGame(ChanceGame):
    def __init__(self, params: JSON | None = None) -> None:
        settings = {**DEFAULTS, **(params or {})}
        players, seats = int(settings["players"]), int(settings["seats"])
        if not MIN_SEATS <= seats <= MAX_SEATS or not 1 <= players <= seats:
            raise ValueError(f"seats must be {MIN_SEATS}–{MAX_SEATS} and players 1–seats")
        super().__init__(
            _GAME_TYPE,
            settings,
            game="card",
            players=players,
            others=[str(settings["virtual"])] * (seats - players),
            reward=str(settings["reward"]),
            utility_bound=300.0,
            max_decisions=DECISIONS_PER_SEAT,
            max_chance_nodes=CHANCE_NODES,
        )

    def setup_events(self, state: GameState[Any]) -> list[Event]:
        assert isinstance(state, CardGameState)
        return state.setup_events


pyspiel.register_game(_GAME_TYPE, CarsonCityGame)
