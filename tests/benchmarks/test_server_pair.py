"""``make bench BENCH=server-pair``: two versions' servers driven at once, each measured on
its own processes and database, and their ratio printed each round."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks import server_pair, server_target

pytestmark = pytest.mark.slow  # two servers under load


def test_both_versions_play_at_once_and_their_ratio_is_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    options = "--only sqlite --games 3 --seconds 3 --warmup 1 --think 0.2 --rounds 1"
    server_pair.main(["--base", server_pair.THIS, *options.split()])
    lines = capsys.readouterr().out.splitlines()
    base, this, ratio = lines[-3:]
    for line, version in ((base, "base"), (this, "this")):
        assert line.lstrip().startswith(f"round 1, {version}") and " 0 refused" in line
        assert f"{version} CPU " in line and "moves/s" in line
        moves = int(line.rsplit("(", 1)[1].split()[0])
        assert moves > 0  # each version's players played in the window
    assert ratio.lstrip().startswith("round 1: this / base, server CPU per move: ")
    assert float(ratio.rsplit(" ", 1)[1]) > 0


def test_a_base_that_is_no_checkout_is_refused() -> None:
    with pytest.raises(SystemExit):
        server_pair.parse(["--base", "/nonexistent"])


def test_a_commit_is_exported_as_the_base_and_removed_after() -> None:
    with server_pair.exported("HEAD") as base:
        assert (Path(base) / "carson" / "server" / "app.py").is_file()
        assert Path(base).name == "src"
    assert not Path(base).exists()


def test_an_unknown_commit_is_refused_with_gits_reason() -> None:
    refusal = "--base-commit 'no-such-rev': git archive failed"
    with pytest.raises(SystemExit, match=refusal), server_pair.exported("no-such-rev"):
        pass


def test_base_and_base_commit_exclude_each_other() -> None:
    with pytest.raises(SystemExit):
        server_pair.parse(["--base", server_pair.THIS, "--base-commit", "HEAD"])
    with pytest.raises(SystemExit):
        server_pair.parse([])


def test_the_issues_figures_are_carried_over_by_the_worst_ratio() -> None:
    met = server_target.verdict([0.25, 0.31])
    assert "worst ratio 0.310" in met and "0.81–1.27 ms" in met and met.endswith(": met")
    # The issue's highest figure decides: 0.4 × 4.1 ms is over 1.5 ms though 0.4 × 2.6 is not.
    assert server_target.verdict([0.4]).endswith("NOT met")
    assert server_target.verdict([]) == "  not measured"
