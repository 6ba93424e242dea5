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
