"""A post-game analysis's cost (issue 25): the CPU-seconds one worker spends weighing every
decision of one person in a seeded game, at the default iterations per decision
(``carson.server.play.evaluating.ANALYSIS_ITERATIONS``), for a card game of two players (and two
virtual seats) and a 2-player board game. The games are played by greedy seats; each
decision is evaluated as the ``analysis`` job does (:func:`carson.ai.evaluation.evaluate`,
the person's choice included), on the seat's observation only."""

from __future__ import annotations

import time
from typing import Any

from carson.ai.evaluation import evaluate
from carson.core.registry import game_kind
from carson.server.play.evaluating import ANALYSIS_ITERATIONS

TABLES = {
    "card, 2 players + 2 virtual": ("card", ["human", "greedy", "expert", "expert"]),
    "board, 2 players": ("board", ["human", "greedy"]),
}


def played(name: str, seats: list[str], seed: int) -> tuple[Any, list[tuple[int, Any]]]:
    """A seeded game between greedy seats: its configuration and its actions."""
    kind = game_kind(name)
    config = kind.config(seats)
    state = kind.new_state(config, seed)
    players = {seat: kind.make_player("greedy", seed + seat) for seat in range(len(seats))}
    while not state.is_over:
        seat = state.seats_to_act[0]
        player = players[seat]
        assert player is not None
        state.apply(seat, player.choose(kind.observation(state, seat), state.legal_actions(seat)))
    return config, list(state.actions)


def analysis_cost(name: str, seats: list[str], seed: int) -> tuple[int, float]:
    """Seat 0's decisions in the game and the CPU-seconds their evaluation took."""
    kind = game_kind(name)
    config, actions = played(name, seats, seed)
    state = kind.new_state(config, seed)
    decisions, start = 0, time.process_time()
    for step, (seat, action) in enumerate(actions):
        if seat == 0 and len(state.legal_actions(0)) > 1:
            evaluate(kind, state, 0, iterations=ANALYSIS_ITERATIONS, seed=step, choice=action)
            decisions += 1
        state.apply(seat, action)
    return decisions, time.process_time() - start


def main() -> None:
    print(f"A person's post-game analysis, {ANALYSIS_ITERATIONS} iterations per decision, "
          "one process (CPU-seconds)")  # fmt: skip
    for label, (name, seats) in TABLES.items():
        decisions, seconds = analysis_cost(name, seats, seed=11)
        print(f"  {label:<28} {decisions:>3} decisions  {seconds:>6.1f} s  "
              f"{seconds / max(decisions, 1):.2f} s a decision")  # fmt: skip
