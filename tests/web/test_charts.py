"""The rating chart (issue 23): valid SVG, escaped texts, points in the frame."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date

from carson.web.ratings.charts import HEIGHT, WIDTH, RatingPoint, rating_chart

SVG = "{http://www.w3.org/2000/svg}"


def test_chart_is_valid_svg_with_points_inside_the_frame() -> None:
    points = [RatingPoint(date(2026, 11, day), rating) for day, rating in
              [(1, 1500), (2, 1560), (5, 1480), (9, 1610)]]  # fmt: skip
    svg = ET.fromstring(rating_chart(points, "Rating", "4 games"))
    line = svg.find(f"{SVG}polyline")
    assert line is not None
    coords = [tuple(map(float, pair.split(","))) for pair in line.attrib["points"].split()]
    assert len(coords) == 4
    assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in coords)
    assert coords[3][1] < coords[0][1] < coords[2][1]  # higher rating, higher on the chart
    texts = [text.text for text in svg.iter(f"{SVG}text")]
    assert texts == ["1610", "1480", "2026-11-01", "2026-11-09"]


def test_one_point_and_no_points() -> None:
    one = ET.fromstring(rating_chart([RatingPoint(date(2026, 1, 1), 1500)], "t", "d"))
    assert one.find(f"{SVG}polyline") is None and one.find(f"{SVG}circle") is not None
    empty = ET.fromstring(rating_chart([], "t", "d"))
    assert empty.find(f"{SVG}circle") is None


def test_texts_are_escaped() -> None:
    svg = rating_chart([], "<script>alert(1)</script>", 'a "b" & c')
    assert "<script>" not in svg
    assert re.search(r"&lt;script&gt;", svg)
    assert ET.fromstring(svg).find(f"{SVG}desc").text == 'a "b" & c'  # type: ignore[union-attr]
