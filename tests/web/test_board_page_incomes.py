"""Issue 19 on the board-game page: each building's income in the move log, the red
Banker's and Sheriff's VP on the score sheet, and "grant all" with the parcels that have
road access (BG-9.4)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from carson.core.game import Event
from carson.core.i18n import LANGUAGES
from carson.games.board.web.present.common import Seat
from carson.games.board.web.present.describe import describe
from carson.games.board.web.present.names import Names
from carson.web.kernel.i18n import translations

SEATS = [Seat(0, "alice", "red"), Seat(1, "bob", "blue")]


def names(lang: str) -> Names:
    if lang == "en":
        return Names("en", lambda text: text)
    return Names(lang, translations(lang, [("carson.games.board", "web")]).gettext)


INCOMES: list[dict[str, Any]] = [
    {"seat": 1, "building": "hotel", "parcel": [6, 6], "amount": 6, "doubled": False},
    {"seat": 0, "building": "saloon", "parcel": [2, 2], "amount": 20, "doubled": True},
    {"seat": 0, "building": "church", "parcel": [3, 2], "amount": 0, "doubled": False},
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_move_log_tells_what_each_building_pays_whom(lang: str) -> None:
    line = describe(names(lang), Event("building_income", {"incomes": INCOMES}), SEATS)
    alice, bob = line.index("alice:"), line.index("bob:")
    assert alice < bob  # owner by owner, in seat order
    assert "C3 $20 ×2" in line and "D3 $0" in line and "G7 $6" in line
    assert "$20" in line[alice:bob] and "$6" in line[bob:]
    english = describe(names("en"), Event("building_income", {"incomes": INCOMES}), SEATS)
    assert (line == english) == (lang == "en")


def test_an_income_event_kept_before_the_breakdown_still_reads() -> None:
    """Games stored before issue 19 have a bare "building_income" event."""
    line = describe(names("en"), Event("building_income", {}), SEATS)
    assert line == "The buildings pay their incomes."


@pytest.mark.parametrize("why", ["banker", "sheriff"])
def test_the_red_banker_and_sheriff_vp_name_the_personality(why: str) -> None:
    line = describe(names("de"), Event("vp", {"seat": 0, "amount": 3, "why": why}), SEATS)
    assert line.startswith("alice") and "3" in line
    assert {"banker": "Bankier", "sheriff": "Sheriff"}[why] in line


def test_the_score_sheet_counts_the_banker_and_sheriff_vp_under_personalities() -> None:
    from carson.games.board.web.present.result import result

    told = [
        (1, Event("vp", {"seat": 0, "amount": 3, "why": "sheriff"})),
        (2, Event("vp", {"seat": 1, "amount": 5, "why": "banker"})),
        (3, Event("vp", {"seat": 1, "amount": 2, "why": "vp_parcels"})),
    ]
    view = {"players": [{"vp": 3}, {"vp": 7}]}
    sheet = result(names("en"), view, told, SEATS, 0)
    rows = {row["label"]: row["values"] for row in sheet["rows"]}
    assert rows == {"Action spaces": [0, 2], "Personalities and other": [3, 5]}


# --- BG-9.4: "Grant all" and the parcels with road access --------------------------------------


def grant_page(lang: str = "en") -> tuple[dict[str, Any], Any]:
    from board_grant_scene import asked_for_grant
    from carson.games.board.web.present.decisions import decide

    g = asked_for_grant()
    data: dict[str, Any] = {"me": 1, "note": "", "choices": [], "lists": [], "forms": []}
    legal = [a.to_json() for a in g.legal_actions(1)]
    targets = decide(names(lang), data, g.view(1), legal, [*SEATS, Seat(2, "carl", "green")], None)
    return data, targets


def test_the_grant_menu_has_a_grant_all_button_and_marks_road_access() -> None:
    data, targets = grant_page()
    labels = {choice.label: choice for choice in data["choices"]}
    assert json.loads(labels["Grant all"].action) == {"kind": "grant_all"}
    assert labels["Grant C3"].hint == "road access" and labels["Grant C4"].hint == "road access"
    assert labels["Grant A1"].hint == "" and labels["Grant G7"].hint == ""
    assert "With road access now: C3, C4" in data["note"]
    assert targets.parcels[(2, 2)][1] == "grant (road access)"
    assert targets.parcels[(0, 0)][1] == "grant"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_grant_menu_speaks_every_language(lang: str) -> None:
    data, _targets = grant_page(lang)
    english, _ = grant_page()
    labels = [choice.label for choice in data["choices"]]
    assert (labels == [choice.label for choice in english["choices"]]) == (lang == "en")
    assert (data["note"] == english["note"]) == (lang == "en")
