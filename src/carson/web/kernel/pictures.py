"""Pictograms a game draws on its pages: each one a square tile of one colour with a shape
on it, drawn from SVG paths. The game owns its drawings (data); the platform turns them
into one SVG sprite per page and a ``<use>`` per picture (``pictures.html``), each with its
``<title>`` for screen readers."""

from __future__ import annotations

from dataclasses import dataclass

#: Okabe & Ito's palette, told apart with every common colour vision deficiency.
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
BLACK = "#000000"
WHITE = "#FFFFFF"
GREY = "#999999"
LIGHT = "#E4E4E4"


#: Paths on the 24×24 grid that several games draw with (a house, a tower, peaks …).
HOUSE = "M12 4 20 11h-2v9H6v-9H4Z"
DOOR = "M10.5 14h3v6h-3Z"
TOWER = "M6 3h12v18H6Z"
WINDOWS = "M8 5h3v3H8ZM13 5h3v3h-3ZM8 10h3v3H8ZM13 10h3v3h-3ZM10.5 16h3v5h-3Z"
PEAKS = "M2 20 9 7l4 6 3-4 6 11Z"
SNOW = "M9 7l2 3.7-1.2-.7-1.3 1-.9-1.4Z"
TUNNEL = "M4 21v-9a8 8 0 0 1 16 0v9h-4v-8a4 4 0 0 0-8 0v8Z"
FENCE = "M4 7h2v13H4ZM11 7h2v13h-2ZM18 7h2v13h-2ZM3 10h18v2H3ZM3 15h18v2H3Z"
CROSS = "M9.5 4h5v5.5H20v5h-5.5V20h-5v-5.5H4v-5h5.5Z"
COIN = "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Z"
MUG = "M5 8h10v12H5ZM15 10h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2h-3v-2h3v-3h-3ZM4 5h12v3H4Z"
CHAPEL = "M11 2h2v3h2v2h-2v3l6 4v8H5v-8l6-4V7H9V5h2Z"
ARCH = "M10 22v-4a2 2 0 0 1 4 0v4Z"
BARS = "M5 3h2v18H5ZM10 3h2v18h-2ZM15 3h2v18h-2ZM3 3h18v2H3ZM3 19h18v2H3Z"


@dataclass(frozen=True)
class Shape:
    """One path of a picture on the 24×24 grid (``text``: one character drawn instead)."""

    d: str
    fill: str
    text: str = ""


@dataclass(frozen=True)
class Picture:
    """A pictogram: its id in the page's sprite, the tile's colour and the shapes on it."""

    id: str
    ground: str
    shapes: tuple[Shape, ...]
