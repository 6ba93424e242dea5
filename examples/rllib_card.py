"""Train PPO with RLlib on the card game's Gymnasium environment, against ``greedy`` seats.

The learner is seat 0 of ``CarsonGymEnv("card", opponents=["greedy"] * 3)`` (the three
``greedy`` seats move inside ``step``). RLlib's new API stack (RLModule, Learner,
EnvRunner) trains PPO with action masking: the wrapper below turns the environment's
observation into ``{"observations": vector, "action_mask": legal actions}``, and RLlib's own
``ActionMaskingTorchRLModule`` (shipped in ``ray.rllib.examples``) adds −∞ to the logits of
illegal actions, so the policy never plays one. Rewards are the environment's ``margin``
(the learner's score minus the best other's, at the end), divided by ``--reward-scale``.

Needs the ``train`` extra (PyTorch CPU and RLlib): ``pip install -e .[train]`` (see
docs/ai.md for the versions and why gymnasium stays at carson's pin).

    python examples/rllib_card.py --iterations 20            # a few CPU-minutes per iteration
    python examples/rllib_card.py --iterations 1 --batch 64  # the test's tiny budget

Every iteration prints RLlib's mean episode return (over the last 100 training games, the
margin divided by ``--reward-scale``). Then the trained policy (its most likely legal action)
and a uniformly random masked agent play the same ``--evaluation-games`` new deals against
the same ``greedy`` seats: their win rates (95 % Wilson intervals) and the mean difference
of their margins, deal by deal (95 % interval). ``--checkpoint DIR`` saves the algorithm.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from carson.rl.gym_env import CarsonGymEnv

ENV_NAME = "carson_card_vs_greedy"


class MaskedCardEnv(gym.Env[dict[str, np.ndarray], int]):
    """The card game's Gymnasium environment with the legal actions inside the observation."""

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        config = config or {}
        self.inner = CarsonGymEnv("card", opponents=["greedy"] * 3, reward="margin")
        self.scale = float(config.get("reward_scale", 100.0))
        size = int(self.inner.action_space.n)  # type: ignore[attr-defined]
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Dict(
            {
                "observations": self.inner.observation_space,
                "action_mask": spaces.Box(0.0, 1.0, (size,), np.float32),
            }
        )

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        vector, info = self.inner.reset(seed=seed, options=options)
        return self._observation(vector, info), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        vector, reward, terminated, truncated, info = self.inner.step(int(action))
        return self._observation(vector, info), reward / self.scale, terminated, truncated, {}

    @staticmethod
    def _observation(vector: np.ndarray, info: dict[str, Any]) -> dict[str, np.ndarray]:
        mask = info["action_mask"].astype(np.float32)
        if not mask.any():  # the game is over: any mask with one action keeps the module sane
            mask[0] = 1.0
        return {"observations": vector, "action_mask": mask}


def build(args: argparse.Namespace) -> Any:
    """The PPO algorithm, configured for the tiny or the documented budget."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    register_env(ENV_NAME, MaskedCardEnv)
    config = (
        PPOConfig()
        .api_stack(enable_rl_module_and_learner=True, enable_env_runner_and_connector_v2=True)
        .environment(ENV_NAME, env_config={"reward_scale": args.reward_scale})
        .framework("torch")
        .env_runners(num_env_runners=args.env_runners, rollout_fragment_length="auto")
        .learners(num_learners=0)
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=min(args.batch, 128),
            num_epochs=args.epochs,
            lr=args.learning_rate,
            gamma=1.0,
            lambda_=0.95,
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=ActionMaskingTorchRLModule,
                model_config={"fcnet_hiddens": [args.hidden, args.hidden]},
            )
        )
        .debugging(seed=args.seed)
    )
    return config.build_algo()


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(p * (1 - p) / games + z * z / (4 * games**2))
    return centre - half, centre + half


def evaluate(algo: Any, games: range, scale: float) -> None:
    """The trained policy and a random agent on the same new deals; prints the figures."""
    import torch
    from ray.rllib.core.columns import Columns

    module, env = algo.get_module(), MaskedCardEnv({"reward_scale": scale})
    rng = np.random.default_rng(0)

    def trained(observation: dict[str, np.ndarray]) -> int:
        batch = {Columns.OBS: {k: torch.from_numpy(v[None]) for k, v in observation.items()}}
        with torch.no_grad():
            logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0]
        return int(torch.argmax(logits))  # illegal actions' logits are −∞ (the mask)

    def uniform(observation: dict[str, np.ndarray]) -> int:
        return int(rng.choice(np.flatnonzero(observation["action_mask"])))

    margins = {}
    for name, choose in (("policy", trained), ("random", uniform)):
        played = []
        for seed in games:
            observation, _ = env.reset(seed=seed)
            done, reward = False, 0.0
            while not done:
                observation, reward, done, _, _ = env.step(choose(observation))
            result = env.inner.game.result() if env.inner.game is not None else None
            played.append((reward * scale, result is not None and 0 in result.winners))
        margins[name] = np.array([margin for margin, _ in played])
        wins = sum(won for _, won in played)
        low, high = wilson(wins, len(games))
        print(f"  {name:<6} vs greedy over {len(games)} new games: "
              f"wins {100 * wins / len(games):.1f}% [{100 * low:.1f}, {100 * high:.1f}], "
              f"mean margin {margins[name].mean():+.1f}")  # fmt: skip
    gain = margins["policy"] - margins["random"]
    half = 1.96 * gain.std(ddof=1) / math.sqrt(len(gain)) if len(gain) > 1 else math.inf
    print(f"  gain over random: {gain.mean():+.1f} margin points a game "
          f"[{gain.mean() - half:+.1f}, {gain.mean() + half:+.1f}] (95 %, same deals)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--batch", type=int, default=2000, help="env steps per iteration")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--reward-scale", type=float, default=100.0)
    parser.add_argument("--env-runners", type=int, default=0, help="0: sample in the driver")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--evaluation-games", type=int, default=200)
    parser.add_argument("--checkpoint", default=None)
    args = parser.parse_args()

    import ray

    ray.init(num_cpus=max(1, args.env_runners + 1), include_dashboard=False, log_to_driver=False)
    try:
        algo = build(args)
        start = time.perf_counter()
        for iteration in range(1, args.iterations + 1):
            result = algo.train()
            runners = result.get("env_runners", {})
            mean = runners.get("episode_return_mean", float("nan"))
            episodes = runners.get("num_episodes_lifetime", runners.get("num_episodes", 0))
            print(
                f"iteration {iteration}: mean return {mean:+.3f} "
                f"(margin {mean * args.reward_scale:+.1f}), episodes so far {episodes}, "
                f"{time.perf_counter() - start:.0f} s",
                flush=True,
            )
        print(f"rllib: trained PPO for {args.iterations} iterations")
        if args.checkpoint:
            print(f"checkpoint: {algo.save_to_path(args.checkpoint)}")
        if args.evaluation_games:
            evaluate(algo, range(10**6, 10**6 + args.evaluation_games), args.reward_scale)
        algo.stop()
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
