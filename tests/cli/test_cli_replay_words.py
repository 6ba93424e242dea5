"""Issue 46: ``carson replay`` on a terminal of 80×24 takes the words its compact screen
offers (``table``, ``cities``, ``row``, ``legend``; ``help`` lists them), in English and in
the reader's language, instead of answering "Unknown command"."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from test_cli_play import run

from card_answers import CardAnswers
from carson.games.board.match import play_game, record_of
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # terminals

WORDS = {
    "en": [("row", "The row"), ("table", "The table"), ("legend", "Legend"),
           ("cities", " VP ─╮"), ("help", "These words show more")],
    "de": [("reihe", "Die Auslage"), ("tabelle", "Der Tisch"), ("legende", "Legende"),
           ("städte", " SP ─╮"), ("hilfe", "Diese Wörter zeigen mehr")],
}  # fmt: skip
UNKNOWN = {"en": "Unknown command", "de": "Unbekannter Befehl"}


def answered(screen: Screen, timeout: float = 30) -> None:
    """Reads until the replay asks again."""
    deadline = time.monotonic() + timeout
    while not screen.asked():
        assert time.monotonic() < deadline, screen.shown()
        screen.pump()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_replays_words_answer_at_80_by_24(tmp_path: Path, lang: str) -> None:
    code, _, _ = run("simulate", *("--seat", "random") * 4, "--games", "1",
                     "--log", str(tmp_path))  # fmt: skip
    assert code == 0
    screen = Screen("replay", str(tmp_path / "game-00001.json"), "--step", "12", "--lang", lang)
    answered(screen)
    for word, shown in WORDS[lang]:
        screen.term.type(word)
        answered(screen)
        assert shown in screen.raw, (word, screen.shown())  # longer ones scroll past
    assert UNKNOWN[lang] not in screen.everything()
    screen.term.type("q")
    assert screen.term.close() == 0


@pytest.mark.parametrize(
    ("lang", "words", "shown"),
    [("en", "town\nhelp\n", "Town (columns A–H"), ("de", "stadt\nhilfe\n", "Stadt (Spalten")],
)
def test_the_board_games_replay_shows_the_town_on_request(
    tmp_path: Path, lang: str, words: str, shown: str
) -> None:
    record = tmp_path / "board.json"
    record.write_text(record_of(play_game(["random"] * 3, 2)).dumps())
    code, out, _ = run("replay", str(record), "--step", "3", "--lang", lang, stdin=words + "q\n")
    assert code == 0 and shown in out and UNKNOWN[lang] not in out
    assert "town" in out and "track" in out  # help names the words


def test_german_prompts_quote_the_german_words_they_take(tmp_path: Path) -> None:
    """At 80×24: German help says 'hilfe' and 'ende', the placing prompt 'liste' (it said
    'list' while help said 'liste'), and 'ende' does leave."""
    screen = Screen("play", "--no-save", "--seed", "3", "--lang", "de",
                    env={**os.environ, "CARSON_HOME": str(tmp_path)})  # fmt: skip
    answered(screen)
    screen.term.type("hilfe")
    answered(screen)
    assert "'hilfe' dies, 'ende' speichert" in " ".join(line.strip() for line in screen.ever)
    answers, deadline = CardAnswers("de"), time.monotonic() + 60
    while "oder 'liste' für alle Plätze" not in " ".join(line.strip() for line in screen.ever):
        assert time.monotonic() < deadline, screen.shown()
        screen.term.type(answers(screen.shown()))
        answered(screen)
    screen.term.type("ende")
    assert screen.term.close() == 3
