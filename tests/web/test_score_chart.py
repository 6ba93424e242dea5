"""The scores after each round (issue 25): the history from a replayed record, the SVG, and
the chart with its table on both games' pages once the game is over."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form
from test_board_pages import HTMX, after_machines, create, sign_up
from test_card_log import finished_game

from carson.app import create_app
from carson.core.match import play_match
from carson.core.record import GameRecord
from carson.core.registry import games
from carson.games.board.web.chart import board_chart
from carson.games.card.web.chart import card_chart
from carson.web.play.score_chart import HEIGHT, WIDTH, ScoreHistory, score_chart

SVG = "{http://www.w3.org/2000/svg}"


def _played(game: str, seats: list[str]) -> tuple[GameRecord, tuple[int, ...]]:
    match = play_match(games()[game], seats, 5)
    result = match.state.result()
    assert result is not None
    return GameRecord.of(game, match.config, match.seed, match.state), result.scores


def test_the_card_games_history_has_every_round_and_ends_with_the_result() -> None:
    record, scores = _played("card", ["greedy", "greedy", "beginner", "expert"])
    names = ["greedy bot", "greedy bot", "beginner", "expert"]
    chart = card_chart(record, names, ["hat", "star", "cactus", "gun"], lambda text: text)
    assert chart is not None and chart.rounds == tuple(range(19))
    assert chart.names == ("greedy bot (hat)", "greedy bot (star)", "beginner", "expert")
    assert tuple(row[0] for row in chart.rows) == (0, 0, 0, 0)
    assert tuple(row[-1] for row in chart.rows) == scores
    assert all(len(set(row)) > 2 for row in chart.rows)  # the scores moved during the game
    assert card_chart(None, names, ["hat"] * 4, lambda text: text) is None


def test_the_board_games_history_has_its_four_rounds_and_the_final_count() -> None:
    record, scores = _played("board", ["random"] * 3)
    chart = board_chart(record, ["a", "b", "c"], lambda text: text)
    assert chart is not None and chart.rounds == (0, 1, 2, 3, 4)
    assert tuple(row[-1] for row in chart.rows) == scores
    early = GameRecord(record.game, record.config, record.seed, record.actions[:3])
    assert board_chart(early, ["a", "b", "c"], lambda text: text) is None  # no round ended


def test_the_chart_is_valid_svg_with_one_line_per_player_inside_the_frame() -> None:
    history = ScoreHistory((0, 1, 2, 3), ((0, 0), (5, 2), (9, 12), (20, 14)))
    svg = ET.fromstring(score_chart(["alice", "<bob>"], history, "Scores", "3 rounds"))
    lines = svg.findall(f"{SVG}polyline")
    assert len(lines) == 2
    for line in lines:
        coords = [tuple(map(float, p.split(","))) for p in line.attrib["points"].split()]
        assert len(coords) == 4
        assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in coords)
        assert coords[-1][1] < coords[0][1]  # more points, higher up
    assert lines[0].attrib.get("stroke-dasharray") != lines[1].attrib.get("stroke-dasharray")
    assert [t.text for t in svg.iter(f"{SVG}title")] == ["Scores", "alice", "<bob>"]
    texts = [text.text for text in svg.iter(f"{SVG}text")]
    assert texts == ["20", "0", "0", "3"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def chart_table(page: str) -> list[list[str]]:
    """The rows of the chart's table for screen readers, as their cells' texts."""
    table = page[page.index('id="score-chart-table"') :]
    table = table[: table.index("</table>")]
    return [re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for row in table.split("<tr>")[1:]]


def test_a_finished_card_game_shows_the_chart_and_its_numbers(client: TestClient) -> None:
    game_id = finished_game(client)
    page = client.get(f"/games/{game_id}").text
    assert 'id="score-chart"' in page and "Scores after each round" in page
    rows = chart_table(page)
    assert rows[0][:2] == ["Round", "alice"] and len(rows[0]) == 5
    assert [row[0] for row in rows[1:]] == ["start", *map(str, range(1, 19))]
    totals = client.get(f"/api/games/{game_id}").json()["view"]["result"]["scores"]
    assert [int(cell) for cell in rows[-1][1:]] == totals
    client.cookies.set("lang", "de")
    german = client.get(f"/games/{game_id}").text
    assert "Punkte nach jeder Runde" in german and "Runde" in german


def test_a_game_in_progress_has_no_chart(client: TestClient) -> None:
    post_account_form(client, "/register", "bob")
    headers = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    seats = ["human", "expert", "advanced", "beginner"]
    game_id = client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"]
    assert 'id="score-chart"' not in client.get(f"/games/{game_id}").text


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_finished_board_game_shows_its_vp_after_each_of_its_four_rounds(
    client: TestClient,
) -> None:
    csrf = sign_up(client, "carol")
    game = create(client, csrf, ["human", "greedy", "random"], [], seed=4)
    rng = random.Random(3)
    for _ in range(400):
        view = after_machines(client, game)
        if view["status"] == "over":
            break
        action = rng.choice(view["legal_actions"])
        data = {"csrf": csrf, "seq": str(view["seq"]), "action": json.dumps(action)}
        client.post(game + "/act", data=data, headers=HTMX)
    assert view["status"] == "over"
    page = client.get(game).text
    rows = chart_table(page)
    assert rows[0][:2] == ["Round", "carol"] and len(rows[0]) == 4
    assert [row[0] for row in rows[1:]] == ["start", "1", "2", "3", "4"]
    assert [int(cell) for cell in rows[-1][1:]] == view["view"]["result"]["scores"]
    figure = page.index('id="score-chart"')
    svg = page[page.index("<svg", figure) : page.index("</svg>", figure) + 6]
    assert len(ET.fromstring(svg).findall(f"{SVG}polyline")) == 3
