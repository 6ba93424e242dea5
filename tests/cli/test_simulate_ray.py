"""``carson simulate --ray``: the games as Ray tasks on a local runtime of 2 CPUs give the
very games of ``--workers``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carson.cli.main import app
from carson.cli.simulate import run_all

pytestmark = pytest.mark.slow  # a Ray cluster

ray = pytest.importorskip(
    "ray", reason="Ray's wheel is not installed (pip install 'carson-city[ray]')"
)

runner = CliRunner()


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _simulate(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["simulate", "--format", "json", *args])
    assert result.exit_code == 0, result.output
    summary: dict[str, object] = json.loads(result.stdout)
    return summary


@pytest.mark.usefixtures("local_ray")
def test_ray_tasks_play_the_same_games_as_workers() -> None:
    card = ("--seat", "random", "--seat", "greedy", *("--seat", "expert") * 2)
    on_ray = _simulate(*card, "--games", "7", "--seed", "3", "--ray")
    on_workers = _simulate(*card, "--games", "7", "--seed", "3", "--workers", "2")
    assert on_ray["scores"] == on_workers["scores"] and on_ray["wins"] == on_workers["wins"]
    board = ("--game", "board", "--seat", "greedy", "--seat", "random", "--variant", "river")
    assert (
        _simulate(*board, "--games", "3", "--ray")["scores"]
        == _simulate(*board, "--games", "3")["scores"]
    )


@pytest.mark.usefixtures("local_ray")
def test_ray_shares_count_their_cpu_time() -> None:
    seats = ["greedy", "expert", "expert", "expert"]
    played = run_all("card", seats, 1, 4, 1, None, None, (), ray="local")
    assert len(played.outcomes) == 4 and played.cpu_seconds > 0


def test_ray_and_workers_exclude_each_other() -> None:
    result = runner.invoke(app, ["simulate", *("--seat", "expert") * 4, "--workers", "2", "--ray"])
    assert result.exit_code == 2 and "--workers or --ray" in result.stderr


@pytest.mark.usefixtures("local_ray")
def test_the_strength_benchmark_plays_the_same_games_on_ray(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
    from benchmarks import strength_runs

    todo = strength_runs.tables("card", "expert", ["greedy"], range(2))
    strength_runs.run(todo, tmp_path / "processes.jsonl", 2)
    strength_runs.run(todo, tmp_path / "ray.jsonl", 2, ray="local")

    def scores(name: str) -> list[object]:
        lines = strength_runs.read_results([tmp_path / name])
        return sorted((line["deal"], line["rotation"], line["scores"]) for line in lines)

    assert len(scores("ray.jsonl")) == 8 and scores("ray.jsonl") == scores("processes.jsonl")
