"""Pictograms a game draws on its pages: each one a square tile of one colour with a small
illustration on it (a house with its roof and chimney, peaks with snow, a mine's timbered
entrance …), drawn from SVG paths. The game owns its drawings (data); the platform turns them
into one SVG sprite per page and a ``<use>`` per picture (``pictures.html``), each with its
``<title>`` for screen readers. A picture without a ground colour is an emblem: its shapes
alone, on whatever the page puts behind them (a personality's medallion, an auction card)."""

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


#: Paths on the 24×24 grid that the drawings below share (a chapel and its door).
CHAPEL = "M11 2h2v3h2v2h-2v3l6 4v8H5v-8l6-4V7H9V5h2Z"
ARCH = "M10 22v-4a2 2 0 0 1 4 0v4Z"


@dataclass(frozen=True)
class Shape:
    """One path of a picture on the 24×24 grid (``text``: one character drawn instead, of
    ``size`` with its baseline at ``baseline``), outlined in ``stroke`` if one is given."""

    d: str
    fill: str
    text: str = ""
    stroke: str = ""
    width: float = 0.8
    size: float = 18
    baseline: float = 18.5


@dataclass(frozen=True)
class Picture:
    """A pictogram: its id in the page's sprite, the tile's colour and the shapes on it."""

    id: str
    ground: str  # "" for an emblem: no tile behind its shapes
    shapes: tuple[Shape, ...]


#: The drawings' own colours besides the palette: the outline's ink, wood, a house's wall and
#: roof, stone. A tile's ground stays the palette's: its colour, with its shape, names it.
INK = "#2B2118"
CREAM = "#F6E7C8"
ROOF = "#8B3A1E"
WOOD = "#B5773A"
STONE = "#6E6E6E"
DARK_STONE = "#4E4E4E"
AMBER = "#FFD45C"


def outlined(d: str, fill: str, width: float = 0.8) -> Shape:
    """A shape filled and outlined in ink (what makes a drawing read on any ground)."""
    return Shape(d, fill, stroke=INK, width=width)


#: The buildings and lands both games draw, as illustrations over the tile's ground.
HOUSE_ART = (
    outlined("M5.5 11h13v9.5h-13Z", CREAM),
    outlined("M3 11.8 12 4.2l9 7.6Z", ROOF),
    Shape("M15.6 5.2h2.2v3.8l-2.2-1.9Z", INK),
    Shape("M10.6 14.6h2.8v5.9h-2.8ZM7.2 13.2h2.2v2.2H7.2ZM14.6 13.2h2.2v2.2h-2.2Z", INK),
)
MOUNTAIN_ART = (
    outlined("M9 20.5 15.5 5.5l7 15Z", "#8C8C8C"),
    outlined("M1.5 20.5 8.5 7.5l7.5 13Z", "#5A5A5A"),
    Shape(
        "M8.5 7.5l2.1 3.9-1.2-.6-1 .9-1-.9-1.1.6ZM15.5 5.5l1.9 4.2-1.1-.6-.9.8-.9-.8-1 .5Z", WHITE
    ),
)
MINE_ART = (
    outlined("M1 21 7.5 9l3 2.5L15 5.5 23 21Z", STONE),
    outlined("M7.5 21v-7.5h9V21h-2v-5.5h-5V21Z", WOOD),
    outlined("M6.3 12.2h11.4v1.8H6.3Z", WOOD),
    Shape("M9.5 15.5h5V21h-5Z", INK),
)
RANCH_ART = (
    outlined("M2.5 10.5h19v2h-19ZM2.5 15h19v2h-19Z", CREAM, 0.7),
    outlined(
        "M4 20.5V8l1.1-1.5L6.2 8v12.5ZM10.9 20.5V8"
        "L12 6.5 13.1 8v12.5ZM17.8 20.5V8l1.1-1.5L20 8v12.5Z",
        CREAM,
        0.7,
    ),
    Shape(
        "M2 22l1-2.5 1 2.5ZM7.5 22l1-2.5 1 2.5ZM14.5 22l1-2.5 1 2.5ZM20 22l1-2.5 1 2.5Z", "#005C43"
    ),
)
DRUGSTORE_ART = (
    outlined(
        "M9.5 4h5v2.2c2.2 1 3.5 2.6 3.5 4.8v9.5a1 1 0 0 1-1 1"
        "H7a1 1 0 0 1-1-1V11c0-2.2 1.3-3.8 3.5-4.8Z",
        WHITE,
        0.9,
    ),
    Shape("M9 2h6v2.6H9Z", INK),
    Shape("M11 11h2v2.3h2.3v2H13v2.3h-2v-2.3H8.7v-2H11Z", VERMILLION),
)
BANK_ART = (
    outlined(
        "M9 3.5h6l-1.6 3.2c3.8 1.6 6.6 5.3 6.6 9.2 0 3.3-2.6 5.1-8 5.1"
        "s-8-1.8-8-5.1c0-3.9 2.8-7.6 6.6-9.2Z",
        CREAM,
        0.9,
    ),
    Shape("M9.3 6.2h5.4v1.4H9.3Z", INK),
    Shape("", INK, "$", size=10, baseline=18.6),
)
SALOON_ART = (
    outlined("M15 10.5h2.5a2 2 0 0 1 2 2v3.5a2 2 0 0 1-2 2H15v-2h2.5v-3.5H15Z", WHITE, 0.7),
    outlined("M5 8h10v12a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1Z", AMBER, 0.9),
    Shape("M7.5 11h1.2v7H7.5ZM11.3 11h1.2v7h-1.2Z", "#C98A00"),
    outlined(
        "M4.2 8.5c0-2 1.4-3.3 3-3 .6-1.4 2.4-1.8 3.6-.9 1.2-.9 3.3-.5 3.8 1 1.3-.1 2.2 1 2 2.9Z",
        WHITE,
        0.8,
    ),
)
HOTEL_ART = (
    outlined("M5 5.5h5l1-1.5h2l1 1.5h5v15H5Z", WOOD, 0.9),
    outlined("M6.5 7h11v2.2h-11Z", CREAM, 0.5),
    Shape(
        "M7 11h2.5v2.5H7ZM10.75 11h2.5v2.5h-2.5ZM14.5 11h2.5v2.5h-2.5Z"
        "M5 14.6h14v1H5ZM10.5 16.5h3v4h-3ZM7 17h2.5v2H7ZM14.5 17h2.5v2h-2.5Z",
        INK,
    ),
)
CHURCH_ART = (
    Shape(CHAPEL, INK),
    Shape(ARCH, WHITE),
    Shape("M12 11.9a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4Z", WHITE),
)
PRISON_ART = (
    outlined("M3 5h18v15H3Z", DARK_STONE, 0.6),
    Shape("M3 9.5h5v1H3ZM16 9.5h5v1h-5ZM3 14.5h5v1H3ZM16 14.5h5v1h-5Z", "#3A3A3A"),
    Shape("M7 5h10v15H7Z", INK),
    Shape(
        "M8.2 5h1.6v15H8.2ZM11.2 5h1.6v15h-1.6ZM14.2 5h1.6v15h-1.6ZM7 5h10v1.6H7ZM7 18.4h10V20H7Z",
        WHITE,
    ),
)
