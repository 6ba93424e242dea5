"""Issue 46: the board game played and replayed in a real terminal of 80×24 (a pty read
through a terminal emulator), in English and German: the town with its choices marked while
cowboys are placed, the track's cowboys as their colours' letters, the commands the screens
offer (``board`` fits, ``news`` brings back what scrolled away), prompts that say only what
applies (no white cowboy, no river; no empty grant question), the final sheet a line per
seat."""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from carson.games.board.engine.state import BoardGameState
from carson.games.board.match import play_game, record_of
from carson.games.board.town import coords
from carson.games.board.tui.kit import KIT, new_board_state
from carson.games.board.tui.names import parcel_label
from carson.games.board.tui.texts import texts
from carson.terminal.kit import Setup
from carson.terminal.saves import write_save
from carson.terminal.texts import Texts
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # terminals

#: The words typed, and what the German screen must say (the English from the catalog).
GERMAN = {"board": "brett", "town": "stadt", "track": "leiste", "legend": "legende",
          "news": "neues", "help": "hilfe", "quit": "ende"}  # fmt: skip


def answered(screen: Screen, timeout: float = 60) -> str:
    """Reads until the program asks again; what the screen shows then."""
    deadline = time.monotonic() + timeout
    while not screen.asked():
        assert time.monotonic() < deadline, screen.shown()
        screen.pump()
    return screen.shown()


def typed(screen: Screen, line: str) -> str:
    screen.term.type(line)
    return answered(screen)


def word(lang: str, english: str) -> str:
    return GERMAN[english] if lang == "de" else english


def flat(screen: Screen) -> str:
    """Every line shown so far, joined as one text (what wrapped reads again as one)."""
    return " ".join(line.strip() for line in screen.ever)


def home(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "CARSON_HOME": str(tmp_path)}


def at_placing(tmp_path: Path, lang: str, personality: str) -> Screen:
    """Seed 4, three seats: the human claims A1 and B1, takes ``personality`` and is asked
    to place his first cowboy."""
    screen = Screen("play", "--game", "board", "--seed", "4", "--no-save", "--lang", lang,
                    env=home(tmp_path))  # fmt: skip
    answered(screen)
    typed(screen, "A1")
    typed(screen, "B1")
    shown = typed(screen, personality)
    t = texts(lang)
    assert t("board", "prompt_place_plain").split(":")[0] in shown, shown
    return screen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_placing_shows_the_town_and_the_track_and_every_word_works(
    tmp_path: Path, lang: str
) -> None:
    t = texts(lang)
    screen = at_placing(tmp_path, lang, "1")  # the Sheriff: the white cowboy
    shown = screen.shown()
    lines = shown.split("\n")
    lines = lines[next(n for n, line in enumerate(lines) if re.match(r"^ +A +B", line)) :]
    # The town, its columns and its 8 rows with the choices marked +, above the track.
    assert re.match(r"^ +A +B +C +D +E +F +G +H", lines[0]), shown
    assert lines[8].startswith(" 8 ") and "+" in lines[8], shown
    numbers = re.findall(r"(?:^|  )[+ ]([ 12]\d) ", "\n".join(lines[9:]), re.M)
    assert sorted(map(int, numbers)) == list(range(1, 24)), shown  # the whole track
    assert t("board", "round", round=1, rounds=4) in shown
    assert "'w'" in shown  # he has the white cowboy: the prompt says how to place it
    assert t("board", "more_news").split(": ")[1].split(", ")[0] in shown  # the words named
    assert word(lang, "news") in shown, shown
    spaces = KIT.names(new_board_state(["human"] * 3, 4), ["human"] * 3, t)
    wages, ammunition = spaces.space(0), spaces.space(1)
    # Cowboys as letters: Blue 1's on the wages ("b"), not a digit after the name.
    shown = typed(screen, "1")
    assert re.search(rf" 1 {wages} +[bgpw]*b", shown), shown
    below = shown.split("\n")
    town_end = next(n for n, line in enumerate(below) if line.startswith(" 8 "))
    track = below[town_end + 1 : town_end + 11]  # the track's 10 lines, below the town
    cells = re.findall(r"(?:^|  )[+ ][ 12]\d (.+?)(?=  |$)", "\n".join(track), re.M)
    assert len(cells) == 23 and not [cell for cell in cells if re.search(r" \d+$", cell)], shown
    # Every word the screens name answers, in the player's language.
    shown = typed(screen, word(lang, "board"))
    assert t("board", "round", round=1, rounds=4) in shown, shown  # it fits: the top too
    sheriff = f"1 {spaces.personality('sheriff')} "  # the personalities, two to a line
    assert sheriff in shown and t("board", "players") in shown, shown
    shown = typed(screen, word(lang, "town"))
    assert t("board", "town") in shown and any(line.startswith(" 8 ") for line in
                                                shown.split("\n")), shown  # fmt: skip
    shown = typed(screen, word(lang, "track"))  # in two columns: row 1's title still shown
    assert all(t("board", "track_row", row=row) in shown for row in (1, 2, 3)), shown
    shown = typed(screen, t("board", "list_words").split()[0])  # every choice, none scrolled
    assert re.search(rf"^  2 {ammunition} ", shown, re.M) and "C1 $4" in shown, shown
    shown = typed(screen, word(lang, "legend"))
    assert f"b {t('board_colours', 'c1')} 1" in shown, shown
    assert t("board", "river") not in shown and "═" not in shown, shown  # no river game
    shown = typed(screen, word(lang, "news"))
    assert "• " + t("board_events", "round", round=1) in shown, shown
    typed(screen, word(lang, "help"))
    said = flat(screen)
    # The question's own words too: list, pass, the white cowboy's (he has it).
    words_here = said.rsplit(t("ui", "words_here", words="").rstrip("."), 1)[1]
    for key in ("list_words", "pass_words", "white_words"):
        assert t("board", key).split()[0] in words_here, words_here
    for command in ("town", "track", "board", "legend", "news", "prices"):
        assert (
            f"'{word(lang, command) if command != 'prices' else t('board', 'prices_words')}'"
            in said
        )
    screen.term.type(word(lang, "quit"))
    assert screen.term.close() == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_without_the_white_cowboy_the_prompt_does_not_offer_it(tmp_path: Path, lang: str) -> None:
    screen = at_placing(tmp_path, lang, "4")  # the Chinese worker: no white cowboy
    assert "'w'" not in screen.shown(), screen.shown()
    assert texts(lang)("board", "prompt_place_plain")[:60] in flat(screen)
    screen.term.type(word(lang, "quit"))
    assert screen.term.close() == 3


def saved_when(
    path: Path,
    lang: str,
    wanted: Callable[[BoardGameState], bool],
    kinds: tuple[str, ...] = ("human", "random", "random"),
    variants: tuple[str, ...] = (),
) -> BoardGameState:
    """A game (by default three seats, the human first, random machines) saved at the human's
    first question where ``wanted``; random moves that ask other owners for parcels when
    they may."""
    kinds = list(kinds)
    for seed in range(100):
        state, rng = new_board_state(kinds, seed, variants), random.Random(seed)
        while not state.is_over:
            seat = state.seats_to_act[0]
            if seat == 0 and wanted(state):
                log = KIT.replay_logged(KIT.record_of(state))[1]
                setup = Setup(KIT, state.config.to_json(), seed)
                write_save(path, setup, state, kinds, lang, log, {})
                return state
            legal = state.legal_actions(seat)
            asks = [action for action in legal if action.kind == "ask"]
            state.apply(seat, rng.choice(asks or legal))
    raise AssertionError("no such question in 100 games")


def grants(state: BoardGameState) -> list[int]:
    return [action.arg for action in state.legal_actions(0) if action.kind == "grant"]


def granting_several(state: BoardGameState) -> bool:
    decision = state.decision
    return decision is not None and decision.kind == "grant" and len(grants(state)) >= 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_granting_parcel_after_parcel_ends_without_an_empty_question(
    tmp_path: Path, lang: str
) -> None:
    """BG-9.4: the owner grants one parcel at a time; after the last one the engine asks
    once more with nothing left to grant: the terminal does not ask "Allow one ()", it says
    so and the game goes on. The parcels without road access are said to be so."""
    t = texts(lang)
    save = tmp_path / "grant.json"
    state = saved_when(save, lang, granting_several)
    offered = grants(state)
    screen = Screen("play", "--resume", str(save), env=home(tmp_path))
    shown = answered(screen)
    access = set(state.decision.get("access", ())) if state.decision else set()
    for p in offered:
        name = parcel_label(*coords(p))
        label = name if p in access else t("board", "no_road_yet", parcel=name)
        assert label in flat(screen), (label, shown)
    for p in offered:
        screen.term.type(parcel_label(*coords(p)))
        answered(screen)
    said = flat(screen)
    asker = KIT.names(state, ["human", "random", "random"], t).who(state.decision.get("asker"))
    assert t("board", "grant_none_left", who=asker) in said, said
    assert "()" not in said, said  # "Allow one ()" never asked
    screen.term.type(word(lang, "quit"))
    assert screen.term.close() == 3


def new_round(state: BoardGameState) -> bool:
    """The human's first question of round 2 (the end of round 1 is just news)."""
    return state.round.number == 2 and state.decision is not None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_end_of_rounds_news_is_a_word_away(tmp_path: Path, lang: str) -> None:
    """At 80×24 the end of a round's news scrolls away above the new round's question:
    ``news`` shows the latest of it that fits above the question, the round's start last."""
    t = texts(lang)
    save = tmp_path / "round.json"
    saved_when(save, lang, new_round)
    screen = Screen("play", "--resume", str(save), env=home(tmp_path))
    answered(screen)
    shown = typed(screen, word(lang, "news"))
    news = [line.rstrip() for line in shown.split("\n") if line.startswith("• ")]
    assert len(news) >= 8, shown  # a screenful, not the 5 lines a resumed game shows again
    assert "• " + t("board_events", "round", round=2) in news, shown
    screen.term.type(word(lang, "quit"))
    assert screen.term.close() == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_replay_at_80x24_takes_every_word_and_ends_with_a_line_per_seat(
    tmp_path: Path, lang: str
) -> None:
    t = texts(lang)
    record = tmp_path / "board.json"
    game = play_game(["random"] * 3, 2)
    record.write_text(record_of(game).dumps())
    total = len(game.actions)
    screen = Screen("replay", str(record), "--step", "40", "--lang", lang, env=home(tmp_path))
    answered(screen)
    for english in ("board", "town", "track", "legend", "news", "help"):
        typed(screen, word(lang, english))
    typed(screen, t("board", "prices_words").split()[0])
    for step in ("n", "p", f"g {total - 1}"):
        typed(screen, step)
    assert t("ui", "replay_unknown") not in flat(screen)
    shown = typed(screen, "n")  # the last step: the final sheet, a line per seat, fits
    result = game.result()
    assert result is not None
    names = KIT.names(game, ["player"] * 3, t)
    sheet = " ".join(
        line.strip() for line in shown[shown.index(t("ui", "game_over")) :].split("\n")
    )
    for seat, score in enumerate(result.scores):  # each seat's line (and the one it wraps to)
        found = re.search(rf"{names.who(seat)} · \S+ .*? {t('ui', 'total')} (\d+)", sheet)
        assert found is not None and found[1] == str(score), shown
    screen.term.type("q")
    assert screen.term.close() == 0


@pytest.mark.parametrize("lang", ["en", "de"])
def test_machines_are_named_as_everywhere_else(tmp_path: Path, lang: str) -> None:
    """The board game's seats say "Machine (greedy)" / "Maschine (gierig)" from the shared
    kinds, as the card game and the web do (its own words said "greedy bot")."""
    t = texts(lang)
    save = tmp_path / "kinds.json"
    saved_when(save, lang, lambda state: state.round.number == 1,
               ("human", "greedy", "random"))  # fmt: skip
    screen = Screen("play", "--resume", str(save), env=home(tmp_path))
    answered(screen)
    said = typed(screen, word(lang, "board"))
    for kind in ("greedy", "random"):
        assert t("kinds", kind) in said, said
    assert "bot" not in said, said
    screen.term.type(word(lang, "quit"))
    assert screen.term.close() == 3


def paged_or_answered(screen: Screen, line: str, t: Texts) -> str:
    """Types ``line``; the screen once the program asks again or shows a page's end."""
    page_end = t.template("ui", "page_more").split("{")[0]
    screen.term.type(line)
    deadline = time.monotonic() + 60
    while not (screen.asked() or page_end in screen.screen.display[screen.screen.cursor.y]):
        assert time.monotonic() < deadline, screen.shown()
        screen.pump()
    return screen.shown()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_prices_keep_their_title_under_the_three_line_question(tmp_path: Path, lang: str) -> None:
    """``prices`` while placing with the white cowboy (the German question takes three lines):
    its title, its columns and its last row all on the 24 lines with the question."""
    t = texts(lang)
    screen = at_placing(tmp_path, lang, "1")  # the Sheriff: the longest placing question
    shown = typed(screen, t("board", "prices_words").split()[0])
    assert t("board", "prices_title").split()[0] in shown, shown
    assert re.search(r"^ +A +B +C +D +E +F +G +H", shown, re.M), shown
    assert re.search(r"^ 8 ", shown, re.M), shown
    assert t("board", "prompt_place").split(":")[0] in shown, shown
    screen.term.type(word(lang, "quit"))
    assert screen.term.close() == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_personalities_at_a_rounds_start_leave_the_town_on_screen(
    tmp_path: Path, lang: str
) -> None:
    """BG-4.1: choosing a personality, the list of them and the question below the town:
    the town's columns and its eight rows are still on the 24 lines."""
    t = texts(lang)
    screen = Screen("play", "--game", "board", "--seed", "4", "--no-save", "--lang", lang,
                    env=home(tmp_path))  # fmt: skip
    answered(screen)
    typed(screen, "A1")
    shown = typed(screen, "B1")
    assert t("board", "prompt_personality").split("?")[0] in shown, shown
    assert re.search(r"^ +A +B +C +D +E +F +G +H", shown, re.M), shown
    assert re.search(r"^ 1 ", shown, re.M) and re.search(r"^ 8 ", shown, re.M), shown
    assert t("board", "round", round=1, rounds=4) in shown, shown
    screen.term.type(word(lang, "quit"))
    assert screen.term.close() == 3


def five_at_round_two(state: BoardGameState) -> bool:
    return state.round.number == 2 and state.decision is not None and (
        state.decision.kind == "place")  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_table_of_five_with_duel_tiles_keeps_its_first_line(tmp_path: Path, lang: str) -> None:
    """``board`` at five seats with the duel tiles (BG-10.2) is about 21 lines in German:
    with the question below, its first line (the round) stays on screen, paged if need be."""
    t = texts(lang)
    save = tmp_path / "five.json"
    saved_when(save, lang, five_at_round_two, ("human",) + ("random",) * 4, ("duel-tiles",))
    screen = Screen("play", "--resume", str(save), env=home(tmp_path))
    answered(screen)
    shown = paged_or_answered(screen, word(lang, "board"), t)
    assert t("board", "round", round=2, rounds=4) in shown, shown
    if not screen.asked():  # paged: Enter shows the rest, then the question again
        shown = typed(screen, "")
        assert t("board", "prompt_place").split(":")[0] in shown, shown
    screen.term.type(word(lang, "quit"))
    assert screen.term.close() == 3
