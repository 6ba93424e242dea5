"""The board game's learning interfaces pass PettingZoo's and Gymnasium's own checks, and
their observations hold no hidden fact (BG-11)."""

from __future__ import annotations

import random

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import carson.rl
from carson.games.board.engine.actions import ACTION_SPACE_SIZE
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.observation import determinize
from carson.games.board.engine.state import BoardGameState
from carson.games.board.rl.encoder import ENCODER
from carson.games.board.rl.encoding import OBSERVATION_SIZE, encode
from carson.rl.gym_env import CarsonGymEnv
from carson.rl.pettingzoo_env import pettingzoo_env

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(
    ("seats", "learners", "others"), [(2, 2, None), (3, 1, "random"), (5, 3, "greedy")]
)
def test_pettingzoo_api_test(seats: int, learners: int, others: str | None) -> None:
    api_test(pettingzoo_env("board", seats=seats, learners=learners, others=others), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: pettingzoo_env("board", seats=3, learners=2, others="random"), num_cycles=200)


def test_a_whole_game_with_masks_and_win_rewards() -> None:
    env = pettingzoo_env("board", seats=3, learners=3, reward="win")
    env.reset(seed=3)
    rng = np.random.default_rng(1)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        assert observation["observation"].shape == (OBSERVATION_SIZE,)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert sorted(final.values()) == [-1.0, -1.0, 1.0]  # BG-8.3: one winner


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = pettingzoo_env("board", seats=2, learners=2)
    env.reset(seed=1)
    before = list(env.game.actions)  # type: ignore[union-attr]
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="outside"):
        env.step(ACTION_SPACE_SIZE)
    assert list(env.game.actions) == before  # type: ignore[union-attr]


def test_gymnasium_check_env_and_registration() -> None:
    check_env(CarsonGymEnv("board", opponents=("random", "greedy")))
    env = gym.make("carson/BoardGame-v0", opponents=["random"])
    observation, info = env.reset(seed=2)
    assert carson.rl.gym_id("board") == "carson/BoardGame-v0"
    assert observation.shape == (OBSERVATION_SIZE,) and info["action_mask"].sum() > 0


def test_gymnasium_episode_ends_with_the_margin_and_illegal_steps_are_harmless() -> None:
    env = CarsonGymEnv("board", opponents=("greedy", "random"), illegal_penalty=-3.0)
    observation, _ = env.reset(seed=6)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    again, reward, terminated, _, info = env.step(illegal)
    assert np.array_equal(again, observation) and reward == -3.0 and not terminated
    assert info["illegal_action"] is True
    rng = np.random.default_rng(2)
    while not terminated:
        _, reward, terminated, _, info = env.step(
            int(rng.choice(np.flatnonzero(env.action_masks())))
        )
    scores = info["scores"]
    assert reward == scores[0] - max(scores[1:])


def _played(variants: tuple[str, ...], players: int, steps: int, seed: int) -> BoardGameState:
    state = BoardGameState(BoardConfig.of(players, variants), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.seats_to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize(
    ("variants", "players", "steps"),
    [
        (("duel-tiles",), 4, 0),
        (("duel-tiles",), 3, 40),
        (("vote-sides",), 3, 1),
        (("new-beginning",), 3, 2),
        (("duel-tiles", "river"), 5, 120),
    ],
)
def test_observations_hold_no_hidden_facts(
    variants: tuple[str, ...], players: int, steps: int
) -> None:
    """BG-11: re-dealing what a seat cannot know (others' tiles, tile choices, votes,
    purchases, the pool, the future) leaves its observation vector unchanged."""
    state = _played(variants, players, steps, seed=steps + players)
    rng = random.Random(steps)
    for seat in range(players):
        vector = ENCODER.encode(state, seat)
        assert vector.shape == (OBSERVATION_SIZE,)
        assert ENCODER.observation_space.contains(vector)
        for _ in range(3):
            other = determinize(state, seat, rng)
            assert np.array_equal(vector, encode(other.view(seat)))


def test_own_secrets_are_seen_by_their_seat_only() -> None:
    state = BoardGameState(BoardConfig.of(3, ("vote-sides",)), 4)
    before = [ENCODER.encode(state, seat) for seat in range(3)]
    vote = max(state.legal_actions(0), key=lambda action: action.arg)  # every card red
    state.apply(0, vote)
    assert not np.array_equal(before[0], ENCODER.encode(state, 0))
    # The others learn that seat 0 voted (public), not how: any vote gives their vector.
    other = BoardGameState(BoardConfig.of(3, ("vote-sides",)), 4)
    other.apply(0, min(other.legal_actions(0), key=lambda action: action.arg))
    for seat in (1, 2):
        assert np.array_equal(ENCODER.encode(state, seat), ENCODER.encode(other, seat))
        assert not np.array_equal(before[seat], ENCODER.encode(state, seat))


def test_masks_are_the_legal_actions_and_indices_decode() -> None:
    state = _played(("duel-tiles",), 3, 30, seed=8)
    seat = state.seats_to_act[0]
    mask = ENCODER.action_mask(state, seat)
    legal = state.legal_actions(seat)
    assert mask.sum() == len(legal)
    for action in legal:
        assert ENCODER.action_from_index(state, seat, action.index) == action
    with pytest.raises(ValueError, match="outside"):
        ENCODER.action_from_index(state, seat, -1)
    assert "round" in ENCODER.summary(state)
