"""The card game's parcels as pictograms: one shape per parcel (a house, two houses, a tall
hotel, peaks, a mine's entrance, a fence …), on a tile of Okabe & Ito's colour-blind-safe
palette, so that a parcel is told by its shape first and its colour second."""

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

TWO_HOUSES = "M7 6l5 4.5h-1V20H3v-9.5H2ZM17 6l5 4.5h-1V20h-8v-9.5h-1Z"
ANVIL = "M3 8h13c0 3 2 4 5 4v1h-5l-2 3h2v3H6v-3h2l-2-4H3Z"
CRATE = "M4 8l8-4 8 4v10l-8 4-8-4Z"
CRATE_LINES = "M4 8l8 4 8-4v1.6l-7.2 3.6V22h-1.6v-8.8L4 9.6Z"
HALL = "M3 9l9-6 9 6ZM5 10h2v8H5ZM9 10h2v8H9ZM13 10h2v8h-2ZM17 10h2v8h-2ZM3 19h18v2H3Z"
MASK = "M2 9c3-2 6-2 10 0 4-2 7-2 10 0v3c-2 3-6 3-9 1h-2c-3 2-7 2-9-1Z"
EYES = "M5.5 10.5h3.5v1.7H5.5ZM15 10.5h3.5v1.7H15Z"
GRASS = "M5 19l1.5-5 1.5 5ZM10.5 19l1.5-6 1.5 6ZM16 19l1.5-5 1.5 5Z"

#: Every parcel of the card game (ids as ``Parcel.id``), in the catalog's order.
PARCEL_PICTURES: tuple[Picture, ...] = (
    Picture("empty", "#EEF3E0", (Shape(GRASS, GREEN),)),
    Picture("house", SKY_BLUE, (Shape(HOUSE, BLACK), Shape(DOOR, SKY_BLUE))),
    Picture("townhouse", BLUE, (Shape(TWO_HOUSES, WHITE),)),
    Picture("hotel", YELLOW, (Shape(TOWER, BLACK), Shape(WINDOWS, YELLOW))),
    Picture("mountain", LIGHT, (Shape(PEAKS, BLACK), Shape(SNOW, WHITE))),
    Picture("mine", GREY, (Shape(TUNNEL, BLACK),)),
    Picture("ranch", GREEN, (Shape(FENCE, WHITE),)),
    Picture("blacksmith", VERMILLION, (Shape(ANVIL, BLACK),)),
    Picture("drugstore", PURPLE, (Shape(CROSS, WHITE),)),
    Picture("bank", ORANGE, (Shape(COIN, BLACK), Shape("", ORANGE, "$"))),
    Picture("saloon", VERMILLION, (Shape(MUG, WHITE),)),
    Picture("general_store", WHITE, (Shape(CRATE, BLUE), Shape(CRATE_LINES, WHITE))),
    Picture("church", WHITE, (Shape(CHAPEL, BLACK), Shape(ARCH, WHITE))),
    Picture("prison", BLACK, (Shape(BARS, WHITE),)),
    Picture("city_hall", PURPLE, (Shape(HALL, BLACK),)),
    Picture("outlaws", YELLOW, (Shape(MASK, BLACK), Shape(EYES, YELLOW))),
)
