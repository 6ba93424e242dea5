"""``carson placements``: every legal position of a card in a city — the city rules, inspectable.

This answers with the engine's own enumeration (:meth:`City.legal_placements`), translated
from city coordinates (bounding-box corner at 0, 0) to the input grid's coordinates.
"""

from __future__ import annotations

from typing import Annotated

import typer

from carson.core.game import JSON
from carson.games.card.city import City, Layout
from carson.games.card.cli.input import (
    InputError,
    for_each_object,
    parse_personalities,
    read_json_input,
)
from carson.games.card.grid import grid_origin, parse_grid
from carson.games.card.parcels import NO_CARD, Parcel

_KEYS = {"grid", "card", "personalities"}


def legal_positions(request: JSON) -> dict[str, list[list[int]]]:
    """The answer for one request object; raises ``InputError`` naming what is wrong."""
    unknown = sorted(set(request) - _KEYS)
    if unknown:
        raise InputError(f"unknown key {unknown[0]!r} (expected grid, card, personalities)")
    if "grid" not in request:
        raise InputError("missing 'grid'")
    if "card" not in request:
        raise InputError("missing 'card'")
    cells = parse_grid(request["grid"])
    layout = parse_card(request["card"])
    personalities = parse_personalities(request.get("personalities", []))
    city = City.from_cells(
        cells, captain="captain" in personalities, sheriff="sheriff" in personalities
    )
    origin_x, origin_y = grid_origin(cells)
    positions = sorted([x + origin_x, y + origin_y] for x, y in city.legal_placements(layout))
    return {"placements": positions}


def parse_card(text: object) -> Layout:
    """A card given as its four parcel letters: top-left, top-right, bottom-left, bottom-right."""
    if not isinstance(text, str) or len(text) != 4:
        raise InputError(
            "'card' must be 4 parcel letters (top-left, top-right, bottom-left, "
            'bottom-right), e.g. "hm.^"'
        )
    parcels = []
    for position, letter in enumerate(text, start=1):
        if letter == NO_CARD:
            raise InputError(f"'card' letter {position} is '-': every parcel of a card has content")
        try:
            parcels.append(Parcel.from_letter(letter))
        except ValueError:
            raise InputError(
                f"unknown parcel letter {letter!r} in 'card' at position {position}"
            ) from None
    return (parcels[0], parcels[1], parcels[2], parcels[3])


def register(app: typer.Typer) -> None:
    @app.command()
    def placements(
        file: Annotated[
            str, typer.Argument(help="JSON file with a request or an array of them; - for stdin")
        ] = "-",
    ) -> None:
        # Placement per CG-6.
        """List every legal position of a card's top-left parcel in a city.

        Input: a JSON object with grid, card (4 letters, e.g. "hm.^") and personalities.
        Output: the placements as x, y pairs, column and row from the grid's top-left cell.
        """
        document = read_json_input(file)
        print(for_each_object(document, legal_positions))
