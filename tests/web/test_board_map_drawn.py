"""The board game's town drawn as a game board (issue 44), read from the rendered SVG: a
road where the town has a road and nowhere else (BG-2.2), bridges and water only with the
river (BG-10.3), a figure per cowboy in its owner's colour and named for its owner in the
parcel's label, an owner's marker with a shape per colour and a letter per player, and the
action track's spaces drawn with their pictures and their cowboys."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.model import SPACES
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import Town, edge_name, h_edge, parcel, v_edge
from carson.games.board.web.present.common import Seat, Targets
from carson.games.board.web.present.names import Names
from carson.games.board.web.present.tables import SPACE_ART, track
from carson.games.board.web.present.town import (
    MARGIN,
    MARKER_SHAPES,
    PARCEL,
    PITCH,
    ROAD,
    edge_box,
    owner_letters,
    town,
)
from carson.web.kernel.templating import environment

SEATS = [Seat(0, "alice", "red"), Seat(1, "greedy bot 2", "blue"), Seat(2, "greedy bot 3", "green")]
ROADS = [h_edge(3, 3), v_edge(4, 3), h_edge(3, 4), v_edge(0, 0)]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def scene(river: bool) -> BoardGameState:
    """A town with roads (and a bridge with the river), owners and cowboys on parcels and on
    the track."""
    g = BoardGameState(BoardConfig.of(3, ("river",) if river else ()), 0)
    g.tasks = deque()
    g.town = Town(parcel(x, y) for x, y in g.catalog.river) if river else Town()
    for edge in ROADS:
        g.town.add_road(edge)
    if river:
        g.town.add_road(min(g.town.bridge_edges))
    g.town.set_owner(parcel(3, 3), 0)
    g.town.set_owner(parcel(0, 0), 1)
    g.town.set_owner(parcel(6, 6), 2)
    g.cowboys_at = {
        SPACES + parcel(3, 3): [(0, False), (1, False), (1, True)],
        SPACES + parcel(7, 0): [(2, False)],
        0: [(1, False), (2, False)],  # the wages
    }
    return g


def drawn(g: BoardGameState) -> str:
    """The town's markup as the page renders it (the map's macro, the presenter's data)."""
    names = Names("en", lambda text: text)
    data = town(names, g.view(0), Targets(), SEATS)
    template = environment().from_string(
        '{% from "boardgame_macros.html" import town with context %}{{ town(board, "-") }}'
    )
    board = {"id": "g", "seq": 1, "town": data, "town_form": False}
    return template.render(board=board, _=lambda text: text)


def art(markup: str) -> str:
    return markup[markup.index('class="map-art"') : markup.index("</svg>")]


def edges_drawn(svg: str, kind: str) -> dict[str, tuple[float, float]]:
    """Each drawn road (``kind`` "road") or bridge: its edge and the top left of its box."""
    found = re.findall(
        rf'<rect class="{kind}" x="([\d.]+)" y="([\d.]+)"[^>]*data-edge="([^"]+)"', svg
    )
    return {edge: (float(x), float(y)) for x, y, edge in found}


@pytest.mark.parametrize("river", [False, True])
def test_a_road_is_drawn_on_each_edge_of_the_town_with_a_road_and_nowhere_else(
    river: bool,
) -> None:
    g = scene(river)
    svg = art(drawn(g))
    roads = edges_drawn(svg, "road") | edges_drawn(svg, "bridge")
    wanted = {"-".join(map(str, edge_name(edge))): edge_name(edge) for edge in g.town.roads}
    assert set(roads) == set(wanted) and len(wanted) == len(ROADS) + river
    for edge_id, (x, y) in roads.items():  # on the road line between the parcels
        bx, by, _, _ = edge_box(wanted[edge_id])
        assert abs(x - bx) <= 1 and abs(y - by) <= 1, edge_id


def test_bridges_and_water_only_with_the_river() -> None:
    plain = art(drawn(scene(False)))
    assert 'class="water"' not in plain and 'class="bridge"' not in plain
    g = scene(True)
    svg = art(drawn(g))
    bridges = {"-".join(map(str, edge_name(edge))) for edge in g.town.bridges}
    assert bridges == {"H-3-4", "V-4-3", "H-5-1"}  # each between two river parcels
    assert set(edges_drawn(svg, "bridge")) == bridges
    assert set(edges_drawn(svg, "road")) == {"H-3-3", "V-0-0"}  # H(3, 3): a bank
    # the water covers every river parcel, and runs on between two of them and off the map
    water = re.findall(r'<rect class="water" x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"', svg)
    squares = {(int(x), int(y)) for x, y, w, h in water if w == h == str(PARCEL)}
    river = [(p % 8, p // 8) for p in g.town.river]
    assert squares == {(MARGIN + x * PITCH + ROAD, MARGIN + y * PITCH + ROAD) for x, y in river}
    border = sum((x in (0, 7)) + (y in (0, 7)) for x, y in river)
    assert len(water) == len(river) + len(g.town.bridge_edges) + border


def test_a_figure_per_cowboy_in_its_owners_colour_named_in_the_parcels_label() -> None:
    markup = drawn(scene(False))
    svg = art(markup)
    figures = re.findall(r'<use href="#fig-cowboy" class="figure c-(\w+)"', svg)
    assert sorted(figures) == sorted(["red", "blue", "white", "green"])
    d4 = re.search(r'aria-label="(D4 [^"]*)"', markup)
    assert d4 is not None
    label = d4.group(1)
    assert label.count("a cowboy of alice") == 1
    assert label.count("a cowboy of greedy bot 2") == 1
    assert label.count("the white cowboy of greedy bot 2") == 1
    h1 = re.search(r'aria-label="(H1 [^"]*)"', markup)
    assert h1 is not None and "a cowboy of greedy bot 3" in h1.group(1)


def test_owners_markers_have_a_shape_per_colour_and_a_letter_per_player() -> None:
    svg = art(drawn(scene(False)))
    markers = re.findall(
        r'<g class="marker c-(\w+)[^"]*"[^>]*><path d="([^"]+)"/><text[^>]*>([^<]+)<', svg
    )
    assert sorted(markers) == sorted(
        [("red", MARKER_SHAPES["red"], "A"), ("blue", MARKER_SHAPES["blue"], "G2"),
         ("green", MARKER_SHAPES["green"], "G3")]
    )  # fmt: skip
    assert len(set(MARKER_SHAPES.values())) == len(MARKER_SHAPES)  # not the colour alone
    alike = [Seat(0, "bob", "red"), Seat(1, "Bea", "blue"), Seat(2, "carl", "green")]
    assert owner_letters(alike) == {0: "BB", 1: "BA", 2: "C"}
    assert owner_letters(SEATS) == {0: "A", 1: "G2", 2: "G3"}


def test_each_space_of_the_track_has_its_picture_and_its_cowboys() -> None:
    g = scene(False)
    names = Names("en", lambda text: text)
    rows = track(names, g.view(0), Targets(), SEATS, 0)
    template = environment().from_string(
        '{% include "boardgame_figures.html" %}'
        '{% from "boardgame_macros.html" import track with context %}{{ track(board, "-") }}'
    )
    board = {"id": "g", "seq": 1, "track": rows, "track_form": False}
    markup = template.render(board=board, _=lambda text: text)
    symbols = set(re.findall(r'<symbol id="sp-([a-z]+)"', markup))
    for icon, badge in SPACE_ART.values():
        assert icon in symbols and (not badge or badge in symbols)
    spaces = re.findall(r'data-space="(\w+)">(.*?)</(?:div|button)>\s*(?=<|$)', markup, re.S)
    wages = next(inside for space, inside in spaces if space == "wages")
    assert '<use href="#sp-coins"/>' in wages
    slot = wages[wages.index('class="slot"') :]
    assert re.findall(r'aria-label="([^"]+)"', slot) == [
        "a cowboy of greedy bot 2",
        "a cowboy of greedy bot 3",
    ]


def test_each_players_card_is_headed_by_the_marker_the_map_shows(client: TestClient) -> None:
    """The seat's marker (shape, colour, letter) beside its name ties the map's markers to
    the players on any screen, the phone's too (where the map's key is folded away)."""
    assert post_account_form(client, "/register", "alice").status_code == 303
    headers = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    body = {"game": "board", "seats": ["human", "random", "random"]}
    game_id = client.post("/api/games", headers=headers, json=body).json()["id"]
    page = client.get(f"/games/{game_id}").text
    head = r'<h4><svg class="owner-chip".*?<g class="marker c-(\w+)[^>]*><path d="([^"]+)"/>'
    heads = re.findall(head + r"<text[^>]*>(\w+)</text>.*?</svg> ([^<(]+)", page, re.S)
    seen = [
        (c, d == MARKER_SHAPES[c], name.strip()[0].upper() == mark[0]) for c, d, mark, name in heads
    ]
    assert sorted(seen) == sorted((colour, True, True) for colour in ("red", "blue", "green"))
