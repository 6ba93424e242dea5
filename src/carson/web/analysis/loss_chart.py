"""The analysis page's chart: one bar per decision, as tall as the points it lost against
the machine's best, coloured by its verdict (SVG drawn on the server, as
:mod:`carson.web.ratings.charts`). Every text is escaped here; the chart has a title and a
description for screen readers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 480, 140
_LEFT, _RIGHT, _TOP, _BOTTOM = 34, 8, 10, 18
#: The scale's top is at least this many points (a game of small losses keeps small bars).
LEAST_TOP = 6.0


@dataclass(frozen=True, slots=True)
class LossBar:
    """One decision: the points it lost (0 for the best move) and its verdict."""

    loss: float
    verdict: str


def loss_chart(bars: Sequence[LossBar], title: str, description: str) -> str:
    """The bars left to right in the game's order; the scale's top on the left."""
    top = max([LEAST_TOP, *(bar.loss for bar in bars)])
    width = WIDTH - _LEFT - _RIGHT
    height = HEIGHT - _TOP - _BOTTOM
    step = width / max(len(bars), 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart loss-chart" role="img" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'aria-labelledby="loss-title loss-desc">',
        f'<title id="loss-title">{escape(title)}</title>',
        f'<desc id="loss-desc">{escape(description)}</desc>',
        f'<line class="axis" x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{_TOP + height}"/>',
        f'<line class="axis" x1="{_LEFT}" y1="{_TOP + height}" x2="{WIDTH - _RIGHT}" '
        f'y2="{_TOP + height}"/>',
        f'<text x="{_LEFT - 4}" y="{_TOP + 4}" text-anchor="end">{top:.0f}</text>',
        f'<text x="{_LEFT - 4}" y="{_TOP + height}" text-anchor="end">0</text>',
    ]
    for index, bar in enumerate(bars):
        tall = height * max(bar.loss, 0.0) / top
        x = _LEFT + index * step + step * 0.15
        parts.append(
            f'<rect class="bar {escape(bar.verdict)}" x="{x:.1f}" y="{_TOP + height - tall:.1f}" '
            f'width="{step * 0.7:.1f}" height="{tall:.1f}"/>'
        )
    parts.append("</svg>")
    return "".join(parts)
