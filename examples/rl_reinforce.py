"""A tiny policy-gradient learner for ``carson/CardGame-v0``, in numpy only.

A linear softmax policy over the legal actions (logits = W · observation + b, illegal
actions masked out), trained by REINFORCE with a running baseline on the learner's own final
score, against 3 ``expert`` virtual players. It then plays fresh games against the same
opponents, as does a uniformly random masked agent, and both mean scores are printed.

    .venv/bin/python examples/rl_reinforce.py [--episodes 600] [--seed 0]
"""

from __future__ import annotations

import argparse
import time

import gymnasium as gym
import numpy as np
import numpy.typing as npt

import carson.rl  # noqa: F401  (registers carson/CardGame-v0)
from carson.games.card.engine.actions import ACTION_SPACE_SIZE
from carson.games.card.rl.encoding import OBSERVATION_SIZE

Array = npt.NDArray[np.float64]


class LinearPolicy:
    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = np.zeros((ACTION_SPACE_SIZE, OBSERVATION_SIZE))
        self.bias = np.zeros(ACTION_SPACE_SIZE)
        self.rng = rng

    def probabilities(self, observation: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = self.weights @ observation + self.bias
        logits = np.where(mask == 1, logits, -np.inf)
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()

    def act(self, observation: Array, mask: npt.NDArray[np.int8]) -> tuple[int, Array]:
        probabilities = self.probabilities(observation, mask)
        return int(self.rng.choice(ACTION_SPACE_SIZE, p=probabilities)), probabilities


def play(env: gym.Env, choose, seed: int) -> tuple[float, list]:  # type: ignore[type-arg]
    """One episode; returns the learner's final score and the (obs, action, probs) steps."""
    observation, info = env.reset(seed=seed)
    steps = []
    while True:
        action, probabilities = choose(observation.astype(np.float64), info["action_mask"])
        steps.append((observation.astype(np.float64), action, probabilities))
        observation, _, terminated, _, info = env.step(action)
        if terminated:
            return float(info["scores"][0]), steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--learning-rate", type=float, default=0.01)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    env = gym.make("carson/CardGame-v0").unwrapped
    policy = LinearPolicy(rng)
    baseline, start = None, time.perf_counter()
    for episode in range(args.episodes):
        score, steps = play(env, policy.act, seed=args.seed * 100_000 + episode)
        baseline = score if baseline is None else 0.95 * baseline + 0.05 * score
        advantage = (score - baseline) / 20.0
        for observation, action, probabilities in steps:
            # ∇ log π(a|s) for a softmax over logits W·s + b: (onehot(a) − π) ⊗ s.
            gradient = -probabilities
            gradient[action] += 1.0
            policy.weights += args.learning_rate * advantage * np.outer(gradient, observation)
            policy.bias += args.learning_rate * advantage * gradient
        if (episode + 1) % 100 == 0:
            print(f"episode {episode + 1}: running mean score {baseline:.1f}", flush=True)
    trained_time = time.perf_counter() - start

    def uniform(observation: Array, mask: npt.NDArray[np.int8]) -> tuple[int, Array]:
        legal = np.flatnonzero(mask)
        return int(rng.choice(legal)), np.full(ACTION_SPACE_SIZE, 1 / len(legal))

    evaluation = range(10**6, 10**6 + 50)  # games neither agent trained on
    trained = [play(env, policy.act, seed)[0] for seed in evaluation]
    random_scores = [play(env, uniform, seed)[0] for seed in evaluation]
    print(f"trained for {args.episodes} episodes in {trained_time:.0f} s")
    print(f"mean score over 50 new games: policy {np.mean(trained):.1f}, "
          f"random {np.mean(random_scores):.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
