"""``carson simulate``: whole games between seat kinds, with statistics and optional logs."""

from __future__ import annotations

import json
import time
from concurrent.futures import ProcessPoolExecutor
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from carson.cardgame.engine.config import MAX_SEATS, MIN_SEATS
from carson.cardgame.engine.log import game_log
from carson.cardgame.match import play_game, record_of
from carson.cardgame.players import SEAT_CHOICES
from carson.cli.errors import fail


class OutputFormat(StrEnum):
    json = "json"
    text = "text"


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a run: fixed by the run's seed, distinct per game."""
    return seed * 1_000_003 + game


def run_games(
    seats: list[str], seed: int, games: range, log_dir: str | None, budget_ms: int | None = None
) -> list[list[int]]:
    """Scores of each game in ``games`` (a worker's share); writes logs if asked."""
    scores = []
    for game in games:
        state = play_game(seats, game_seed(seed, game), budget_ms=budget_ms)
        result = state.result()
        assert result is not None
        scores.append(list(result.scores))
        if log_dir is not None:
            stem = Path(log_dir) / f"game-{game + 1:05d}"
            stem.with_suffix(".json").write_text(record_of(state).dumps(), encoding="utf-8")
            stem.with_suffix(".txt").write_text(game_log(state), encoding="utf-8")
    return scores


def summarise(seats: list[str], scores: list[list[int]], seconds: float) -> dict[str, object]:
    count = len(scores)
    wins = [0] * len(seats)
    for game in scores:
        best = max(game)
        for seat, score in enumerate(game):
            wins[seat] += score == best  # shared wins count for each (CG-8.2)
    return {
        "games": count,
        "seats": seats,
        "mean_score": [round(sum(g[s] for g in scores) / count, 3) for s in range(len(seats))],
        "wins": wins,
        "scores": scores,
        "games_per_second": round(count / seconds, 2) if seconds > 0 else None,
    }


def register(app: typer.Typer) -> None:
    @app.command()
    def simulate(
        seat: Annotated[
            list[str],
            typer.Option(
                "--seat", help=f"a seat kind, once per seat in order: {', '.join(SEAT_CHOICES)}"
            ),
        ],
        games: Annotated[int, typer.Option(help="number of games")] = 10,
        seed: Annotated[int, typer.Option(help="seed of the whole run")] = 0,
        workers: Annotated[int, typer.Option(help="processes to play games in")] = 1,
        output: Annotated[
            OutputFormat, typer.Option("--format", help="json or text")
        ] = OutputFormat.text,
        log: Annotated[
            str | None, typer.Option(help="directory for each game's record and log")
        ] = None,
        budget_ms: Annotated[
            int | None,
            typer.Option(
                help="AI seats think this many ms per decision (default: their level's "
                "iteration budget, reproducible; 0: iterations only, never the clock)"
            ),
        ] = None,
    ) -> None:
        """Play whole games between seat kinds; report scores and wins (same seed, same games)."""
        for kind in seat:
            if kind not in SEAT_CHOICES:
                fail(f"unknown seat kind {kind!r}; choose from {', '.join(SEAT_CHOICES)}")
        if not MIN_SEATS <= len(seat) <= MAX_SEATS:
            fail(f"a game has {MIN_SEATS}–{MAX_SEATS} seats (CG-2.1); {len(seat)} --seat given")
        if games < 1:
            fail("--games must be at least 1")
        if workers < 1:
            fail("--workers must be at least 1")
        if budget_ms is not None and budget_ms < 0:
            fail("--budget-ms cannot be negative")
        if log is not None:
            try:
                Path(log).mkdir(parents=True, exist_ok=True)
            except OSError as error:
                fail(f"cannot create log directory {log}: {error.strerror or error}")
        start = time.perf_counter()
        if workers == 1:
            scores = run_games(seat, seed, range(games), log, budget_ms)
        else:
            shares = [range(first, games, workers) for first in range(workers)]
            with ProcessPoolExecutor(workers) as pool:
                parts = list(
                    pool.map(
                        run_games,
                        [seat] * workers,
                        [seed] * workers,
                        shares,
                        [log] * workers,
                        [budget_ms] * workers,
                    )
                )
            scores = [[] for _ in range(games)]
            for share, part in zip(shares, parts, strict=True):
                for game, game_scores in zip(share, part, strict=True):
                    scores[game] = game_scores
        summary = summarise(seat, scores, time.perf_counter() - start)
        if output is OutputFormat.json:
            print(json.dumps(summary))
            return
        print(f"{summary['games']} games, seed {seed}, {summary['games_per_second']} games/s")
        mean = summary["mean_score"]
        wins = summary["wins"]
        assert isinstance(mean, list) and isinstance(wins, list)
        for index, kind in enumerate(seat):
            print(f"  seat {index} {kind:<9} mean {mean[index]:>7.2f}  wins {wins[index]:>5}")
