"""``make bench BENCH=server-pair``: two versions' servers driven at once, each measured on
its own processes and database, and their ratio printed each round."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the benchmarks package

from benchmarks import server_pair


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
