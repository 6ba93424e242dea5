"""Train a policy on the PettingZoo environment and evaluate it against ``greedy``.

The learner is seat 0 of ``pettingzoo_env(GAME, others="greedy")`` (the board game: 2
``greedy`` seats; the card game: 3); the ``greedy`` players move inside the environment.
The policy is linear softmax over the legal actions (logits = W · features + b, illegal
actions masked out), trained by REINFORCE. What makes it learn (docs/ai.md):

* **credit per decision**: the observation shows every seat's score, so each decision's
  return is the change of the *margin* (the learner's score minus the best other's) from
  that decision to the end — the final margin minus the margin then — instead of the whole
  game's margin for every decision (the margin before a decision is a baseline: it does not
  depend on the decision);
* **scale**: returns are divided by their running standard deviation, and each step by the
  squared length of the features, so that one update moves a logit by about the learning
  rate whatever the reward's size (margins of ±150) or the observation's (thousands of values);
* **features** (card game): the learner's part of the observation (round, row, the card to
  place, its own city and cards, its bid) and the others' scores — the others' cities are
  thousands of values a linear policy only learns noise from. The board game reads it all.

After training, the policy (sampling, as trained) and a uniformly random masked agent play
the same new deals against the same opponents: their win rates (95 % Wilson intervals) and
the mean difference of their margins, deal by deal (95 % interval), are printed. numpy only.

    .venv/bin/python examples/rl_vs_greedy.py --game card   # 1000 episodes, 200 games each
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from carson.rl import pettingzoo_env
from carson.rl.pettingzoo_env import CarsonAECEnv

Array = npt.NDArray[np.float64]
Indices = npt.NDArray[np.intp]
#: (features, legal action indices) → (the chosen one's position among them, probabilities)
Chooser = Callable[[Array, Indices], tuple[int, Array]]
#: One decision: features, legal actions, the choice's position, probabilities, margin then.
Step = tuple[Array, Indices, int, Array, float]
SEATS = {"board": 3, "card": 4}


def view(game: str) -> tuple[Indices, Indices, float]:
    """Which observation values the policy reads, where the seats' scores are (the learner's
    first) and their scale, from the game's encoding layout."""
    if game == "card":
        from carson.games.card.engine.actions import MAX_BID
        from carson.games.card.rl import encoding as e

        seats = e.HEADER_SIZE + e.ROW_SIZE + e.PENDING_SIZE
        score = 2 + e.CITY_SIZE + 2 * e.PERSONALITIES + 2 * MAX_BID + 1
        scores = seats + e.SEAT_SIZE * np.arange(4) + score
        own = np.arange(seats + e.SEAT_SIZE)  # header, row, card to place, own seat
        bid = np.arange(e.OBSERVATION_SIZE - e.OWN_SIZE, e.OBSERVATION_SIZE)
        return np.concatenate([own, scores[1:], bid]), scores, 150.0
    from carson.games.board.rl import encoding as b
    from carson.games.board.town import PARCELS

    seats = (
        b.HEADER_SIZE + b.CONTEXT_SIZE + b.CARDS_SIZE + b.SPACES * b.SPACE_SIZE
        + PARCELS * b.PARCEL_SIZE + b.ROADS_SIZE + b.BAG_SIZE
    )  # fmt: skip
    return np.arange(b.OBSERVATION_SIZE), seats + b.SEAT_SIZE * np.arange(3) + 2, 100.0


class LinearPolicy:
    """Softmax over the legal actions' logits; only the legal rows are read or trained."""

    def __init__(self, actions: int, size: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((actions, size + 1))  # the last column: the bias
        self.rng = rng
        self.spread = 0.0  # running standard deviation of the returns

    def act(self, features: Array, legal: Indices) -> tuple[int, Array]:
        logits = self.weights[legal] @ features
        exp = np.exp(logits - logits.max())
        probabilities = exp / exp.sum()
        return int(self.rng.choice(len(legal), p=probabilities)), probabilities

    def learn(self, steps: list[Step], final_margin: float, rate: float) -> None:
        returns = np.array([final_margin - margin for *_, margin in steps])
        spread = float(returns.std()) + 1.0
        self.spread = spread if self.spread == 0 else 0.99 * self.spread + 0.01 * spread
        for (features, legal, chosen, probabilities, _), ret in zip(steps, returns, strict=True):
            # ∇ log π(a|s) of a softmax over W·x: (onehot(a) − π) ⊗ x on the legal rows.
            gradient = -probabilities
            gradient[chosen] += 1.0
            step = rate * (ret / self.spread) / float(features @ features)
            self.weights[legal] += step * np.outer(gradient, features)


def play(
    env: CarsonAECEnv, choose: Chooser, seed: int, game: str
) -> tuple[float, bool, list[Step]]:
    """One game: the learner's final margin, whether it won, and its decisions."""
    keep, scores, scale = view(game)
    env.reset(seed=seed)
    steps: list[Step] = []
    margin = 0.0
    for _agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            margin = float(reward)
            env.step(None)
            continue
        vector = observation["observation"].astype(np.float64)
        features = np.append(vector[keep], 1.0)
        legal = np.flatnonzero(observation["action_mask"])
        chosen, probabilities = choose(features, legal)
        seen = vector[scores] * scale
        steps.append((features, legal, chosen, probabilities, seen[0] - seen[1:].max()))
        env.step(int(legal[chosen]))
    result = env.game.result() if env.game is not None else None
    return margin, result is not None and 0 in result.winners, steps


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(p * (1 - p) / games + z * z / (4 * games**2))
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=sorted(SEATS), default="card")
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--evaluation-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--learning-rate", type=float, default=0.1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    env = pettingzoo_env(args.game, seats=SEATS[args.game], others="greedy")
    actions = env.table.encoder.action_space_size
    policy = LinearPolicy(actions, len(view(args.game)[0]), rng)
    recent: list[float] = []
    start = time.perf_counter()
    for episode in range(args.episodes):
        margin, _, steps = play(env, policy.act, args.seed * 100_000 + episode, args.game)
        policy.learn(steps, margin, args.learning_rate)
        recent.append(margin)
        if (episode + 1) % 100 == 0:
            last = np.mean(recent[-100:])
            print(f"episode {episode + 1}: mean margin of the last 100 {last:+.1f}", flush=True)
    seconds = time.perf_counter() - start

    def uniform(features: Array, legal: Indices) -> tuple[int, Array]:
        return int(rng.integers(len(legal))), np.full(len(legal), 1 / len(legal))

    games = range(10**6, 10**6 + args.evaluation_games)  # deals neither agent trained on
    print(f"{args.game}: trained for {args.episodes} episodes in {seconds:.0f} s")
    margins = {}
    for name, choose in (("policy", policy.act), ("random", uniform)):
        played = [play(env, choose, seed, args.game)[:2] for seed in games]
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


if __name__ == "__main__":
    main()
