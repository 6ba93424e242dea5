"""The board game's tiles as pictograms: one illustration per building (a house with its
chimney, a hotel's false front, peaks, a mine's timbered entrance, a fenced pasture …), on a
tile of Okabe & Ito's colour-blind-safe palette, so that a tile is told by its shape first and
its colour second. The card game draws the same buildings the same way."""

from __future__ import annotations

from carson.web.kernel.pictures import (
    BANK_ART,
    BLACK,
    BLUE,
    CHURCH_ART,
    DRUGSTORE_ART,
    GREEN,
    GREY,
    HOTEL_ART,
    HOUSE_ART,
    LIGHT,
    MINE_ART,
    MOUNTAIN_ART,
    ORANGE,
    PRISON_ART,
    PURPLE,
    RANCH_ART,
    SALOON_ART,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    Picture,
    Shape,
)

WAVE = "c2.5-2 5-2 7.5 0s5 2 7.5 0 3.5-1.5 5-1v2.5c-1.5-.5-2.5 0-5 1.5s-5 2-7.5 0-5-2-7.5 0Z"
WAVES = f"M2 8{WAVE}M2 15{WAVE}"

#: Every tile of the town (ids as the town's), and the river.
TILE_PICTURES: tuple[Picture, ...] = (
    Picture("house", SKY_BLUE, HOUSE_ART),
    Picture("mountain", LIGHT, MOUNTAIN_ART),
    Picture("ranch", GREEN, RANCH_ART),
    Picture("mine", GREY, MINE_ART),
    Picture("drugstore", PURPLE, DRUGSTORE_ART),
    Picture("bank", ORANGE, BANK_ART),
    Picture("saloon", VERMILLION, SALOON_ART),
    Picture("hotel", YELLOW, HOTEL_ART),
    Picture("church", WHITE, CHURCH_ART),
    Picture("prison", BLACK, PRISON_ART),
    Picture("river", BLUE, (Shape(WAVES, WHITE),)),
)
