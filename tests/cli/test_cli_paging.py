"""Issue 46: at 80×24 nothing essential of the card game scrolls off. ``cities`` (every other
city) is shown a screenful at a time; the final score sheet names the seats at its foot, by
the totals, when its head scrolled off; when the era's last auction card is played for the
player, the new round's whole row stays on screen until he goes on. Each through a real
pseudo-terminal, in English and in German."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from card_answers import CardAnswers
from carson.games.card.engine.state import CardGameState
from carson.games.card.tui.kit import KIT, new_state
from carson.games.card.tui.screen import other_cities
from carson.terminal.kit import Setup
from carson.terminal.saves import write_save
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # terminals

KINDS = ["human", "random", "random", "random"]
MORE = {"en": "— lines 1–", "de": "— Zeilen 1–"}
QUIT = {"en": "quit", "de": "ende"}


def saved_when(
    path: Path, seed: int, stop: Callable[[CardGameState], bool], lang: str
) -> CardGameState:
    """The game of ``seed`` (random moves for every seat) saved at seat 0's first question
    where ``stop`` holds; the machines are random bots, which have cities."""
    rng, state = random.Random(seed), new_state(KINDS, seed)
    while not state.is_over:
        if 0 in state.seats_to_act and stop(state):
            log = KIT.replay_logged(KIT.record_of(state))[1]
            write_save(path, Setup(KIT, state.config.to_json(), seed), state, KINDS, lang, log, {})
            return state
        seat = state.seats_to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("the game ended first")


def waiting(screen: Screen, timeout: float = 60) -> str:
    """Reads until the program waits for a line (a question's ``>`` or the end of a page);
    what the screen shows then."""
    deadline = time.monotonic() + timeout
    while True:
        screen.pump()
        line = screen.screen.display[screen.screen.cursor.y].rstrip()
        if (line == ">" or line.startswith("—")) and not screen.term.process.poll():
            screen.pump()
            if screen.screen.display[screen.screen.cursor.y].rstrip() == line:
                return screen.shown()
        assert time.monotonic() < deadline, screen.shown()


def taller_than_the_screen(state: CardGameState, lang: str) -> bool:
    texts = KIT.texts(lang)
    console = Console(width=80, height=24)
    cities = other_cities(state, 0, KIT.names(state, KINDS, texts), texts)
    return len(console.render_lines(cities, console.options, pad=False)) > 21


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_city_is_shown_a_screenful_at_a_time(tmp_path: Path, lang: str) -> None:
    save = tmp_path / "late.json"
    state = saved_when(save, 1, lambda s: s.round >= 15 and s.phase == "bid", lang)
    assert taller_than_the_screen(state, lang)  # else this test shows nothing
    screen = Screen("play", "--resume", str(save), "--lang", lang)
    waiting(screen)
    screen.term.type({"en": "cities", "de": "städte"}[lang])
    first = waiting(screen)
    assert MORE[lang] in first, first  # a page, and the line that asks for the next
    kind = {"en": "Machine (random)", "de": "Maschine (zufällig)"}[lang]
    assert kind in first  # a seat kind in words
    screen.term.type("")
    last = waiting(screen)
    assert last.rstrip().endswith(">"), last  # the question again, below the last page
    texts = KIT.texts(lang)
    names = KIT.names(state, KINDS, texts)
    for seat in (1, 2, 3):  # each city's title and its last line were on one of the pages
        title = texts("ui", "city_of", who=names.seat(seat), points=state.score(seat))
        assert title in first or title in last, (title, first, last)
    assert first.count("╭") + last.count("╭") >= 3 and "╰" in last
    screen.term.type(QUIT[lang])
    assert screen.term.close() == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_page_ends_at_q_or_at_the_questions_answer(tmp_path: Path, lang: str) -> None:
    """At a page's end 'q' stops showing it; a word typed there answers the question."""
    save = tmp_path / "late.json"
    saved_when(save, 1, lambda s: s.round >= 15 and s.phase == "bid", lang)
    screen = Screen("play", "--resume", str(save), "--lang", lang)
    waiting(screen)
    cities = {"en": "cities", "de": "städte"}[lang]
    screen.term.type(cities)
    assert MORE[lang] in waiting(screen)
    screen.term.type("q")
    assert waiting(screen).rstrip().endswith(">")
    screen.term.type(cities)
    assert MORE[lang] in waiting(screen)
    screen.term.type(QUIT[lang])  # the question's answer: the game is left
    assert screen.term.close() == 3


def played_to_the_end(screen: Screen, lang: str) -> str:
    """Answers as a player would until the game is over; the last screen."""
    answers, deadline = CardAnswers(lang), time.monotonic() + 120
    while screen.term.process.poll() is None:
        assert time.monotonic() < deadline, screen.shown()
        screen.pump()
        if screen.asked():
            screen.term.type(answers(screen.shown()))
    for _ in range(5):
        screen.pump()
    return screen.shown()


@pytest.mark.parametrize(
    ("lang", "total"), [("en", "total"), ("de", "Summe")]
)  # fmt: skip
def test_the_score_sheet_names_the_seats_by_the_totals(
    tmp_path: Path, lang: str, total: str
) -> None:
    save = tmp_path / "end.json"
    rng, state = random.Random(2), new_state(KINDS, 2)
    last = 0  # seat 0's last decision in this game
    while not state.is_over:
        seat = state.seats_to_act[0]
        if seat == 0:
            last = len(state.actions)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    saved_when(save, 2, lambda s: len(s.actions) == last, lang)
    screen = Screen("play", "--resume", str(save), "--lang", lang)
    shown = played_to_the_end(screen, lang)
    assert screen.term.close() == 0
    texts = KIT.texts(lang)
    assert texts("ui", "total") == total
    lines = shown.split("\n")
    at = next(index for index, line in enumerate(lines) if line.startswith(f"│ {total}"))
    foot = " ".join(lines[at + 1 :])
    for seat, suit in enumerate(state.seats):
        name = KIT.names(state, KINDS, texts).suit(suit.suit)
        assert re.search(rf"│\s*{name} ·", foot), (seat, shown)  # below the totals


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_new_rows_cards_stay_when_the_last_card_is_played_for_you(
    tmp_path: Path, lang: str
) -> None:
    save = tmp_path / "last.json"
    state = saved_when(save, 1, lambda s: s.phase == "bid" and len(s.seats[0].hand) == 1, lang)
    screen = Screen("play", "--resume", str(save), "--lang", lang)
    shown = waiting(screen)
    texts = KIT.texts(lang)
    played = texts("ui", "bid_last", value=state.seats[0].hand[0])
    assert played in " ".join(line.strip() for line in shown.split("\n")), shown
    assert texts("ui", "go_on") in shown
    for slot, card in enumerate(state.row):  # the whole row, not what others left of it
        if card is not None:
            assert re.search(rf"^ +{slot}  \S", shown, re.M), (slot, shown)
    screen.term.type("")
    waiting(screen)  # the next question
    screen.term.type(QUIT[lang])
    assert screen.term.close() == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_word_the_replays_help_lists_works_at_80_by_24(tmp_path: Path, lang: str) -> None:
    """The replay's help names its words on its last line; each, typed, does what it says
    (a step, a view of the table, paged where taller than the screen), none is unknown."""
    save = tmp_path / "late.json"
    saved_when(save, 1, lambda s: s.round >= 15 and s.phase == "bid", lang)
    screen = Screen("replay", str(save), "--step", "200", "--lang", lang)
    waiting(screen)
    screen.term.type({"en": "help", "de": "hilfe"}[lang])
    texts = KIT.texts(lang)
    head = texts.template("ui", "words_here").split("{words}")[0].strip()
    deadline = time.monotonic() + 30
    while head not in " ".join(line.strip() for line in screen.ever):
        assert time.monotonic() < deadline, screen.shown()
        screen.pump()
    waiting(screen)
    shown = " ".join(line.strip() for line in screen.ever)
    listed = shown[shown.rindex(head) + len(head) :].split(".")[0]
    words = [word.strip() for word in listed.split(",")]
    assert {"n", "p", "g N", "table", "cities", "row", "legend"} <= set(words), words
    leave = {"q", "quit", "exit", "ende"}
    for word in words:
        if word in leave:
            continue
        screen.term.type({"g N": "g 3", "go N": "go 3", "N": "4"}.get(word, word))
        while waiting(screen).rstrip().split("\n")[-1].startswith("—"):
            screen.term.type("")  # the next page
    assert texts("ui", "replay_unknown") not in screen.everything()
    screen.term.type("q")
    assert screen.term.close() == 0
