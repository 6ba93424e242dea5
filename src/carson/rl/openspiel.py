"""OpenSpiel: ``import carson.rl.openspiel`` registers the game ``python_carson_city``.

``pyspiel.load_game("python_carson_city", {"players": 2, "seats": 4, "virtual": "expert",
"reward": "margin"})``: players 0 … players−1 are the first seats; the other seats are
virtual players that play inside the game (CG-4.7).

- **Chance.** The deal — every shuffle of the game (CG-2.5, CG-2.4) — is drawn at four
  explicit chance nodes of 256 equally likely outcomes each, which together make the 32-bit
  seed of the engine's setup: one chance outcome fixes 8 bits of the deal. No player
  observes them.
- **Simultaneous bids** go through the turn-based transform: the learning seats bid one
  after the other, and no information state or observation shows an earlier bid before the
  reveal (CG-9.2).
- **Information state** (string): the seat's number and every event the engine let that seat
  see, in order (which is all it ever learns: perfect recall). **Observation**: the seat's
  view as JSON (string) and the vector of :mod:`carson.rl.encoding` (tensor).
- **Returns** at the end: ``margin`` or ``win`` (:mod:`carson.rl.rewards`).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from carson.core.game import Event
from carson.games.card.engine.actions import ACTION_SPACE_SIZE, action_from_index
from carson.games.card.engine.config import MAX_SEATS, MIN_SEATS, PLAYER, VIRTUAL_LEVELS, GameConfig
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.rl.encoding import OBSERVATION_SIZE, encode
from carson.rl.rewards import check_reward, final_reward

SHORT_NAME = "python_carson_city"
SEED_CHUNKS = 4  # chance nodes in the deal
CHUNK_OUTCOMES = 256  # 8 bits of the seed each
#: An upper bound on one seat's decisions in a game (bids, takes, places, windows, sales).
DECISIONS_PER_SEAT = 150
DEFAULTS = {"players": 1, "seats": 4, "virtual": "expert", "reward": "margin"}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Carson City: The Card Game",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class CarsonCityGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**DEFAULTS, **(params or {})}
        players, seats = int(settings["players"]), int(settings["seats"])
        virtual, reward = str(settings["virtual"]), str(settings["reward"])
        if not MIN_SEATS <= seats <= MAX_SEATS or not 1 <= players <= seats:
            raise ValueError(f"seats must be {MIN_SEATS}–{MAX_SEATS} and players 1–seats")
        if virtual not in VIRTUAL_LEVELS:
            raise ValueError(f"unknown virtual level {virtual!r}")
        check_reward(reward)
        bound = 1.0 if reward == "win" else 300.0
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_SPACE_SIZE,
            max_chance_outcomes=CHUNK_OUTCOMES,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            max_game_length=SEED_CHUNKS + DECISIONS_PER_SEAT * players,
        )
        super().__init__(_GAME_TYPE, info, settings)
        self.config = GameConfig.of([PLAYER] * players + [virtual] * (seats - players))
        self.reward = reward

    def new_initial_state(self) -> CarsonCityState:
        return CarsonCityState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CarsonCityObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return CarsonCityObserver(perfect_recall)


class CarsonCityState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: CarsonCityGame) -> None:
        super().__init__(game)
        self._config = game.config
        self._reward = game.reward
        self._chunks: list[int] = []
        self.game_state: CardGameState | None = None
        #: Every event so far, with who may see it: the information states.
        self.events: list[Event] = []

    def current_player(self) -> int:
        if self.game_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return min(self.game_state.seats_to_act)

    def _legal_actions(self, player: int) -> list[int]:
        if self.game_state is None or player not in self.game_state.seats_to_act:
            return []
        return sorted(action.index for action in self.game_state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(outcome, 1.0 / CHUNK_OUTCOMES) for outcome in range(CHUNK_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self.game_state is None:
            self._chunks.append(action)
            if len(self._chunks) == SEED_CHUNKS:
                seed = sum(chunk << (8 * place) for place, chunk in enumerate(self._chunks))
                self.game_state = CardGameState(self._config, seed)
                self.events.extend(self.game_state.setup_events)
            return
        game = self.game_state
        seat = self.current_player()
        chosen = action_from_index(action, game.personality_ids, game.offered_ability)
        self.events.extend(game.apply(seat, chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal:{action}"
        game = self.game_state
        assert game is not None
        chosen = action_from_index(action, game.personality_ids, game.offered_ability)
        return json.dumps(chosen.to_json(), sort_keys=True)

    def is_terminal(self) -> bool:
        return self.game_state is not None and self.game_state.is_over

    def returns(self) -> list[float]:
        players = self.get_game().num_players()
        result = None if self.game_state is None else self.game_state.result()
        if result is None:
            return [0.0] * players
        return [final_reward(self._reward, result.scores, seat) for seat in range(players)]

    def __str__(self) -> str:
        if self.game_state is None:
            return f"dealing ({len(self._chunks)} of {SEED_CHUNKS})"
        return json.dumps(self.game_state.view(None), sort_keys=True)


class CarsonCityObserver:
    """The PyObserver of OpenSpiel: strings and tensors of what one seat knows."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        # Information states come as strings only; observations also as the vector.
        self.tensor = np.zeros(0 if perfect_recall else OBSERVATION_SIZE, np.float32)
        self.dict = {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: CarsonCityState, player: int) -> None:
        if self.perfect_recall:
            return
        self.tensor.fill(0.0)
        if state.game_state is not None:
            self.tensor[:] = encode(SeatObservation(state.game_state, player))

    def string_from(self, state: CarsonCityState, player: int) -> str:
        if self.perfect_recall:
            seen = [
                json.dumps(event.to_json(), sort_keys=True)
                for event in state.events
                if event.visible_to(player)
            ]
            return "\n".join([f"seat {player}", *seen])
        if state.game_state is None:
            return f"seat {player}: dealing"
        return json.dumps(state.game_state.view(player), sort_keys=True)


pyspiel.register_game(_GAME_TYPE, CarsonCityGame)
