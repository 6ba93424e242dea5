"""The generic terminal kit, with the toy game (no adapters of its own): a whole game through
the real loop from a scripted keyboard, hot seat and its secrets, mistakes, saving,
resuming and replaying; and how kits are found."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from carson.core.registry import game_kind
from carson.games.board.tui import KIT as BOARD_KIT
from carson.games.card.tui import KIT as CARD_KIT
from carson.terminal.asker import Asker
from carson.terminal.game import TerminalGame
from carson.terminal.generic import GenericKit, seat_count
from carson.terminal.kit import Setup
from carson.terminal.kits import kit_for, setup_of, texts
from carson.terminal.replay import ReplayViewer
from carson.terminal.saves import SaveError, load_save, read_save


def console() -> Console:
    return Console(file=io.StringIO(), width=100, record=True, color_system=None)


class MenuKeyboard:
    """Answers the numbered menu: ``mistakes`` first, then always the stake ``chips``; the
    hot-seat pause with Enter; records each question's screen."""

    def __init__(self, chips: int = 2, mistakes: list[str] | None = None) -> None:
        self.chips = chips
        self.mistakes = list(mistakes or [])
        self.asked = 0

    def __call__(self, prompt: str) -> str:
        if prompt == "":
            return ""
        self.asked += 1
        return self.mistakes.pop(0) if self.mistakes else str(self.chips)


def new_toy(kinds: list[str], seed: int) -> tuple[Setup, Any]:
    kit = kit_for("toy")
    config = kit.kind.config(kinds)
    return Setup(kit, config, seed), kit.kind.new_state(config, seed)


def play(
    kinds: list[str], seed: int, ask: Any, save: Path | None = None, lang: str = "en"
) -> tuple[TerminalGame, int, str]:
    setup, state = new_toy(kinds, seed)
    screen = console()
    game = TerminalGame(state, kinds, setup.kit.texts(lang), screen, ask, save, None, setup)
    return game, game.run(), screen.export_text()


def test_a_whole_toy_game_through_the_numbered_menu(tmp_path: Path, toy_game: None) -> None:
    save = tmp_path / "toy.json"
    keyboard = MenuKeyboard(chips=3, mistakes=["", "x", "9", "help"])
    game, code, out = play(["human", "random", "random"], 11, keyboard, save)
    assert code == 0 and game.state.is_over and keyboard.asked == 3 + 4
    assert isinstance(game.kit, GenericKit)
    for shown in ("High Dice", "What seat 1 · you sees", "├── round: 1", "my_stake: null",
                  "Your legal actions:", '1: {"kind": "stake", "chips": 1}',
                  "Please type a number.", "That is not one of the choices: 1, 2, 3.",
                  "Type the number of your choice", "• rolled: die=", "What everyone sees",
                  "Game over"):  # fmt: skip
        assert shown in out, shown
    result = game.state.result()
    assert result is not None and game.state.scores[0] in (-9, -3, 3, 9)
    winners = ", ".join(game.names.seat(seat) for seat in sorted(result.winners))
    assert winners in out
    state, kinds, lang = load_save(save)
    assert state.is_over and state.scores == game.state.scores
    assert kinds == ["human", "random", "random"] and lang == "en"
    log = save.with_suffix(".log.txt").read_text()
    assert "== Result ==" in log and log.count("rolled: die=") == 3


def test_hot_seat_never_shows_one_humans_stake_to_the_other(toy_game: None) -> None:
    """Two humans: the screen is cleared and the keyboard handed over between them, and what
    the second is shown is the same whatever the first staked."""
    shown = []
    for chips in (1, 3):
        setup, state = new_toy(["human", "human"], 2)
        state.apply(0, state.legal_actions(0)[chips - 1])
        kit = setup.kit
        names = kit.names(state, ["human", "human"], kit.texts("en"))
        screen = console()
        screen.print(kit.screen(state, 1, names, kit.texts("en")))
        shown.append(screen.export_text())
    assert shown[0] == shown[1] and "staked: [0]" in shown[0]
    _, code, out = play(["human", "human"], 2, MenuKeyboard())
    assert code == 0 and "Pass the keyboard to seat 2 · player 2" in out
    assert "What seat 1 · player 1 sees" in out and "What seat 2 · player 2 sees" in out


def test_quit_resume_and_replay(tmp_path: Path, toy_game: None) -> None:
    save = tmp_path / "toy.json"
    answers = iter(["1", "quit"])
    _, code, out = play(["human", "random"], 4, lambda _: next(answers), save, lang="de")
    assert code == 3 and "Spiel gespeichert" in out
    saved = read_save(save)
    assert saved.kinds == ["human", "random"] and saved.lang == "de"
    assert saved.setup.kit.game == "toy" and saved.setup.seed == 4 and not saved.state.is_over
    texts_de = saved.setup.kit.texts("de")
    resumed = TerminalGame(saved.state, saved.kinds, texts_de, console(), MenuKeyboard(),
                           save, None, saved.setup, saved.log, saved.seen)  # fmt: skip
    assert resumed.run() == 0
    finished = read_save(save)
    record = finished.setup.record(finished.state)
    assert len(record.actions) == 6 and finished.log is not None and len(finished.log) == 7
    steps = iter(["", "p", "g 6", "wat", "q"])
    screen = console()
    viewer = ReplayViewer(record, saved.kinds, texts_de, screen, lambda _: next(steps),
                          finished.log)  # fmt: skip
    assert viewer.run() == 0
    out = screen.export_text()
    assert "Wiederholung: Schritt 1 von 6" in out and "Unbekannter Befehl" in out
    assert "Was alle sehen" in out and "Spielende" in out


def test_a_save_whose_seats_do_not_fit_the_toy_game_is_refused(
    tmp_path: Path, toy_game: None
) -> None:
    setup, state = new_toy(["human", "random", "random"], 1)
    data = {"format": 1, "program": "carson play", "seats": ["human", "random"], "lang": "en",
            "record": setup.record(state).to_json()}  # fmt: skip
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="seat kinds do not match"):
        load_save(path)
    data["seats"] = ["human", "expert", "random"]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="seat kinds do not match"):
        load_save(path)


def test_kits_are_the_games_own_or_the_generic_one(toy_game: None) -> None:
    assert kit_for("card") is CARD_KIT and kit_for("board") is BOARD_KIT
    assert isinstance(kit_for("toy"), GenericKit)
    assert seat_count(game_kind("toy"), {"seats": 3}) == 3
    assert seat_count(game_kind("toy"), {"seats": 9}) is None
    card = CARD_KIT.new_state(["human", "expert", "expert", "expert"], 3)
    assert setup_of(card).kit is CARD_KIT and setup_of(card).seed == 3
    _, toy = new_toy(["human", "random"], 1)
    with pytest.raises(ValueError, match="pass its setup"):
        setup_of(toy)


def test_shared_texts_and_every_games_texts(toy_game: None) -> None:
    every = texts("it")  # the shared words and both games' (kept for older callers)
    assert every("ui", "help_menu").startswith("Scrivi il numero")
    assert every.has("does", "banker") and every.has("board", "title")


def test_the_generic_asker_question_reads_the_chosen_action(toy_game: None) -> None:
    setup, state = new_toy(["human", "random"], 0)
    kit = setup.kit
    answers = iter(["0", "3"])
    screen = console()
    asker = Asker(lambda _: next(answers), screen, kit.texts("nl"), kit.help)
    names = kit.names(state, ["human", "random"], kit.texts("nl"))
    action = kit.ask(asker, state, 0, names)
    assert action.to_json() == {"kind": "stake", "chips": 3}
    assert "Jouw keuze? Typ het nummer van een actie (1–3)" in screen.export_text()
