"""The learning interfaces pass PettingZoo's and Gymnasium's own checks, and ours."""

from __future__ import annotations

import random

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import carson.rl  # noqa: F401  (registers carson/CardGame-v0)
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.determinize import determinize
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.games.card.rl.encoding import OBSERVATION_SIZE, encode
from carson.rl.gym_env import CarsonGymEnv
from carson.rl.pettingzoo_env import pettingzoo_env
from carson.rl.rewards import final_reward

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("seats", "learners"), [(4, 1), (5, 3), (6, 6)])
def test_pettingzoo_api_test(seats: int, learners: int) -> None:
    api_test(pettingzoo_env("card", seats=seats, learners=learners), num_cycles=1000)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: pettingzoo_env("card", learners=2, others="advanced"), num_cycles=300)


def test_pettingzoo_whole_game_rewards_and_masks() -> None:
    env = pettingzoo_env("card", learners=2, reward="win")
    env.reset(seed=3)
    rng = np.random.default_rng(1)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert set(env.rewards.values()) <= {1.0, -1.0}


def test_pettingzoo_illegal_action_is_refused_and_changes_nothing() -> None:
    env = pettingzoo_env("card")
    env.reset(seed=1)
    before = list(env.game.actions)  # type: ignore[union-attr]
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="outside"):
        env.step(10_000)
    assert list(env.game.actions) == before  # type: ignore[union-attr]


@pytest.mark.parametrize("steps", [0, 25, 60])
def test_observations_hold_no_hidden_facts(steps: int) -> None:
    """CG-9.2: re-dealing what a seat cannot know leaves its observation vector unchanged."""
    state = CardGameState(GameConfig.of(["player", "expert", "player", "advanced"]), 9)
    rng = random.Random(steps)
    for _ in range(steps):
        seat = state.seats_to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in (0, 2):
        vector = encode(SeatObservation(state, seat))
        assert vector.shape == (OBSERVATION_SIZE,)
        for _ in range(3):
            other = determinize(state, seat, rng)
            assert np.array_equal(vector, encode(SeatObservation(other, seat)))


def test_gymnasium_check_env_and_registration() -> None:
    check_env(CarsonGymEnv("card"))
    env = gym.make("carson/CardGame-v0", opponents=["greedy", "expert", "random", "advanced"])
    observation, info = env.reset(seed=2)
    assert observation.shape == (OBSERVATION_SIZE,) and info["action_mask"].sum() > 0


def test_gymnasium_illegal_action_is_defined_and_harmless() -> None:
    env = CarsonGymEnv("card", illegal_penalty=-2.5)
    observation, _ = env.reset(seed=4)
    before = list(env.game.actions)  # type: ignore[union-attr]
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    for action in (illegal, 10_000, -3):
        again, reward, terminated, truncated, info = env.step(action)
        assert np.array_equal(again, observation) and reward == -2.5
        assert not terminated and not truncated and info["illegal_action"] is True
    assert list(env.game.actions) == before  # type: ignore[union-attr]


def test_gymnasium_episode_ends_with_the_margin() -> None:
    env = CarsonGymEnv("card", opponents=("expert", "greedy", "beginner"))
    env.reset(seed=6)
    rng = np.random.default_rng(2)
    terminated, reward, info = False, 0.0, {}
    while not terminated:
        _, reward, terminated, _, info = env.step(
            int(rng.choice(np.flatnonzero(env.action_masks())))
        )
    scores = info["scores"]
    assert reward == scores[0] - max(scores[1:])
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_rewards_and_bad_settings() -> None:
    assert final_reward("margin", [90, 100, 80], 0) == -10.0
    assert final_reward("win", [100, 100, 80], 1) == 1.0
    assert final_reward("win", [90, 100, 80], 0) == -1.0
    with pytest.raises(ValueError, match="unknown reward"):
        pettingzoo_env("card", reward="money")
    with pytest.raises(ValueError, match="learners"):
        pettingzoo_env("card", seats=4, learners=5)
    with pytest.raises(ValueError, match="unknown opponent"):
        CarsonGymEnv("card", opponents=("wizard", "expert", "expert"))


def test_the_city_channels_decode_back_to_the_visible_grid() -> None:
    from carson.games.card.parcels import Parcel
    from carson.games.card.rl.encoding import (
        CELL_CHANNELS,
        CITY_SIDE,
        HEADER_SIZE,
        PENDING_SIZE,
        ROW_SIZE,
    )

    state = CardGameState(GameConfig.of(["player", "expert", "expert", "expert"]), 5)
    rng = random.Random(2)
    while len(state.seats[0].city.cards) < 6:  # type: ignore[union-attr]
        seat = state.seats_to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    vector = encode(SeatObservation(state, 0))
    start = HEADER_SIZE + ROW_SIZE + PENDING_SIZE + 2  # the observer's seat block, its grid
    cells = vector[start : start + CITY_SIDE * CITY_SIDE * CELL_CHANNELS].reshape(
        CITY_SIDE, CITY_SIDE, CELL_CHANNELS
    )
    assert np.all(cells.sum(axis=2) == 1.0)
    letters = [
        "".join("-" if c[-1] else Parcel(int(np.argmax(c[:-1]))).letter for c in row)
        for row in cells
    ]
    grid = state.seats[0].city.grid()  # type: ignore[union-attr]
    for y, row in enumerate(grid):
        assert letters[y][: len(row)] == row
        assert set(letters[y][len(row) :]) <= {"-"}
    assert all(set(row) == {"-"} for row in letters[len(grid) :])


def test_the_card_game_defaults_stay_one_learner_against_three_experts() -> None:
    env = pettingzoo_env("card")
    env.reset(seed=0)
    assert env.possible_agents == ["player_0"] and env.metadata["name"] == "carson_card_game_v0"
    assert env.game.config.seats == ("player", "expert", "expert", "expert")  # type: ignore[union-attr]
    gym_env = gym.make("carson/CardGame-v0").unwrapped
    gym_env.reset(seed=0)
    assert gym_env.game.config.seats == ("player", "expert", "expert", "expert")  # type: ignore[attr-defined]
