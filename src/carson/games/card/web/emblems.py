"""The card game's emblems (pictures without a tile, :mod:`carson.web.kernel.pictures`): one
per personality (CG-1.7), drawn on its card's medallion, and one per suit (CG-1.1), drawn on
the auction cards and beside a seat's name. Each is one ink silhouette, with its openings in
the medallion's paper colour (``.medallion`` in carson.css)."""

from __future__ import annotations

from carson.web.kernel.pictures import INK, Picture, Shape

#: The medallion's paper (carson.css draws it behind every emblem): an emblem's openings.
PAPER = "#FBF3E1"


def _emblem(kind: str, id: str, d: str, openings: str = "") -> Picture:
    shapes = (Shape(d, INK),) + ((Shape(openings, PAPER),) if openings else ())
    return Picture(f"{kind}-{id}", "", shapes)


_COWBOY_HAT = (
    "M2 14.5c2 1.8 5.5 2.7 10 2.7s8-.9 10-2.7c-.5 2.8-4.5 4.5-10 4.5S2.5 17.3 2 14.5Z"
    "M6.5 15c0-4 .8-8.5 3-8.5 1 0 1.5.8 2.5.8s1.5-.8 2.5-.8c2.2 0 3 4.5 3 8.5"
    "-1.5.6-3.3.9-5.5.9s-4-.3-5.5-.9Z"
)

#: Every personality's emblem (ids ``person-<personality id>``), in the catalog's order.
PERSONALITY_EMBLEMS: tuple[Picture, ...] = tuple(
    _emblem("person", *drawing)
    for drawing in (
        (  # a revolver
            "gunsmith",
            "M2 7.5h16.5V6.5h2v1.5l1.5.5v3.5h-6.5c-.4 1.5-1.6 2.2-3 2.2l1.8 6.3h-4.4"
            "L9 13.5H7.3V11H2Z",
            "M4 8.6h9.5v1.2H4Z",
        ),
        (  # the scales
            "lawyer",
            "M11.2 3h1.6v2h5.2l-.2 1.2 3.2 7.3h-1.5L17.6 7.6l-2.9 5.9h-1.5l3-6.3h-3.4V19"
            "h3.2v2H8v-2h3.2V7.2H7.8l3 6.3H9.3L6.4 7.6 3.7 13.5H2.2l3.2-7.3L5.2 5h6Z"
            "M2 13.5h5.7a2.85 2.85 0 0 1-5.7 0ZM16.3 13.5H22a2.85 2.85 0 0 1-5.7 0Z",
        ),
        (  # a stack of coins
            "banker",
            "M12 3c4 0 7 1.2 7 2.7s-3 2.8-7 2.8-7-1.2-7-2.8S8 3 12 3Z"
            "M5 7.7c0 1.6 3 2.8 7 2.8s7-1.2 7-2.8v2.5c0 1.6-3 2.8-7 2.8s-7-1.2-7-2.8Z"
            "M5 12.2c0 1.6 3 2.8 7 2.8s7-1.2 7-2.8v2.5c0 1.6-3 2.8-7 2.8s-7-1.2-7-2.8Z"
            "M5 16.7c0 1.6 3 2.8 7 2.8s7-1.2 7-2.8v2.5c0 1.6-3 2.8-7 2.8s-7-1.2-7-2.8Z",
        ),
        (  # an officer's star and chevrons
            "captain",
            "M12 1.5l1.5 3 3.3.5-2.4 2.3.6 3.3L12 9l-3 1.6.6-3.3-2.4-2.3 3.3-.5Z"
            "M4 11.5l8 4 8-4v3l-8 4-8-4ZM4 16.5l8 4 8-4v3l-8 4-8-4Z",
        ),
        (  # two notes
            "singer",
            "M9 4.5 20 2v13.3a3 3 0 1 1-2-2.8V6.4L11 8v10.2a3 3 0 1 1-2-2.8Z",
        ),
        (  # a covered wagon
            "settler",
            "M4 13c0-5 1.5-8 3-8h10c1.5 0 3 3 3 8ZM2.5 13h19v2.5h-19Z"
            "M7 15.5a3 3 0 1 1 0 6 3 3 0 0 1 0-6ZM17 15.5a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z",
            "M8.6 6.5h1.2V12H8.6ZM14.2 6.5h1.2V12h-1.2ZM7 17.6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"
            "M17 17.6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z",
        ),
        (  # a gavel and its block
            "auctioneer",
            "M10.8 2.4 13.6 5.2 7.2 11.6 4.4 8.8ZM10.6 7.4 21.1 17.9 19.9 19.1 9.4 8.6Z"
            "M3 19h9v2.5H3Z",
        ),
        ("cowboy", _COWBOY_HAT),  # his hat
        (  # an apple
            "grocer",
            "M12 7.5c1.5-1 3-1.3 4.5-1 3 .7 4.3 3.5 4 7-.4 4.5-3.5 8-6 8-1 0-1.5-.5-2.5-.5"
            "s-1.5.5-2.5.5c-2.5 0-5.6-3.5-6-8-.3-3.5 1-6.3 4-7 1.5-.3 3 0 4.5 1Z"
            "M11.4 7.2c0-2 .8-3.5 2-4.5l1 .8c-1 .8-1.8 2.2-1.8 3.7Z"
            "M13.6 4.6c1.5-1.8 3.8-2.2 5.5-1.5-1 1.8-3.3 2.5-5.5 1.5Z",
            "M8 11c.6-1 1.4-1.5 2.2-1.6l.3.9c-.7.2-1.2.6-1.6 1.2Z",
        ),
        (  # a coffin
            "undertaker",
            "M9 2h6l3.5 6-2.5 14H8L5.5 8Z",
            "M11.3 6.5h1.4v2.2h2v1.4h-2v4.4h-1.4v-4.4h-2V8.7h2Z",
        ),
        (  # a doctor's bag
            "doctor",
            "M8 6.5V5a1.5 1.5 0 0 1 1.5-1.5h5A1.5 1.5 0 0 1 16 5v1.5h-1.6V5.1H9.6v1.4Z"
            "M3 8.5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2V19a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z",
            "M11 10h2v2.5h2.5v2H13V17h-2v-2.5H8.5v-2H11Z",
        ),
        (  # a quill over a written line
            "editor",
            "M20.5 2.5c-6 1-11 5.5-13 12.5l-1 2 1.2.6 1-2c1.5.3 3 0 4.3-1l-1.8-.4 2.6-1.4"
            "c2.7-2.2 5.5-5.8 6.7-10.3ZM4 21.5l3-5.5 1 .5-3 5.5ZM11 20h10v1.2H11Z",
        ),
        (  # a medal on its ribbon
            "heroes",
            "M6.5 2h4.2L13 7.5H9ZM13.3 2h4.2L15 7.5h-4Z"
            "M12 8.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13Z",
            "M12 11l1.2 2.4 2.6.4-1.9 1.8.5 2.6-2.4-1.2-2.4 1.2.5-2.6-1.9-1.8 2.6-.4Z",
        ),
        (  # a top hat
            "governor",
            "M7 3.5h10l-.6 12H7.6ZM3 16.5c0-.8 4-1.5 9-1.5s9 .7 9 1.5c0 1.4-4 2.5-9 2.5"
            "s-9-1.1-9-2.5Z",
            "M7.3 12.3h9.4l-.1 1.8H7.4Z",
        ),
        (  # an open book
            "teacher",
            "M2 5.5c3.5-.8 7 0 9.3 1.8V20c-2.3-1.6-5.8-2.2-9.3-1.4Z"
            "M22 5.5c-3.5-.8-7 0-9.3 1.8V20c2.3-1.6 5.8-2.2 9.3-1.4Z",
            "M4 8.6c1.8-.2 3.6.1 5.3.9v1c-1.7-.8-3.5-1.1-5.3-.9ZM4 11.6c1.8-.2 3.6.1 5.3.9v1"
            "c-1.7-.8-3.5-1.1-5.3-.9ZM20 8.6c-1.8-.2-3.6.1-5.3.9v1c1.7-.8 3.5-1.1 5.3-.9Z",
        ),
        (  # a feather
            "indian",
            "M16.5 2.5c2.5 3.5 2.8 8.5.5 12.5-1.5 2.5-3.5 4-5.5 4.8L10.4 22 9 21.4l1.2-2.6"
            "c-1.4-2.3-1.6-5.3-.4-8.3C11 7.2 13.6 4.3 16.5 2.5Z",
            "M16.2 4.6 16.8 5 11.2 19l-.7-.3ZM15.9 8.6l-3.2 1.6-.2-.7 3.2-1.6Z"
            "M15.5 12.6l-3.6 1.8-.2-.7 3.6-1.8Z",
        ),
        (  # a stretch of railway
            "chinese_worker",
            "M8 2h1.8v20H8ZM14.2 2h1.8v20h-1.8ZM5 4h14v2H5ZM5 9h14v2H5ZM5 14h14v2H5ZM5 19h14v2H5Z",
        ),
        (  # a newspaper
            "paperboy",
            "M3 5h15v14a2 2 0 0 0 2 2H5a2 2 0 0 1-2-2ZM18.6 8H21v11a1.2 1.2 0 0 1-2.4 0Z",
            "M5 7.2h11v2.6H5ZM5 11.5h5v1.2H5ZM5 14h5v1.2H5ZM5 16.5h5v1.2H5ZM11.5 11.5H16v6.2h-4.5Z",
        ),
        (  # a gold pan with its nuggets
            "prospector",
            "M2 11h20l-2.5 6.5c-.4 1-1.3 1.5-2.3 1.5H6.8c-1 0-1.9-.5-2.3-1.5Z"
            "M7 9.5l1.5-2.2 2 .6.5 1.6ZM11.5 9.5l1-2.6 2.5.3.8 2.3ZM16 9.5l.8-1.6 1.7.5.3 1.1Z",
            "M4.5 12.5h15l-.4 1.1H4.9Z",
        ),
        (  # the sheriff's star
            "sheriff",
            "M12 2.5l2.6 4.5h5.2l-2.6 4.5 2.6 4.5h-5.2L12 20.5 9.4 16H4.2l2.6-4.5L4.2 7h5.2Z",
            "M12 9.1a2.4 2.4 0 1 1 0 4.8 2.4 2.4 0 0 1 0-4.8Z",
        ),
        (  # three cartridges
            "mercenary",
            "M5 9c0-2.5 1-5 2-6 1 1 2 3.5 2 6v12H5ZM10 9c0-2.5 1-5 2-6 1 1 2 3.5 2 6v12h-4Z"
            "M15 9c0-2.5 1-5 2-6 1 1 2 3.5 2 6v12h-4Z",
            "M5 10h4v1H5ZM10 10h4v1h-4ZM15 10h4v1h-4Z",
        ),
    )
)

#: Every suit's emblem (ids ``suit-<suit id>``), in the catalog's order (CG-1.1).
SUIT_EMBLEMS: tuple[Picture, ...] = tuple(
    _emblem("suit", *drawing)
    for drawing in (
        ("hat", _COWBOY_HAT),
        (
            "star",
            "M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 16.9l-6.1 3.5 1.5-6.8L2.2 9l6.9-.7Z",
        ),
        (
            "cactus",
            "M10 22V5a2 2 0 0 1 4 0v17ZM14 14h2.5a1.5 1.5 0 0 0 1.5-1.5V8a1.5 1.5 0 0 1 3 0"
            "v4.5a4.5 4.5 0 0 1-4.5 4.5H14ZM10 12H7.5A4.5 4.5 0 0 1 3 7.5V6a1.5 1.5 0 0 1 3 0"
            "v1.5A1.5 1.5 0 0 0 7.5 9H10Z",
        ),
        (
            "boot",
            "M7 2h8v11.5c0 1 .8 1.6 1.8 1.8l3.2.6c1.3.3 2 1.3 2 2.6V21H13l-1.5-1.5H10V22H6.5"
            "L7 13.5Z",
            "M8.5 5h5v1.2h-5Z",
        ),
        (
            "horseshoe",
            "M4 3h4.5v8a3.5 3.5 0 0 0 7 0V3H20v8a8 8 0 0 1-16 0Z",
            "M5.7 5.5h1.2v1.4H5.7ZM17.1 5.5h1.2v1.4h-1.2ZM5.9 10.5h1.2v1.4H5.9Z"
            "M16.9 10.5h1.2v1.4h-1.2Z",
        ),
        (
            "cattle",
            "M2 5c1.5 2 3.5 3 6.5 3h7c3 0 5-1 6.5-3 0 3-1.8 5.2-4.5 5.8L16 15c-.3 3-1.8 6-4 6"
            "s-3.7-3-4-6l-1.5-4.2C3.8 10.2 2 8 2 5Z",
            "M9.3 11.8h1.6v1.6H9.3ZM13.1 11.8h1.6v1.6h-1.6Z",
        ),
    )
)
