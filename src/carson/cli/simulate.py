"""``carson simulate``: whole games between machine seat kinds, with statistics and optional
logs, for any game of the registry (``--game``)."""

from __future__ import annotations

import json
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from carson.cli.errors import fail
from carson.cli.ray_tasks import RayUnavailableError, cluster_cpus, ray_map
from carson.core.match import play_match
from carson.core.registry import HUMAN, GameSetupError, game_kind
from carson.core.registry import games as installed_games
from carson.terminal.kits import kit_for

Outcome = tuple[list[int], list[int]]
#: ``--ray`` without an address: a Ray runtime started on this machine for the run.
LOCAL_RAY = "local"


@dataclass(frozen=True)
class Share:
    """A worker's games: each one's outcome, and the CPU time the worker spent on them."""

    outcomes: list[Outcome]
    cpu_seconds: float


class OutputFormat(StrEnum):
    json = "json"
    text = "text"


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a run: fixed by the run's seed, distinct per game."""
    return seed * 1_000_003 + game


def run_games(
    game: str,
    seats: list[str],
    seed: int,
    numbers: range,
    log_dir: str | None,
    budget_ms: int | None = None,
    variants: tuple[str, ...] = (),
) -> Share:
    """Scores and winners of each game in ``numbers`` (a worker's share); writes each game's
    record and readable log (the game's terminal kit's, or the events as lines) if asked.

    ``make bench BENCH=games`` measures this very function, so that both report the same
    rate for the same table: games per CPU-second of the process that plays them (a wall
    clock would count the other work of a shared machine)."""
    start = time.process_time()
    kind = game_kind(game)
    kit = kit_for(game) if log_dir is not None else None
    outcomes = []
    config = kind.config(seats, variants)  # the same table for every game: made once
    for number in numbers:
        # Without logs nobody reads the games' events: a game that can skips them.
        match = play_match(
            kind,
            seats,
            game_seed(seed, number),
            variants,
            budget_ms=budget_ms,
            events=kit is not None,
            config=config,
        )
        result = match.state.result()
        assert result is not None
        outcomes.append((list(result.scores), sorted(result.winners)))
        if log_dir is not None and kit is not None:
            record = match.record()
            stem = Path(log_dir) / f"game-{number + 1:05d}"
            stem.with_suffix(".json").write_text(record.dumps(), encoding="utf-8")
            log = kit.game_log(match.state, record)
            stem.with_suffix(".txt").write_text(log, encoding="utf-8")
    return Share(outcomes, time.process_time() - start)


def run_all(
    game: str,
    seats: list[str],
    seed: int,
    count: int,
    workers: int,
    log_dir: str | None,
    budget_ms: int | None,
    variants: tuple[str, ...],
    ray: str | None = None,
) -> Share:
    """Every game's outcome in order, and the CPU time of every worker together; with several
    workers each plays every n-th game (the games are the same whatever the number of
    workers: each has its own seed). ``ray``: the games are Ray tasks instead, two shares per
    CPU of the runtime (``local``: one started here; else a Ray address, see
    :mod:`carson.cli.ray_tasks`)."""
    address = None if ray == LOCAL_RAY else ray
    if ray is not None:
        workers = min(count, 2 * cluster_cpus(address))
    elif workers == 1:
        return run_games(game, seats, seed, range(count), log_dir, budget_ms, variants)
    shares = [range(first, count, workers) for first in range(workers)]
    calls = [(game, seats, seed, share, log_dir, budget_ms, variants) for share in shares]
    if ray is not None:
        parts = ray_map(run_games, calls, address)
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(run_games, *zip(*calls, strict=True)))
    outcomes: list[Outcome] = [([], []) for _ in range(count)]
    for share, part in zip(shares, parts, strict=True):
        for number, outcome in zip(share, part.outcomes, strict=True):
            outcomes[number] = outcome
    return Share(outcomes, sum(part.cpu_seconds for part in parts))


RayFlag = Annotated[
    bool,
    typer.Option(
        "--ray",
        help="play the games as Ray tasks, on a Ray runtime started here unless "
        "--ray-address names a cluster (same seed, same games as --workers)",
    ),
]
RayAddress = Annotated[
    str | None,
    typer.Option(
        help="the Ray cluster to play on (implies --ray): auto (the one this machine "
        "belongs to) or ray://HOST:10001",
    ),
]


def summarise(
    seats: list[str], games: list[Outcome], seconds: float, cpu_seconds: float
) -> dict[str, object]:
    """Mean scores and wins: a shared first place counts for each winner (a game that
    breaks ties itself has one winner); games per wall-clock second and per CPU-second."""
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
        "games_per_cpu_second": round(count / cpu_seconds, 2) if cpu_seconds > 0 else None,
    }


def _seat_help() -> str:
    kinds = "; ".join(
        f"{name}: {', '.join(kind.machine_kinds)}" for name, kind in installed_games().items()
    )
    return f"a seat kind, once per seat in order ({kinds})"


def _variant_help() -> str:
    known = "; ".join(
        f"{name}: {', '.join(k.variants)}" for name, k in installed_games().items() if k.variants
    )
    return f"a variant of the game, repeatable ({known or 'none'})"


def _check_run(
    game: str, seats: list[str], variants: tuple[str, ...], count: int, workers: int
) -> None:
    """``fail`` unless the game can be played as asked (the game's own checks decide the
    seat kinds, the number of seats and the variants)."""
    try:
        kind = game_kind(game)
        if HUMAN in seats:
            fail("carson simulate plays machine seats only: no 'human' seat (see carson play)")
        kind.config(seats, variants)  # seat kinds, seat count, variants
    except GameSetupError as error:
        fail(str(error))
    if count < 1:
        fail("--games must be at least 1")
    if workers < 1:
        fail("--workers must be at least 1")


def _print_text(summary: dict[str, object], seats: list[str], seed: int) -> None:
    print(
        f"{summary['games']} games, seed {seed}, {summary['games_per_cpu_second']} games per "
        f"CPU-second ({summary['games_per_second']} games/s by the wall clock)"
    )
    mean = summary["mean_score"]
    wins = summary["wins"]
    assert isinstance(mean, list) and isinstance(wins, list)
    for index, kind in enumerate(seats):
        print(f"  seat {index} {kind:<9} mean {mean[index]:>7.2f}  wins {wins[index]:>5}")


def register(app: typer.Typer) -> None:
    default_game = next(iter(installed_games()), "")

    @app.command()
    def simulate(
        seat: Annotated[list[str], typer.Option("--seat", help=_seat_help())],
        game: Annotated[
            str, typer.Option(help=f"the game: {', '.join(installed_games())}")
        ] = default_game,
        variant: Annotated[
            list[str] | None, typer.Option("--variant", help=_variant_help())
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
        ray: RayFlag = False,
        ray_address: RayAddress = None,
        budget_ms: Annotated[
            int | None,
            typer.Option(
                help="AI seats think this many ms per decision (default: their level's "
                "iteration budget, reproducible; 0: iterations only, never the clock)"
            ),
        ] = None,
    ) -> None:
        """Play whole games between seat kinds; report scores and wins (same seed, same games)."""
        variants = tuple(variant or ())
        _check_run(game, seat, variants, games, workers)
        on_ray = ray_address if ray_address is not None else LOCAL_RAY if ray else None
        if on_ray is not None and workers != 1:
            fail("choose --workers or --ray, not both")
        if budget_ms is not None and budget_ms < 0:
            fail("--budget-ms cannot be negative")
        if log is not None:
            try:
                Path(log).mkdir(parents=True, exist_ok=True)
            except OSError as error:
                fail(f"cannot create log directory {log}: {error.strerror or error}")
        start = time.perf_counter()
        try:
            played = run_all(game, seat, seed, games, workers, log, budget_ms, variants, on_ray)
        except RayUnavailableError as error:
            fail(str(error))
        summary = summarise(seat, played.outcomes, time.perf_counter() - start, played.cpu_seconds)
        if output is OutputFormat.json:
            print(json.dumps(summary))
            return
        _print_text(summary, seat, seed)
