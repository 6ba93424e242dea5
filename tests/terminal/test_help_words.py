"""Issue 46: ``help`` on each terminal screen names every word that screen takes, and no word
it does not take. Each screen's help is read as printed; each word is then typed at that
screen, and what the screen does with it (a command, or an answer passed on or refused)
must agree with the help: the two cannot drift apart. In English and in German (the other
languages' words come from the same lists)."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.console import Console

from carson.core.game import JSON
from carson.games.board.tui.kit import KIT as BOARD
from carson.games.board.tui.kit import new_board_state
from carson.games.card.tui.kit import KIT as CARD
from carson.games.card.tui.kit import new_state
from carson.games.card.tui.online import PRESENTER
from carson.games.card.tui.prompts import ask_action
from carson.terminal.asker import Asker, QuitGame, UndoMove
from carson.terminal.replay import ReplayViewer
from carson.terminal.texts import Texts

LANGS = ["en", "de"]
KINDS = ["human", "random", "random", "random"]
#: Typed after a word: the answer that ends the question when the word did not.
DONE = "zzz-done"
#: Words no screen takes (each screen must say so by not listing them).
STRANGERS = ("banana", "cites", "helpp", "undo!")


def console() -> Console:
    return Console(file=io.StringIO(), width=200, record=True, color_system=None)


def keyboard(*answers: str) -> Callable[[str], str]:
    typed = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    return ask


def listed(shown: str, texts: Texts) -> list[str]:
    """The words a help's last line lists ("Words you can type here: a, b, c.")."""
    head, tail = texts.template("ui", "words_here").split("{words}")
    found = re.search(re.escape(head) + r"(.*)" + re.escape(tail), shown)
    assert found, shown
    return [word.strip() for word in found.group(1).split(",")]


def vocabulary(texts: Texts, *more: str) -> set[str]:
    """Every word some screen takes, in English and ``texts``' language, and strangers."""
    words = {*STRANGERS, *more, "quit", "exit", "q!", "help", "?", "undo", "list", "l", "never"}
    for section_texts in (texts, Texts("en", texts.sources)):
        words |= {section_texts("commands", key).lower() for key in texts.keys("commands")}
    for key in texts.keys("board"):
        if key.endswith("_words"):
            words |= set(texts("board", key).lower().split())
            words |= set(Texts("en", texts.sources)("board", key).lower().split())
    return words


def asker_takes(make: Callable[[Callable[[str], str]], Asker], word: str, **kw: Any) -> bool:
    """Whether an asker made by ``make`` takes ``word`` as a command (it does not hand it
    back as the answer)."""
    asker = make(keyboard(word, DONE))
    try:
        return asker("Q?", **kw) == DONE
    except (QuitGame, UndoMove):
        return True


def check_asker(make: Callable[[Callable[[str], str]], Asker], texts: Texts) -> list[str]:
    """The help of an asker lists exactly the words it takes; those words."""
    screen = make(keyboard("help", DONE))
    screen("Q?")
    words = listed(screen.console.export_text(), texts)
    for word in vocabulary(texts, *words):
        assert asker_takes(make, word) == (word in words), word
    return words


def card_asker(lang: str, can_undo: bool = False) -> Callable[[Callable[[str], str]], Asker]:
    texts = CARD.texts(lang)
    state = new_state(KINDS, 2)
    names = CARD.names(state, KINDS, texts)

    def make(ask: Callable[[str], str]) -> Asker:
        asker = Asker(ask, console(), texts, CARD.help)
        asker.commands = CARD.commands(state, 0, names, texts)
        asker.can_undo = can_undo
        return asker

    return make


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("can_undo", [False, True])
def test_the_card_games_help_lists_its_words(lang: str, can_undo: bool) -> None:
    texts = CARD.texts(lang)
    words = check_asker(card_asker(lang, can_undo), texts)
    english = {"table", "cities", "row", "legend", "help", "quit"}
    english |= {"undo"} if can_undo else set()
    assert english <= set(words)
    assert {texts("commands", word).lower() for word in english} <= set(words)


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_games_help_lists_its_words(lang: str) -> None:
    texts = BOARD.texts(lang)
    state = new_board_state(["human", "random"], 3)
    names = BOARD.names(state, ["human", "random"], texts)

    def make(ask: Callable[[str], str]) -> Asker:
        asker = Asker(ask, console(), texts, BOARD.help)
        asker.commands = BOARD.commands(state, 0, names, texts)
        return asker

    words = check_asker(make, texts)
    assert {"prices", "board", "town", "track", "help", "quit"} <= set(words)


def card_states(phase: str) -> Iterator[Any]:
    """Card games at seat 0's first question of ``phase``."""
    import random

    for seed in range(40):
        rng, state = random.Random(seed), new_state(KINDS, seed)
        while not state.is_over:
            if state.phase == phase and 0 in state.seats_to_act:
                yield state
                break
            seat = state.seats_to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("phase", "error"), [("place", "err_two_numbers"),
                                              ("ability", "err_yes_no")])  # fmt: skip
def test_a_questions_own_words_are_in_its_help(lang: str, phase: str, error: str) -> None:
    """Placing a card ('list') and answering an ability's offer ('never'): the help lists
    the question's own words, and exactly those of them are taken without a refusal."""
    texts = CARD.texts(lang)
    state = next(card_states(phase))

    def asked(*answers: str) -> str:
        names = CARD.names(state, KINDS, texts)  # fresh: 'never' is remembered in them
        asker = Asker(keyboard(*answers, "quit"), console(), texts, CARD.help)
        asker.commands = CARD.commands(state, 0, names, texts)
        with contextlib.suppress(QuitGame):
            ask_action(asker, state, 0, names)
        return asker.console.export_text()

    words = listed(asked("help"), texts)
    own = {"list", "l"} if phase == "place" else {"never"}
    assert own <= set(words)
    for word in vocabulary(texts, *words):
        refused = texts("ui", error) in asked(word)
        assert refused == (word not in words), word


@pytest.mark.parametrize("lang", LANGS)
def test_the_online_card_screens_help_lists_its_words(lang: str) -> None:
    """Online, ``help`` names the game's words too (it named only help and quit)."""
    texts = CARD.texts(lang)
    state = new_state(KINDS, 2)
    view: JSON = state.view(0)
    names = CARD.names(state, KINDS, texts)

    def make(ask: Callable[[str], str]) -> Asker:
        asker = Asker(ask, console(), texts, ("online", "help"))
        asker.commands = PRESENTER.commands(view, [], 0, names, texts)
        return asker

    words = check_asker(make, texts)
    assert {"table", "cities", "row", "legend"} <= set(words)


@pytest.mark.parametrize("lang", LANGS)
def test_the_server_menus_help_lists_its_words(lang: str) -> None:
    texts = Texts(lang)
    words = check_asker(lambda ask: Asker(ask, console(), texts, ("online", "help_lobby")), texts)
    assert {"help", "quit"} <= set(words)


@pytest.mark.parametrize("lang", LANGS)
def test_the_replays_help_lists_its_words(lang: str) -> None:
    from carson.core.record import GameRecord

    state = next(card_states("place"))
    record = GameRecord.of("card", state.config.to_json(), state.seed, state)
    texts = CARD.texts(lang)
    step = 5
    unknown = texts("ui", "replay_unknown")

    def replay(*answers: str) -> str:
        screen = console()
        viewer = ReplayViewer(record, KINDS, texts, screen, keyboard(*answers, "q"))
        viewer.run(step)
        return screen.export_text()

    words = listed(replay("help"), texts)
    assert {"n", "p", "g N", "N", "q", "table", "cities", "row", "legend"} <= set(words)
    for word in vocabulary(texts, *words):
        typed = {"g N": "g 3", "go N": "go 3", "N": "3"}.get(word, word)
        assert (unknown not in replay(typed)) == (word in words), word


def board_states(kind: str, kinds: list[str], variants: tuple[str, ...] = ()) -> Iterator[Any]:
    """Board games at seat 0's first decision of ``kind`` (the others random)."""
    import random

    for seed in range(60):
        rng, state = random.Random(seed), new_board_state(kinds, seed, variants)
        while not state.is_over:
            decision = state.decision
            assert decision is not None
            if decision.kind == kind and 0 in decision.seats:
                yield state
                break
            seat = decision.seats[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


#: Board questions, and the keys of the words each takes besides its answers (BG-4.2 placing:
#: list and pass, the white cowboy's word only while one has it; BG-5.5 buying, BG-9.4
#: granting: all; BG-6.1 building: store, ask N only while an owner may be asked).
BOARD_QUESTIONS = [
    ("place", ("list_words", "pass_words"), ()),
    ("buy_parcels", ("pass_words",), ()),
    ("count", ("pass_words",), ()),
    ("grant", ("all_words", "pass_words"), ()),
    ("construct", ("store_words",), ()),
    ("personality", (), ()),
    ("claim", (), ()),
    ("tile", (), ("duel-tiles",)),
    ("purchase", ("pass_words",), ("new-beginning",)),
    ("vote", ("pass_words",), ("vote-sides",)),
    ("roads", ("pass_words",), ("river",)),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("kind", "keys", "variants"), BOARD_QUESTIONS)
def test_a_board_questions_own_words_are_in_its_help(
    lang: str, kind: str, keys: tuple[str, ...], variants: tuple[str, ...]
) -> None:
    """Each board question's help lists its own words (issue 46: it listed none of them), in
    English and the player's language; a word it does not list is refused when typed, and
    those it lists are taken (not refused as not understood)."""
    from carson.games.board.tui.prompts import ask_board_action

    texts = BOARD.texts(lang)
    kinds = ["human", "random", "random"]
    state = next(board_states(kind, kinds, variants))

    def asked(*answers: str) -> tuple[str, list[str]]:
        names = BOARD.names(state, kinds, texts)
        wide = Console(file=io.StringIO(), width=1000, record=True, color_system=None)
        asker = Asker(keyboard(*answers, "quit"), wide, texts, BOARD.help)
        asker.commands = BOARD.commands(state, 0, names, texts)
        errors: list[str] = []
        asker.error = errors.append  # type: ignore[method-assign]
        with contextlib.suppress(QuitGame):
            ask_board_action(asker, state, 0, names)
        return asker.console.export_text(), errors

    words = listed(asked("help")[0], texts)
    english = Texts("en", texts.sources)

    def board_words(key: str) -> set[str]:
        return {word.lower() for t in (english, texts) for word in t("board", key).split()}

    own = {word for key in keys for word in board_words(key)}
    own |= {"l"} if kind == "place" else set()
    if kind == "place" and state.players[0].white:
        own |= board_words("white_words")
    assert own <= set(words), (own, words)
    for word in vocabulary(texts, *words):
        if word in board_words("white_words") and word in words:
            continue  # the white cowboy's word wants a place after it
        refused = bool(asked(word)[1])
        assert refused == (word not in words), word


@pytest.mark.parametrize("lang", LANGS)
def test_the_online_board_screens_help_lists_news(lang: str) -> None:
    """Online, the board game's screen takes ``news`` as at a local game (the table's lines,
    fetched when asked) and its help says so."""
    from carson.games.board.tui.online import PRESENTER as BOARD_ONLINE

    texts = BOARD.texts(lang)
    state = new_board_state(["human", "random"], 3)
    view: JSON = state.view(0)
    names = BOARD_ONLINE.names(view, ["human", "random"], {}, texts)
    told = ["Round 1 begins"]

    def make(ask: Callable[[str], str]) -> Asker:
        asker = Asker(ask, console(), texts, ("online", "help"))
        asker.commands = BOARD_ONLINE.commands(view, [], 0, names, texts)
        asker.commands |= BOARD_ONLINE.news_commands(lambda: told, texts)
        return asker

    words = check_asker(make, texts)
    news = {word.lower() for t in (Texts("en", texts.sources), texts)
            for word in t("board", "news_words").split()}  # fmt: skip
    assert news <= set(words) and {"prices", "board", "town", "track"} <= set(words)
    shown = make(keyboard(sorted(news)[-1], DONE))
    assert shown("Q?") == DONE and "• Round 1 begins" in shown.console.export_text()
