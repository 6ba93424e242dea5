"""The move log: saves keep each move's events with their audience; the news before a
human's turn, ``--resume`` and ``carson replay`` read them instead of replaying the game;
an old save without events still loads."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from keyboard import BotKeyboard
from rich.console import Console

from carson.core.game import Event
from carson.games.board.tui.kit import KIT as BOARD_KIT
from carson.games.board.tui.kit import new_board_state
from carson.games.card.tui.kit import KIT as CARD_KIT
from carson.games.card.tui.kit import new_state
from carson.games.card.tui.texts import texts
from carson.server.play.events import decode_event, encode_events
from carson.terminal.game import RECENT_LINES, TerminalGame
from carson.terminal.kit import GameKit
from carson.terminal.replay import ReplayViewer
from carson.terminal.saves import SaveError, read_save

KINDS = ["human", "expert", "expert", "expert"]


def console() -> Console:
    return Console(file=io.StringIO(), width=120, record=True, color_system=None)


class QuittingKeyboard(BotKeyboard):
    """Answers ``prompts`` questions as a player would, then quits."""

    def __init__(self, prompts: int) -> None:
        super().__init__()
        self.prompts = prompts

    def _answer(self, prompt: str) -> str:
        self.prompts -= 1
        return "quit" if self.prompts < 0 else super()._answer(prompt)


def saved_game(path: Path, prompts: int = 40, seed: int = 5) -> dict[str, Any]:
    """A card game left after ``prompts`` answers, saved to ``path``; its save's JSON."""
    keyboard = QuittingKeyboard(prompts)
    game = TerminalGame(new_state(KINDS, seed), KINDS, texts("en"), console(), keyboard, path)
    keyboard.game = game
    assert game.run() == 3
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def derived(kit: GameKit, record: Any) -> list[Any]:
    """The events of a record as replaying it gives them, in their stored form."""
    _, log = kit.replay_logged(record)
    return log.to_json()


def test_a_save_keeps_each_moves_events_with_their_audience(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    data = saved_game(save)
    assert data["format"] == 2
    events = data["events"]
    assert len(events) == len(data["record"]["actions"]) + 1  # the deal, then each move
    assert events == derived(CARD_KIT, read_save(save).setup.record(read_save(save).state))
    private = [e for move in events for e in move if e["seats"] is not None]
    assert private and all(e["kind"] == "bid_chosen" for e in private)
    assert all(e["seats"] == [e["data"]["seat"]] for e in private)  # a bid, for its seat only
    assert data["seen"] == {"0": len(events)}  # the human looked before he quit


def test_a_save_whose_actions_say_type_still_loads(tmp_path: Path) -> None:
    """Saves written before the card game's actions said ``kind`` (deprecated ``type``)."""
    save = tmp_path / "g.json"
    data = saved_game(save)
    new = read_save(save)
    for item in data["record"]["actions"]:
        item["action"] = {"type": item["action"].pop("kind"), **item["action"]}
    save.write_text(json.dumps(data))
    old = read_save(save)
    assert old.state.actions == new.state.actions and old.log is not None and new.log is not None
    assert old.log.to_json() == new.log.to_json()


def test_a_new_games_first_screen_shows_the_setups_events(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(type(CARD_KIT), "describe", lambda _, event, *__: f"<{event.kind}>")
    screen = console()
    keyboard = QuittingKeyboard(0)
    game = TerminalGame(new_state(KINDS, 3), KINDS, texts("en"), screen, keyboard)
    keyboard.game = game
    assert game.run() == 3
    deal = [f"<{event.kind}>" for event in CARD_KIT.opening_events(new_state(KINDS, 3))]
    out = screen.export_text()
    assert deal and all(f"• {line}" in out for line in deal)


def test_resume_shows_what_happened_since_the_human_last_looked_from_the_save(
    tmp_path: Path,
) -> None:
    save = tmp_path / "g.json"
    data = saved_game(save)
    # Mark the stored placements, and say the human last looked after the deal: the news
    # shown on resume must be those marked events, not the game replayed.
    for move in data["events"][1:]:
        for event in move:
            if event["kind"] == "card_placed":
                event["data"].update(column=77, row=-77)
    data["seen"] = {"0": 1}
    save.write_text(json.dumps(data))
    saved = read_save(save)
    screen = console()
    keyboard = QuittingKeyboard(0)
    resumed = TerminalGame(saved.state, saved.kinds, texts("en"), screen, keyboard, save,
                           setup=saved.setup, log=saved.log, seen=saved.seen)  # fmt: skip
    keyboard.game = resumed
    assert resumed.run() == 3
    out = screen.export_text()
    assert (
        re.search(r"places terrain #\d+ at \(77, -77\)", out) and "earlier events not shown" in out
    )
    # Seen to the end: a resumed human is shown the last few lines of news again.
    screen = console()
    again = read_save(save)
    assert again.seen == {0: len(again.log or [])}
    keyboard = QuittingKeyboard(0)
    resumed = TerminalGame(again.state, again.kinds, texts("en"), screen, keyboard, save,
                           setup=again.setup, log=again.log, seen=again.seen)  # fmt: skip
    keyboard.game = resumed
    assert resumed.run() == 3
    shown = [line for line in screen.export_text().splitlines() if line.startswith("• ")]
    every = resumed._news(0)
    assert RECENT_LINES <= len(shown) < len(every)
    assert shown == [f"• {line}" for line in every[-len(shown) :]]


def test_replay_shows_each_steps_events_from_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "g.json"
    data = saved_game(save)
    step = next(n for n, move in enumerate(data["events"]) if move and n > 0
                and move[0]["kind"] == "card_placed")  # fmt: skip
    data["events"][step][0]["data"].update(column=55, row=-55)
    save.write_text(json.dumps(data))
    saved = read_save(save)
    # The viewer rebuilds tables by replaying the record, never the events.
    monkeypatch.setattr(GameKit, "replay_logged", lambda *_: pytest.fail("events replayed"))
    screen = console()
    answers = iter([f"g {step}", "q"])
    record = saved.setup.record(saved.state)
    viewer = ReplayViewer(record, saved.kinds, texts("en"), screen, lambda _: next(answers),
                          saved.log)  # fmt: skip
    assert viewer.run() == 0
    assert re.search(r"places terrain #\d+ at \(55, -55\)", screen.export_text())


def test_an_old_save_without_events_loads_and_is_saved_anew_with_them(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    data = saved_game(save)
    events = data.pop("events")
    data.pop("seen")
    data["format"] = 1
    save.write_text(json.dumps(data))
    saved = read_save(save)
    assert saved.log is not None and saved.log.to_json() == events  # derived, once
    assert saved.seen == {}  # nothing known: a resumed human is shown no old news
    keyboard = BotKeyboard()
    resumed = TerminalGame(saved.state, saved.kinds, texts("en"), console(), keyboard, save,
                           setup=saved.setup, log=saved.log, seen=saved.seen)  # fmt: skip
    keyboard.game = resumed
    assert resumed.run() == 0
    finished = json.loads(save.read_text())
    assert finished["format"] == 2 and finished["events"][: len(events)] == events
    assert len(finished["events"]) == len(finished["record"]["actions"]) + 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.pop("events"), "move log is missing"),
        (lambda data: data["events"].pop(), "entries for"),
        (lambda data: data["events"][0].append({"kind": "x"}), "malformed move log"),
        (lambda data: data.update(seen={"0": -1}), "seen marks"),
        (lambda data: data.update(seen=[]), "seen marks"),
    ],
)
def test_broken_move_logs_are_refused_clearly(tmp_path: Path, change: Any, message: str) -> None:
    save = tmp_path / "g.json"
    data = saved_game(save, prompts=6)
    change(data)
    save.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=message):
        read_save(save)


def _random_events(state: Any, seed: int) -> list[Event]:
    rng = random.Random(seed)
    events: list[Event] = []
    while not state.is_over:
        seat = state.seats_to_act[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return events


@pytest.mark.parametrize("seed", [1, 2])
def test_events_read_back_from_a_save_read_as_the_engines(seed: int) -> None:
    """Saved events are in JSON form (lists for tuples, string keys): each game's lines for
    them are the lines for the events as the engine returned them."""
    card = new_state(KINDS, seed)
    board = new_board_state(["human", "greedy", "greedy"], seed, ("duel-tiles",))
    for kit, state in ((CARD_KIT, card), (BOARD_KIT, board)):
        kinds = KINDS if kit is CARD_KIT else ["human", "greedy", "greedy"]
        events = [*kit.opening_events(state), *_random_events(state, seed)]
        for lang in ("en", "nl"):
            words = kit.texts(lang)
            names = kit.names(state, kinds, words)
            for event, stored in zip(events, encode_events(events), strict=True):
                again = decode_event(stored)
                assert again.seats == event.seats
                assert kit.describe(again, names, words) == kit.describe(event, names, words)
