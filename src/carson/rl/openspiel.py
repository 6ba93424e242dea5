"""OpenSpiel games of registry games (generic part).

A game registers its OpenSpiel game by subclassing :class:`ChanceGame` (a game with a chance
hook, ``GameKind.chance``: see ``carson.games.card.rl.openspiel``) or :class:`SeededGame` (a
game whose chance lies in its seed only), giving its parameters and name:

- **Chance.** :class:`ChanceGame`: every random event of the engine is a chance node with
  its real outcomes and their true probabilities (:mod:`carson.core.chance`: a die has 6, a
  card is drawn from those left, a building from the bag), so OpenSpiel's chance-aware
  algorithms (MCCFR, ISMCTS, expectimax) can use them. :class:`SeededGame`: the engine's
  seed is drawn at ``SEED_CHUNKS`` nodes of 256 equally likely outcomes (8 bits each).
  No player observes a chance outcome; it sees what the engine then shows.
- **Players** 0 … players−1 are the first seats; any other seat must have a kind the engine
  plays itself (``GameKind.engine_kinds``).
- **Simultaneous steps** go through the turn-based transform: the seats act one after the
  other, and no information state or observation shows an earlier secret choice, since both
  come from what the engine lets the seat see.
- **Information state** (string): the seat's number, every event the engine let that seat
  see, in order (perfect recall), and its view now. **Observation**: the seat's view as JSON
  (string) and the game encoder's array (tensor).
- **Returns** at the end: ``margin`` or ``win`` (:mod:`carson.rl.rewards`).

Importing this module needs ``pyspiel`` (``open_spiel``, x86_64 only).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from carson.core.chance import ChanceHook, ChanceSteps
from carson.core.game import JSON, Event, GameState
from carson.core.registry import HUMAN, GameSetupError, game_kind
from carson.rl.encoder import AnyEncoder, encoder_of
from carson.rl.rewards import check_reward, final_reward

SEED_CHUNKS = 4  # SeededGame: chance nodes before the game
CHUNK_OUTCOMES = 256  # 8 bits of the seed each


def game_type(
    short_name: str, long_name: str, max_players: int, parameters: JSON
) -> pyspiel.GameType:
    """The :class:`pyspiel.GameType` that every carson game shares but its names."""
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


class CarsonGame(pyspiel.Game):  # type: ignore[misc]
    """The registry's game ``game`` with ``players`` learning seats first, then ``others``
    (seat kinds the engine plays). ``max_decisions`` bounds one player's decisions in a game,
    ``max_chance_nodes`` the chance nodes; ``utility_bound`` bounds the ``margin`` reward."""

    def __init__(
        self,
        spiel_type: pyspiel.GameType,
        params: JSON,
        *,
        game: str,
        players: int,
        others: Sequence[str],
        reward: str,
        utility_bound: float,
        variants: Sequence[str] = (),
        max_decisions: int,
        max_chance_outcomes: int,
        max_chance_nodes: int,
    ) -> None:
        kind = game_kind(game)
        for other in others:
            if other not in kind.engine_kinds:
                raise ValueError(f"{other!r} is not a seat kind the {game} engine plays itself")
        check_reward(reward)
        bound = 1.0 if reward == "win" else utility_bound
        info = pyspiel.GameInfo(
            num_distinct_actions=encoder_of(kind).action_space_size,
            max_chance_outcomes=max_chance_outcomes,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            max_game_length=max_chance_nodes + max_decisions * players,
        )
        super().__init__(spiel_type, info, params)
        self.kind = kind
        self.encoder = encoder_of(kind)
        self.config = kind.config([HUMAN] * players + list(others), variants)
        self.reward = reward

    def setup_events(self, state: GameState[Any]) -> Sequence[Event]:
        """What happened while the engine set the game up (part of information states)."""
        return ()

    def make_py_observer(
        self, iig_obs_type: Any = None, params: JSON | None = None
    ) -> SeatObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SeatObserver(self.encoder, perfect_recall)


class EventLog(list[Event]):
    """The events so far. Events are immutable: a copy of the state (pyspiel's clone is a
    deep copy) shares them, which keeps cloning cheap."""

    def __deepcopy__(self, memo: dict[int, Any]) -> EventLog:
        return EventLog(self)


class CarsonState(pyspiel.State):  # type: ignore[misc]
    """What both kinds of chance share. pyspiel pickles a state's ``__dict__``: it holds data
    only; the GameKind and the encoder (not picklable) stay with the game."""

    def __init__(self, game: CarsonGame) -> None:
        super().__init__(game)
        self._reward = game.reward
        #: Every event so far, with who may see it: the information states.
        self.events = EventLog()

    @property
    def game_state(self) -> GameState[Any] | None:
        """The engine's state once set up (``None`` while the setup's chance is drawn)."""
        raise NotImplementedError

    @property
    def encoder(self) -> AnyEncoder:
        game: CarsonGame = self.get_game()
        return game.encoder

    def _chance_now(self) -> bool:
        return self.game_state is None

    def current_player(self) -> int:
        game = self.game_state
        if self._chance_now() or game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return min(game.seats_to_act)

    def _legal_actions(self, player: int) -> list[int]:
        game = self.game_state
        if self._chance_now() or game is None or player not in game.seats_to_act:
            return []
        return sorted(action.index for action in game.legal_actions(player))

    def _player_action(self, action: int) -> tuple[int, Any]:
        game = self.game_state
        assert game is not None
        seat = self.current_player()
        return seat, self.encoder.action_from_index(game, seat, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance:{action}"
        game = self.game_state
        assert game is not None
        chosen = self.encoder.action_from_index(game, player, action)
        return json.dumps(chosen.to_json(), sort_keys=True)

    def is_terminal(self) -> bool:
        game = self.game_state
        return not self._chance_now() and game is not None and game.is_over

    def returns(self) -> list[float]:
        players = self.get_game().num_players()
        result = None if self.game_state is None else self.game_state.result()
        if result is None:
            return [0.0] * players
        return [final_reward(self._reward, result.scores, seat) for seat in range(players)]

    def __str__(self) -> str:
        if self.game_state is None:
            return "setting up"
        return json.dumps(self.game_state.view(None), sort_keys=True)


class SeededGame(CarsonGame):
    """A game whose chance lies in its seed, drawn at the start (see the module docstring)."""

    def __init__(self, spiel_type: pyspiel.GameType, params: JSON, **kw: Any) -> None:
        super().__init__(
            spiel_type,
            params,
            **kw,
            max_chance_outcomes=CHUNK_OUTCOMES,
            max_chance_nodes=SEED_CHUNKS,
        )

    def new_initial_state(self) -> SeededState:
        return SeededState(self)


class SeededState(CarsonState):
    def __init__(self, game: SeededGame) -> None:
        super().__init__(game)
        self._config = game.config
        self._chunks: list[int] = []
        self._game_state: GameState[Any] | None = None

    @property
    def game_state(self) -> GameState[Any] | None:
        return self._game_state

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(outcome, 1.0 / CHUNK_OUTCOMES) for outcome in range(CHUNK_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self._game_state is None:
            self._chunks.append(action)
            if len(self._chunks) == SEED_CHUNKS:
                seed = sum(chunk << (8 * place) for place, chunk in enumerate(self._chunks))
                game: SeededGame = self.get_game()
                self._game_state = game.kind.new_state(self._config, seed)
                self.events.extend(game.setup_events(self._game_state))
            return
        self.events.extend(self._game_state.apply(*self._player_action(action)))


class ChanceGame(CarsonGame):
    """A game whose random events are chance nodes of their real outcomes, through the
    game's chance hook (see the module docstring)."""

    def __init__(self, spiel_type: pyspiel.GameType, params: JSON, *, game: str, **kw: Any) -> None:
        hook = game_kind(game).chance
        if hook is None:
            raise GameSetupError(f"the game {game!r} offers no chance hook (GameKind.chance)")
        super().__init__(spiel_type, params, game=game, max_chance_outcomes=hook.max_outcomes, **kw)
        self.hook: ChanceHook[Any] = hook

    def new_initial_state(self) -> ChanceState:
        return ChanceState(self)


class ChanceState(CarsonState):
    def __init__(self, game: ChanceGame) -> None:
        super().__init__(game)
        self.steps: ChanceSteps[Any] = ChanceSteps(game.hook, game.config)

    @property
    def game_state(self) -> GameState[Any] | None:
        return self.steps.state

    def _chance_now(self) -> bool:
        return self.steps.chance_size is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.steps.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.steps.chance_size is not None:
            was_set_up = self.steps.state is not None
            self.events.extend(self.steps.apply_chance(action))
            if not was_set_up and self.steps.state is not None:
                game: ChanceGame = self.get_game()
                self.events.extend(game.setup_events(self.steps.state))
            return
        self.events.extend(self.steps.apply(*self._player_action(action)))

    def resample_from_infostate(
        self, player: int, probability_sampler: Callable[[], float]
    ) -> ChanceState:
        """A state that ``player`` cannot tell from this one: every fact hidden from it drawn
        again (the game's determinization), the events it did not see left out."""
        state = self.steps.state
        if state is None or self._chance_now():
            raise ValueError("resampling needs a state where a player acts")
        rng = random.Random(int(probability_sampler() * 2**53))
        other: ChanceState = self.clone()
        other.steps.replace_state(other.steps.hook.sample(state, player, rng))
        other.events = EventLog(event for event in self.events if event.visible_to(player))
        return other


class SeatObserver:
    """The PyObserver of OpenSpiel: strings and tensors of what one seat knows."""

    def __init__(self, encoder: AnyEncoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        # Information states come as strings only; observations also as the array.
        shape = (0,) if perfect_recall else encoder.observation_space.shape
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: CarsonState, player: int) -> None:
        if self.perfect_recall:
            return
        self.tensor.fill(0.0)
        if state.game_state is not None:
            self.tensor[...] = self.encoder.encode(state.game_state, player)

    def string_from(self, state: CarsonState, player: int) -> str:
        game = state.game_state
        now = "setting up" if game is None else json.dumps(game.view(player), sort_keys=True)
        if not self.perfect_recall:
            return f"seat {player}: {now}" if game is None else now
        seen = [
            json.dumps(event.to_json(), sort_keys=True)
            for event in state.events
            if event.visible_to(player)
        ]
        return "\n".join([f"seat {player}", *seen, now])
