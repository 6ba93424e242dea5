"""``carson play``, ``carson replay`` and ``carson serve`` as commands: a real process in a
pseudo-terminal, and every argument error as one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from carson.cli.main import app
from pty_terminal import CARSON, Terminal

pytestmark = pytest.mark.slow  # a real terminal (pty)

__all__ = ["CARSON", "Terminal", "run"]  # shared with the other command tests

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_play_in_a_real_terminal_then_quit_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    term = Terminal("play", "--seed", "4", "--save", str(save))
    term.read_until("Choose your auction card")
    term.type("nonsense")
    term.read_until("Please type a number.")
    term.type("9")
    term.read_until("Take which card?")
    term.type("quit")
    term.read_until("Resume with")
    assert term.close() == 3 and save.exists()
    resumed = Terminal("play", "--resume", str(save))
    resumed.read_until("Take which card?")
    resumed.type("quit")
    resumed.read_until("Resume with")
    assert resumed.close() == 3


def test_play_help_documents_the_exit_statuses() -> None:
    code, out, _ = run("play", "--help")
    text = " ".join(out.split())
    assert code == 0 and "Exit status: 0 when the game ended; 3 when a player left it" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seat", "human"), "4–6 seats"),
        (
            (
                "--seat",
                "wizard",
            )
            + ("--seat", "human") * 3,
            "unknown seat kind 'wizard'",
        ),
        (("--seat", "expert") * 4, "no human seat"),
        (("--lang", "es"), "unknown language 'es'"),
        (("--resume", "/nonexistent/save.json"), "cannot read"),
        (("--budget-ms", "-3"), "--budget-ms"),
    ],
)
def test_play_bad_arguments(args: tuple[str, ...], message: str) -> None:
    code, _, err = run("play", *args)
    assert code == 2 and message in err


def test_resume_refuses_a_seat_list_and_other_files(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.json"
    bogus.write_text("{}")
    code, _, err = run("play", "--resume", str(bogus))
    assert code == 2 and "not a game saved by 'carson play'" in err
    code, _, err = run("play", "--resume", str(bogus), "--seat", "human")
    assert code == 2 and "takes no --seat" in err


def test_replay_reads_a_simulate_record_and_a_bad_file(tmp_path: Path) -> None:
    code, _, _ = run("simulate", *("--seat", "random") * 4, "--games", "1",
                     "--log", str(tmp_path))  # fmt: skip
    assert code == 0
    record = tmp_path / "game-00001.json"
    code, out, _ = run("replay", str(record), "--step", "3", stdin="n\np\nq\n")
    assert code == 0 and "Replay: step 3 of" in out and "Replay: step 4 of" in out
    code, _, err = run("replay", str(tmp_path / "game-00001.txt"))
    assert code == 2 and "record is JSON" in err


def test_games_are_saved_by_default_under_carson_home(tmp_path: Path) -> None:
    home = {"CARSON_HOME": str(tmp_path)}
    result = runner.invoke(app, ["play", "--seed", "3"], input="quit\n", env=home)
    assert result.exit_code == 3 and "Nobody has moved yet: no file was saved." in result.stdout
    assert not list(tmp_path.glob("games/*"))  # leaving at the first question leaves nothing
    result = runner.invoke(app, ["play", "--seed", "3"], input="9\nquit\n", env=home)
    assert result.exit_code == 3
    saved = list((tmp_path / "games").glob("game-*-3.json"))
    assert len(saved) == 1 and "Resume with: carson play --resume" in result.stdout
    result = runner.invoke(app, ["play", "--no-save"], input="quit\n")
    assert result.exit_code == 3 and "not saved" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [(("--port", "70000"), "--port must be"), (("--db", "nonsense://x"), "cannot open")],
)
def test_serve_bad_arguments(args: tuple[str, ...], message: str) -> None:
    code, _, err = run("serve", *args)
    assert code == 2 and message in err
