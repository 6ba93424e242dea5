"""``carson simulate``: whole games between seat kinds, with statistics and optional logs."""

from __future__ import annotations

import json
import time
from concurrent.futures import ProcessPoolExecutor
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from carson.cli.errors import fail
from carson.games.board import match as board_match
from carson.games.board.engine.config import VARIANTS, BoardConfig, BoardConfigError
from carson.games.board.engine.log import board_game_log
from carson.games.board.players import KINDS as BOARD_KINDS
from carson.games.card.engine.config import MAX_SEATS, MIN_SEATS
from carson.games.card.engine.log import game_log
from carson.games.card.match import play_game, record_of
from carson.games.card.players import SEAT_CHOICES


class GameName(StrEnum):
    card = "card"
    board = "board"


class OutputFormat(StrEnum):
    json = "json"
    text = "text"


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a run: fixed by the run's seed, distinct per game."""
    return seed * 1_000_003 + game


def run_games(
    seats: list[str],
    seed: int,
    games: range,
    log_dir: str | None,
    budget_ms: int | None = None,
    variants: tuple[str, ...] | None = None,
) -> list[tuple[list[int], list[int]]]:
    """Scores and winners of each game in ``games`` (a worker's share); writes logs if asked.
    ``variants`` is given for the board game (``None``: the card game)."""
    scores = []
    for game in games:
        seed_of_game = game_seed(seed, game)
        if variants is None:
            card = play_game(seats, seed_of_game, budget_ms=budget_ms)
            record, log, result = record_of(card), game_log(card), card.result()
        else:
            board = board_match.play_game(seats, seed_of_game, variants, budget_ms=budget_ms)
            record, log, result = (
                board_match.record_of(board),
                board_game_log(board),
                board.result(),
            )
        assert result is not None
        scores.append((list(result.scores), sorted(result.winners)))
        if log_dir is not None:
            stem = Path(log_dir) / f"game-{game + 1:05d}"
            stem.with_suffix(".json").write_text(record.dumps(), encoding="utf-8")
            stem.with_suffix(".txt").write_text(log, encoding="utf-8")
    return scores


def summarise(
    seats: list[str], games: list[tuple[list[int], list[int]]], seconds: float
) -> dict[str, object]:
    """Mean scores and wins: a shared first place counts for each (CG-8.2); the board game
    breaks ties itself (BG-8.3), so its games have one winner."""
    scores = [game_scores for game_scores, _ in games]
    count = len(scores)
    wins = [0] * len(seats)
    for _, winners in games:
        for seat in winners:
            wins[seat] += 1
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
                "--seat",
                help="a seat kind, once per seat in order: card game "
                f"{', '.join(SEAT_CHOICES)}; board game {', '.join(BOARD_KINDS)}",
            ),
        ],
        game: Annotated[GameName, typer.Option(help="card or board")] = GameName.card,
        variant: Annotated[
            list[str] | None,
            typer.Option("--variant", help=f"board game only, repeatable: {', '.join(VARIANTS)}"),
        ] = None,
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
        variants: tuple[str, ...] | None = None
        if game is GameName.board:
            variants = tuple(variant or ())
            try:
                BoardConfig.of(len(seat), variants)
            except BoardConfigError as error:
                fail(str(error))
            choices: tuple[str, ...] = BOARD_KINDS
        else:
            if variant:
                fail("--variant is for the board game (--game board)")
            if not MIN_SEATS <= len(seat) <= MAX_SEATS:
                fail(f"a game has {MIN_SEATS}–{MAX_SEATS} seats (CG-2.1); {len(seat)} --seat given")
            choices = SEAT_CHOICES
        for kind in seat:
            if kind not in choices:
                fail(f"unknown seat kind {kind!r}; choose from {', '.join(choices)}")
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
            results = run_games(seat, seed, range(games), log, budget_ms, variants)
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
                        [variants] * workers,
                    )
                )
            results = [([], []) for _ in range(games)]
            for share, part in zip(shares, parts, strict=True):
                for number, outcome in zip(share, part, strict=True):
                    results[number] = outcome
        summary = summarise(seat, results, time.perf_counter() - start)
        if output is OutputFormat.json:
            print(json.dumps(summary))
            return
        print(f"{summary['games']} games, seed {seed}, {summary['games_per_second']} games/s")
        mean = summary["mean_score"]
        wins = summary["wins"]
        assert isinstance(mean, list) and isinstance(wins, list)
        for index, kind in enumerate(seat):
            print(f"  seat {index} {kind:<9} mean {mean[index]:>7.2f}  wins {wins[index]:>5}")
