"""Small charts the server draws as SVG: a player's rating over their games.

No JavaScript: the page embeds the SVG as it is. Every text in it is escaped here, and the
chart has a title and a description for screen readers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 320, 120
_LEFT, _RIGHT, _TOP, _BOTTOM = 40, 8, 10, 22


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A rating after one game."""

    day: date
    rating: int


def rating_chart(points: Sequence[RatingPoint], title: str, description: str) -> str:
    """An SVG line of ``points`` (oldest first), its lowest and highest rating on the left
    and its first and last day below; one point draws as a dot."""
    ratings = [point.rating for point in points]
    low, high = (min(ratings), max(ratings)) if ratings else (0, 0)
    span = max(high - low, 1)
    width = WIDTH - _LEFT - _RIGHT
    height = HEIGHT - _TOP - _BOTTOM

    def xy(index: int, rating: int) -> str:
        x = _LEFT + (width * index / (len(points) - 1) if len(points) > 1 else width / 2)
        y = _TOP + height * (high - rating) / span
        return f"{x:.1f},{y:.1f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'aria-labelledby="chart-title chart-desc">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<desc id="chart-desc">{escape(description)}</desc>',
        f'<line class="axis" x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{_TOP + height}"/>',
        f'<line class="axis" x1="{_LEFT}" y1="{_TOP + height}" x2="{WIDTH - _RIGHT}" '
        f'y2="{_TOP + height}"/>',
    ]
    if points:
        parts += [
            f'<text x="{_LEFT - 4}" y="{_TOP + 4}" text-anchor="end">{high}</text>',
            f'<text x="{_LEFT - 4}" y="{_TOP + height}" text-anchor="end">{low}</text>',
            f'<text x="{_LEFT}" y="{HEIGHT - 6}">{points[0].day.isoformat()}</text>',
            f'<text x="{WIDTH - _RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
            f"{points[-1].day.isoformat()}</text>",
        ]
        line = " ".join(xy(index, point.rating) for index, point in enumerate(points))
        if len(points) > 1:
            parts.append(f'<polyline class="line" fill="none" points="{line}"/>')
        x, y = xy(len(points) - 1, points[-1].rating).split(",")
        parts.append(f'<circle class="last" cx="{x}" cy="{y}" r="3"/>')
    parts.append("</svg>")
    return "".join(parts)
