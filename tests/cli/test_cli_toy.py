"""The toy game (``tests/plugins/carson_toy``, no adapters of its own) through the commands:
``carson play --game toy`` in a real terminal (the generic numbered menu), quit and resume,
``carson replay`` of its save, and ``carson simulate --game toy``."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from test_cli_play import CARSON, Terminal, run

from toy import toy_environment

pytestmark = pytest.mark.slow  # a real terminal (pty)

QUESTION = "Your choice? Type the number of an action (1–3)"


def plain(screen: str) -> str:
    """The screen without its colours."""
    return re.sub(r"\x1b\[[0-9;]*m", "", screen)


def test_toy_game_in_a_real_terminal_then_quit_resume_and_replay(
    tmp_path: Path, toy_game: None
) -> None:
    save = tmp_path / "toy.json"
    term = Terminal("play", "--game", "toy", "--seat", "human", "--seat", "random",
                    "--seed", "5", "--save", str(save), env=toy_environment())  # fmt: skip
    screen = plain(term.read_until(QUESTION))
    assert "High Dice" in screen and "What seat 1 · you sees" in screen
    assert '1: {"kind": "stake", "chips": 1}' in screen and "my_stake: null" in screen
    term.type("nonsense")
    term.read_until("Please type a number.")
    term.type("7")
    term.read_until("That is not one of the choices: 1, 2, 3.")
    term.type("3")
    term.read_until("• rolled: die=")  # the round's public event, as kind and data
    term.type("quit")
    term.read_until("Resume with")
    assert term.close() == 3
    data = json.loads(save.read_text())
    assert data["record"]["game"] == "toy" and data["seats"] == ["human", "random"]
    assert {"seat": 0, "action": {"kind": "stake", "chips": 3}} in data["record"]["actions"]

    resumed = Terminal("play", "--resume", str(save), env=toy_environment())
    for _ in range(2):  # rounds 2 and 3
        resumed.read_until(QUESTION)
        resumed.type("help")
        resumed.read_until("Type the number of your choice")
        resumed.type("2")
        resumed.screen = resumed.screen.split(QUESTION)[-1]  # the next question
    out = plain(resumed.read_until("Watch it again with"))
    assert resumed.close() == 0
    assert "Game over" in out and ("Winner: seat" in out or "Shared win: seat" in out)
    log = save.with_suffix(".log.txt").read_text()
    assert "High Dice (toy)" in log and "== Result ==" in log

    code, out, _ = run("replay", str(save), "--step", "2", stdin="n\np\ng 6\nq\n")
    assert code == 0 and "Replay: step 2 of 6" in out and "Replay: step 3 of 6" in out
    assert "What everyone sees" in out and "Game over" in out


def test_toy_game_play_arguments_come_from_its_game_kind(toy_game: None) -> None:
    code, _, err = run("play", "--game", "toy", "--no-save", "--seat", "human")
    assert code == 2 and "2–4 seats" in err
    code, _, err = run("play", "--game", "toy", "--no-save", "--seat", "human", "--seat", "expert")
    assert code == 2 and "unknown seat kind 'expert'; choose from human, random" in err
    code, _, err = run("play", "--game", "toy", "--no-save", "--variant", "river")
    assert code == 2 and "the toy game has no variants" in err
    code, _, err = run("play", "--game", "chess", "--no-save")
    assert code == 2 and "unknown game 'chess'" in err and "toy" in err
    # The default table (a human, then a random seat that has staked already), quitting.
    code, out, _ = run("play", "--game", "toy", "--no-save", stdin="quit\n")
    assert code == 3 and "What seat 1 · you sees" in out and "staked: [1]" in out
    assert "not saved" in out


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CARSON, "simulate", "--game", "toy", *args], capture_output=True, text=True,
        env=toy_environment(), timeout=120, check=False,
    )  # fmt: skip


def test_simulate_the_toy_game_with_logs_and_workers(tmp_path: Path) -> None:
    args = ("--seat", "random", "--seat", "random", "--games", "6", "--seed", "4",
            "--format", "json")  # fmt: skip
    one = simulate(*args, "--log", str(tmp_path))
    assert one.returncode == 0, one.stderr
    summary = json.loads(one.stdout)
    assert summary["games"] == 6 and summary["seats"] == ["random", "random"]
    assert all(len(scores) == 2 for scores in summary["scores"]) and sum(summary["wins"]) >= 6
    two = json.loads(simulate(*args, "--workers", "2").stdout)
    assert two["scores"] == summary["scores"] and two["wins"] == summary["wins"]
    record = json.loads((tmp_path / "game-00001.json").read_text())
    assert record["game"] == "toy" and len(record["actions"]) == 6  # 3 rounds × 2 stakes
    log = (tmp_path / "game-00001.txt").read_text()
    assert log.count("rolled: die=") == 3 and "(seen by seat 1)" in log


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seat", "random"), "2–4 seats"),
        (("--seat", "human", "--seat", "random"), "machine seats only"),
        (("--seat", "random", "--seat", "wizard"), "unknown seat kind 'wizard'"),
        (("--seat", "random", "--seat", "random", "--variant", "river"), "unknown variant"),
    ],
)
def test_simulate_the_toy_game_bad_arguments(args: tuple[str, ...], message: str) -> None:
    done = simulate(*args)
    assert done.returncode == 2 and done.stdout == "" and message in done.stderr
    assert "Traceback" not in done.stderr
