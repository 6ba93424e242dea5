"""``carson play`` and ``carson replay`` driven through their real loops, prompts and parsers."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from keyboard import BotKeyboard
from rich.console import Console

from carson.games.card.engine.determinize import determinize
from carson.games.card.match import record_of
from carson.games.card.tui.kit import new_state
from carson.games.card.tui.render import Names
from carson.games.card.tui.screen import table_screen
from carson.games.card.tui.texts import texts
from carson.terminal.game import TerminalGame
from carson.terminal.replay import ReplayViewer
from carson.terminal.saves import SaveError, load_save, read_save


def console() -> Console:
    return Console(file=io.StringIO(), width=120, record=True, color_system=None)


def play(kinds: list[str], seed: int, keyboard: BotKeyboard, lang: str = "en",
         save: Path | None = None) -> tuple[TerminalGame, int, str]:  # fmt: skip
    screen = console()
    game = TerminalGame(new_state(kinds, seed), kinds, texts(lang), screen, keyboard, save, 1)
    keyboard.game = game
    code = game.run()
    return game, code, screen.export_text()


def test_a_whole_game_against_three_experts(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game, code, out = play(["human", "expert", "expert", "expert"], 3, BotKeyboard(), save=save)
    assert code == 0 and game.state.is_over
    assert "Game over" in out and ("Winner:" in out or "Shared win:" in out)
    assert f"Game saved to {save}" in out
    log = save.with_suffix(".log.txt")
    assert f"the round-by-round log is in {log}" in " ".join(out.split())
    assert "== Scores ==" in log.read_text()
    # The log places the human's cards where his screen said they went (the stable frame).
    shown = re.findall(r"Hat · you places terrain #\d+ at \((-?\d+), (-?\d+)\)", out)
    logged = re.findall(
        r"seat 0 \(hat, player\) takes terrain.*\n  placed at \((-?\d+), (-?\d+)\)",
        log.read_text(),
    )
    assert shown and shown == logged
    # The score sheet lists categories and every seat's total.
    result = game.state.result()
    assert result is not None
    assert all(str(score) in out for score in result.scores)
    state, kinds, lang = load_save(save)
    assert state.is_over and kinds[0] == "human" and lang == "en"
    assert state.result() == result


def test_hot_seat_two_humans_and_an_ai_in_german() -> None:
    kinds = ["human", "ai-easy", "human", "advanced"]
    game, code, out = play(kinds, 8, BotKeyboard(), lang="de")
    assert code == 0 and game.state.is_over
    assert "Gib die Tastatur an" in out and "Runde 18 von 18" in out
    assert "Spielende" in out


def test_secret_bids_never_reach_another_seats_screen() -> None:
    """CG-9.2 at the terminal: what seat 2 is shown is the same whatever the other seats'
    hidden facts (their chosen auction card, deck orders) are."""
    kinds = ["human", "expert", "human", "expert"]
    state = new_state(kinds, 4)
    state.apply(0, state.legal_actions(0)[5])  # seat 0 bids secretly
    assert state.seats_to_act == (2,)
    names = Names(state, kinds, texts("en"))
    rng = random.Random(1)
    for _ in range(5):
        other = determinize(state, 2, rng)
        shown, other_shown = console(), console()
        shown.print(table_screen(state, 2, names, texts("en")))
        other_shown.print(table_screen(other, 2, Names(other, kinds, texts("en")), texts("en")))
        assert shown.export_text() == other_shown.export_text()


def test_mistakes_get_a_message_and_the_question_again() -> None:
    mistakes = iter(["", "abc", "42", "help", "1 2 3", "-9 -9"])
    keyboard = BotKeyboard(mistakes)
    game, code, out = play(["human", "beginner", "beginner", "beginner"], 5, keyboard)
    assert code == 0 and game.state.is_over
    assert "Please type a number." in out
    assert "That is not one of the choices" in out
    assert "Type your answer and press Enter" in out  # help
    assert "Traceback" not in out


def test_placing_shows_legal_places_and_a_preview_with_the_score_change() -> None:
    keyboard = BotKeyboard()
    _, _, out = play(["human", "expert", "expert", "expert"], 6, keyboard)
    assert "+ marks a legal top-left corner" in out
    assert "your city scores" in out and "Place it there? [y/n]" in out


def test_quit_saves_and_resume_finishes_the_game(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    answers = iter(["9", "quit"])  # a bid, then leave

    def quitting(prompt: str) -> str:
        return next(answers)

    kinds = ["human", "expert", "greedy", "expert"]
    screen = console()
    game = TerminalGame(new_state(kinds, 9), kinds, texts("fr"), screen, quitting, save)
    assert game.run() == 3
    assert "Partie sauvegardée" in screen.export_text()
    saved = read_save(save)
    assert saved.kinds == kinds and saved.lang == "fr" and not saved.state.is_over
    keyboard = BotKeyboard()
    resumed = TerminalGame(saved.state, saved.kinds, texts(saved.lang), console(), keyboard,
                           save, setup=saved.setup, log=saved.log, seen=saved.seen)  # fmt: skip
    keyboard.game = resumed
    assert resumed.run() == 0 and load_save(save)[0].is_over


def test_leaving_before_any_move_writes_no_file(tmp_path: Path) -> None:
    save = tmp_path / "never.json"
    kinds = ["human", "expert", "greedy", "expert"]
    screen = console()
    game = TerminalGame(new_state(kinds, 9), kinds, texts("de"), screen, lambda _: "ende", save)
    assert game.run() == 3
    assert not save.exists()
    assert "Noch hat niemand gezogen" in screen.export_text()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not a carson save"),
        ('{"program": "other"}', "not a game saved by 'carson play'"),
        ('{"program": "carson play", "format": 9}', "unsupported save format"),
        ('{"program": "carson play", "format": 1, "seats": "x"}', "seat kinds are missing"),
    ],
)
def test_broken_save_files_are_refused_clearly(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=message):
        load_save(path)


def test_replay_steps_forwards_backwards_and_jumps(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    play(["human", "expert", "expert", "expert"], 2, BotKeyboard(), save=save)
    state, kinds, _ = load_save(save)
    record = record_of(state)
    last = len(record.actions)
    answers = iter(["p", "", "n", "p", "g 5", "g 9999", "wat", f"g {last}", "n", "q"])
    screen = console()
    viewer = ReplayViewer(record, kinds, texts("en"), screen, lambda _: next(answers))
    assert viewer.run() == 0
    out = screen.export_text()
    total = len(record.actions)
    for step in (0, 1, 2, 5, total):
        assert f"Replay: step {step} of {total}" in out
    assert out.index("step 2 of") < out.index("step 1 of", out.index("step 2 of"))  # back
    assert f"Steps go from 0 to {total}." in out
    assert "This is the start of the game (step 0)." in out
    assert f"This is the end of the game (step {total})." in out
    # An unknown command is said once, then the prompt with the commands, once.
    unknown = out.index("Unknown command.")
    assert out.count("Enter or n: next", unknown, out.index("Replay: step", unknown)) == 1
    assert "Game over" in out and ("Winner: " in out or "Shared win: " in out)


@pytest.mark.slow  # runs long: whole games or many cases
def test_replay_steps_through_every_seats_actions_saying_who(tmp_path: Path) -> None:
    """Every action of every seat is a step, headed by who made it; a secret bid is said to
    be one (never its value), and the revealed bids come at the step that reveals them."""
    save = tmp_path / "game.json"
    kinds = ["human", "random", "greedy", "expert"]
    play(kinds, 3, BotKeyboard(), save=save)
    state, kinds, _ = load_save(save)
    record = record_of(state)
    assert {seat for seat, _ in record.actions} == {0, 1, 2}  # seat 3 is virtual
    steps = len(record.actions)
    answers = iter([*[""] * steps, "q"])
    screen = console()
    ReplayViewer(record, kinds, texts("en"), screen, lambda _: next(answers)).run()
    out = screen.export_text()
    names = Names(state, kinds, texts("en"))
    for step, (seat, action) in enumerate(record.actions, start=1):
        start = out.index(f"Replay: step {step} of {steps} · {names.seat(seat)}")
        shown = out[start : out.index("Enter or n: next", start)]
        if action["kind"] == "bid" and step < steps and "Auction cards" not in shown:
            assert f"{names.seat(seat)} makes a choice that stays secret for now." in shown
    assert out.count("makes a choice that stays secret") >= 2 * 18  # two hidden bids a round


def test_save_file_is_the_record_plus_the_seat_kinds(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play(["human", "expert", "expert", "expert"], 1, BotKeyboard(), save=save)
    data = json.loads(save.read_text())
    assert data["program"] == "carson play" and data["seats"][0] == "human"
    assert data["record"]["seed"] == 1 and data["record"]["actions"]


def test_every_personality_says_what_it_does_in_every_language() -> None:
    from carson.games.card.catalog import PERSONALITY_IDS

    assert set(texts().keys("does")) == set(PERSONALITY_IDS)
