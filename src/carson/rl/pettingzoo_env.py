"""PettingZoo AEC environment of any game with an encoder:
``pettingzoo_env("card", seats=4, others="expert", learners=1)``.

Agents ``player_0 …`` are the learning seats (the first ``learners`` seats); the other seats
have the machine seat kind ``others`` (by default that of the game's default table): kinds
the engine plays (the card game's virtual players) play inside the game, player kinds move
inside the environment. Observations are ``{"observation": the encoder's array,
"action_mask": int8 over the action space}``; the mask is also in
``infos[agent]["action_mask"]``. A simultaneous step is asked one learner after another, and
no learner's observation shows another's secret choice (the encoder sees only the game's
observer). Rewards come at the end (:mod:`carson.rl.rewards`). An illegal action raises
``ValueError`` and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from carson.core.game import JSON, GameState
from carson.core.registry import game_kind
from carson.rl.encoder import Mask
from carson.rl.rewards import check_reward, final_reward
from carson.rl.table import Table, default_others


class CarsonAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    def __init__(
        self,
        game: str,
        seats: int | None = None,
        others: str | None = None,
        learners: int = 1,
        reward: str = "margin",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.table = _table(game, seats, others, learners)
        check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise ValueError("the only render mode is 'ansi'")
        self.metadata = {
            "name": f"carson_{game}_game_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.reward_mode = reward
        encoder = self.table.encoder
        self.possible_agents = [f"player_{seat}" for seat in range(learners)]
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": encoder.observation_space,
                    "action_mask": spaces.Box(0, 1, (encoder.action_space_size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(encoder.action_space_size) for agent in self.possible_agents
        }
        self._seeds = random.Random()
        self.game: GameState[Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC cycle

    def reset(self, seed: int | None = None, options: JSON | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = self.table.new_game(self._seeds.randrange(2**31))
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, JSON] = {agent: {} for agent in self.agents}
        self._next()

    def observe(self, agent: str) -> JSON:
        seat = _seat(agent)
        return {
            "observation": self.table.encoder.encode(self._game(), seat),
            "action_mask": self._mask(seat),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        seat = _seat(agent)
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents whose game is over")
        size = self.table.encoder.action_space_size
        if not 0 <= int(action) < size:
            raise ValueError(f"action index {action} is outside 0…{size - 1}")
        chosen = self.table.encoder.action_from_index(game, seat, int(action))
        if chosen not in game.legal_actions(seat):
            raise ValueError(f"action {action} ({chosen.to_json()}) is not legal for {agent}")
        self._cumulative_rewards[agent] = 0.0
        game.apply(seat, chosen)
        self._next()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return self.table.encoder.summary(self.game)

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers

    def _game(self) -> GameState[Any]:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def _mask(self, seat: int) -> Mask:
        return self.table.encoder.action_mask(self._game(), seat)

    def _next(self) -> None:
        """Let machine players move, then select the next learner or end the game."""
        game = self._game()
        self.table.advance(game)
        if game.is_over:
            result = game.result()
            assert result is not None
            for agent in self.agents:
                self.rewards[agent] = final_reward(self.reward_mode, result.scores, _seat(agent))
                self.terminations[agent] = True
                self.infos[agent] = {"scores": list(result.scores)}
            return
        self.agent_selection = f"player_{min(self.table.learners_to_act(game))}"
        for agent in self.agents:
            self.infos[agent] = {"action_mask": self._mask(_seat(agent))}


def _table(game: str, seats: int | None, others: str | None, learners: int) -> Table:
    """The table asked for, checked; by default that of the game's default table."""
    kind = game_kind(game)
    defaults = default_others(game)
    seats = len(defaults) + 1 if seats is None else seats
    if not kind.min_seats <= seats <= kind.max_seats:
        raise ValueError(f"a {game} game has {kind.min_seats}–{kind.max_seats} seats, not {seats}")
    if not 1 <= learners <= seats:
        raise ValueError(f"learners must be 1–{seats}, not {learners}")
    if others is None:
        others = (defaults or kind.machine_kinds or ("",))[-1]
    if learners < seats and others not in kind.machine_kinds:
        choices = ", ".join(kind.machine_kinds) or "none: every seat learns"
        raise ValueError(f"unknown seat kind {others!r}; choose from {choices}")
    return Table(game, learners, [others] * (seats - learners))


def _seat(agent: str) -> int:
    return int(agent.rsplit("_", 1)[1])


def pettingzoo_env(
    game: str,
    seats: int | None = None,
    others: str | None = None,
    learners: int = 1,
    reward: str = "margin",
    render_mode: str | None = None,
) -> CarsonAECEnv:
    """The game ``game`` as a PettingZoo AEC environment (see the module docstring)."""
    return CarsonAECEnv(game, seats, others, learners, reward, render_mode)


__all__ = ["CarsonAECEnv", "pettingzoo_env"]
