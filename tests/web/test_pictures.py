"""Every parcel and building is drawn: a pictogram for each of both games' parcels and
tiles, each use on a page with its name as a <title>, and a legend on every game page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.games.board.web.pictures import TILE_PICTURES
from carson.games.board.web.present.common import TILES
from carson.games.card.catalog import Suit, load_catalog
from carson.games.card.parcels import Parcel
from carson.games.card.web.pictures import PARCEL_PICTURES, PERSONALITY_EMBLEMS, SUIT_EMBLEMS

USE = re.compile(r'<title>([^<]+)</title><use href="#pic-([a-z_]+)"/>')


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def test_every_parcel_and_tile_has_one_picture() -> None:
    assert [picture.id for picture in PARCEL_PICTURES] == [parcel.id for parcel in Parcel]
    assert {picture.id for picture in TILE_PICTURES} == {*TILES, "river"}
    for picture in (*PARCEL_PICTURES, *TILE_PICTURES):
        assert picture.shapes and all(shape.d or shape.text for shape in picture.shapes)
    # Shape first: no two parcels of a game share both their tile's colour and their shapes.
    for pictures in (PARCEL_PICTURES, TILE_PICTURES):
        looks = {(p.ground, tuple(s.d for s in p.shapes)) for p in pictures}
        assert len(looks) == len(pictures)


def test_every_personality_and_suit_has_its_own_emblem() -> None:
    """CG-1.7's personalities on their cards' medallions, CG-1.1's suits on the auction cards."""
    ids = load_catalog().personality_ids
    assert [emblem.id for emblem in PERSONALITY_EMBLEMS] == [f"person-{id}" for id in ids]
    assert [emblem.id for emblem in SUIT_EMBLEMS] == [f"suit-{suit}" for suit in Suit]
    people = {tuple(shape.d for shape in emblem.shapes) for emblem in PERSONALITY_EMBLEMS}
    assert len(people) == len(PERSONALITY_EMBLEMS)  # no two characters drawn alike
    for emblem in (*PERSONALITY_EMBLEMS, *SUIT_EMBLEMS):
        assert emblem.ground == ""  # drawn on the medallion or the card, not on a tile
        assert emblem.shapes and all(shape.d for shape in emblem.shapes)


def _sign_up(client: TestClient) -> dict[str, str]:
    assert post_account_form(client, "/register", "alice").status_code == 303
    return {"X-CSRF-Token": client.cookies["carson_csrf"]}


def test_the_card_game_draws_its_parcels_and_a_legend(client: TestClient) -> None:
    headers = _sign_up(client)
    seats = ["human", "expert", "advanced", "beginner"]
    game_id = client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"]
    client.cookies.set("lang", "de")
    page = client.get(f"/games/{game_id}").text
    legend = page[page.index('id="legend"') : page.index("</details>", page.index('id="legend"'))]
    drawn = USE.findall(legend)
    assert [parcel for _, parcel in drawn] == [parcel.id for parcel in Parcel]
    assert ("Ranch", "ranch") in drawn and ("Gefängnis", "prison") in drawn
    row = page[page.index('id="row"') : page.index('id="my-city"')]
    assert "Terrain #" not in row and "Gelände #" not in row  # cards drawn, not numbered
    assert len(USE.findall(row)) >= 4
    assert all(f'<symbol id="pic-{parcel.id}"' in page for parcel in Parcel)


def test_the_card_game_draws_its_emblems(client: TestClient) -> None:
    """The seat's suit on its heading and auction cards, a personality's on its card."""
    headers = _sign_up(client)
    seats = ["human", "expert", "advanced", "beginner"]
    game_id = client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"]
    view = client.get(f"/api/games/{game_id}").json()["view"]
    suit = view["seats"][0]["suit"]
    page = client.get(f"/games/{game_id}").text
    assert all(f'<symbol id="pic-{emblem.id}"' in page for emblem in SUIT_EMBLEMS)
    mine = page[page.index('id="my-city"') :]
    heading, holdings = mine[: mine.index("</h3>")], mine[mine.index('class="holdings"') :]
    assert f'<use href="#pic-suit-{suit}"/>' in heading
    hand = holdings[: holdings.index("</p>")]
    assert hand.count(f'<use href="#pic-suit-{suit}"/>') == len(view["seats"][0]["hand"]) > 0
    row = page[page.index('id="row"') : page.index('id="my-city"')]
    people = [card["id"] for card in view["row"] if card and card["kind"] == "personality"]
    assert people  # every reveal draws one personality (CG-4.1)
    medallions = re.findall(r'class="medallion">.*?#pic-(person-[a-z_]+)', row, re.S)
    assert medallions == [f"person-{id}" for id in people]


def test_the_board_game_draws_its_tiles_and_a_legend(client: TestClient) -> None:
    headers = _sign_up(client)
    body = {"game": "board", "seats": ["human", "random"], "variants": ["river"]}
    game_id = client.post("/api/games", headers=headers, json=body).json()["id"]
    page = client.get(f"/games/{game_id}").text
    town = page[page.index('id="town"') : page.index('id="track"')]
    drawn = {tile for _, tile in USE.findall(town)}
    assert {*TILES, "river"} <= drawn  # the legend draws every tile
    drawing = town[town.index('class="map-art"') : town.index("</svg>", town.index("map-art"))]
    assert '<use href="#pic-mountain" class="building"' in drawing  # the map's mountains
    assert 'class="water"' in drawing  # and its river, as running water
