"""The generic environments drive a game that plugs in only through its entry point (the toy
High Dice, with its encoder in its own package): PettingZoo's, Gymnasium's and our checks."""

from __future__ import annotations

import dataclasses

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import carson.rl
from carson.core.registry import GameSetupError, game_kind
from carson.rl.encoder import Encoder
from carson.rl.gym_env import CarsonGymEnv
from carson.rl.pettingzoo_env import pettingzoo_env

pytestmark = [
    pytest.mark.usefixtures("toy_game"),
    pytest.mark.filterwarnings("ignore::UserWarning"),
]


def test_the_toy_encoder_is_found_through_the_registry() -> None:
    encoder = carson.rl.encoder_of(game_kind("toy"))
    assert isinstance(encoder, Encoder)
    assert encoder.action_space_size == 3


@pytest.mark.parametrize(("seats", "learners"), [(2, 2), (4, 4), (3, 1), (4, 2)])
def test_pettingzoo_api_test(seats: int, learners: int) -> None:
    api_test(pettingzoo_env("toy", seats=seats, learners=learners), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: pettingzoo_env("toy", seats=3, learners=2), num_cycles=100)


def test_simultaneous_stakes_are_asked_in_turn_and_stay_secret() -> None:
    env = pettingzoo_env("toy", seats=3, learners=3)
    env.reset(seed=5)
    first = env.observe("player_1")["observation"]
    assert env.agent_selection == "player_0"
    env.step(2)  # seat 0 stakes 3 chips
    assert env.agent_selection == "player_1"
    other = pettingzoo_env("toy", seats=3, learners=3)
    other.reset(seed=5)
    other.step(0)  # seat 0 stakes 1 chip instead
    for seat in (1, 2):
        seen = env.observe(f"player_{seat}")["observation"]
        assert np.array_equal(seen, other.observe(f"player_{seat}")["observation"])
    # Seat 1 sees that seat 0 has staked (and nothing more): its view changed since.
    assert not np.array_equal(first, env.observe("player_1")["observation"])
    assert not np.array_equal(
        env.observe("player_0")["observation"], other.observe("player_0")["observation"]
    )


def test_a_whole_game_ends_with_the_margin() -> None:
    env = pettingzoo_env("toy", seats=2, learners=2)
    env.reset(seed=1)
    final: dict[str, tuple[float, list[int]]] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, _, info = env.last()
        if terminated:
            final[agent] = (reward, info["scores"])
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[-1]))  # stake 3 chips
    (reward_0, scores), (reward_1, _) = final["player_0"], final["player_1"]
    assert scores[0] == scores[1] and abs(scores[0]) in (3, 9)  # both staked 3, 3 rounds
    assert reward_0 == reward_1 == 0.0


def test_gymnasium_check_env_direct_and_through_make() -> None:
    check_env(CarsonGymEnv("toy"))
    check_env(CarsonGymEnv("toy", opponents=("random", "random", "random")))
    env = gym.make("carson/Game-v0", game="toy", reward="win")
    observation, info = env.reset(seed=3)
    assert observation.shape == (36,) and info["action_mask"].tolist() == [1, 1, 1]
    terminated, reward = False, 0.0
    while not terminated:
        observation, reward, terminated, _, info = env.step(0)
    assert reward in (1.0, -1.0) and len(info["scores"]) == 2


def test_an_id_per_game_once_registered_again() -> None:
    carson.rl.register_gym_envs()
    assert carson.rl.gym_id("toy") == "carson/ToyGame-v0"
    observation, _ = gym.make("carson/ToyGame-v0").reset(seed=0)
    assert observation.dtype == np.float32


def test_a_game_without_an_encoder_is_refused_clearly() -> None:
    without = dataclasses.replace(game_kind("toy"), adapters={})
    with pytest.raises(GameSetupError, match="offers no learning interface"):
        carson.rl.encoder_of(without)
    with pytest.raises(GameSetupError, match="unknown game"):
        CarsonGymEnv("chess")
    with pytest.raises(ValueError, match="unknown opponent"):
        CarsonGymEnv("toy", opponents=("expert",))
