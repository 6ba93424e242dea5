"""Train a policy on the PettingZoo environment and evaluate it against ``greedy``.

The learner is seat 0 of ``pettingzoo_env(GAME, others="greedy")`` (the board game: 2
``greedy`` seats; the card game: 3); the ``greedy`` players move inside the environment.
The policy is linear softmax over the legal actions (logits = W · observation + b, illegal
actions masked out), trained by REINFORCE with a running baseline on the environment's
``margin`` reward (the learner's score minus the best other's). It then plays games it never
trained on against the same opponents, as does a uniformly random masked agent: win rate and
mean margin of both are printed. numpy only.

    .venv/bin/python examples/rl_vs_greedy.py [--game board|card] [--episodes 600] [--seed 0]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from carson.rl import pettingzoo_env
from carson.rl.pettingzoo_env import CarsonAECEnv

Array = npt.NDArray[np.float64]
Mask = npt.NDArray[np.int8]
#: (observation, legal action indices) → (the chosen one's position among them, probabilities)
Chooser = Callable[[Array, npt.NDArray[np.intp]], tuple[int, Array]]
SEATS = {"board": 3, "card": 4}


class LinearPolicy:
    """Softmax over the legal actions' logits; only the legal rows are read or trained."""

    def __init__(self, actions: int, size: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((actions, size))
        self.bias = np.zeros(actions)
        self.rng = rng

    def act(self, observation: Array, legal: npt.NDArray[np.intp]) -> tuple[int, Array]:
        logits = self.weights[legal] @ observation + self.bias[legal]
        exp = np.exp(logits - logits.max())
        probabilities = exp / exp.sum()
        return int(self.rng.choice(len(legal), p=probabilities)), probabilities

    def learn(
        self, steps: list[tuple[Array, npt.NDArray[np.intp], int, Array]], step: float
    ) -> None:
        for observation, legal, chosen, probabilities in steps:
            # ∇ log π(a|s) of a softmax over W·s + b: (onehot(a) − π) ⊗ s on the legal rows.
            gradient = -probabilities
            gradient[chosen] += 1.0
            self.weights[legal] += step * np.outer(gradient, observation)
            self.bias[legal] += step * gradient


def play(env: CarsonAECEnv, choose: Chooser, seed: int) -> tuple[float, bool, list]:  # type: ignore[type-arg]
    """One game: the learner's margin, whether it won, and its (obs, legal, choice, probs)."""
    env.reset(seed=seed)
    steps = []
    margin = 0.0
    for _agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            margin = float(reward)
            env.step(None)
            continue
        vector = observation["observation"].astype(np.float64)
        legal = np.flatnonzero(observation["action_mask"])
        chosen, probabilities = choose(vector, legal)
        steps.append((vector, legal, chosen, probabilities))
        env.step(int(legal[chosen]))
    result = env.game.result() if env.game is not None else None
    return margin, result is not None and 0 in result.winners, steps


def evaluate(env: CarsonAECEnv, choose: Chooser, games: range) -> tuple[float, float]:
    """Win rate and mean margin over ``games`` (their seeds)."""
    played = [play(env, choose, seed)[:2] for seed in games]
    return float(np.mean([won for _, won in played])), float(np.mean([m for m, _ in played]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=sorted(SEATS), default="board")
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--evaluation-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--learning-rate", type=float, default=0.01)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    env = pettingzoo_env(args.game, seats=SEATS[args.game], others="greedy")
    space = env.observation_space("player_0")["observation"]
    policy = LinearPolicy(env.action_space("player_0").n, space.shape[0], rng)
    baseline, start = 0.0, time.perf_counter()
    for episode in range(args.episodes):
        margin, _, steps = play(env, policy.act, seed=args.seed * 100_000 + episode)
        baseline = margin if episode == 0 else 0.95 * baseline + 0.05 * margin
        policy.learn(steps, args.learning_rate * (margin - baseline) / 20.0)
        if (episode + 1) % 100 == 0:
            print(f"episode {episode + 1}: running mean margin {baseline:.1f}", flush=True)
    seconds = time.perf_counter() - start

    def uniform(observation: Array, legal: npt.NDArray[np.intp]) -> tuple[int, Array]:
        return int(rng.integers(len(legal))), np.full(len(legal), 1 / len(legal))

    games = range(10**6, 10**6 + args.evaluation_games)  # seeds neither agent trained on
    trained, random_agent = evaluate(env, policy.act, games), evaluate(env, uniform, games)
    print(f"{args.game}: trained for {args.episodes} episodes in {seconds:.0f} s")
    for name, (wins, margin) in (("policy", trained), ("random", random_agent)):
        print(f"  {name:<6} vs greedy over {len(games)} new games: "
              f"wins {100 * wins:.0f}%, mean margin {margin:+.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
