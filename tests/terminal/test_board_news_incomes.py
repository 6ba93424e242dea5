"""Issue 19 at the terminal: each building's income in the news, and "all" to grant every
parcel with the ones that have road access named (BG-9.4)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from board_grant_scene import ACCESS, OFFERED, asked_for_grant
from carson.core.game import Event
from carson.core.i18n import LANGUAGES
from carson.games.board.engine.actions import GRANT_ALL, BoardAction
from carson.games.board.town import parcel
from carson.games.board.tui.ask import parcel_list
from carson.games.board.tui.events import describe_board_event
from carson.games.board.tui.kit import new_board_state
from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.prompts import ask_board_action
from carson.games.board.tui.texts import texts
from carson.terminal.asker import Asker

INCOMES: list[dict[str, Any]] = [
    {"seat": 1, "building": "hotel", "parcel": [6, 6], "amount": 6, "doubled": False},
    {"seat": 0, "building": "saloon", "parcel": [2, 2], "amount": 20, "doubled": True},
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_news_tells_what_each_building_pays_whom(lang: str) -> None:
    state = new_board_state(["human", "random"], 1)
    names = BoardNames(state, ["human", "random"], texts(lang))
    event = Event("building_income", {"incomes": INCOMES})
    line = describe_board_event(event, names, texts(lang))
    assert line is not None
    first, second = line.index(names.who(0)), line.index(names.who(1))
    assert first < second and "$20 ×2" in line[first:second] and "$6" in line[second:]
    assert names.building("saloon") in line and names.building("hotel") in line
    assert names.target([2, 2]) in line and names.target([6, 6]) in line
    english = describe_board_event(event, names, texts("en"))
    assert (line == english) == (lang == "en")
    bare = describe_board_event(Event("building_income", {}), names, texts(lang))
    assert bare == texts(lang)("board_events", "building_income")


# --- BG-9.4: "all" and the parcels with road access --------------------------------------------


def _asker(answers: list[str], lang: str) -> tuple[Asker, Console]:
    screen = Console(file=io.StringIO(), width=120, height=60, record=True, color_system=None)
    feed = iter(answers)
    return Asker(lambda _: next(feed), screen, texts(lang), ("board", "help_all")), screen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_all_grants_every_parcel_and_the_question_names_those_with_road_access(
    lang: str,
) -> None:
    g = asked_for_grant()
    names = BoardNames(g, ["human"] * 3, texts(lang))
    word = texts(lang)("board", "all_words").split()[0]
    asker, screen = _asker([word], lang)
    assert ask_board_action(asker, g, 1, names) == GRANT_ALL
    out = " ".join(screen.export_text().split())
    access = texts(lang)("board", "grant_access", parcels=parcel_list(
        [parcel(x, y) for x, y in ACCESS]))  # fmt: skip
    assert access in out and texts(lang)("board", "grant_all_hint") in out
    asker, _ = _asker(["ALL"], lang)  # the English word works in every language
    assert ask_board_action(asker, g, 1, names) == GRANT_ALL


def test_all_grants_the_last_parcel_when_only_one_is_left() -> None:
    g = asked_for_grant()
    for x, y in OFFERED[:-1]:
        g.apply(1, BoardAction("grant", parcel(x, y)))
    assert GRANT_ALL not in g.legal_actions(1)
    names = BoardNames(g, ["human"] * 3, texts("en"))
    asker, screen = _asker(["all"], "en")
    assert ask_board_action(asker, g, 1, names) == BoardAction("grant", parcel(6, 6))
    assert texts("en")("board", "grant_all_hint") not in screen.export_text()


@pytest.mark.parametrize("why", ["banker", "sheriff"])
def test_the_news_tells_the_red_banker_and_sheriff_vp(why: str) -> None:
    state = new_board_state(["human", "random"], 1)
    names = BoardNames(state, ["human", "random"], texts("de"))
    event = Event("vp", {"seat": 1, "amount": 3, "why": why})
    line = describe_board_event(event, names, texts("de"))
    assert line is not None and names.who(1) in line and "3" in line
    assert names.personality(why) in line
