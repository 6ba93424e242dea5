"""Issue 19 at the terminal: each building's income in the news, and "all" to grant every
parcel with the ones that have road access named (BG-9.4)."""

from __future__ import annotations

from typing import Any

import pytest

from carson.core.game import Event
from carson.core.i18n import LANGUAGES
from carson.games.board.tui.events import describe_board_event
from carson.games.board.tui.kit import new_board_state
from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.texts import texts

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
