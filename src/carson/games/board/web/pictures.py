"""The board game's tiles as pictograms: one shape per building (a house, a tall hotel,
peaks, a mine's entrance, a fence …), on a tile of Okabe & Ito's colour-blind-safe palette,
so that a tile is told by its shape first and its colour second."""

from __future__ import annotations

from carson.web.kernel.pictures import (
    ARCH,
    BARS,
    BLACK,
    BLUE,
    CHAPEL,
    COIN,
    CROSS,
    DOOR,
    FENCE,
    GREEN,
    GREY,
    HOUSE,
    LIGHT,
    MUG,
    ORANGE,
    PEAKS,
    PURPLE,
    SKY_BLUE,
    SNOW,
    TOWER,
    TUNNEL,
    VERMILLION,
    WHITE,
    WINDOWS,
    YELLOW,
    Picture,
    Shape,
)

WAVE = "c2.5-2 5-2 7.5 0s5 2 7.5 0 3.5-1.5 5-1v2.5c-1.5-.5-2.5 0-5 1.5s-5 2-7.5 0-5-2-7.5 0Z"
WAVES = f"M2 8{WAVE}M2 15{WAVE}"

#: Every tile of the town (ids as the town's), and the river.
TILE_PICTURES: tuple[Picture, ...] = (
    Picture("house", SKY_BLUE, (Shape(HOUSE, BLACK), Shape(DOOR, SKY_BLUE))),
    Picture("mountain", LIGHT, (Shape(PEAKS, BLACK), Shape(SNOW, WHITE))),
    Picture("ranch", GREEN, (Shape(FENCE, WHITE),)),
    Picture("mine", GREY, (Shape(TUNNEL, BLACK),)),
    Picture("drugstore", PURPLE, (Shape(CROSS, WHITE),)),
    Picture("bank", ORANGE, (Shape(COIN, BLACK), Shape("", ORANGE, "$"))),
    Picture("saloon", VERMILLION, (Shape(MUG, WHITE),)),
    Picture("hotel", YELLOW, (Shape(TOWER, BLACK), Shape(WINDOWS, YELLOW))),
    Picture("church", WHITE, (Shape(CHAPEL, BLACK), Shape(ARCH, WHITE))),
    Picture("prison", BLACK, (Shape(BARS, WHITE),)),
    Picture("river", BLUE, (Shape(WAVES, WHITE),)),
)
