"""PettingZoo AEC environment: ``pettingzoo_env(seats=4, virtual="expert", learners=1)``.

Agents ``player_0 …`` are the learning seats (the first ``learners`` seats); the other seats
are virtual players of level ``virtual`` that play inside the game (CG-4.7). Observations are
``{"observation": float32 vector, "action_mask": int8 over the 259 actions}``
(:mod:`carson.rl.encoding`); the mask is also in ``infos[agent]["action_mask"]``.
Simultaneous bids are asked one learner after another, and no learner's observation shows
another's chosen bid before the reveal (CG-9.2). Rewards come at the end
(:mod:`carson.rl.rewards`). An illegal action raises ``ValueError`` and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from carson.core.game import IllegalActionError
from carson.games.card.engine.actions import ACTION_SPACE_SIZE, action_from_index
from carson.games.card.engine.config import MAX_SEATS, MIN_SEATS, PLAYER, VIRTUAL_LEVELS, GameConfig
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.rl.encoding import OBSERVATION_SIZE, Mask, Vector, action_mask, ansi_summary, encode
from carson.rl.rewards import check_reward, final_reward

#: Observation values stay well inside this range (counts, fractions, one-hots; scores /150).
OBSERVATION_BOUND = 10.0


class CarsonCardGameEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    metadata: ClassVar[dict[str, Any]] = {
        "name": "carson_card_game_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        seats: int = 4,
        virtual: str = "expert",
        learners: int = 1,
        reward: str = "margin",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"a game has {MIN_SEATS}–{MAX_SEATS} seats, not {seats}")
        if not 1 <= learners <= seats:
            raise ValueError(f"learners must be 1–{seats}, not {learners}")
        if virtual not in VIRTUAL_LEVELS:
            raise ValueError(f"unknown virtual level {virtual!r}; choose from {VIRTUAL_LEVELS}")
        check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise ValueError("the only render mode is 'ansi'")
        self.render_mode = render_mode
        self.reward_mode = reward
        self._kinds = [PLAYER] * learners + [virtual] * (seats - learners)
        self.possible_agents = [f"player_{seat}" for seat in range(learners)]
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -OBSERVATION_BOUND, OBSERVATION_BOUND, (OBSERVATION_SIZE,), np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (ACTION_SPACE_SIZE,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(ACTION_SPACE_SIZE) for agent in self.possible_agents
        }
        self._seeds = random.Random()
        self.game: CardGameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC cycle

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = CardGameState(GameConfig.of(self._kinds), self._seeds.randrange(2**31))
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        game = self._game()
        seat = _seat(agent)
        return {
            "observation": encode(SeatObservation(game, seat)),
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
        try:
            chosen = action_from_index(int(action), game.personality_ids, game.offered_ability)
        except IllegalActionError as error:
            raise ValueError(str(error)) from None
        if chosen not in game.legal_actions(seat):
            raise ValueError(f"action {action} ({chosen.to_json()}) is not legal for {agent}")
        self._cumulative_rewards[agent] = 0.0
        game.apply(seat, chosen)
        if game.is_over:
            result = game.result()
            assert result is not None
            for other in self.agents:
                self.rewards[other] = final_reward(self.reward_mode, result.scores, _seat(other))
                self.terminations[other] = True
                self.infos[other] = {"scores": list(result.scores)}
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return ansi_summary(self.game)

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers

    def _game(self) -> CardGameState:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def _mask(self, seat: int) -> Mask:
        return action_mask(self._game().legal_actions(seat))

    def _select(self) -> None:
        seat = min(self._game().seats_to_act)
        self.agent_selection = f"player_{seat}"
        for agent in self.agents:
            self.infos[agent] = {"action_mask": self._mask(_seat(agent))}


def _seat(agent: str) -> int:
    return int(agent.rsplit("_", 1)[1])


def pettingzoo_env(
    seats: int = 4,
    virtual: str = "expert",
    learners: int = 1,
    reward: str = "margin",
    render_mode: str | None = None,
) -> CarsonCardGameEnv:
    """The card game as a PettingZoo AEC environment (see the module docstring)."""
    return CarsonCardGameEnv(seats, virtual, learners, reward, render_mode)


__all__ = ["CarsonCardGameEnv", "Vector", "pettingzoo_env"]
