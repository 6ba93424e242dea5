"""The card game's parcels as pictograms: one shape per parcel (a house, two houses, a tall
hotel, peaks, a mine's entrance, a fence …), on a tile of Okabe & Ito's colour-blind-safe
palette, so that a parcel is told by its shape first and its colour second."""

from __future__ import annotations

from carson.web.pictures import (
    BLACK,
    BLUE,
    GREEN,
    GREY,
    LIGHT,
    ORANGE,
    PURPLE,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    Picture,
    Shape,
)

HOUSE = "M12 4 20 11h-2v9H6v-9H4Z"
DOOR = "M10.5 14h3v6h-3Z"
TWO_HOUSES = "M7 6l5 4.5h-1V20H3v-9.5H2ZM17 6l5 4.5h-1V20h-8v-9.5h-1Z"
TOWER = "M6 3h12v18H6Z"
WINDOWS = "M8 5h3v3H8ZM13 5h3v3h-3ZM8 10h3v3H8ZM13 10h3v3h-3ZM10.5 16h3v5h-3Z"
PEAKS = "M2 20 9 7l4 6 3-4 6 11Z"
SNOW = "M9 7l2 3.7-1.2-.7-1.3 1-.9-1.4Z"
TUNNEL = "M4 21v-9a8 8 0 0 1 16 0v9h-4v-8a4 4 0 0 0-8 0v8Z"
FENCE = "M4 7h2v13H4ZM11 7h2v13h-2ZM18 7h2v13h-2ZM3 10h18v2H3ZM3 15h18v2H3Z"
ANVIL = "M3 8h13c0 3 2 4 5 4v1h-5l-2 3h2v3H6v-3h2l-2-4H3Z"
CROSS = "M9.5 4h5v5.5H20v5h-5.5V20h-5v-5.5H4v-5h5.5Z"
COIN = "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Z"
MUG = "M5 8h10v12H5ZM15 10h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2h-3v-2h3v-3h-3ZM4 5h12v3H4Z"
CRATE = "M4 8l8-4 8 4v10l-8 4-8-4Z"
CRATE_LINES = "M4 8l8 4 8-4v1.6l-7.2 3.6V22h-1.6v-8.8L4 9.6Z"
CHAPEL = "M11 2h2v3h2v2h-2v3l6 4v8H5v-8l6-4V7H9V5h2Z"
ARCH = "M10 22v-4a2 2 0 0 1 4 0v4Z"
BARS = "M5 3h2v18H5ZM10 3h2v18h-2ZM15 3h2v18h-2ZM3 3h18v2H3ZM3 19h18v2H3Z"
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
