"""The board game online (:mod:`carson.games.board.tui.online`): from a seat's view JSON and
the JSON of its legal actions alone, the presenter draws the local game's screen and asks
its questions, over whole games of every variant and language: the same screen, the same
question and messages for the same answers, the same action chosen (the server's JSON of
it), the same detail commands; people are named by their names."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console
from test_board_play import _eager_choice, _random_games, typed

from carson.games.board.tui.kit import KIT
from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.online import PRESENTER
from carson.games.board.tui.prompts import ask_board_action
from carson.games.board.tui.render import keywords, sight_screen
from carson.games.board.tui.sight import BoardSight
from carson.games.board.tui.texts import texts
from carson.terminal.asker import Asker


def text_of(renderable: object) -> str:
    screen = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    screen.print(renderable)
    return screen.export_text()


def asked(answers: list[str], lang: str) -> tuple[Asker, Console]:
    screen = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    feed = iter(answers)
    return Asker(lambda _: next(feed), screen, texts(lang), ("board", "help_all")), screen


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_online_screens_and_questions_are_the_local_ones_over_whole_games() -> None:
    kinds_seen: set[str] = set()
    for state, lang in _random_games(6):
        words = texts(lang)
        kinds = ["human"] * state.config.players
        local_names = BoardNames(state, kinds, words)
        rng, shown = random.Random(state.seed), 0
        while not state.is_over:
            seat = state.seats_to_act[0]
            legal = state.legal_actions(seat)
            action = _eager_choice(rng, legal)
            # What a server sends: JSON, read back as a client reads it.
            view = json.loads(json.dumps(state.view(seat)))
            legal_json = json.loads(json.dumps([a.to_json() for a in legal]))
            names = PRESENTER.names(view, kinds, {}, words)
            if shown < 40 or rng.random() < 0.1:  # every screen of the start, then some
                shown += 1
                online = text_of(PRESENTER.screen(view, legal_json, seat, names, words))
                sight = BoardSight.of(state, seat)
                assert online == text_of(sight_screen(sight, local_names, words))
                # A local game's screen names 'news' too, which only it takes.
                local = text_of(KIT.screen(state, seat, local_names, words))
                assert local == text_of(sight_screen(sight, local_names, words, "more_news"))
                local_commands = KIT.commands(state, seat, local_names, words)
                commands = PRESENTER.commands(view, legal_json, seat, names, words)
                # 'news' reads the game's record: a local game's (online, the news comes
                # by itself)
                news = keywords(words, "news_words")
                assert news <= set(local_commands) and not news & set(commands)
                assert set(commands) == set(local_commands) - news
                for word in ("prices", "board"):
                    assert text_of(commands[word]()) == text_of(local_commands[word]())
            answers = ["zzz", typed(state, seat, action)]
            online_asker, online_out = asked(answers, lang)
            chosen = PRESENTER.ask(online_asker, view, legal_json, seat, names)
            local_asker, local_out = asked(answers, lang)
            assert ask_board_action(local_asker, state, seat, local_names) == action
            assert chosen == action.to_json() and chosen in legal_json
            assert online_out.export_text() == local_out.export_text()
            kinds_seen.add(view["decision"]["kind"])
            state.apply(seat, action)
    assert {"construct", "grant", "tile", "purchase", "vote", "roads"} <= kinds_seen


def test_people_are_named_by_their_names_and_the_news_in_the_games_words() -> None:
    state, _ = next(_random_games(1))
    view = state.view(0)
    names = PRESENTER.names(view, ["human", "human"], {0: "you", 1: "bob"}, texts("en"))
    assert names.seat(1) == f"{names.who(1)} · bob" and names.seat(0).endswith("· you")
    lines: list[str | None] = []
    while not any(lines):  # the votes are secret: no line until the first public event
        seat = state.seats_to_act[0]
        events = state.apply(seat, state.legal_actions(seat)[0])
        lines = [KIT.describe(event, names, texts("en")) for event in events if event.seats is None]
    assert any(line and names.who(seat) in line for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_seat_kind_is_named_from_the_shared_kinds(lang: str) -> None:
    """Issue 46: the master machine and a seat of unknown kind ("player") are named too,
    from the terminal's shared ``kinds`` (the board game had its own list without them)."""
    from carson.games.board.tui.kit import new_board_state
    from carson.terminal.texts import machine_kind

    state = new_board_state(["human", "random", "random"], 1)
    names = KIT.names(state, ["human", "ai-master"], texts(lang))  # a server's master seat
    master = texts(lang)("kinds", "ai-master")
    assert names.kind(1) == machine_kind("ai-master", texts(lang)) == master
    assert names.kind(2) == texts(lang)("kinds", "player")
    assert "ai-master" not in names.kind(1)
