"""ISMCTS iterations per CPU-second for each game and AI level (issue 21), next to a yardstick.

Positions are fixed: decisions spread over a seeded game between greedy seats, each searched
by the level's iteration budget with no clock (``seconds=None``), so every run does the same
work. Rates are per CPU-second (``time.process_time``) and, because a shared machine slows
everything alike, also as a ratio to python-chess's legal-move generation measured in the
same run. ``--format json`` prints the figures as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import chess

from benchmarks.placements import MIDDLEGAMES
from carson.core.match import play_match
from carson.core.players import player_seed
from carson.core.registry import game_kind
from carson.games.board.ai import search as board_search
from carson.games.card.ai import search as card_search
from carson.games.card.ai.player import AI_LEVELS as CARD_LEVELS

#: Targets of issue 21 at ``ai-hard``, iterations per CPU-second.
TARGETS = {"card": 2000.0, "board": 1500.0}
LEVELS = ("ai-easy", "ai-medium", "ai-hard")
#: Positions per game, evenly spread over one seeded game of greedy seats.
POSITIONS = 12
SEED = 20261124
#: Whole games played for the ai-hard decision times of each game.
DECISION_GAMES = 3


@dataclass(frozen=True)
class Position:
    """One decision to search: what the seat observes."""

    observation: Any
    seat: int


def positions(game: str, seed: int = SEED, count: int = POSITIONS) -> list[Position]:
    """``count`` decisions with a choice (more than one legal action), evenly spread over a
    seeded game of 4 greedy seats: early decisions search long playouts, late ones short."""
    kind = game_kind(game)
    state = kind.new_state(kind.config(["greedy"] * 4, ()), seed)
    players = [kind.make_player("greedy", seed + seat, 0) for seat in range(4)]
    choices: list[Position] = []
    while not state.is_over:
        seat = state.seats_to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            choices.append(Position(kind.observation(state.clone(), seat), seat))
        player = players[seat]
        assert player is not None
        state.apply(seat, player.choose(kind.observation(state, seat), legal))
    step = len(choices) / count
    return [choices[int(i * step)] for i in range(count)]


def _card_searcher(level: str) -> Callable[[Any, random.Random], int]:
    limits = replace(CARD_LEVELS[level], seconds=None)

    def run(observation: Any, rng: random.Random) -> int:
        return card_search.search(observation, limits, rng).iterations

    return run


def _board_searcher(level: str) -> Callable[[Any, random.Random], int]:
    limits = replace(board_search.AI_LEVELS[level], seconds=None)

    def run(observation: Any, rng: random.Random) -> int:
        return board_search.search(observation, limits, rng).iterations

    return run


SEARCHERS = {"card": _card_searcher, "board": _board_searcher}


def iterations_per_cpu_second(
    search: Callable[[Any, random.Random], int], cases: Sequence[Position], repeats: int
) -> tuple[float, float]:
    """(iterations per CPU-second, mean CPU-seconds per decision), best of ``repeats``."""
    best_rate, best_decision = 0.0, float("inf")
    for _ in range(repeats):
        rng = random.Random(SEED)
        iterations = 0
        start = time.process_time()
        for case in cases:
            iterations += search(case.observation, rng)
        spent = time.process_time() - start
        best_rate = max(best_rate, iterations / spent)
        best_decision = min(best_decision, spent / len(cases))
    return best_rate, best_decision


def chess_generations_per_cpu_second(seconds: float = 1.0, repeats: int = 3) -> float:
    """The yardstick: ``list(board.legal_moves)`` on middlegames per CPU-second, best run."""
    boards = [chess.Board(fen) for fen in MIDDLEGAMES]
    best = 0.0
    for _ in range(repeats):
        done = 0
        start = time.process_time()
        while (spent := time.process_time() - start) < seconds:
            for board in boards:
                list(board.legal_moves)
            done += len(boards)
        best = max(best, done / spent)
    return best


#: Tables for decision times: the AI level in seat 0 against the game's usual opposition.
DECISION_TABLES = {
    "card": ["ai-hard", "expert", "expert", "expert"],
    "board": ["ai-hard", "greedy", "greedy", "greedy"],
}


class CpuTimedPlayer:
    """Wraps a player and records the CPU-seconds of each real decision (more than one legal
    action): on one free core, what a person waits."""

    def __init__(self, player: Any) -> None:
        self.name = player.name
        self._player = player
        self.seconds: list[float] = []

    def choose(self, observation: Any, legal: Sequence[Any]) -> Any:
        start = time.process_time()
        action = self._player.choose(observation, legal)
        if len(legal) > 1:
            self.seconds.append(time.process_time() - start)
        return action


def decision_times(game: str, level: str, games: int) -> dict[str, float]:
    """Median, 99th percentile and maximum CPU-seconds of ``level``'s decisions over ``games``
    seeded games (its iteration budget, no clock: the cap would hide a slow search)."""
    kind = game_kind(game)
    seats = [level, *DECISION_TABLES[game][1:]]
    seconds: list[float] = []
    for number in range(games):
        seed = SEED + number
        player = CpuTimedPlayer(kind.make_player(level, player_seed(seed, 0), 0))
        play_match(kind, seats, seed, players={0: player}, budget_ms=0)
        seconds += player.seconds
    seconds.sort()
    return {
        "decisions": len(seconds),
        "median": round(seconds[len(seconds) // 2], 4),
        "p99": round(seconds[min(len(seconds) - 1, math.ceil(0.99 * len(seconds)) - 1)], 4),
        "max": round(seconds[-1], 4),
    }


def measure(games: Sequence[str], levels: Sequence[str], repeats: int) -> dict[str, Any]:
    yardstick = chess_generations_per_cpu_second()
    rows = []
    for game in games:
        cases = positions(game)
        for level in levels:
            rate, decision = iterations_per_cpu_second(SEARCHERS[game](level), cases, repeats)
            rows.append(
                {
                    "game": game,
                    "level": level,
                    "iterations_per_cpu_second": round(rate, 1),
                    "cpu_seconds_per_decision": round(decision, 4),
                    "per_1000_chess_generations": round(1000 * rate / yardstick, 2),
                    "target": TARGETS[game] if level == "ai-hard" else None,
                }
            )
    decisions = {game: decision_times(game, "ai-hard", DECISION_GAMES) for game in games}
    # The yardstick again: the ratio is only as steady as the machine between the two runs.
    yardstick = (yardstick + chess_generations_per_cpu_second()) / 2
    return {
        "chess_generations_per_cpu_second": round(yardstick, 1),
        "chess_version": chess.__version__,
        "positions_per_game": POSITIONS,
        "results": rows,
        "ai_hard_decision_cpu_seconds": decisions,
        "decision_games": DECISION_GAMES,
    }


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(prog="make bench BENCH=search")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--game", action="append", choices=sorted(SEARCHERS))
    parser.add_argument("--level", action="append", choices=LEVELS)
    parser.add_argument("--repeats", type=int, default=2)
    options = parser.parse_args(list(argv))
    figures = measure(options.game or sorted(SEARCHERS), options.level or LEVELS, options.repeats)
    if options.format == "json":
        print(json.dumps(figures))
        return
    print(
        f"ISMCTS iterations per CPU-second ({POSITIONS} fixed positions a game, no clock, "
        f"best of {options.repeats})"
    )
    print(
        f"  yardstick: python-chess {figures['chess_version']} legal-move generation, "
        f"{figures['chess_generations_per_cpu_second']:,.0f} per CPU-second"
    )
    for row in figures["results"]:
        target = f"  (target >= {row['target']:,.0f})" if row["target"] else ""
        print(
            f"  {row['game']:<6} {row['level']:<10} {row['iterations_per_cpu_second']:>8,.0f} "
            f"it/s  {row['cpu_seconds_per_decision']:>7.3f} s/decision  "
            f"{row['per_1000_chess_generations']:>6.2f} per 1000 chess generations{target}"
        )
    print(f"ai-hard decisions in CPU-seconds ({DECISION_GAMES} games of each, iteration budget)")
    for game, times in figures["ai_hard_decision_cpu_seconds"].items():
        print(
            f"  {game:<6} {times['decisions']:>5} decisions  median {times['median']:.3f}  "
            f"p99 {times['p99']:.3f}  max {times['max']:.3f}  (target p99 <= 1)"
        )
