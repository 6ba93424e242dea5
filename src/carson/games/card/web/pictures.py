"""The card game's drawings. Parcels as pictograms: one illustration per parcel (a house with
its chimney, two houses, a hotel's false front, peaks, a mine's timbered entrance, a fenced
pasture …) on a tile of Okabe & Ito's colour-blind-safe palette, so that a parcel is told by
its shape first and its colour second. Emblems: one per personality (a sheriff's star, a
lawyer's scales …) for its card's medallion, and one per suit (CG-1.1) for the auction cards."""

from __future__ import annotations

from carson.games.card.web.emblems import PERSONALITY_EMBLEMS, SUIT_EMBLEMS
from carson.web.kernel.pictures import (
    BANK_ART,
    BLACK,
    BLUE,
    CHURCH_ART,
    CREAM,
    DRUGSTORE_ART,
    GREEN,
    GREY,
    HOTEL_ART,
    HOUSE_ART,
    INK,
    LIGHT,
    MINE_ART,
    MOUNTAIN_ART,
    ORANGE,
    PRISON_ART,
    PURPLE,
    RANCH_ART,
    ROOF,
    SALOON_ART,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    Picture,
    Shape,
    outlined,
)

TOWNHOUSE_ART = (
    outlined("M2.5 11h8.5v9.5H2.5ZM13 11h8.5v9.5H13Z", CREAM),
    outlined("M1.5 11.5 6.75 6 12 11.5ZM12 11.5 17.25 6l5.25 5.5Z", ROOF),
    Shape("M5.6 15h2.3v5.5H5.6ZM16.1 15h2.3v5.5h-2.3Z", INK),
)
BLACKSMITH_ART = (
    Shape("M3 9h13c0 3 2 4 5 4v1h-5l-2 3h2v3H6v-3h2l-2-4H3Z", INK),
    outlined(
        "M18 2.5l.7 1.9 1.9-.7-1.1 1.7 1.7 1.1-2 .2.2 2-1.4-1.4-1.4 1.4.2-2-2-.2 1.7-1.1"
        "-1.1-1.7 1.9.7Z",
        YELLOW,
        0.5,
    ),
)
GENERAL_STORE_ART = (
    outlined("M4 8l8-4 8 4v10l-8 4-8-4Z", BLUE),
    Shape("M4.4 8.2 12 4.4l7.6 3.8L12 12Z", SKY_BLUE),
    Shape("M12 12l7.6-3.8v9.6L12 21.6Z", "#004F7C"),
    Shape("M4 12.4l8 4v1l-8-4ZM12 16.4l8-4v1l-8 4Z", WHITE),
)
CITY_HALL_ART = (
    Shape("M3 9l9-6 9 6ZM5 10h2v8H5ZM9 10h2v8H9ZM13 10h2v8h-2ZM17 10h2v8h-2ZM3 19h18v2H3Z", INK),
    outlined("M11.6.4h.8v3h-.8ZM12.4.6h3.4l-.9.9.9.9h-3.4Z", WHITE, 0.4),
)
OUTLAWS_ART = (
    Shape(
        "M5 7.5c0-3 2-5 3.5-5 1.2 0 2 .8 3.5.8s2.3-.8 3.5-.8c1.5 0 3.5 2 3.5 5 1.8 0 3 .3 3 .8 "
        "0 .8-4.5 1.4-10 1.4S2 9.1 2 8.3c0-.5 1.2-.8 3-.8Z",
        INK,
    ),
    Shape("M2 13c3-2 6-2 10 0 4-2 7-2 10 0v3c-2 3-6 3-9 1h-2c-3 2-7 2-9-1Z", INK),
    Shape("M5.5 14.5h3.5v1.7H5.5ZM15 14.5h3.5v1.7H15Z", YELLOW),
)
EMPTY_ART = (
    Shape("M5 19l1.5-5 1.5 5ZM10.5 19l1.5-6 1.5 6ZM16 19l1.5-5 1.5 5Z", GREEN),
    Shape("M2.5 9.5l1-3 1 3ZM8 7.5l1-3 1 3ZM18.5 9l1-3 1 3Z", "#7DB88E"),
)

#: Every parcel of the card game (ids as ``Parcel.id``), in the catalog's order.
PARCEL_PICTURES: tuple[Picture, ...] = (
    Picture("empty", "#EEF3E0", EMPTY_ART),
    Picture("house", SKY_BLUE, HOUSE_ART),
    Picture("townhouse", BLUE, TOWNHOUSE_ART),
    Picture("hotel", YELLOW, HOTEL_ART),
    Picture("mountain", LIGHT, MOUNTAIN_ART),
    Picture("mine", GREY, MINE_ART),
    Picture("ranch", GREEN, RANCH_ART),
    Picture("blacksmith", VERMILLION, BLACKSMITH_ART),
    Picture("drugstore", PURPLE, DRUGSTORE_ART),
    Picture("bank", ORANGE, BANK_ART),
    Picture("saloon", VERMILLION, SALOON_ART),
    Picture("general_store", WHITE, GENERAL_STORE_ART),
    Picture("church", WHITE, CHURCH_ART),
    Picture("prison", BLACK, PRISON_ART),
    Picture("city_hall", PURPLE, CITY_HALL_ART),
    Picture("outlaws", YELLOW, OUTLAWS_ART),
)

#: What a game page's sprite holds: the parcels, then the personalities' and suits' emblems.
CARD_PICTURES: tuple[Picture, ...] = PARCEL_PICTURES + PERSONALITY_EMBLEMS + SUIT_EMBLEMS

__all__ = ["CARD_PICTURES", "PARCEL_PICTURES", "PERSONALITY_EMBLEMS", "SUIT_EMBLEMS"]
