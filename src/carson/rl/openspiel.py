"""OpenSpiel games of registry games whose randomness all lies in their seed (generic part).

A game registers its OpenSpiel game by subclassing :class:`SeededGame` (its parameters, its
name; see ``carson.games.card.rl.openspiel`` for ``python_carson_city``):

- **Chance.** The engine's seed — hence every shuffle and roll — is drawn at
  ``SEED_CHUNKS`` explicit chance nodes of 256 equally likely outcomes each (8 bits of the
  32-bit seed each). No player observes them.
- **Players** 0 … players−1 are the first seats; any other seat must have a kind the engine
  plays itself (``GameKind.engine_kinds``).
- **Simultaneous steps** go through the turn-based transform: the seats act one after the
  other, and no information state or observation shows an earlier secret choice, since both
  come from what the engine lets the seat see.
- **Information state** (string): the seat's number and every event the engine let that seat
  see, in order (perfect recall). **Observation**: the seat's view as JSON (string) and the
  game encoder's array (tensor).
- **Returns** at the end: ``margin`` or ``win`` (:mod:`carson.rl.rewards`).

Importing this module needs ``pyspiel`` (``open_spiel``, x86_64 only).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from carson.core.game import Event, GameState
from carson.core.registry import HUMAN, AnyGameKind, game_kind
from carson.rl.encoder import AnyEncoder, encoder_of
from carson.rl.rewards import check_reward, final_reward

SEED_CHUNKS = 4  # chance nodes before the game
CHUNK_OUTCOMES = 256  # 8 bits of the seed each


def game_type(
    short_name: str, long_name: str, max_players: int, parameters: dict[str, Any]
) -> pyspiel.GameType:
    """The :class:`pyspiel.GameType` that every :class:`SeededGame` shares but its names."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class SeededGame(pyspiel.Game):  # type: ignore[misc]
    """The registry's game ``game`` with ``players`` learning seats first, then ``others``
    (seat kinds the engine plays). ``max_decisions`` bounds one player's decisions in a game;
    ``utility_bound`` bounds the ``margin`` reward."""

    def __init__(
        self,
        spiel_type: pyspiel.GameType,
        params: dict[str, Any],
        *,
        game: str,
        players: int,
        others: Sequence[str],
        reward: str,
        utility_bound: float,
        max_decisions: int,
    ) -> None:
        kind = game_kind(game)
        for other in others:
            if other not in kind.engine_kinds:
                raise ValueError(f"{other!r} is not a seat kind the {game} engine plays itself")
        check_reward(reward)
        bound = 1.0 if reward == "win" else utility_bound
        info = pyspiel.GameInfo(
            num_distinct_actions=encoder_of(kind).action_space_size,
            max_chance_outcomes=CHUNK_OUTCOMES,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            max_game_length=SEED_CHUNKS + max_decisions * players,
        )
        super().__init__(spiel_type, info, params)
        self.kind = kind
        self.encoder = encoder_of(kind)
        self.config = kind.config([HUMAN] * players + list(others))
        self.reward = reward

    def setup_events(self, state: GameState[Any]) -> Sequence[Event]:
        """What happened while the engine set the game up (part of information states)."""
        return ()

    def new_initial_state(self) -> SeededState:
        return SeededState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SeatObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SeatObserver(self.encoder, perfect_recall)


class SeededState(pyspiel.State):  # type: ignore[misc]
    # pyspiel pickles a state's __dict__: it holds data only; the GameKind and the encoder
    # (not picklable) stay with the game.
    def __init__(self, game: SeededGame) -> None:
        super().__init__(game)
        self._config = game.config
        self._reward = game.reward
        self._chunks: list[int] = []
        self.game_state: GameState[Any] | None = None
        #: Every event so far, with who may see it: the information states.
        self.events: list[Event] = []

    @property
    def kind(self) -> AnyGameKind:
        game: SeededGame = self.get_game()
        return game.kind

    @property
    def encoder(self) -> AnyEncoder:
        game: SeededGame = self.get_game()
        return game.encoder

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
                self.game_state = self.kind.new_state(self._config, seed)
                self.events.extend(self.get_game().setup_events(self.game_state))
            return
        game = self.game_state
        seat = self.current_player()
        chosen = self.encoder.action_from_index(game, seat, action)
        self.events.extend(game.apply(seat, chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal:{action}"
        assert self.game_state is not None
        chosen = self.encoder.action_from_index(self.game_state, player, action)
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


class SeatObserver:
    """The PyObserver of OpenSpiel: strings and tensors of what one seat knows."""

    def __init__(self, encoder: AnyEncoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        # Information states come as strings only; observations also as the array.
        shape = (0,) if perfect_recall else encoder.observation_space.shape
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: SeededState, player: int) -> None:
        if self.perfect_recall:
            return
        self.tensor.fill(0.0)
        if state.game_state is not None:
            self.tensor[...] = self.encoder.encode(state.game_state, player)

    def string_from(self, state: SeededState, player: int) -> str:
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
