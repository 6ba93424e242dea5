"""``carson play --game board`` as a command: a real process in a pseudo-terminal, every
argument error as one clear line, and ``carson replay`` of a board-game save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli_play import Terminal, run

from carson.games.board.match import play_game, record_of

pytestmark = pytest.mark.slow  # a real terminal (pty)


def test_board_game_in_a_real_terminal_then_quit_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "board.json"
    term = Terminal("play", "--game", "board", "--seat", "human", "--seat", "greedy",
                    "--seed", "4", "--save", str(save))  # fmt: skip
    term.read_until("Choose a starting parcel")
    term.type("nonsense")
    term.read_until("Please type a parcel as on the board")
    term.type("H8")  # the board's name of x 7, y 7
    term.read_until("Still to place: 1")
    term.type("quit")
    term.read_until("Resume with")
    assert term.close() == 3
    data = json.loads(save.read_text())
    assert data["record"]["game"] == "board" and data["seats"] == ["human", "greedy"]
    mine = {"seat": 0, "action": {"kind": "claim", "parcel": [7, 7]}}
    assert mine in data["record"]["actions"]
    resumed = Terminal("play", "--resume", str(save))
    resumed.read_until("Still to place: 1")
    resumed.type("prices")
    resumed.read_until("Prices and incomes")
    resumed.type("quit")
    resumed.read_until("Resume with")
    assert resumed.close() == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seat", "human"), "2–5 seats"),
        (("--seat", "human") * 6, "2–5 seats"),
        (("--seat", "human", "--seat", "expert"), "unknown seat kind 'expert'"),
        (("--seat", "greedy", "--seat", "ai-easy"), "no human seat"),
        (("--variant", "flood"), "unknown variant 'flood'"),
        (("--variant", "red-sides", "--variant", "vote-sides"), "choose one way"),
    ],
)
def test_board_play_bad_arguments(args: tuple[str, ...], message: str) -> None:
    code, _, err = run("play", "--game", "board", "--no-save", *args)
    assert code == 2 and message in err


def test_variants_are_for_the_board_game_and_resume_takes_none(tmp_path: Path) -> None:
    code, _, err = run("play", "--variant", "river")
    assert code == 2 and "--variant is for the board game" in err
    save = tmp_path / "x.json"
    save.write_text("{}")
    code, _, err = run("play", "--resume", str(save), "--game", "board")
    assert code == 2 and "takes no --seat, --seed, --game or --variant" in err


def test_replay_of_a_board_game_record(tmp_path: Path) -> None:
    state = play_game(["random", "random", "random"], 2, ("river",))
    record = tmp_path / "board-record.json"
    record.write_text(record_of(state).dumps())
    code, out, _ = run("replay", str(record), "--step", "3", "--lang", "it", stdin="n\np\nq\n")
    assert code == 0 and "Replay: passo 3 di" in out and "Replay: passo 4 di" in out
    # A terminal of 25 lines: the compact screen, the town and the round beside it.
    assert "Turno 1 di 4" in out and " 8 " in out and "Tracciato azioni" not in out
