"""Gymnasium environment of any game with an encoder: one learning seat against opponents.

``gymnasium.make("carson/CardGame-v0")`` (one id per installed game with an encoder, see
:mod:`carson.rl`), ``gymnasium.make("carson/Game-v0", game="toy")``, or
``CarsonGymEnv("card", opponents=...)``. Seat 0 learns; ``opponents`` names the other seats
by the game's machine seat kinds (the card game: virtual levels ``beginner``, ``advanced``,
``expert``, played by the rules, or player kinds ``greedy``, ``random``, ``ai-easy`` …, which
move inside ``step``); by default the machine seats of the game's default table.
Observations are the game encoder's arrays; actions index its fixed action space;
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
from gymnasium import spaces

from carson.core.game import JSON, GameState
from carson.core.registry import game_kind
from carson.rl.encoder import Mask, Vector
from carson.rl.rewards import check_reward, final_reward
from carson.rl.table import Table, default_others

LEARNER = 0


class CarsonGymEnv(gym.Env[Vector, int]):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (gymnasium's own)

    def __init__(
        self,
        game: str,
        opponents: Sequence[str] | None = None,
        reward: str = "margin",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        kind = game_kind(game)
        opponents = default_others(game) if opponents is None else tuple(opponents)
        if not kind.min_seats <= len(opponents) + 1 <= kind.max_seats:
            raise ValueError(f"give {kind.min_seats - 1}–{kind.max_seats - 1} opponents")
        for opponent in opponents:
            if opponent not in kind.machine_kinds:
                choices = ", ".join(kind.machine_kinds)
                raise ValueError(f"unknown opponent {opponent!r}; choose from {choices}")
        check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise ValueError("the only render mode is 'ansi'")
        self.table = Table(game, 1, opponents)
        self.opponents = list(opponents)
        self.reward_mode = reward
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        self.observation_space = cast(spaces.Space[Vector], self.table.encoder.observation_space)
        size = self.table.encoder.action_space_size
        self.action_space = cast(spaces.Space[int], spaces.Discrete(size))
        self.game: GameState[Any] | None = None

    def reset(self, *, seed: int | None = None, options: JSON | None = None) -> tuple[Vector, JSON]:
        super().reset(seed=seed)
        self.game = self.table.new_game(int(self.np_random.integers(2**31)))
        self.table.advance(self.game)
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Vector, float, bool, bool, JSON]:
        game = self._require_game()
        if game.is_over:
            raise RuntimeError("the game is over: call reset()")
        try:
            chosen = self.table.encoder.action_from_index(game, LEARNER, int(action))
            legal = chosen in game.legal_actions(LEARNER)
        except (ValueError, TypeError):
            legal = False
        if not legal:
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_penalty, False, False, info
        game.apply(LEARNER, chosen)
        self.table.advance(game)
        reward = 0.0
        if game.is_over:
            result = game.result()
            assert result is not None
            reward = final_reward(self.reward_mode, result.scores, LEARNER)
        return self._observation(), reward, game.is_over, False, self._info()

    def action_masks(self) -> Mask:
        """The legal actions now (empty once the game is over)."""
        return self.table.encoder.action_mask(self._require_game(), LEARNER)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return self.table.encoder.summary(self.game)

    # ------------------------------------------------------------------ helpers

    def _require_game(self) -> GameState[Any]:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def _observation(self) -> Vector:
        return self.table.encoder.encode(self._require_game(), LEARNER)

    def _info(self) -> JSON:
        info: JSON = {"action_mask": self.action_masks()}
        game = self._require_game()
        if game.is_over:
            result = game.result()
            assert result is not None
            info["scores"] = list(result.scores)
        return info
