"""Gymnasium environment ``carson/CardGame-v0``: one learning seat against opponents.

Seat 0 learns; ``opponents`` names the other seats: virtual levels (``beginner``,
``advanced``, ``expert``, played by the rules) or player kinds (``greedy``, ``random``,
``ai-easy``, ``ai-medium``, ``ai-hard``, which move inside ``step``). Observations are the
float32 vectors of :mod:`carson.rl.encoding`; actions index the fixed 259-action space;
``action_masks()`` gives the legal ones (the masked-PPO convention), as does
``info["action_mask"]``.

**An illegal action** never crashes and never changes the game: ``step`` returns the same
observation, the reward ``illegal_penalty`` (default −1), ``terminated=False`` and
``info["illegal_action"] = True``. Rewards otherwise come at the end (:mod:`carson.rl.rewards`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from carson.core.game import IllegalActionError
from carson.core.players import Player, player_seed
from carson.games.card.engine.actions import ACTION_SPACE_SIZE, CardAction, action_from_index
from carson.games.card.engine.config import MAX_SEATS, MIN_SEATS, GameConfig
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.games.card.players import SEAT_CHOICES, engine_kind, make_player
from carson.rl.encoding import OBSERVATION_SIZE, Mask, Vector, action_mask, ansi_summary, encode
from carson.rl.pettingzoo_env import OBSERVATION_BOUND
from carson.rl.rewards import check_reward, final_reward

LEARNER = 0


class CarsonGymEnv(gym.Env[Vector, int]):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (gymnasium's own)

    def __init__(
        self,
        opponents: Sequence[str] = ("expert", "expert", "expert"),
        reward: str = "margin",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if not MIN_SEATS <= len(opponents) + 1 <= MAX_SEATS:
            raise ValueError(f"give {MIN_SEATS - 1}–{MAX_SEATS - 1} opponents")
        for kind in opponents:
            if kind not in SEAT_CHOICES:
                raise ValueError(f"unknown opponent {kind!r}; choose from {SEAT_CHOICES}")
        check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise ValueError("the only render mode is 'ansi'")
        self.opponents = list(opponents)
        self.reward_mode = reward
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            -OBSERVATION_BOUND, OBSERVATION_BOUND, (OBSERVATION_SIZE,), np.float32
        )
        self.action_space = cast(spaces.Space[int], spaces.Discrete(ACTION_SPACE_SIZE))
        self.game: CardGameState | None = None
        self._players: dict[int, Player[CardAction]] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        kinds = ["player", *(engine_kind(kind) for kind in self.opponents)]
        self.game = CardGameState(GameConfig.of(kinds), game_seed)
        self._players = {}
        for seat, kind in enumerate(self.opponents, start=1):
            player = make_player(kind, player_seed(game_seed, seat))
            if player is not None:
                self._players[seat] = player
        self._advance()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        game = self._require_game()
        if game.is_over:
            raise RuntimeError("the game is over: call reset()")
        try:
            chosen = action_from_index(int(action), game.personality_ids, game.offered_ability)
            legal = chosen in game.legal_actions(LEARNER)
        except (IllegalActionError, ValueError, TypeError):
            legal = False
        if not legal:
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_penalty, False, False, info
        game.apply(LEARNER, chosen)
        self._advance()
        reward = 0.0
        if game.is_over:
            result = game.result()
            assert result is not None
            reward = final_reward(self.reward_mode, result.scores, LEARNER)
        return self._observation(), reward, game.is_over, False, self._info()

    def action_masks(self) -> Mask:
        """The legal actions now (empty once the game is over)."""
        return action_mask(self._require_game().legal_actions(LEARNER))

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return ansi_summary(self.game)

    # ------------------------------------------------------------------ helpers

    def _require_game(self) -> CardGameState:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def _advance(self) -> None:
        """Let the opponents move until the learner must act or the game ends."""
        game = self._require_game()
        while not game.is_over and LEARNER not in game.seats_to_act:
            seat = game.seats_to_act[0]
            legal = game.legal_actions(seat)
            game.apply_unchecked(
                seat, self._players[seat].choose(SeatObservation(game, seat), legal)
            )

    def _observation(self) -> Vector:
        return encode(SeatObservation(self._require_game(), LEARNER))

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks()}
        game = self._require_game()
        if game.is_over:
            result = game.result()
            assert result is not None
            info["scores"] = list(result.scores)
        return info
